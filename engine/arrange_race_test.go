package engine

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"testing"
)

// racingHands returns hands of the large corpus that the first look does
// not answer, so that the two ways race (general.race), chosen where the
// ways take about as long, so that either may finish first: deal-60-7
// takes some 13,000 nodes either way, deal-60-1 46,000 highest first and
// 37,000 the fewest options first; with -full also deal-75-1105, 380,000
// either way.
func racingHands(t *testing.T) []largeCase {
	names := map[string]bool{"deal-60-7": true, "deal-60-1": true, "deal-75-1105": *full}
	var cs []largeCase
	for _, c := range largeCorpus(t) {
		if !names[c.name] {
			continue
		}
		p := problem{r: c.rules, hand: c.hand}
		if err := p.validate(); err != nil {
			t.Fatal(err)
		}
		g := new(general)
		if err := g.setup(&p, nil, ttAuto); err != nil {
			t.Fatal(err)
		}
		g.way, g.budget = takeHighest, lookBudget
		g.search(infinity)
		if !g.cut {
			t.Fatalf("%s: the first look answers it, so the ways do not race", c.name)
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		t.Fatal("the large corpus has none of the racing hands")
	}
	return cs
}

// TestRaceDeterministic: a hand on which the ways race gets the same
// arrangement, to the card, every time, and under GOMAXPROCS=1, where
// the goroutines take turns.
func TestRaceDeterministic(t *testing.T) {
	runs := 12
	if raceEnabled {
		runs = 4
	}
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	arrange := func(c largeCase) string {
		a, err := c.rules.ArrangeContext(context.Background(), c.hand, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkArrangement(t, c.rules, c.hand, nil, a)
		return fmt.Sprintf("%+v", a)
	}
	for _, c := range racingHands(t) {
		runtime.GOMAXPROCS(procs)
		want := arrange(c)
		for i := range runs {
			if got := arrange(c); got != want {
				t.Fatalf("%s, run %d: got\n%s\nthe first run got\n%s", c.name, i+2, got, want)
			}
		}
		runtime.GOMAXPROCS(1)
		if got := arrange(c); got != want {
			t.Fatalf("%s under GOMAXPROCS=1: got\n%s\nunder %d got\n%s", c.name, got, procs, want)
		}
	}
}

// TestTableStartsAtOneSize: every search starts its transposition table
// at ttMin empty slots, whatever a pooled table grew to on the hand
// before, so the same hand is searched the same way after any other (the
// size decides which keys share a probe).
func TestTableStartsAtOneSize(t *testing.T) {
	var tt transTable
	tt.reset()
	tt.store(ttKey{a: 1}, 7)
	tt.grow()
	tt.grow()
	if len(tt.slots) != 4*ttMin {
		t.Fatalf("grown twice, the table has %d slots, want %d", len(tt.slots), 4*ttMin)
	}
	tt.reset()
	if len(tt.slots) != ttMin || tt.n != 0 || tt.shift != uint(64-bits.TrailingZeros(ttMin)) {
		t.Fatalf("after reset: %d slots, %d keys, shift %d; want %d, 0, %d", len(tt.slots), tt.n, tt.shift, ttMin, 64-bits.TrailingZeros(ttMin))
	}
	for i, s := range tt.slots {
		if s.used() {
			t.Fatalf("after reset slot %d holds %v", i, s)
		}
	}
}
