package scoresheets

import (
	"fmt"
	"testing"

	"github.com/rummy-referee/rummy/variants"
)

// statsSheets are five matches of three variants, for which TestStats
// gives every figure worked out by hand.
func statsSheets(t *testing.T) []*Sheet {
	// m1, kids to 12 (penalty: the lowest total wins): Bob +10, Dee +4;
	// Ann +3, Dee +7; Bob +5, Dee +2. Bob 15 and Dee 13 pass the target:
	// Ann, on 3, wins.
	m1 := newSheet(t, variant(t, "kids"), []string{"Ann", "Bob", "Dee"}, Options{Target: target(12)})
	record(t, m1, "out Ann; hand Bob KH; hand Dee 4C")
	record(t, m1, "out Bob; points Ann 3; points Dee 7")
	record(t, m1, "out Ann; points Bob 5; points Dee 2")
	// m2, basic to 10: Cy out with 12 wins.
	m2 := newSheet(t, variant(t, "basic"), []string{"Ann", "Bob", "Cy"}, Options{Target: target(10)})
	record(t, m2, "out Cy; hand Ann KH; hand Bob 2C")
	// m3, basic, no target, unfinished: ann (Ann) rummy 5×2, Bob 9.
	m3 := newSheet(t, variant(t, "basic"), []string{"ann", "Bob"}, Options{Target: target(0)})
	record(t, m3, "out ann; rummy; hand Bob 5D")
	record(t, m3, "out Bob; hand ann 9S")
	// m4, rummy500, unfinished: Ann melds 24, Bob holds 10.
	m4 := newSheet(t, variant(t, "rummy500"), []string{"Bob", "Ann"}, Options{})
	record(t, m4, "out Ann; meld Ann 7H 8H 9H; hand Bob KH")
	// m5, basic, a stalemate and the players stop: ANN and Cy share the win.
	m5 := newSheet(t, variant(t, "basic"), []string{"ANN", "Cy"}, Options{})
	record(t, m5, "stalemate")
	if err := m5.End(t0); err != nil {
		t.Fatal(err)
	}
	return []*Sheet{m1, m2, m3, m4, m5}
}

func TestStats(t *testing.T) {
	got := Stats(statsSheets(t))
	want := Records{
		Matches: 5,
		Players: []PlayerStats{
			{Player: "Ann", Matches: 5, Won: 2, Rounds: 8, Out: 4, Rummy: 1},
			{Player: "Cy", Matches: 2, Won: 2, Rounds: 2, Out: 1},
			{Player: "Bob", Matches: 4, Won: 0, Rounds: 7, Out: 2},
			{Player: "Dee", Matches: 1, Won: 0, Rounds: 3, Out: 0},
		},
		Variants: []VariantStats{
			{Variant: "basic", Title: "Basic Rummy", Method: variants.WinnerTakesAll, Matches: 3, Players: []PlayerStats{
				{Player: "Cy", Matches: 2, Won: 2, Rounds: 2, Out: 1, PointRounds: 2, Points: 12, Best: 12},
				{Player: "Ann", Matches: 3, Won: 1, Rounds: 4, Out: 1, Rummy: 1, PointRounds: 4, Points: 10, Best: 10},
				{Player: "Bob", Matches: 2, Won: 0, Rounds: 3, Out: 1, PointRounds: 3, Points: 9, Best: 9},
			}},
			// Penalty: the best round is the one that added the fewest.
			{Variant: "kids", Title: "Kids Rummy", Method: variants.Penalty, Matches: 1, Players: []PlayerStats{
				{Player: "Ann", Matches: 1, Won: 1, Rounds: 3, Out: 2, PointRounds: 3, Points: 3, Best: 0},
				{Player: "Bob", Matches: 1, Won: 0, Rounds: 3, Out: 1, PointRounds: 3, Points: 15, Best: 0},
				{Player: "Dee", Matches: 1, Won: 0, Rounds: 3, Out: 0, PointRounds: 3, Points: 13, Best: 2},
			}},
			{Variant: "rummy500", Title: "Rummy 500", Method: variants.MeldPoints, Matches: 1, Players: []PlayerStats{
				{Player: "Ann", Matches: 1, Won: 0, Rounds: 1, Out: 1, PointRounds: 1, Points: 24, Best: 24},
				{Player: "Bob", Matches: 1, Won: 0, Rounds: 1, Out: 0, PointRounds: 1, Points: -10, Best: -10},
			}},
		},
		HeadToHead: []HeadToHead{
			{Players: [2]string{"Ann", "Cy"}, Matches: 2, Finished: 2, Won: [2]int{0, 1}}, // m5's shared win counts for neither
			{Players: [2]string{"Ann", "Bob"}, Matches: 4, Finished: 2, Won: [2]int{1, 0}},
			{Players: [2]string{"Ann", "Dee"}, Matches: 1, Finished: 1, Won: [2]int{1, 0}},
			{Players: [2]string{"Cy", "Bob"}, Matches: 1, Finished: 1, Won: [2]int{1, 0}},
			{Players: [2]string{"Bob", "Dee"}, Matches: 1, Finished: 1, Won: [2]int{0, 0}}, // Ann won
		},
	}
	if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want); g != w {
		t.Errorf("Stats:\n got %s\nwant %s", g, w)
	}
	if avg, ok := got.Variants[0].Players[1].Average(); !ok || avg != 2.5 {
		t.Errorf("Ann's basic average = %v, %v; want 2.5", avg, ok)
	}
	if !got.Variants[1].LowestWins() || got.Variants[0].LowestWins() {
		t.Errorf("LowestWins: kids %v, basic %v; want true, false", got.Variants[1].LowestWins(), got.Variants[0].LowestWins())
	}
	if _, ok := (PlayerStats{Player: "Kid"}).Average(); ok {
		t.Error("no point rounds: want no average")
	}
	if got := Stats(nil); got.Matches != 0 || len(got.Players)+len(got.Variants)+len(got.HeadToHead) != 0 {
		t.Errorf("Stats(nil) = %+v", got)
	}
}

// A single-round match has no points to count.
func TestStatsSingleRound(t *testing.T) {
	s := newSheet(t, variant(t, "basic", "scoring.method=single-round"), []string{"Ann", "Bob"}, Options{})
	record(t, s, "out Ann")
	got := Stats([]*Sheet{s})
	if len(got.Variants) != 1 || got.Variants[0].Method != variants.SingleRound {
		t.Fatalf("Variants = %+v", got.Variants)
	}
	for _, p := range got.Variants[0].Players {
		if _, ok := p.Average(); ok {
			t.Errorf("%s has an average under single-round scoring: %+v", p.Player, p)
		}
	}
	if w := got.Variants[0].Players[0]; w.Player != "Ann" || w.Won != 1 {
		t.Errorf("winner record = %+v; want Ann with 1 win", w)
	}
}
