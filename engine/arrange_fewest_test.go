package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestFewestOptionsWay holds the search taking the open card with the
// fewest options (takeFewest), and the card of the highest rank with the
// fewest (takeHighest), the ways solve tries on large hands, to the brute
// force on random small hands with table melds under
// random rules, with and without the transposition table, and to the
// search taking the lowest card on hands of 13 to 24 cards.
func TestFewestOptionsWay(t *testing.T) {
	t.Parallel()
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
			for _, way := range []takeWay{takeFewest, takeHighest} {
				if way == takeHighest && tt == ttOff {
					continue // solve takes it only with the table
				}
				if got := leastWeight(t, r, hand, table, tt, way); got != want {
					t.Fatalf("case %d: %s onto %v under %+v (tt %d, way %d): %d, want %d",
						i, FormatCards(hand, false), table, r, tt, way, got, want)
				}
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

// TestOptionCounts holds the counts optCounts remembers to the options
// genOptionsFor lists, for every open card at the nodes of random walks
// down the search from random hands of 13 to 40 cards under random rules.
func TestOptionCounts(t *testing.T) {
	n := handCount(300)
	rng := rand.New(rand.NewPCG(12, 7))
	for i := range n {
		r := randomRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		hand := deck[:min(len(deck), 13+rng.IntN(28))]
		g := newGeneral(t, r, hand)
		for g.dropForced(nil); g.st.order != 0; g.dropForced(nil) {
			if !g.counts.usable(g) {
				break
			}
			for y := g.st.order; y != 0; y &= y - 1 {
				ob := bits.TrailingZeros64(y)
				g.genOptionsFor(ob)
				want := len(g.opts)
				if got := g.counts.of(g, ob, g.setAvail(ob>>2+1)); got != min(want, 255) {
					t.Fatalf("case %d: %s under %+v: card %v has %d options counted, %d listed",
						i, FormatCards(hand, false), r, bitCard(ob&3*16+ob>>2+1), got, want)
				}
				g.opts = g.opts[:0]
			}
			g.genOptionsFor(bits.TrailingZeros64(g.st.order))
			o := g.opts[rng.IntN(len(g.opts))]
			g.opts = g.opts[:0]
			g.apply(&o)
		}
	}
}
