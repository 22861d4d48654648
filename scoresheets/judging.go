package scoresheets

import (
	"runtime"
	"strings"
	"sync"

	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

// Judging every round again is a third of a load, and each round is
// judged on its own: while the parser reads the file, other goroutines
// (one fewer than GOMAXPROCS; none when it is 1) judge the rounds read
// so far, a batch at a time, each with a referee.Memo of its own. check
// then takes their verdicts in round order, between the checks that need
// the rounds before (the dealers), so the error a file gets is the one a
// judging in order would give: the first fault, at its line.
type judging struct {
	variant *variants.Variant // the rules the rounds are judged under
	work    chan *batch
	wg      sync.WaitGroup
	cur     *batch
	batches []*batch // in round order
}

// batch is rounds from round from+1 on, judged by one goroutine: errs[k]
// is the verdict on round from+k+1 (nil: it stands).
type batch struct {
	from    int
	entries []Entry
	places  []place
	seated  [][]string
	errs    []error
}

const batchRounds = 64

// startJudging starts the goroutines that judge rounds under v, or
// returns nil where there is no processor to spare.
func (d *decoder) startJudging(v *variants.Variant) *judging {
	n := runtime.GOMAXPROCS(0) - 1
	if n < 1 {
		return nil
	}
	work := make(chan *batch, 2*n)
	j := &judging{variant: v, work: work}
	j.wg.Add(n)
	for range n {
		go func() {
			defer j.wg.Done()
			memo := &referee.Memo{}
			for b := range work {
				b.errs = make([]error, len(b.entries))
				for k := range b.entries {
					b.errs[k] = d.judgeRound(memo, v, b.seated[k], &b.entries[k], b.places[k])
				}
			}
		}()
	}
	return j
}

// add hands round i, the last of the rounds read so far (entries and
// places), to the goroutines, a batch at a time. A batch is a window onto
// the decoder's own lists, never copied: what the decoder appends later
// lies beyond it (or in a copy of the lists), and what is in it does
// not change.
func (j *judging) add(i int, entries []Entry, places []place, seated []string) {
	if j.cur == nil {
		j.cur = &batch{from: i, seated: make([][]string, 0, batchRounds)}
	}
	b := j.cur
	b.entries, b.places = entries[b.from:i+1:i+1], places[b.from:i+1:i+1]
	b.seated = append(b.seated, seated)
	if len(b.entries) == batchRounds {
		j.flush()
	}
}

func (j *judging) flush() {
	if j.cur != nil {
		j.batches = append(j.batches, j.cur)
		j.work <- j.cur
		j.cur = nil
	}
}

// wait lets the goroutines judge what is left and stop. It is safe to
// call more than once, and on a nil *judging.
func (j *judging) wait() {
	if j == nil || j.work == nil {
		return
	}
	j.flush()
	close(j.work)
	j.work = nil
	j.wg.Wait()
}

// verdict returns the verdict on round i (from 0) and whether it was
// judged.
func (j *judging) verdict(i int) (error, bool) {
	k := i / batchRounds
	if j == nil || k >= len(j.batches) {
		return nil, false
	}
	b := j.batches[k]
	if i-b.from >= len(b.errs) || i < b.from {
		return nil, false
	}
	return b.errs[i-b.from], true
}

// judgeRound judges round e, at the lines at, among seated under v, and
// checks its stored scores: the part of check that needs no other round.
func (d *decoder) judgeRound(memo *referee.Memo, v *variants.Variant, seated []string, e *Entry, at place) error {
	vd, err := memo.Judge(v, seated, e.Round)
	if err != nil {
		return d.errorLine(at.node, "round %d: %v", e.Number, err)
	}
	if !vd.OK() {
		return d.errorLine(at.node, "round %d breaks the rules: %s", e.Number, strings.Join(vd.Problems, "; "))
	}
	got := vd.Totals()
	for j, p := range seated {
		if e.Scores[p] != got[p] {
			line := 0
			if at.scores != nil {
				line = at.scores[j]
			}
			return d.errorLine(line, "round %d: %s's stored score %d disagrees with the recomputed %d", e.Number, p, e.Scores[p], got[p])
		}
	}
	return nil
}
