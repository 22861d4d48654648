package scoresheets

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rummy-referee/rummy/engine"
)

// A long match is written by several goroutines, a run of rounds each:
// the bytes are those one writes, comments in every run included.
func TestMarshalInRuns(t *testing.T) {
	data, err := os.ReadFile(benchMatch(t, 3*parallelItems))
	if err != nil {
		t.Fatal(err)
	}
	file := string(data)
	for _, n := range []int{2, parallelItems + 7, 2*parallelItems + 1, 3 * parallelItems} {
		at := strings.Index(file, "\n  - number: "+strconv.Itoa(n)+"\n") + 1
		file = file[:at] + "  # round " + strconv.Itoa(n) + " was long\n" + file[at:]
	}
	file = strings.Replace(file, "\n  - {time: ", "\n  # the audit\n  - {time: ", 1)
	s, err := Unmarshal("m.yaml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	for _, procs := range []int{1, 2, 3, 4} {
		old := runtime.GOMAXPROCS(procs)
		got := Marshal(s)
		runtime.GOMAXPROCS(old)
		if procs == 1 {
			first = got
			if string(got) != file {
				t.Fatalf("one writer does not write the file back as read")
			}
		} else if !bytes.Equal(got, first) {
			t.Errorf("GOMAXPROCS %d: the file differs from one writer's", procs)
		}
	}
}

// Rounds whose melds or hands are written alike share their cards, read
// once: a change to one round's cards by append is never another's.
func TestSharedCards(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	for range 3 {
		record(t, s, "out Bob; meld Bob 7H 8H 9H; hand Ann KH 3D; hand Cy 2C")
	}
	s, err := Unmarshal("m.yaml", Marshal(s))
	if err != nil {
		t.Fatal(err)
	}
	a, b := s.Rounds[0].Round, s.Rounds[1].Round
	if &a.Melds[0].Meld.Cards[0] != &b.Melds[0].Meld.Cards[0] || &a.Hands[0].Cards[0] != &b.Hands[0].Cards[0] {
		t.Fatal("the rounds do not share their cards: this test tests nothing")
	}
	_ = append(a.Melds[0].Meld.Cards, engine.Joker)
	_ = append(a.Hands[0].Cards, engine.Joker)
	if got := engine.FormatCards(append(b.Melds[0].Meld.Cards[:3:3], b.Hands[0].Cards...), false); got != "7H 8H 9H KH 3D" {
		t.Errorf("round 2 after appending to round 1's cards: %s", got)
	}
	if cap(b.Melds[0].Meld.Cards) != len(b.Melds[0].Meld.Cards) || cap(b.Hands[0].Cards) != len(b.Hands[0].Cards) {
		t.Error("shared cards are not clipped: an append would write into them")
	}
}

// The copy of a long match that a save under Update compares with is
// made in runs, by several goroutines: a round changed in any run is
// judged again, and a wrong one refused.
func TestUpdateLongMatch(t *testing.T) {
	path := benchMatch(t, 3*parallelItems)
	r := rd(t, "out Bob; meld Bob 4C 5C 6C 7C; hand Ann KS; points Cy 3")
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		err := Update(path, time.Second, func(s *Sheet) error {
			_, err := s.Record(r, t0)
			return err
		})
		for _, n := range []int{10, parallelItems + 10, 3*parallelItems - 10} {
			err := Update(path, time.Second, func(s *Sheet) error {
				s.Rounds[n-1].Scores["Ann"]++
				return nil
			})
			if err == nil || !strings.Contains(err.Error(), "round "+strconv.Itoa(n)+": Ann's stored score") {
				t.Errorf("GOMAXPROCS %d: a wrong score in round %d: %v", procs, n, err)
			}
		}
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatalf("GOMAXPROCS %d: %v", procs, err)
		}
	}
	s, _, err := Load(path)
	if err != nil || len(s.Rounds) != 3*parallelItems+3 {
		t.Fatalf("%v; want %d rounds", err, 3*parallelItems+3)
	}
}
