package engine

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteResult is what the brute-force reference knows of a hand.
type bruteResult struct {
	weight int64  // least Points*weightScale + cards left
	left   uint64 // bit n set when some arrangement leaves n cards
}

// canGoOut is Arrangement.CanGoOut by its definition.
func (b bruteResult) canGoOut(r Rules, n int) bool {
	if r.DiscardRequired {
		return b.left>>1&1 != 0
	}
	return b.left&3 != 0
}

// bruteArrange tries every partition of the hand into melds that r.Judge
// finds valid, lay-offs (at most one a table meld) that r.LayOff finds
// valid, and deadwood. It shares nothing with the solver but Judge, LayOff
// and Values, and is exponential: keep hands small.
func bruteArrange(r Rules, hand []Card, table []Meld) bruteResult {
	n := len(hand)
	if n > 16 {
		panic("bruteArrange: hand too large")
	}
	full := 1<<n - 1
	cardsOf := func(mask int) []Card {
		var cs []Card
		for i := range n {
			if mask>>i&1 != 0 {
				cs = append(cs, hand[i])
			}
		}
		return cs
	}
	// A meld's natural cards are all of one rank or all of one suit: no
	// need to ask Judge about the others.
	plausible := func(cs []Card) bool {
		var nat []Card
		for _, c := range cs {
			if c != Joker && !r.IsWild(c) {
				nat = append(nat, c)
			}
		}
		if len(nat) == 0 {
			return r.WildRanks != 0 // wild cards may meld as themselves
		}
		rank, suit := true, true
		for _, c := range nat {
			rank = rank && c.Rank() == nat[0].Rank()
			suit = suit && c.Suit() == nat[0].Suit()
		}
		return rank || suit
	}
	keyOf := func(cs []Card) string {
		s := slices.Clone(cs)
		slices.Sort(s)
		return FormatCards(s, false)
	}
	meldOK := make([]bool, full+1)
	judged := map[string]bool{}
	for mask := 1; mask <= full; mask++ {
		cs := cardsOf(mask)
		if !plausible(cs) {
			continue
		}
		k := keyOf(cs)
		ok, seen := judged[k]
		if !seen {
			ok = r.Judge(cs).Valid
			judged[k] = ok
		}
		meldOK[mask] = ok
	}
	layOK := make([][]bool, len(table))
	for t, m := range table {
		layOK[t] = make([]bool, full+1)
		laid := map[string]bool{}
		for mask := 1; mask <= full; mask++ {
			cs := cardsOf(mask)
			if !plausible(append(slices.Clone(m.Cards), cs...)) {
				continue
			}
			k := keyOf(cs)
			ok, seen := laid[k]
			if !seen {
				v, err := r.LayOff(m, cs)
				if err != nil {
					panic(err)
				}
				ok = v.Valid
				laid[k] = ok
			}
			layOK[t][mask] = ok
		}
	}
	w := make([]int64, n)
	for i, c := range hand {
		w[i] = weight(&r, c)
	}
	type entry struct {
		res  bruteResult
		done bool
	}
	memo := make([]entry, (full+1)<<len(table))
	var f func(mask, used int) bruteResult
	f = func(mask, used int) bruteResult {
		if mask == 0 {
			return bruteResult{left: 1}
		}
		e := &memo[mask<<len(table)|used]
		if e.done {
			return e.res
		}
		i := bits.TrailingZeros(uint(mask))
		low := 1 << i
		rest := mask &^ low
		// i stays in hand.
		sub := f(rest, used)
		best := bruteResult{weight: sub.weight + w[i], left: sub.left << 1}
		try := func(s bruteResult) {
			best.weight = min(best.weight, s.weight)
			best.left |= s.left
		}
		// i is the lowest card of a meld or of a lay-off.
		for sm := rest; ; sm = (sm - 1) & rest {
			g := sm | low
			if meldOK[g] {
				try(f(mask&^g, used))
			}
			for t := range table {
				if used>>t&1 == 0 && layOK[t][g] {
					try(f(mask&^g, used|1<<t))
				}
			}
			if sm == 0 {
				break
			}
		}
		*e = entry{best, true}
		return best
	}
	return f(full, 0)
}

