package engine

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

var wildDebug = flag.Int("wilddebug", -1, "log the table melds of this wild case")

// deucesWild is basic with every 2 wild (wild.ranks [2]).
func deucesWild() Rules {
	r := Basic()
	r.WildRanks = NewRankSet(Two)
	return r
}

func TestJudgeWild(t *testing.T) {
	minNat3 := deucesWild()
	minNat3.MinNatural = 3
	maxOne := deucesWild()
	maxOne.Jokers, maxOne.MaxJokers = 2, 1
	for _, tc := range []struct {
		name   string
		r      Rules
		meld   string
		valid  bool
		wildAs []string // every reading's WildAs, formatted
	}{
		{"natural 2 in a run", deucesWild(), "AH 2H 3H", true, []string{"", "2H"}},
		{"wild 2 as a natural of another suit", deucesWild(), "AH 2C 3H", true, []string{"2H"}},
		{"2 as joker in a run", deucesWild(), "7H 2C 9H", true, []string{"8H"}},
		{"2 as joker in a set", deucesWild(), "7H 7S 2D", true, []string{"7C", "7D"}},
		{"2s as themselves in a set", deucesWild(), "2C 2D 2H", true, []string{"", "2C", "2D", "2H", "2S"}},
		{"no wild ranks: 2 is natural", Basic(), "7H 2C 9H", false, nil},
		{"min_natural counts cards as themselves", minNat3, "7H 2C 9H", false, nil},
		{"min_natural met by a natural 2", minNat3, "AH 2H 3H", true, []string{""}},
		{"max_per_meld counts acting wild cards", maxOne, "7H JK 2C 10H", false, nil},
		{"max_per_meld allows one", maxOne, "7H 2C 9H", true, []string{"8H"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cards, err := ParseCards(tc.meld)
			if err != nil {
				t.Fatal(err)
			}
			v := tc.r.Judge(cards)
			if v.Valid != tc.valid {
				t.Fatalf("%s: Valid = %v (%s), want %v", tc.meld, v.Valid, v.Reason, tc.valid)
			}
			if !v.Valid {
				if v.Reason == "" {
					t.Fatal("no reason given")
				}
				return
			}
			var got []string
			for _, rd := range v.Readings {
				if len(rd.Wild) != len(rd.WildAs) {
					t.Fatalf("reading %+v: %d wild cards, %d stand-ins", rd, len(rd.Wild), len(rd.WildAs))
				}
				s := FormatCards(rd.WildAs, false)
				if !slices.Contains(got, s) {
					got = append(got, s)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.wildAs) {
				t.Errorf("%s: wild cards stand for %q, want %q", tc.meld, got, tc.wildAs)
			}
		})
	}
}

func TestLayOffWild(t *testing.T) {
	r := deucesWild()
	table, _ := ParseCards("7H 2C 9H")
	v, err := r.LayOff(Meld{Cards: table}, []Card{NewCard(Ten, Hearts)})
	if err != nil || !v.Valid {
		t.Fatalf("10H onto 7H 2C 9H: %+v %v", v, err)
	}
	for _, rd := range v.Readings {
		if !slices.Equal(rd.WildAs, []Card{NewCard(Eight, Hearts)}) {
			t.Errorf("the table's 2C moved: it stands for %s", FormatCards(rd.WildAs, false))
		}
	}
	// 8H would take the 2C's place: the 2C then stands for 6H or 10H, no
	// longer the 8H it stood for.
	v, _ = r.LayOff(Meld{Cards: table}, []Card{NewCard(Eight, Hearts)})
	if v.Valid {
		t.Errorf("8H onto 7H 2C 9H is valid: %+v", v)
	}
}

func TestWildPoints(t *testing.T) {
	hand, _ := ParseCards("2C 5D KS")
	for _, tc := range []struct {
		points, want int
	}{
		{0, 2 + 5 + 10}, // its own value
		{25, 25 + 5 + 10},
	} {
		r := deucesWild()
		r.WildPoints = tc.points
		if got := r.Sum(hand); got != tc.want {
			t.Errorf("wild.points %d: Sum(%s) = %d, want %d", tc.points, FormatCards(hand, false), got, tc.want)
		}
		a, err := r.Arrange(hand, nil)
		if err != nil || a.Points != tc.want {
			t.Errorf("wild.points %d: Arrange(%s) = %+v, %v; want %d points", tc.points, FormatCards(hand, false), a, err, tc.want)
		}
	}
	// Melded, the 2 leaves nothing in hand; a natural 2 of basic does not.
	hand, _ = ParseCards("7H 2C 9H KS")
	a, err := deucesWild().Arrange(hand, nil)
	if err != nil || a.Points != 10 || len(a.Melds) != 1 || !slices.Contains(a.Melds[0], NewCard(Two, Clubs)) {
		t.Errorf("Arrange(%s) = %+v, %v; want 7H 2C 9H melded, KS left", FormatCards(hand, false), a, err)
	}
	if a, _ := Basic().Arrange(hand, nil); a.Points != 2+7+9+10 {
		t.Errorf("basic: Arrange(%s) leaves %d points, want %d", FormatCards(hand, false), a.Points, 2+7+9+10)
	}
}

// randomWildRules returns random rules with the 2s wild (and sometimes the
// 3s), alone, with jokers or with two decks.
func randomWildRules(rng *rand.Rand) Rules {
	r := randomRules(rng)
	r.WildRanks = NewRankSet(Two)
	if rng.IntN(5) == 0 {
		r.WildRanks |= NewRankSet(Three)
	}
	r.WildPoints = []int{0, 0, 15, 25, 1}[rng.IntN(5)]
	return r
}

// TestArrangeWildMatchesBruteForce: with wild ranks the solver agrees with
// every partition of the hand on random hands of up to 12 cards.
func TestArrangeWildMatchesBruteForce(t *testing.T) {
	t.Parallel()
	n := handCount(3000)
	rng := rand.New(rand.NewPCG(7, 12))
	for i := range n {
		r := randomWildRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		// Deal some 2s near the front, so most hands hold wild cards.
		for j := range min(len(deck), 12) {
			if rng.IntN(4) == 0 {
				if k := slices.IndexFunc(deck[j:], r.IsWild); k >= 0 {
					deck[j], deck[j+k] = deck[j+k], deck[j]
				}
			}
		}
		size := rng.IntN(13)
		hand := deck[:size:size]
		deck = slices.Clone(deck[size:])
		var table []Meld
		if rng.IntN(4) == 0 {
			table = randomTable(rng, r, hand, &deck)
		}
		want := bruteArrange(r, hand, table)
		a, err := r.Arrange(hand, table)
		if err != nil {
			t.Fatalf("case %d: %s onto %v under %+v: %v", i, FormatCards(hand, false), table, r, err)
		}
		if *wildDebug == i {
			for _, m := range table {
				t.Logf("table meld %s", m)
			}
		}
		compareResult(t, fmt.Sprintf("case %d", i), r, hand, table, a, want)
	}
}

// BenchmarkArrangeWild solves random 10-card basic hands with the 2s wild,
// each holding at least one 2, one hand an iteration.
func BenchmarkArrangeWild(b *testing.B) {
	r := deucesWild()
	rng := rand.New(rand.NewPCG(3, 4))
	var hands [][]Card
	for len(hands) < 200 {
		d := shuffledDeck(rng, r)[:10]
		if slices.ContainsFunc(d, r.IsWild) {
			hands = append(hands, d)
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := r.Arrange(hands[i%len(hands)], nil); err != nil {
			b.Fatal(err)
		}
	}
}
