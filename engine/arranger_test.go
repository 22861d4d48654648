package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// arrangerRules returns random rules under every option the routing reads:
// randomRules's, and wild cards, wild points, larger smallest melds and
// values beyond what the set-choice solver's planes hold.
func arrangerRules(rng *rand.Rand) Rules {
	r := randomRules(rng)
	if rng.IntN(2) == 0 {
		r.Decks, r.Jokers = 1, 0 // the bit strategies' hands are common then
	}
	switch rng.IntN(8) {
	case 0:
		r.WildRanks = NewRankSet(Two)
	case 1:
		r.WildRanks = NewRankSet(Rank(1+rng.IntN(13)), Rank(1+rng.IntN(13)))
		r.WildPoints = []int{0, 20, -2}[rng.IntN(3)]
	}
	switch rng.IntN(10) {
	case 0:
		r.MinSize = 5 + rng.IntN(10)
	case 1:
		r.Values = Values{Ace: rng.IntN(300), Face: rng.IntN(300), Pips: rng.IntN(40), Joker: rng.IntN(50)}
	}
	return r
}

// TestArrangerMatchesProblem holds the path that builds no problem
// (bitRules.arrange, taken by Rules.Arrange and the Arranger) to the path
// every hand took before it existed (arrangeProblem), on random hands
// under every rule option route reads, with and without table melds,
// jokers, repeated cards, wild cards and bad cards: Rules.Arrange gives the
// same answer to the last nil slice, Arranger.Arrange too, and ArrangeInto
// the same cards and figures while one Arrangement is reused across hands
// of every size. No answer shares memory with another.
func TestArrangerMatchesProblem(t *testing.T) {
	t.Parallel()
	n := handCount(24000)
	rng := rand.New(rand.NewPCG(21, 22))
	var reused Arrangement
	fast := 0
	for i := range n {
		r := arrangerRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := rng.IntN(16)
		if rng.IntN(20) == 0 && r.Decks == 1 && r.Jokers == 0 && r.WildRanks == 0 {
			size = rng.IntN(len(deck) + 1) // up to the whole deck, for the bit strategies
		}
		hand := deck[:size:size]
		deck = slices.Clone(deck[size:])
		var table []Meld
		if rng.IntN(8) == 0 {
			table = randomTable(rng, r, hand, &deck)
		}
		switch rng.IntN(50) {
		case 0:
			hand = append(slices.Clone(hand), Card(rng.IntN(256))) // maybe not a card
		case 1:
			if len(hand) > 0 {
				hand = append(slices.Clone(hand), hand[0]) // maybe a copy too many
			}
		}
		name := fmt.Sprintf("case %d: %s onto %v under %+v", i, FormatCards(hand, false), table, r)
		want, wantErr := r.arrangeProblem(context.Background(), hand, table)
		if fastHand(r, hand, table) {
			fast++
		}
		got, err := r.Arrange(hand, table)
		sameAnswer(t, name+": Rules.Arrange", got, err, want, wantErr, true)
		ar, err := NewArranger(r)
		if err != nil {
			if err.Error() != wantErr.Error() {
				t.Fatalf("%s: NewArranger: %v, Arrange: %v", name, err, wantErr)
			}
			continue
		}
		got, err = ar.Arrange(hand, table)
		sameAnswer(t, name+": Arranger.Arrange", got, err, want, wantErr, true)
		kept := cloneArrangement(got)
		err = ar.ArrangeInto(&reused, hand, table)
		sameAnswer(t, name+": ArrangeInto", reused, err, want, wantErr, false)
		disjoint(t, name, got, reused)
		sameAnswer(t, name+": Arranger.Arrange after ArrangeInto", got, nil, kept, nil, true)
	}
	if fast < n/3 {
		t.Errorf("only %d of %d hands took the path without a problem", fast, n)
	}
}

// fastHand reports whether the bit strategies answer hand onto table
// under r without a problem: whether route would send them there.
func fastHand(r Rules, hand []Card, table []Meld) bool {
	var p problem
	if p.init(&r, hand, table) != nil || p.wild > 0 {
		return false
	}
	var s setChoices
	return p.route(&s) != viaCounts
}

// sameAnswer fails t unless got and err are want and wantErr: exactly (nil
// slices too) when exact, otherwise up to nil and empty slices.
func sameAnswer(t *testing.T, name string, got Arrangement, err error, want Arrangement, wantErr error, exact bool) {
	t.Helper()
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%s: error %v, want %v", name, err, wantErr)
	}
	if err != nil && !exact {
		want = Arrangement{}
	}
	if !exact {
		got, want = emptyToNil(got), emptyToNil(want)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\ngot  %+v\nwant %+v", name, got, want)
	}
}

func emptyToNil(a Arrangement) Arrangement {
	if len(a.Melds) == 0 {
		a.Melds = nil
	}
	if len(a.Layoffs) == 0 {
		a.Layoffs = nil
	}
	if len(a.Deadwood) == 0 {
		a.Deadwood = nil
	}
	return a
}

