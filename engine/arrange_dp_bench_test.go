package engine

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

var solvers = flag.Bool("solvers", false, "BenchmarkLargeHands: time the rank solver too (minutes)")

// largeHand deals size cards of rummy500Big's two decks and four jokers,
// shuffled by PCG(seed, size).
func largeHand(size int, seed uint64) []Card {
	return shuffledDeck(rand.New(rand.NewPCG(seed, uint64(size))), rummy500Big())[:size]
}

// largeSeeds are the deals BenchmarkLargeHands solves, by size: two
// ordinary ones (seeds 0 and 1), then the slowest for the general solver
// with no budget among seeds 0 to 199, slowest first. Of 45 cards: 157
// and 199 (194,477 and 112,747 search nodes, some 30 ms). Of 60 cards: 83
// and 155 (20.8 and 8.6 million nodes, 4 and 2 s), then 21 and 23 (3.8
// and 3.3 million, 0.7 s), which the rank solver alone does three times
// faster. Of 75 cards: 5, 43 and 40 (212, 62 and 41 million nodes, 43, 11
// and 7 s).
var largeSeeds = []struct {
	size  int
	seeds []uint64
}{
	{45, []uint64{0, 1, 157, 199}},
	{60, []uint64{0, 1, 83, 155, 21, 23}},
	{75, []uint64{0, 1, 5, 43, 40}},
}

// BenchmarkLargeHands solves large two-deck hands with Arrange, one deal a
// sub-benchmark; with -solvers, also with the rank solver.
func BenchmarkLargeHands(b *testing.B) {
	r := rummy500Big()
	type solver struct {
		name string
		f    func([]Card) (Arrangement, error)
	}
	all := []solver{{"arrange", func(h []Card) (Arrangement, error) { return r.Arrange(h, nil) }}}
	if *solvers {
		all = append(all,
			solver{"rank", r.arrangeDP})
	}
	for _, s := range all {
		for _, d := range largeSeeds {
			for _, seed := range d.seeds {
				hand := largeHand(d.size, seed)
				b.Run(fmt.Sprintf("%s/%d-%d", s.name, d.size, seed), func(b *testing.B) {
					for b.Loop() {
						if _, err := s.f(hand); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
