package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
	"github.com/rummy-referee/rummy/variants"
)

func statsSheet(t *testing.T, variant string, players []string, rounds ...referee.Round) *scoresheets.Sheet {
	t.Helper()
	v, err := variants.Builtin(variant)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := scoresheets.New(v, players, scoresheets.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rounds {
		vd, err := sh.Record(r, time.Time{})
		if err != nil || !vd.OK() {
			t.Fatalf("round %d: %v %v", i+1, err, vd.Problems)
		}
	}
	return sh
}

func cards(t *testing.T, s string) []engine.Card {
	t.Helper()
	c, err := engine.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestStats(t *testing.T) {
	run3, _ := engine.ParseMeld("7H 8H 9H")
	// Rummy 500: Bob's only round loses 10, which is still his best.
	r500 := statsSheet(t, "rummy500", []string{"Ann", "Bob"}, referee.Round{
		Out:   "Ann",
		Melds: []referee.Meld{{Player: "Ann", Meld: run3}},
		Hands: []referee.Hand{{Player: "Bob", Cards: cards(t, "KH")}},
	})
	// Stopped level after a stalemate: a shared win, for ANN as for Ann.
	shared := statsSheet(t, "basic", []string{"ANN", "Cy"}, referee.Round{Stalemate: true})
	if err := shared.End(time.Time{}); err != nil {
		t.Fatal(err)
	}
	// Kids: penalty points count against, so no point rounds.
	kids := statsSheet(t, "kids", []string{"Cy", "Bob"}, referee.Round{
		Out: "Bob", Hands: []referee.Hand{{Player: "Cy", Points: 30, ByPoints: true}},
	})

	got := scoresheets.Stats([]*scoresheets.Sheet{r500, shared, kids})
	want := []scoresheets.PlayerStats{
		{Player: "Ann", Matches: 2, Won: 1, Rounds: 2, Out: 1, PointRounds: 2, Points: 24, Best: 24},
		{Player: "Cy", Matches: 2, Won: 1, Rounds: 2, PointRounds: 1, Points: 0, Best: 0},
		{Player: "Bob", Matches: 2, Won: 0, Rounds: 2, Out: 1, PointRounds: 1, Points: -10, Best: -10},
	}
	if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want); g != w {
		t.Errorf("Stats:\n got %s\nwant %s", g, w)
	}
	if avg, ok := got[0].Average(); !ok || avg != 12 {
		t.Errorf("Ann's average = %v, %v; want 12", avg, ok)
	}
	if _, ok := (scoresheets.PlayerStats{Player: "Kid"}).Average(); ok {
		t.Error("no point rounds: want no average")
	}
	if got := scoresheets.Stats(nil); len(got) != 0 {
		t.Errorf("Stats(nil) = %v", got)
	}
}
