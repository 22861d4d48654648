package scoresheets

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rummy-referee/rummy/referee"
)

// benchMatch writes a Rummy 500 match of n rounds, generated from a fixed
// seed (never committed), and returns its path. Rounds vary: who goes
// out, melds with jokers, lay-offs, hands as cards or points, stalemates.
func benchMatch(b testing.TB, n int) string {
	b.Helper()
	rng := rand.New(rand.NewPCG(10, uint64(n)))
	s := newSheet(b, variant(b, "rummy500"), abc, Options{Target: target(maxNumber)})
	specs := []string{
		"out Ann; meld Ann 7H 8H JK=9H; meld Bob QS QH QC; lay Ann QD onto 2; hand Bob KD 2C; points Cy %d",
		"meld Cy 5D JK 7D; meld Cy AS 2S 3S; hand Ann AH 4C; hand Bob 2C 3C; points Cy %d",
		"out Bob; meld Bob 4C 5C 6C 7C; meld Ann 9S 9D 9H; hand Ann KS; points Cy %d",
		"out Cy; meld Cy 10H JH QH KH; meld Cy 2D 2S 2H; hand Ann 5S 6S; points Bob %d",
	}
	// Rounds are judged and dealt as Record does, without its standing
	// of the whole match each time (which makes a long match slow to
	// build, not to use).
	for i := range n {
		r := rd(b, fmt.Sprintf(specs[rng.IntN(len(specs))], rng.IntN(60)))
		vd, err := referee.Judge(s.Variant, s.Players, r)
		if err != nil || !vd.OK() {
			b.Fatalf("round %d: %v %v", i+1, err, vd.Problems)
		}
		dealer := s.FirstDealer
		if i > 0 {
			dealer = s.nextDealer(s.Rounds[i-1])
		}
		e := Entry{Number: i + 1, Dealer: dealer, Round: r, Scores: vd.Totals()}
		s.Rounds = append(s.Rounds, e)
		s.log(t0, ActionRound, e.Number, s.describe(e))
	}
	path := filepath.Join(b.TempDir(), "match.yaml")
	if _, err := Create(path, s); err != nil {
		b.Fatal(err)
	}
	return path
}

func fileBytes(b *testing.B, path string) {
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(fi.Size()), "file-bytes")
}

// BenchmarkLoad: reading, checking and judging every round again.
// B/op against file-bytes is the memory a load takes per byte of file.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			path := benchMatch(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := Load(path); err != nil {
					b.Fatal(err)
				}
			}
			fileBytes(b, path)
		})
	}
}

// BenchmarkShow: what rummy match show does: load, then the table, the
// totals and the chart.
func BenchmarkShow(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			path := benchMatch(b, n)
			b.ReportAllocs()
			for b.Loop() {
				s, _, err := Load(path)
				if err != nil {
					b.Fatal(err)
				}
				if err := Show(s, io.Discard, ShowOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			fileBytes(b, path)
		})
	}
}

// BenchmarkRound: what rummy match round does: load under the lock, judge
// and record one round, save (write, sync, rename, sync the folder). Each
// iteration adds a round, then takes it back outside the timer.
func BenchmarkRound(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			path := benchMatch(b, n)
			r := rd(b, "out Bob; meld Bob 4C 5C 6C 7C; hand Ann KS; points Cy 3")
			b.ReportAllocs()
			for b.Loop() {
				err := Update(path, time.Second, func(s *Sheet) error {
					_, err := s.Record(r, t0)
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			fileBytes(b, path)
		})
	}
}
