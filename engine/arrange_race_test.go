package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// racingHands returns hands of the large corpus that the first look does
// not answer, so that the ways race (general.race), chosen where two ways
// take about as long, so that either may finish first: against the rank
// solver, the way taking the highest card first takes some 37 to 48 ms on
// deal-68-3417 where the rank solver takes 50 to 68, and on deal-75-404
// the rank solver wins; between the two ways of the general solver alone
// (noRanks), deal-60-7 takes some 13,000 nodes either way, deal-60-1
// 46,000 highest first and 37,000 the fewest options first; with -full
// also deal-75-1105, 380,000 either way, and deal-68-27814, where the
// rank solver wins under the looser problem's bound (tailBound).
func racingHands(t *testing.T, generalOnly bool) []largeCase {
	names := map[string]bool{"deal-68-3417": true, "deal-75-404": true, "deal-68-27814": *full}
	if generalOnly {
		names = map[string]bool{"deal-60-7": true, "deal-60-1": true, "deal-75-1105": *full}
	}
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
// the goroutines take turns: with the rank solver in the race, and with
// the general solver's two ways alone.
func TestRaceDeterministic(t *testing.T) {
	runs := 4
	if raceEnabled {
		runs = 3
	}
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	for _, general := range []bool{false, true} {
		arrange := func(c largeCase) string {
			var a Arrangement
			var err error
			if general {
				a, err = c.rules.arrangeGeneral(c.hand, nil, ttAuto)
			} else {
				a, err = c.rules.ArrangeContext(context.Background(), c.hand, nil)
			}
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			checkArrangement(t, c.rules, c.hand, nil, a)
			return fmt.Sprintf("%+v", a)
		}
		for _, c := range racingHands(t, general) {
			runtime.GOMAXPROCS(procs)
			want := arrange(c)
			for i := range runs {
				if got := arrange(c); got != want {
					t.Fatalf("%s (general solver alone %v), run %d: got\n%s\nthe first run got\n%s", c.name, general, i+2, got, want)
				}
			}
			runtime.GOMAXPROCS(1)
			if got := arrange(c); got != want {
				t.Fatalf("%s (general solver alone %v) under GOMAXPROCS=1: got\n%s\nunder %d got\n%s", c.name, general, got, procs, want)
			}
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
	if len(tt.slots) != ttMin || tt.n != 0 || tt.mask != ttMin-1 {
		t.Fatalf("after reset: %d slots, %d keys, mask %#x; want %d, 0, %#x", len(tt.slots), tt.n, tt.mask, ttMin, ttMin-1)
	}
	for i, s := range tt.slots {
		if s.used() {
			t.Fatalf("after reset slot %d holds %v", i, s)
		}
	}
}

// TestTableGrowsInPlace: a table that doubles, into its backing array and
// then in place, still finds every key it found before, with its value.
func TestTableGrowsInPlace(t *testing.T) {
	var tt transTable
	tt.reset()
	defer tt.release()
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[ttKey]int64{}
	for len(tt.slots) < 16*ttMin {
		if tt.n >= len(tt.slots)/2 {
			size := len(tt.slots)
			held := map[ttKey]int64{}
			for k, v := range want {
				if e, ok := tt.get(k); ok {
					if e.v != v>>1 || e.exact != (v&1 != 0) {
						t.Fatalf("key %v: got %v, want %d packed", k, e, v)
					}
					held[k] = v
				}
			}
			tt.grow()
			if len(tt.slots) != 2*size || cap(tt.slots) != ttMax {
				t.Fatalf("grown from %d slots: %d, in a backing array of %d; want %d, %d", size, len(tt.slots), cap(tt.slots), 2*size, ttMax)
			}
			used := 0
			for _, s := range tt.slots {
				if s.used() {
					used++
				}
			}
			if used != tt.n || used != len(held) {
				t.Fatalf("grown from %d slots: counts %d keys, holds %d; held %d before", size, tt.n, used, len(held))
			}
			for k, v := range held {
				if e, ok := tt.get(k); !ok || e.v != v>>1 || e.exact != (v&1 != 0) {
					t.Fatalf("grown from %d slots: key %v gives %v, %v; want %d packed", size, k, e, ok, v)
				}
			}
		}
		k := ttKey{a: rng.Uint64(), b: rng.Uint64() & 0xFFFF, c: uint64(rng.IntN(5))}
		v := int64(rng.IntN(1 << 30)) // packed: twice the value, plus 1 when exact
		tt.store(k, v)
		want[k] = v
	}
}

// TestGoOutRace: where the go-out question outlasts solve's solo try, so
// that the ways race it (raceSolve), the first to finish answers, and the
// answer is the same every time, under GOMAXPROCS=1 too, and the same as
// one way's search alone.
func TestGoOutRace(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	names := map[string]bool{"deal-60-2": true, "deal-60-95": true}
	seen := 0
	for _, c := range largeCorpus(t) {
		if !names[c.name] {
			continue
		}
		seen++
		p, g := setupGeneral(t, c)
		sol, _ := g.best()
		a := p.render(sol)
		if _, ask := p.goOut(len(a.Deadwood)); ask != askFewerThanTwo {
			t.Fatalf("%s: leaves %d cards, not a question of fewer than two", c.name, len(a.Deadwood))
		}
		alone := g.clone()
		alone.countCards(a.Points)
		alone.way, alone.spent, alone.budget = takeHighest, 0, infinity
		want := alone.search(2) < 2
		if alone.spent <= g.soloBudget() {
			t.Fatalf("%s: the question takes %d nodes, within solve's solo try", c.name, alone.spent)
		}
		alone.release()
		g.release()
		for i := range 4 {
			if i == 3 {
				runtime.GOMAXPROCS(1)
			}
			got, err := c.rules.Arrange(c.hand, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.CanGoOut != want {
				t.Errorf("%s, run %d (GOMAXPROCS %d): CanGoOut %v, one way alone says %v", c.name, i+1, runtime.GOMAXPROCS(0), got.CanGoOut, want)
			}
		}
		runtime.GOMAXPROCS(procs)
	}
	if seen != len(names) {
		t.Fatalf("the large corpus has %d of the %d hands", seen, len(names))
	}
}

// setupGeneral returns the problem of hand c and a general solver set up
// for it, with a transposition table.
func setupGeneral(t *testing.T, c largeCase) (*problem, *general) {
	t.Helper()
	p := new(problem)
	if err := p.init(&c.rules, c.hand, nil); err != nil {
		t.Fatal(err)
	}
	g := new(general)
	if err := g.setup(p, nil, ttAuto); err != nil {
		t.Fatal(err)
	}
	return p, g
}