// checkArrangement fails t unless a is a legal arrangement of hand onto
// table under r: every meld valid, every lay-off valid and at most one a
// table meld in Onto order, the cards exactly the hand, deadwood sorted and
// Points its points.
func checkArrangement(t testing.TB, r Rules, hand []Card, table []Meld, a Arrangement) {
	t.Helper()
	var all []Card
	for _, m := range a.Melds {
		if v := r.Judge(m); !v.Valid {
			t.Fatalf("meld %s is not valid: %s", FormatCards(m, false), v.Reason)
		}
		if !r.Wrap && r.WildRanks == 0 && !runInOrder(m) {
			t.Fatalf("run %s is not in rank order from its low end", FormatCards(m, false))
		}
		all = append(all, m...)
	}
	for i, l := range a.Layoffs {
		if l.Onto < 0 || l.Onto >= len(table) || i > 0 && a.Layoffs[i-1].Onto >= l.Onto {
			t.Fatalf("lay-offs %v are not one a table meld in order", a.Layoffs)
		}
		v, err := r.LayOff(table[l.Onto], l.Cards)
		if err != nil || !v.Valid {
			t.Fatalf("lay-off %s onto %s is not valid: %v %s", FormatCards(l.Cards, false), table[l.Onto], err, v.Reason)
		}
		all = append(all, l.Cards...)
	}
	if !slices.IsSorted(a.Deadwood) {
		t.Fatalf("deadwood %s is not sorted", FormatCards(a.Deadwood, false))
	}
	all = append(all, a.Deadwood...)
	got, want := slices.Clone(all), slices.Clone(hand)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the arrangement holds %s, the hand %s", FormatCards(got, false), FormatCards(want, false))
	}
	if p := r.Sum(a.Deadwood); p != a.Points {
		t.Fatalf("Points = %d, but the deadwood %s counts %d", a.Points, FormatCards(a.Deadwood, false), p)
	}
}

// runInOrder reports whether the cards of a valid meld, when they are a
// run (naturals of more than one rank), stand in rank order from its low
// end, each joker where it stands (Arrangement.Melds): the naturals agree
// on the position of the first card, an ace at 1 or 14.
func runInOrder(m []Card) bool {
	var nat []int // the indexes of the naturals
	run := false
	for i, c := range m {
		if c != Joker {
			run = run || len(nat) > 0 && c.Rank() != m[nat[0]].Rank()
			nat = append(nat, i)
		}
	}
	if !run {
		return true
	}
	for _, aceAt := range []int{1, 14} {
		start, ok := 0, true
		for _, i := range nat {
			pos := int(m[i].Rank())
			if m[i].Rank() == Ace {
				pos = aceAt
			}
			if start == 0 {
				start = pos - i
			}
			ok = ok && pos-i == start
		}
		if ok && start >= 1 {
			return true
		}
	}
	return false
}

// randomRules draws a rule combination: the options of RULES.md 9 that
// change what melds, with the edge values more often than their share.
func randomRules(rng *rand.Rand) Rules {
	r := Basic()
	r.Decks = 1 + rng.IntN(2)
	if rng.IntN(10) == 0 {
		r.Decks = 3
	}
	if rng.IntN(2) == 0 {
		r.Jokers = 1 + rng.IntN(4)
		r.MinNatural = rng.IntN(4)
		r.MaxJokers = []int{0, 0, 1, 2}[rng.IntN(4)]
	} else {
		r.MinNatural = rng.IntN(3)
	}
	r.DistinctSuits = rng.IntN(3) != 0
	r.Ace = []AcePosition{AceLow, AceHigh, AceEither}[rng.IntN(3)]
	r.Wrap = rng.IntN(5) == 0
	switch rng.IntN(6) {
	case 0:
		r.Runs = false
	case 1:
		r.Sets = false
	}
	r.MinSize = []int{1, 2, 3, 3, 3, 4, 4, 5}[rng.IntN(8)]
	r.DiscardRequired = rng.IntN(3) == 0
	switch rng.IntN(8) {
	case 0:
		r.Values = Values{Ace: 15, Face: 10, Joker: 15}
	case 1:
		r.Values = Values{Ace: 15, Face: 10, Joker: 25, Pips: 5}
	case 2:
		r.Values = Values{} // every card 0: fewest cards left decides
	case 3:
		r.Values = Values{Ace: -1, Face: 10, Joker: -5, Pips: 2}
	}
	return r
}

