package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestFewestOptionsWay holds the search taking the open card with the
// fewest options (takeFewest), which solve tries only on hands that take
// long, to the brute force on random small hands with table melds under
// random rules, with and without the transposition table, and to the
// search taking the lowest card on hands of 13 to 24 cards.
func TestFewestOptionsWay(t *testing.T) {
	n := handCount(3000)
	rng := rand.New(rand.NewPCG(11, 5))
	for i := range n {
		r := randomRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		small := i%2 == 0
		size := 13 + rng.IntN(12)
		if small {
			size = 4 + rng.IntN(9)
		}
		hand := deck[:size:size]
		deck = deck[size:]
		var table []Meld
		if rng.IntN(3) != 0 {
			table = randomTable(rng, r, hand, &deck)
		}
		var want int64
		if small {
			want = bruteArrange(r, hand, table).weight
		} else {
			want = leastWeight(t, r, hand, table, ttOff, takeLowest)
		}
		for _, tt := range []ttMode{ttOff, ttOn} {
			if got := leastWeight(t, r, hand, table, tt, takeFewest); got != want {
				t.Fatalf("case %d: %s onto %v under %+v (tt %d): the fewest options first %d, want %d",
					i, FormatCards(hand, false), table, r, tt, got, want)
			}
		}
	}
}

// leastWeight is the general solver's least weight for hand onto table,
// its transposition table as tt says, taking the open card way says.
func leastWeight(t *testing.T, r Rules, hand []Card, table []Meld, tt ttMode, way takeWay) int64 {
	t.Helper()
	var p problem
	if err := p.init(&r, hand, table); err != nil {
		t.Fatal(err)
	}
	g := new(general)
	if err := g.setup(&p, nil, tt); err != nil {
		t.Fatal(fmt.Errorf("%s: %w", FormatCards(hand, false), err))
	}
	g.way = way
	return g.search(infinity)
}
