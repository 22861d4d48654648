package engine

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	solvers      = flag.Bool("solvers", false, "BenchmarkLargeHands: hold every proven answer to the rank solver's first (minutes)")
	largeTimeout = flag.Duration("large.timeout", time.Second, "BenchmarkLargeHands: the deadline of each hand")
)

// largeHand deals size cards of rummy500Big's two decks and four jokers,
// shuffled by PCG(seed, size).
func largeHand(size int, seed uint64) []Card {
	return shuffledDeck(rand.New(rand.NewPCG(seed, uint64(size))), rummy500Big())[:size]
}

// largeCase is one hand of the adversarial corpus of large hands.
type largeCase struct {
	name  string
	rules Rules
	hand  []Card
}

// largeCorpus returns the adversarial corpus: the hands of
// testdata/large.txt (dense blocks of low ranks with four jokers and a
// scatter of high cards, a three-deck hand), the whole double deck,
// random deals of 45, 60 and 75 cards from two decks and four jokers,
// seeds 0 to 9 of each, and the slowest deals of 400 seeds of 60, 68 and
// 75 cards (tailDeals).
func largeCorpus(t testing.TB) []largeCase {
	f, err := os.Open("testdata/large.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []largeCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			t.Fatalf("large.txt:%d: want name, decks and cards, tab-separated", line)
		}
		decks, err := strconv.Atoi(parts[1])
		hand, err2 := ParseCards(parts[2])
		if err != nil || err2 != nil {
			t.Fatalf("large.txt:%d: %v %v", line, err, err2)
		}
		r := rummy500Big()
		r.Decks, r.Jokers = decks, 2*decks
		cs = append(cs, largeCase{parts[0], r, hand})
	}
	cs = append(cs, largeCase{"double-deck", rummy500Big(), fullDoubleDeck()})
	for _, size := range []int{45, 60, 75} {
		for seed := range uint64(10) {
			cs = append(cs, largeCase{fmt.Sprintf("deal-%d-%d", size, seed), rummy500Big(), largeHand(size, seed)})
		}
	}
	for _, d := range tailDeals {
		cs = append(cs, largeCase{fmt.Sprintf("deal-%d-%d", d.size, d.seed), rummy500Big(), largeHand(d.size, d.seed)})
	}
	return cs
}

// tailDeals are the deals of largeHand, of seeds 0 to 199 of 60, 68 and
// 75 cards and 1000 to 1199 of 60 and 75, that took the general solver
// longest (over 100 ms on two shared cores, or over 500,000 nodes), and
// the seven slowest of seeds 100 to 299 of 45, 60, 68, 75, 90 and 100
// cards (40 to 160 ms): most hold three or four jokers, where its bounds
// prune least.
var tailDeals = []struct {
	size int
	seed uint64
}{
	{60, 15}, {60, 47}, {60, 95}, {60, 99},
	{68, 17}, {68, 31}, {68, 37}, {68, 65}, {68, 110}, {68, 119},
	{75, 32}, {75, 40}, {75, 43}, {75, 149},
	{60, 1155}, {60, 1192}, {75, 1077}, {75, 1105}, {75, 1186},
	{60, 223}, {68, 139}, {68, 221}, {68, 237}, {68, 257}, {75, 127}, {75, 265},
}

// BenchmarkLargeHands solves the adversarial corpus of large hands
// (largeCorpus), each under a deadline (-large.timeout), the whole corpus
// an iteration. It reports the median and the worst time of a hand, the
// worst of the hands of two decks, and how many hands the deadline cut
// short (unproven). With -solvers, every answer Arrange proves is first
// held to the rank solver's, an independent method (a dynamic programme
// over ranks), where that takes the rules.
func BenchmarkLargeHands(b *testing.B) {
	corpus := largeCorpus(b)
	if *solvers {
		for _, c := range corpus {
			// The rank solver takes minutes on the whole double deck, whose
			// answer (everything melds) TestArrangeFullDoubleDeck checks.
			if !c.rules.dpSupports(countJokers(c.hand)) || c.name == "double-deck" {
				continue
			}
			a, err := c.rules.Arrange(c.hand, nil)
			if err != nil {
				b.Fatalf("%s: %v", c.name, err)
			}
			d, err := c.rules.arrangeDP(c.hand)
			if err != nil || d.Points != a.Points || len(d.Deadwood) != len(a.Deadwood) || d.CanGoOut != a.CanGoOut {
				b.Errorf("%s: Arrange %d points, %d cards, go out %v; the rank solver %d, %d, %v (%v)",
					c.name, a.Points, len(a.Deadwood), a.CanGoOut, d.Points, len(d.Deadwood), d.CanGoOut, err)
				continue
			}
			b.Logf("%s: %d points, %d cards, go out %v, by both", c.name, a.Points, len(a.Deadwood), a.CanGoOut)
		}
	}
	times := make([]time.Duration, len(corpus))
	unproven := 0
	b.ResetTimer()
	for range b.N {
		unproven = 0
		for i, c := range corpus {
			ctx, cancel := context.WithTimeout(context.Background(), *largeTimeout)
			start := time.Now()
			_, err := c.rules.ArrangeContext(ctx, c.hand, nil)
			times[i] = time.Since(start)
			cancel()
			var ue *UnprovenError
			switch {
			case errors.As(err, &ue):
				unproven++
			case err != nil:
				b.Fatalf("%s: %v", c.name, err)
			}
		}
	}
	worst := slices.Index(times, slices.Max(times))
	var worst2 time.Duration // the worst of two decks, which the bound covers
	for i, c := range corpus {
		if times[i] > 100*time.Millisecond {
			b.Logf("%s: %v", c.name, times[i].Round(time.Millisecond))
		}
		if c.rules.Decks <= 2 {
			worst2 = max(worst2, times[i])
		}
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	b.ReportMetric(float64(sorted[len(sorted)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[worst].Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(worst2.Microseconds())/1000, "worst-2decks-ms")
	b.ReportMetric(float64(unproven), "unproven")
	b.ReportMetric(0, "ns/op")
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