// shuffledDeck returns every card of r's decks and jokers, shuffled.
func shuffledDeck(rng *rand.Rand, r Rules) []Card {
	var d []Card
	for range r.Decks {
		d = append(d, Deck()...)
	}
	for range r.Jokers {
		d = append(d, Joker)
	}
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d
}

// denseFirst moves to the front of deck the jokers and the cards of a few
// suits within a narrow window of ranks (it may wrap past the king), so a
// hand drawn from the front holds many competing melds.
func denseFirst(rng *rand.Rand, deck []Card) {
	suits := 1 + rng.IntN(3)
	first := rng.IntN(4)
	low := rng.IntN(13)
	width := 4 + rng.IntN(4)
	in := func(c Card) bool {
		if c == Joker {
			return true
		}
		s := (int(c.Suit()) - 1 - first + 4) % 4
		rk := (int(c.Rank()) - 1 - low + 13) % 13
		return s < suits && rk < width
	}
	slices.SortStableFunc(deck, func(x, y Card) int { return b2i(in(y)) - b2i(in(x)) })
}

// randomTable draws up to three valid table melds from the cards of deck
// (taking them out of it), near the hand's cards so lay-offs happen.
func randomTable(rng *rand.Rand, r Rules, hand []Card, deck *[]Card) []Meld {
	var table []Meld
	for range rng.IntN(4) {
		for try := 0; try < 20; try++ {
			m, ok := randomMeld(rng, r, hand, *deck)
			if !ok {
				continue
			}
			for _, c := range m.Cards {
				i := slices.Index(*deck, c)
				*deck = slices.Delete(*deck, i, i+1)
			}
			table = append(table, m)
			break
		}
	}
	return table
}

func randomMeld(rng *rand.Rand, r Rules, hand, deck []Card) (Meld, bool) {
	have := func(c Card, n int) bool {
		k := 0
		for _, d := range deck {
			if d == c {
				k++
			}
		}
		return k >= n
	}
	near := NewCard(Rank(1+rng.IntN(13)), Suits[rng.IntN(4)])
	if len(hand) > 0 && hand[0] != Joker && rng.IntN(3) != 0 {
		near = hand[rng.IntN(len(hand))]
		if near == Joker {
			return Meld{}, false
		}
	}
	size := max(r.MinSize, 1) + rng.IntN(3)
	var cards []Card
	jokers := 0
	if rng.IntN(2) == 0 {
		// A set of near's rank.
		for len(cards) < size {
			c := NewCard(near.Rank(), Suits[rng.IntN(4)])
			if rng.IntN(4) == 0 && have(Joker, jokers+1) {
				c, jokers = Joker, jokers+1
			} else if !have(c, 1+strings.Count(FormatCards(cards, false), c.String())) {
				return Meld{}, false
			}
			cards = append(cards, c)
		}
	} else {
		// A run of near's suit next to near.
		start := int(near.Rank()) + []int{-size, 1, -size + 1}[rng.IntN(3)]
		for k := range size {
			rk := ((start+k-1)%13+13)%13 + 1
			c := NewCard(Rank(rk), near.Suit())
			if rng.IntN(4) == 0 && have(Joker, jokers+1) {
				c, jokers = Joker, jokers+1
			} else if !have(c, 1) {
				return Meld{}, false
			}
			cards = append(cards, c)
		}
	}
	m := Meld{Cards: cards}
	v := r.JudgeMeld(m)
	if !v.Valid {
		return Meld{}, false
	}
	if jokers > 0 && rng.IntN(3) == 0 {
		// Name what the jokers stand for, as a player may.
		m.Named = slices.Clone(v.Readings[rng.IntN(len(v.Readings))].Jokers)
	}
	return m, true
}

// TestArrangeMatchesBruteForce compares the solver with the brute force on
// random hands of up to 12 cards under random rules and tables.
func TestArrangeMatchesBruteForce(t *testing.T) {
	t.Parallel()
	n := handCount(4000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		r := randomRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := rng.IntN(13)
		hand := deck[:size:size]
		deck = slices.Clone(deck[size:])
		var table []Meld
		if rng.IntN(3) != 0 {
			table = randomTable(rng, r, hand, &deck)
		}
		compareBrute(t, fmt.Sprintf("case %d", i), r, hand, table)
	}
}

