package engine

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

var slow = flag.Bool("slow", false, "also run the tests that take minutes")

// raceEnabled is set under the race detector, which slows the solvers four
// to five times (race_test.go), and the rank solver more.
var raceEnabled bool

// handCount returns how many random hands a test of the rank solver or of
// the budget tries: n, a tenth of that under -short, and a tenth under
// the race detector, so that CI's go test -race stays quick.
func handCount(n int) int {
	if testing.Short() {
		n /= 10
	}
	if raceEnabled {
		n /= 10
	}
	return max(n, 1)
}

// randomDPRules draws a rule combination the rank solver takes: one or two
// decks, up to four jokers, every ace position, the values and discard
// rules of randomRules that are not negative.
func randomDPRules(rng *rand.Rand) Rules {
	r := rummy500Big()
	r.Decks = 1 + rng.IntN(2)
	r.Jokers = []int{0, 2, 4, 4}[rng.IntN(4)]
	r.MaxJokers = []int{0, 0, 0, 4}[rng.IntN(4)]
	r.Ace = []AcePosition{AceLow, AceHigh, AceEither, AceEither}[rng.IntN(4)]
	r.DiscardRequired = rng.IntN(3) == 0
	switch rng.IntN(5) {
	case 0:
		r.Values = Basic().Values
	case 1:
		r.Values = Values{Ace: 15, Face: 10, Joker: 25, Pips: 5}
	case 2:
		r.Values = Values{} // every card 0: fewest cards left decides
	case 3:
		r.Values = Values{Ace: 1, Face: 10, Joker: 0}
	}
	return r
}

