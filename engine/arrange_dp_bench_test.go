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
	solvers      = flag.Bool("solvers", false, "BenchmarkLargeHands: hold every answer of the general solver alone to the rank solver's first (minutes)")
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

// largeCorpus returns the adversarial corpus, kept in testdata/large.txt
// (name, decks and cards a line, tab-separated): dense blocks of low ranks
// with four jokers and a scatter of high cards, a three-deck hand, then
// deals of largeHand named by size and seed (TestLargeCorpusDeals): seeds
// 0 to 9 of 45, 60 and 75 cards, then the deals that took the general
// solver longest of seeds 0 to 199 of 60, 68 and 75 cards and 1000 to
// 1199 of 60 and 75 (over 100 ms on two shared cores, or over 500,000
// nodes), the seven slowest of seeds 100 to 299 of 45, 60, 68, 75, 90
// and 100 cards (40 to 160 ms), the four slowest of seeds 300 to 499
// of the same sizes (105 ms to 1.4 s, all of 75 cards), and the four
// slowest of seeds 2000 to 4999 of 60, 68 and 75 cards (145 to 220 ms,
// all of 68 cards), and the four slowest of both sweeps once the rank
// solver raced (deal-60-3114, deal-75-4615, deal-68-4985, deal-68-3979:
// 110 to 200 ms), and the two over 100 ms of 13,800 deals (seeds 1200 to
// 1999 of the six sizes, 5000 to 7999 of 60, 68 and 75 cards) once the
// rank solver asked its questions apart (deal-75-6736, deal-68-6656: 118
// to 126 ms), and in the eighth round the slowest of each of three
// sweeps of 21,000 more deals (seeds 8000 to 8999 of 60, 68 and 75 cards,
// 9000 to 10999 of the six sizes, 11000 to 12999 of 60, 68 and 75) and
// the next slowest of the second (deal-75-8468, deal-75-10499,
// deal-60-9170, deal-68-11999: 77 to 260 ms), and the one over 100 ms of
// 9,000 more once the rank solver certified its questions (seeds 13000 to
// 15999 of 60, 68 and 75 cards: deal-60-13416, 105 ms), and the one over
// 100 ms of 12,000 more once its work counted its time (seeds 16000 to
// 18999 of 60, 68 and 75, 16000 to 16999 of 45, 90 and 100:
// deal-75-18935, 176 ms), and the two over 100 ms of 30,000 more once
// the vectors stepped from certify's bound (seeds 20000 to 29999 of 60,
// 68 and 75 cards: deal-68-27814 and deal-68-24387, 229 and 128 ms),
// and the two slowest of 18,000 more once the way taking the fewest
// options went on where its narrow questions were quick (seeds 30000 to
// 35999 of 60, 68 and 75 cards: deal-60-32257 and deal-75-31492, 109
// and 98 ms), and the five over 100 ms of 18,000 more (seeds 36000 to
// 41999 of 60, 68 and 75 cards: deal-68-39427, deal-68-41582,
// deal-75-40566, deal-68-40147 and deal-60-36167, 110 to 237 ms), on
// which every way takes 70 ms or more alone, and the two over 100 ms of
// 18,000 more on the ninth round's final build (seeds 42000 to 47999 of
// 60, 68 and 75 cards: deal-68-42588 and deal-68-44499, 187 and 103
// ms) and the one of 18,000 more (seeds 48000 to 53999: deal-75-53097,
// 118 ms), and the one over 100 ms of 12,000 more once the looser
// problem bounded the rank solver's questions (seeds 54000 to 57999 of
// 60, 68 and 75 cards: deal-75-56755, 331 ms), and the slowest of
// 102,000 more on the next build (seeds 20000 to 31999 and 58000 to
// 79999: deal-60-77304, 90 ms), and the slowest of 36,000 more on the
// build after (seeds 80000 to 91999: deal-68-88235, 99 ms), and the one
// over 100 ms of 18,000 more after that (seeds 100000 to 105999:
// deal-75-104492, 137 ms); most of those
// hold three or four jokers, where its bounds prune least. Last, hands
// no deal gives, which a hill climb from deal-68-39427 found
// (TestClimbLarge): climbed-1 and climbed-2, 2.3 and 1.3 s until the rank
// solver's caps were doubled, 0.2 to 0.3 s since; then, climbing again on
// that build, climbed-3 (from deal-68-39427) and climbed-4 (from
// climbed-2), 0.3 to 0.45 s; climbed-5 to climbed-7, found in the
// eleventh round, 0.37 to 0.9 s when found; and climbed-8, found in the
// twelfth once the rank solver counted the jokers its states need
// (dpAhead), about 100 ms when found; and climbed-9, found on the
// build after (the bound kept by the masks of the open runs), about 90
// ms; and climbed-10, from climbed-9 on the build after, 0.35 s when
// found (the rank solver then left the race below its answer); and
// climbed-11, from climbed-9 once the looser problem weighed the aces it
// leaves over, 133 ms while a raise of their weights was capped; and
// climbed-12 to climbed-14, from climbed-11, climbed-10 and climbed-9 on
// the build after, 87 to 118 ms; and climbed-15 to climbed-17, from
// climbed-9, climbed-10 and climbed-11 once a failed raise tried one
// suit alone, 90 to 100 ms; and climbed-18, from climbed-7 once a beam
// bounded the questions from above, 99 ms, and climbed-19 from it, 96
// ms once a raise that falls tried no suit alone; and climbed-20 and
// climbed-21, from climbed-6 and climbed-16 once raises started from 10
// points, 109 and 105 ms; and climbed-22 to climbed-30, from the
// fourteenth round's builds, 77 to 103 ms when found; and climbed-31 and
// climbed-32, from climbed-29 and climbed-26 in the fifteenth round, 97
// and 91 ms (median of 11 runs), whose proofs cost 14.5 and 13.5 million,
// more than any hand's before; and climbed-33 and climbed-34, from
// climbed-31 in the sixteenth round, once the beam kept its states after
// each step, 93 and 83 ms (96 on the build before); and climbed-35, from
// climbed-28 once a raise was probed first, 95 ms, whose proof costs
// 11.1 million. The whole double deck comes after the hands before the
// deals.
func largeCorpus(t testing.TB) []largeCase {
	f, err := os.Open("testdata/large.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []largeCase
	double := false
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
		if strings.HasPrefix(parts[0], "deal-") && !double {
			cs = append(cs, largeCase{"double-deck", rummy500Big(), fullDoubleDeck()})
			double = true
		}
		cs = append(cs, largeCase{parts[0], r, hand})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestLargeCorpusDeals: each deal of the large corpus is the deal of
// largeHand its name says (deal-SIZE-SEED), so the file says where its
// hands came from, and a change to the shuffle cannot change the corpus
// unseen.
func TestLargeCorpusDeals(t *testing.T) {
	deals := 0
	for _, c := range largeCorpus(t) {
		var size int
		var seed uint64
		if _, err := fmt.Sscanf(c.name, "deal-%d-%d", &size, &seed); err != nil {
			continue
		}
		deals++
		if want := largeHand(size, seed); !slices.Equal(c.hand, want) {
			t.Errorf("%s: the file holds %v, largeHand deals %v", c.name, c.hand, want)
		}
	}
	if deals != 92 {
		t.Errorf("the corpus holds %d deals, want 92", deals)
	}
}

// BenchmarkLargeHands solves the adversarial corpus of large hands
// (largeCorpus), each under a deadline (-large.timeout), the whole corpus
// an iteration; a hand's time is its median over the iterations (so
// -benchtime 5x takes each hand's median of five runs, which the shared
// machine's noise moves far less than one run: single runs of a hand
// whose median is 85 ms took up to 125). It reports the median and the
// worst time of a hand, the
// worst of the hands of two decks, the worst of those but the hands a
// hill climb found (climbed-, TestClimbLarge), and how many hands the
// deadline cut short (unproven). With -solvers, every answer the general
// solver alone proves is first held to the rank solver's, an independent
// method (a dynamic programme over ranks), where that takes the rules
// (TestRanksWayAgrees holds Arrange, where the two race, to the general
// solver alone).
func BenchmarkLargeHands(b *testing.B) {
	corpus := largeCorpus(b)
	if *solvers {
		for _, c := range corpus {
			// The rank solver takes minutes on the whole double deck, whose
			// answer (everything melds) TestArrangeFullDoubleDeck checks.
			if !c.rules.dpSupports(countJokers(c.hand)) || c.name == "double-deck" {
				continue
			}
			// The general solver alone, so that the rank solver, which
			// races in Arrange, is held to another method.
			a, err := c.rules.arrangeGeneral(c.hand, nil, ttAuto)
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
	runs := make([][]time.Duration, len(corpus))
	unproven := 0
	b.ResetTimer()
	for range b.N {
		unproven = 0
		for i, c := range corpus {
			ctx, cancel := context.WithTimeout(context.Background(), *largeTimeout)
			start := time.Now()
			_, err := c.rules.ArrangeContext(ctx, c.hand, nil)
			runs[i] = append(runs[i], time.Since(start))
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
	b.StopTimer()
	times := make([]time.Duration, len(corpus))
	for i, r := range runs {
		slices.Sort(r)
		times[i] = r[len(r)/2]
	}
	worst := slices.Index(times, slices.Max(times))
	// The worst of two decks, which the bound covers, and of those the
	// worst but the climbed hands.
	var worst2, unclimbed time.Duration
	for i, c := range corpus {
		if times[i] > 100*time.Millisecond {
			b.Logf("%s: %v", c.name, times[i].Round(time.Millisecond))
		}
		if c.rules.Decks <= 2 {
			worst2 = max(worst2, times[i])
			if !strings.HasPrefix(c.name, "climbed-") {
				unclimbed = max(unclimbed, times[i])
			}
		}
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	b.ReportMetric(float64(sorted[len(sorted)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[worst].Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(worst2.Microseconds())/1000, "worst-2decks-ms")
	b.ReportMetric(float64(unclimbed.Microseconds())/1000, "worst-2decks-unclimbed-ms")
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