// compareBrute fails t when Arrange, or the general solver with and
// without its transposition table, and the brute force disagree.
func compareBrute(t *testing.T, name string, r Rules, hand []Card, table []Meld) {
	t.Helper()
	want := bruteArrange(r, hand, table)
	for _, solve := range []struct {
		how string
		f   func() (Arrangement, error)
	}{
		{"Arrange", func() (Arrangement, error) { return r.Arrange(hand, table) }},
		{"general", func() (Arrangement, error) { return r.arrangeGeneral(hand, table, ttOff) }},
		{"general with table", func() (Arrangement, error) { return r.arrangeGeneral(hand, table, ttOn) }},
	} {
		a, err := solve.f()
		if err != nil {
			t.Fatalf("%s: %s: %s onto %v under %+v: %v", name, solve.how, FormatCards(hand, false), table, r, err)
		}
		compareResult(t, name+": "+solve.how, r, hand, table, a, want)
	}
}

func compareResult(t *testing.T, name string, r Rules, hand []Card, table []Meld, a Arrangement, want bruteResult) {
	t.Helper()
	got := int64(a.Points)*weightScale + int64(len(a.Deadwood))
	if got != want.weight || a.CanGoOut != want.canGoOut(r, len(hand)) {
		t.Fatalf("%s: %s onto %v under %+v:\ngot  %d points, %d cards, go out %v: %+v\nwant %d points, %d cards, go out %v",
			name, FormatCards(hand, false), table, r, a.Points, len(a.Deadwood), a.CanGoOut, a,
			floorDiv(want.weight, weightScale), want.weight-floorDiv(want.weight, weightScale)*weightScale, want.canGoOut(r, len(hand)))
	}
	checkArrangement(t, r, hand, table, a)
}

// TestSolversAgree compares the fast solver, the general solver with and
// without its transposition table on hands too large for the brute force.
func TestSolversAgree(t *testing.T) {
	n := handCount(1500)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range n {
		r := randomRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := 13 + rng.IntN(10)
		hand := deck[:size:size]
		deck = slices.Clone(deck[size:])
		var table []Meld
		if rng.IntN(3) != 0 {
			table = randomTable(rng, r, hand, &deck)
		}
		var first Arrangement
		for k, tt := range []ttMode{ttAuto, ttOff, ttOn} {
			var a Arrangement
			var err error
			if k == 0 {
				a, err = r.Arrange(hand, table)
			} else {
				a, err = r.arrangeGeneral(hand, table, tt)
			}
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			checkArrangement(t, r, hand, table, a)
			if k == 0 {
				first = a
				continue
			}
			if a.Points != first.Points || len(a.Deadwood) != len(first.Deadwood) || a.CanGoOut != first.CanGoOut {
				t.Fatalf("case %d: %s onto %v under %+v:\nArrange %+v\ngeneral (tt %d) %+v", i, FormatCards(hand, false), table, r, first, tt, a)
			}
		}
	}
}

// TestSolversAgreeLarge compares the fast solver (a bitmask search with no
// transposition table) with the general one (card counts, with its table)
// on one-deck hands of 25 to 52 cards.
func TestSolversAgreeLarge(t *testing.T) {
	n := handCount(600)
	rng := rand.New(rand.NewPCG(77, 77))
	for i := range n {
		r := randomRules(rng)
		r.Decks, r.Jokers = 1, 0
		if r.negativeValues() || max(r.MinSize, r.MinNatural) < 2 {
			continue // the general solver's alone
		}
		hand := shuffledDeck(rng, r)[:25+rng.IntN(28)]
		a, err := r.Arrange(hand, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := r.arrangeGeneral(hand, nil, ttOn)
		if err != nil {
			t.Fatal(err)
		}
		checkArrangement(t, r, hand, nil, a)
		checkArrangement(t, r, hand, nil, b)
		if a.Points != b.Points || len(a.Deadwood) != len(b.Deadwood) || a.CanGoOut != b.CanGoOut {
			t.Fatalf("case %d: %s under %+v:\nfast    %+v\ngeneral %+v", i, FormatCards(hand, false), r, a, b)
		}
	}
}

// arrangeGeneral solves with the general solver whatever the route, its
// transposition table as tt says, and without the rank solver in its
// race.
func (r Rules) arrangeGeneral(hand []Card, table []Meld, tt ttMode) (Arrangement, error) {
	var p problem
	if err := p.init(&r, hand, table); err != nil {
		return Arrangement{}, err
	}
	p.noRanks = true
	return p.arrangeCounts(context.Background(), tt)
}
