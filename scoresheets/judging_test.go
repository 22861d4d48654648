package scoresheets

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Rounds judged while the file is read, by other goroutines, give the
// error a judging in order gives (one processor judges in order): the
// first fault in the file, at its line, whichever batch holds it and
// whatever faults come after.
func TestJudgingFindsTheFirstFault(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := newSheet(t, variant(t, "rummy500"), abc, Options{Target: target(maxNumber)})
	specs := []string{
		"out Ann; meld Ann 7H 8H JK=9H; meld Bob QS QH QC; lay Ann QD onto 2; hand Bob KD 2C; points Cy %d",
		"meld Cy 5D JK 7D; meld Cy AS 2S 3S; hand Ann AH 4C; hand Bob 2C 3C; points Cy %d",
		"out Bob; meld Bob 4C 5C 6C 7C; meld Ann 9S 9D 9H; hand Ann KS; points Cy %d",
	}
	for range 3*batchRounds + 10 {
		record(t, s, fmt.Sprintf(specs[rng.IntN(len(specs))], rng.IntN(60)))
	}
	file := string(Marshal(s))
	// round returns the text of round n, and where it starts.
	round := func(f string, n int) (string, int) {
		at := strings.Index(f, "\n  - number: "+strconv.Itoa(n)+"\n") + 1
		end := strings.Index(f[at+1:], "\n  - number: ")
		if end < 0 {
			end = strings.Index(f[at+1:], "\naudit:")
		}
		return f[at : at+1+end+1], at
	}
	edit := func(f string, n int, re, with string) string {
		text, at := round(f, n)
		changed := regexp.MustCompile(re).ReplaceAllString(text, with)
		if changed == text {
			t.Fatalf("round %d: %s matches nothing in\n%s", n, re, text)
		}
		return f[:at] + changed + f[at+len(text):]
	}
	score := func(f string, n int) string { return edit(f, n, `scores: \{Ann: -?[0-9]+`, "scores: {Ann: 999") }
	meld := func(f string, n int) string { return edit(f, n, `cards: "[^"]*"`, `cards: "2C 9H KD"`) }
	dealer := func(f string, n int) string {
		text, _ := round(f, n)
		d := regexp.MustCompile(`dealer: (\w+)`).FindStringSubmatch(text)[1]
		return edit(f, n, `dealer: \w+`, "dealer: "+map[string]string{"Ann": "Bob", "Bob": "Cy", "Cy": "Ann"}[d])
	}
	last := len(s.Rounds)
	for _, tt := range []struct {
		name  string
		file  string
		round int
	}{
		{"a score, then a meld in a later batch", meld(score(file, 100), 3*batchRounds), 100},
		{"a meld, then a score in a later batch", score(meld(file, 2*batchRounds+5), 70), 70},
		{"the last round of a batch and the first of the next", score(score(file, batchRounds+1), batchRounds), batchRounds},
		{"a dealer before a score", score(dealer(file, 130), 200), 130},
		{"a score before a dealer", dealer(score(file, 10), 2*batchRounds), 10},
		{"the last round", score(file, last), last},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var first string
			for _, procs := range []int{1, 2, 4} {
				old := runtime.GOMAXPROCS(procs)
				_, err := Unmarshal("m.yaml", []byte(tt.file))
				runtime.GOMAXPROCS(old)
				if err == nil {
					t.Fatalf("GOMAXPROCS %d: the file loads", procs)
				}
				if procs == 1 {
					first = err.Error()
					if !strings.Contains(first, fmt.Sprintf("round %d", tt.round)) {
						t.Fatalf("in order: %v; want round %d named", err, tt.round)
					}
				} else if err.Error() != first {
					t.Errorf("GOMAXPROCS %d: %v\nin order: %s", procs, err, first)
				}
			}
		})
	}
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		_, err := Unmarshal("m.yaml", []byte(file))
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Errorf("GOMAXPROCS %d: the file as written: %v", procs, err)
		}
	}
}
