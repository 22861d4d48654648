package engine

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestSetChoicesMatchBitSearch holds the set-choice solver to the bit
// search on random one-deck hands under every rule option that route sends
// to it: the ace low, high or either, wrap, smallest melds of 2 to 14,
// sets or runs off, discard required, and card values up to what the
// planes hold.
func TestSetChoicesMatchBitSearch(t *testing.T) {
	n := handCount(30000)
	rng := rand.New(rand.NewPCG(11, 12))
	routed := 0
	for i := range n {
		r := randomRules(rng)
		r.Decks, r.Jokers = 1, 0
		r.MinSize = 2 + rng.IntN(4)
		if rng.IntN(20) == 0 {
			r.MinSize = 5 + rng.IntN(10)
		}
		if rng.IntN(3) == 0 {
			// Values that need more than four planes, or all of them.
			r.Values = Values{Ace: rng.IntN(256), Face: rng.IntN(256), Pips: rng.IntN(40)}
		}
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		hand := deck[:rng.IntN(21)]
		var p problem
		if err := p.init(&r, hand, nil); err != nil {
			t.Fatal(err)
		}
		var s setChoices
		if p.route(&s) != viaSets {
			continue
		}
		routed++
		var got Arrangement
		p.arrangeSets(&s, &got)
		want, err := p.arrangeBits(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		checkArrangement(t, r, hand, nil, got)
		if got.Points != want.Points || len(got.Deadwood) != len(want.Deadwood) || got.CanGoOut != want.CanGoOut {
			t.Fatalf("case %d: %s under %+v:\nset choices %+v\nbit search  %+v", i, FormatCards(hand, false), r, got, want)
		}
	}
	if routed < n/2 {
		t.Errorf("only %d of %d hands went to the set-choice solver", routed, n)
	}
}

// TestRouteSetChoices: the set-choice solver takes the hands whose sets
// can be chosen in few ways and whose points its planes hold, and leaves
// the others to the bit search.
func TestRouteSetChoices(t *testing.T) {
	big := Basic()
	big.Values.Face = 1 << maxPlanes
	for _, c := range []struct {
		name string
		r    Rules
		hand string
		want strategy
	}{
		{"no sets", Basic(), "AC 2C 3C 7H 8S KD", viaSets},
		{"a set no run takes", Basic(), "7C 7D 7H 7S KS", viaSets},
		{"four ranks in four suits", Basic(), "5C 6C 7C 8C 5D 6D 7D 8D 5H 6H 7H 8H 5S 6S 7S 8S", viaBits},
		{"a face over the planes", big, "AC 2C 3C", viaBits},
		{"a joker", rummy500Big(), "AC 2C JK", viaCounts},
		{"the whole deck", Basic(), FormatCards(Deck(), false), viaBits},
		{"the whole deck, sets off", with(Basic(), func(r *Rules) { r.Sets = false }), FormatCards(Deck(), false), viaSets},
	} {
		var p problem
		r := c.r
		if err := p.init(&r, mustCards(t, c.hand), nil); err != nil {
			t.Fatal(err)
		}
		var s setChoices
		if got := p.route(&s); got != c.want {
			t.Errorf("%s: route %d, want %d", c.name, got, c.want)
		}
	}
}

// TestWeightsForValues: weightsFor tells values apart field by field, so
// it must know every field of Values.
func TestWeightsForValues(t *testing.T) {
	if n := reflect.TypeOf(Values{}).NumField(); n != 5 {
		t.Fatalf("Values has %d fields; weightsFor compares 5", n)
	}
	for _, v := range []Values{Basic().Values, {Ace: 15, Face: 10, Pips: 5}, {Ace: 200, Face: 7}, {Face: 300}} {
		c := weightsFor(&v)
		for _, card := range Deck() {
			pts := int64(v.Points(card))
			if c.w[card.Rank()] != pts*weightScale+1 {
				t.Errorf("%+v: %s weighs %d", v, card, c.w[card.Rank()])
			}
			if !c.planesHold {
				continue
			}
			if got := c.points(1 << cardBit(card)); got != pts {
				t.Errorf("%+v: the planes say %s counts %d, want %d", v, card, got, pts)
			}
		}
		if c.planesHold != (v.Face < 1<<maxPlanes) {
			t.Errorf("%+v: planesHold %v", v, c.planesHold)
		}
	}
}

// TestSetChoicesGoOut: each way the set-choice solver decides CanGoOut,
// against the brute force.
func TestSetChoicesGoOut(t *testing.T) {
	dr := with(Basic(), func(r *Rules) { r.DiscardRequired = true })
	for _, c := range []struct {
		name  string
		r     Rules
		hand  string
		goOut bool
	}{
		// The run K-A-2 leaves 6 points in four cards; the sets leave KD.
		{"fewer than two cards another way", with(Basic(), func(r *Rules) { r.Wrap = true }), "KD AD 2D AC AS 2C 2S", true},
		{"two cards at best", Basic(), "AC 2C 3C KS QH", false},
		{"one card kept back another way", with(dr, func(r *Rules) { r.Wrap = true }), "KD AD 2D AC AS 2C 2S", true},
		{"a long run keeps one back", dr, "3C 4C 5C 6C", true},
		{"melds whole, nothing to spare", dr, "3C 4C 5C 7H 7S 7D", false},
		{"melds whole, no way keeps one back", dr, "3C 4C 5C 5D 5H 5S", false},
		{"two cards left, none to discard alone", dr, "3C 4C 5C KS QH", false},
	} {
		var p problem
		r := c.r
		hand := mustCards(t, c.hand)
		if err := p.init(&r, hand, nil); err != nil {
			t.Fatal(err)
		}
		var s setChoices
		if p.route(&s) != viaSets {
			t.Fatalf("%s: not routed to the set-choice solver", c.name)
		}
		var a Arrangement
		p.arrangeSets(&s, &a)
		if a.CanGoOut != c.goOut || a.CanGoOut != bruteArrange(r, hand, nil).canGoOut(r, len(hand)) {
			t.Errorf("%s: %s: CanGoOut %v, want %v", c.name, c.hand, a.CanGoOut, c.goOut)
		}
	}
}