// compareGeneral fails t unless the rank solver and the general solver
// leave the same points and cards and agree on going out.
func compareGeneral(t *testing.T, name string, r Rules, hand []Card) {
	t.Helper()
	a, err := r.arrangeDP(hand)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	checkArrangement(t, r, hand, nil, a)
	b, err := r.arrangeGeneral(hand, nil, ttAuto, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if a.Points != b.Points || len(a.Deadwood) != len(b.Deadwood) || a.CanGoOut != b.CanGoOut {
		t.Fatalf("%s: %s under %+v:\nrank    %d points, %d cards, go out %v: %+v\ngeneral %d points, %d cards, go out %v: %+v",
			name, FormatCards(hand, false), r, a.Points, len(a.Deadwood), a.CanGoOut, a, b.Points, len(b.Deadwood), b.CanGoOut, b)
	}
}

// TestRankSolverMatchesGeneral holds the rank solver to the general solver
// on hands of 13 to 40 cards, half of them dense.
func TestRankSolverMatchesGeneral(t *testing.T) {
	n := handCount(600)
	rng := rand.New(rand.NewPCG(500, 500))
	for i := range n {
		r := randomDPRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := min(13+rng.IntN(28), len(deck))
		compareGeneral(t, fmt.Sprintf("case %d", i), r, deck[:size:size])
	}
}

// TestRankSolverMatchesBruteForce holds the rank solver to the brute force
// on hands of up to 12 cards.
func TestRankSolverMatchesBruteForce(t *testing.T) {
	n := handCount(2000)
	rng := rand.New(rand.NewPCG(501, 501))
	for i := range n {
		r := randomDPRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := rng.IntN(13)
		hand := deck[:size:size]
		a, err := r.arrangeDP(hand)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		compareResult(t, fmt.Sprintf("case %d", i), r, hand, nil, a, bruteArrange(r, hand, nil))
	}
}

// TestRankSolverFullDoubleDeck: every card of two decks melds. It takes
// the rank solver minutes (the general solver a tenth of a millisecond),
// so it runs only with -slow.
func TestRankSolverFullDoubleDeck(t *testing.T) {
	if !*slow {
		t.Skip("minutes for the rank solver: run with -slow")
	}
	for _, ace := range []AcePosition{AceLow, AceHigh, AceEither} {
		for _, discard := range []bool{false, true} {
			r := rummy500Big()
			r.Ace, r.DiscardRequired = ace, discard
			hand := fullDoubleDeck()
			a, err := r.arrangeDP(hand)
			if err != nil {
				t.Fatal(err)
			}
			checkArrangement(t, r, hand, nil, a)
			if a.Points != 0 || len(a.Deadwood) != 0 || !a.CanGoOut {
				t.Errorf("ace %v, discard required %v: got %d points, %d cards left, go out %v; want 0, 0, true",
					ace, discard, a.Points, len(a.Deadwood), a.CanGoOut)
			}
		}
	}
}

// generalNodes arranges hand with the general solver and no budget, and
// returns the search nodes it took to find the best value, to read the
// arrangement back, and in all (CanGoOut too).
func generalNodes(t *testing.T, r Rules, hand []Card, table []Meld) (a Arrangement, search, back, all int) {
	t.Helper()
	var counts [64]int
	jokers := 0
	for _, c := range hand {
		if c == Joker {
			jokers++
		} else {
			counts[cardBit(c)]++
		}
	}
	var g general
	if err := g.setup(r, &counts, jokers, table, ttAuto); err != nil {
		t.Fatal(err)
	}
	best := g.search(infinity)
	search = g.nodes
	g.reconstruct(best)
	back = g.nodes
	a = g.arrangement()
	a.CanGoOut = g.canGoOut(len(hand), len(a.Deadwood))
	return a, search, back, g.nodes
}

// TestBudgetMatchesGeneral gives the general solver node budgets that run
// out at each stage in turn (at once, while searching, while reading the
// answer back, while deciding CanGoOut, never), so that it hands hands of
// 13 to 40 cards to the rank solver, and holds the answers to the general
// solver's with no budget. A hand that is not handed over, because the
// budget suffices, the rules are beyond the rank solver or there are table
// melds, must get exactly the answer it gets with no budget.
func TestBudgetMatchesGeneral(t *testing.T) {
	n := handCount(2000)
	rng := rand.New(rand.NewPCG(502, 502))
	var stages [5]int // handed over at once, searching, reading back, deciding CanGoOut; not
	for i := range n {
		r := randomDPRules(rng)
		other := rng.IntN(5) == 0
		if other {
			r = randomRules(rng)
		}
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := min(13+rng.IntN(28), len(deck))
		hand := deck[:size:size]
		var table []Meld
		if other && rng.IntN(2) == 0 {
			deck = slices.Clone(deck[size:])
			table = randomTable(rng, r, hand, &deck)
		}

		want, search, back, all := generalNodes(t, r, hand, table)
		// Budget b runs out at node b: in the stage whose nodes hold it.
		bounds := [...]int{1, search, back, all, all + 1 + rng.IntN(100)}
		stage := i % 5
		for stage < 4 && (stage > 0 && bounds[stage] <= bounds[stage-1]) {
			stage++
		}
		budget := bounds[stage]
		if stage > 0 && stage < 4 {
			budget = bounds[stage-1] + 1 + rng.IntN(bounds[stage]-bounds[stage-1])
		}
		if len(table) > 0 || !r.dpSupports(countJokers(hand)) {
			stage = 4
		}
		stages[stage]++
		name := fmt.Sprintf("case %d (budget %d)", i, budget)
		a, err := r.arrangeGeneral(hand, table, ttAuto, budget)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if stage == 4 {
			if !reflect.DeepEqual(a, want) {
				t.Fatalf("%s: %s onto %v under %+v: not handed over, yet\nbudget    %+v\nno budget %+v", name, FormatCards(hand, false), table, r, a, want)
			}
			continue
		}
		checkArrangement(t, r, hand, nil, a)
		if a.Points != want.Points || len(a.Deadwood) != len(want.Deadwood) || a.CanGoOut != want.CanGoOut {
			t.Fatalf("%s: %s under %+v:\nbudget    %d points, %d cards, go out %v: %+v\nno budget %d points, %d cards, go out %v: %+v",
				name, FormatCards(hand, false), r, a.Points, len(a.Deadwood), a.CanGoOut, a, want.Points, len(want.Deadwood), want.CanGoOut, want)
		}
		if i%10 < 5 { // the same answer every time: the budget counts nodes, not time
			again, err := r.arrangeGeneral(hand, table, ttAuto, budget)
			if err != nil || !reflect.DeepEqual(again, a) {
				t.Fatalf("%s: %s under %+v: two answers\n%+v\n%+v (%v)", name, FormatCards(hand, false), r, a, again, err)
			}
		}
	}
	t.Logf("%d hands handed over at once, %d while searching, %d while reading back, %d while deciding CanGoOut; %d not",
		stages[0], stages[1], stages[2], stages[3], stages[4])
	if min(stages[0], stages[1], stages[2], stages[3]) == 0 {
		t.Errorf("some stage of the hand-over never happened: %v", stages)
	}
}

func countJokers(hand []Card) int {
	n := 0
	for _, c := range hand {
		if c == Joker {
			n++
		}
	}
	return n
}