func cloneArrangement(a Arrangement) Arrangement {
	c := a
	c.Melds = slices.Clone(a.Melds)
	for i, m := range c.Melds {
		c.Melds[i] = slices.Clone(m)
	}
	c.Layoffs = slices.Clone(a.Layoffs)
	for i, l := range c.Layoffs {
		c.Layoffs[i].Cards = slices.Clone(l.Cards)
	}
	c.Deadwood = slices.Clone(a.Deadwood)
	return c
}

// disjoint fails t when two card slices of the answers, to their
// capacity, share memory: then appending to one, or a later ArrangeInto,
// would change another.
func disjoint(t *testing.T, name string, answers ...Arrangement) {
	t.Helper()
	type span struct{ lo, hi uintptr }
	var spans []span
	add := func(s []Card) {
		if cap(s) > 0 {
			lo := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
			spans = append(spans, span{lo, lo + uintptr(cap(s))})
		}
	}
	for _, a := range answers {
		for _, m := range a.Melds {
			add(m)
		}
		for _, l := range a.Layoffs {
			add(l.Cards)
		}
		add(a.Deadwood)
	}
	for i, x := range spans {
		for _, y := range spans[:i] {
			if x.lo < y.hi && y.lo < x.hi {
				t.Fatalf("%s: two slices of the answers share memory: %+v", name, answers)
			}
		}
	}
}

// TestArrangeIntoAllocs: once an Arrangement has held an answer for a
// hand as large, ArrangeInto allocates nothing on the hands of distinct
// natural cards, and Rules.Arrange allocates once.
func TestArrangeIntoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	ar, err := NewArranger(Basic())
	if err != nil {
		t.Fatal(err)
	}
	hands := [][]Card{
		mustCards(t, "AC 2C 3C 4C 7D 7H 7S 9S KS QH"),
		mustCards(t, "5C 9D JH 2S 4S 8H KD QC 3D 6H"),
		mustCards(t, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
		mustCards(t, "AS 2S 3S 7D 7H 7C 9H 10H JH"),
	}
	var a Arrangement
	for _, h := range hands {
		if err := ar.ArrangeInto(&a, h, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range hands {
		if n := testing.AllocsPerRun(100, func() { _ = ar.ArrangeInto(&a, h, nil) }); n != 0 {
			t.Errorf("ArrangeInto(%s) allocates %.0f times", FormatCards(h, false), n)
		}
		r := Basic()
		if n := testing.AllocsPerRun(100, func() { _, _ = r.Arrange(h, nil) }); n > 1 {
			t.Errorf("Rules.Arrange(%s) allocates %.0f times", FormatCards(h, false), n)
		}
	}
}

// TestArrangerErrors: NewArranger refuses the rules Check refuses, and an
// error of ArrangeInto leaves the empty answer.
func TestArrangerErrors(t *testing.T) {
	bad := Basic()
	bad.Decks = 0
	if _, err := NewArranger(bad); err == nil || err.Error() != bad.Check().Error() {
		t.Errorf("NewArranger with no decks: %v, want %v", err, bad.Check())
	}
	ar, err := NewArranger(Basic())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ar.Rules(), Basic()) {
		t.Errorf("Rules() is %+v, want Basic()", ar.Rules())
	}
	var a Arrangement
	if err := ar.ArrangeInto(&a, mustCards(t, "7C 7D 7H 2S"), nil); err != nil {
		t.Fatal(err)
	}
	hand := mustCards(t, "7C 7C")
	_, want := Basic().Arrange(hand, nil)
	if err := ar.ArrangeInto(&a, hand, nil); err == nil || err.Error() != want.Error() {
		t.Fatalf("ArrangeInto(7C 7C): %v, want %v", err, want)
	}
	if len(a.Melds)+len(a.Layoffs)+len(a.Deadwood)+a.Points != 0 || a.CanGoOut {
		t.Errorf("after an error the answer is %+v, want it empty", a)
	}
}

// TestSameRulesSeesEveryField changes each field of Rules in turn:
// sameRules must tell every one apart but the name, so that Rules.Arrange
// never reads the bit strategies' view of other rules.
func TestSameRulesSeesEveryField(t *testing.T) {
	base := Basic()
	v := reflect.ValueOf(&base).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		var leaves []string
		if f.Type.Kind() == reflect.Struct {
			for j := range f.Type.NumField() {
				leaves = append(leaves, f.Type.Field(j).Name)
			}
		} else {
			leaves = []string{""}
		}
		for _, sub := range leaves {
			r := base
			fv := reflect.ValueOf(&r).Elem().Field(i)
			fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
			if sub != "" {
				fv = fv.FieldByName(sub)
			}
			switch fv.Kind() {
			case reflect.Bool:
				fv.SetBool(!fv.Bool())
			case reflect.Int:
				fv.SetInt(fv.Int() + 1)
			case reflect.Uint8, reflect.Uint16:
				fv.SetUint(fv.Uint() + 1)
			case reflect.String:
				fv.SetString(fv.String() + "x")
			default:
				t.Fatalf("Rules.%s: a %v, which this test cannot change", f.Name, fv.Kind())
			}
			if got, want := sameRules(&base, &r), f.Name == "Name"; got != want {
				t.Errorf("sameRules with Rules.%s%s changed: %v, want %v", f.Name, "."+sub, got, want)
			}
		}
	}
}
