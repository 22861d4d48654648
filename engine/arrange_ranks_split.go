package engine

import "math/bits"

// Where aces go either way, the hand's own problem holds aces back at
// position 1 for position 14, and the bound it takes from the looser
// problem (arrange_ranks_tail.go) knows nothing of which: the looser
// problem has every ace at both ends. On the hands a hill climb built to
// be slow that bound stays far below the answer (climbed-30: 24 points
// against 43), and the hand's questions up to the answer cost most of the
// proof (climbed-30: 13.1 million of cost, 94 ms).
//
// So where the hand's first question answered no was dear (splitWork),
// the rank solver splits the hand instead (proveSplits): each suit's aces
// go so many to position 1 and the rest to 14, a copy left over at either
// end weighing what an ace does in hand. Every arrangement of the hand is
// one of some split, its aces left over sent to either end, so the hand's
// least weight is the least over the splits, at most 81 of them (three
// ways a suit with two aces). A split holds nothing back, so its runs
// take the layers straight through, and each bounds its own later
// questions: its first run, from the king down and bounded by nothing but
// its limit, leaves a bound on what the positions after each leave
// (tailBound) that holds for any question of that split (see
// arrange_ranks_tail.go), and it knows which aces are at 14. Under it the
// split's next questions, from the ace up, cost a tenth of the first or
// less. The splits are asked the same question in turn, the limits rising
// by splitStep points, until one leaves no more; the splits after it are
// asked for less than it leaves.
//
// The first run of each split is most of the cost, so a hand whose
// questions are cheap is proved sooner without: of the large corpus's
// two-deck hands, those whose first no cost under 200,000 work (most
// deals, and climbed-1, -5, -6, -12, -17 and -25) took the rank solver
// alone twice as long or more split. Split from there, the corpus's
// proofs cost 153 million in all instead of 228, climbed-30 3.1 million
// instead of 13.1, climbed-26 2.9 instead of 11.0, climbed-28 3.6
// instead of 10.7; and the rank solver alone, each hand's median of nine
// runs, took at most 62 to 64 ms (climbed-14) where it took 94
// (climbed-30, now 41 to 51 ms), the median hand 3.3 ms instead of 3.5,
// the dearest dealt hand 38 ms (deal-75-4615, 6 ms unsplit).

// splitWork is the work of the hand's first question answered no from
// which the rank solver splits the aces.
const splitWork = 200_000

// splitStep is the points between the questions the splits are asked.
// Over the large corpus's two-deck hands, steps of 4 took the slowest
// split hands 2 to 10 ms longer than 6 (climbed-30 50 ms against 41,
// climbed-15 65 against 58), and 8 as 6.
const splitStep = 6

// aceSplit is one way of sending the aces to the ends, and what its
// questions have proved.
type aceSplit struct {
	low   [4]uint8 // the aces of each suit at position 1; the rest are at 14
	lower int64    // the split leaves at least this
	// free is the bound of the split's last run from the king down,
	// bounded by nothing but its limit, for its runs from the ace up;
	// lastFree is that run's work, lastBounded the work of the last run
	// under it.
	free                  *dpTail
	lastFree, lastBounded int64
}

// aceSplits returns the splits of the hand's aces, each proved to leave
// at least lower: for each suit, from none of its aces to all of them at
// position 1 (its aces no meld can hold stay out of it).
func (k *ranksWay) aceSplits(lower int64) []aceSplit {
	splits := []aceSplit{{lower: lower}}
	for s := range 4 {
		n := k.splitAces(s)
		for i, m := 0, len(splits); i < m; i++ {
			for low := 1; low <= n; low++ {
				sp := splits[i]
				sp.low[s] = uint8(low)
				splits = append(splits, sp)
			}
		}
	}
	return splits
}

// splitAces returns the aces of suit s that a split sends to an end: all
// of them, unless no meld can hold them.
func (k *ranksWay) splitAces(s int) int {
	b := 16*s + int(Ace)
	if k.forced>>b&1 != 0 {
		return 0
	}
	return k.counts[b]
}

// splitFinish is what the joker needs of a suit of a split (finishSuit)
// are kept by in ranksWay.finishes.
type splitFinish struct {
	s      int
	low    uint8
	mirror bool
}

// splitSolver returns a solver of split sp under limit, its positions
// turned round when mirror is set, and the weight of the aces no meld can
// hold, which it leaves out and its answers leave out too.
func (k *ranksWay) splitSolver(sp *aceSplit, limit int64, mirror bool) (*dpSolver, int64) {
	d := newDPSolver(k.r, &k.counts, k.jokers, dpWeighted)
	ace := d.w[1]
	var fixed int64
	for y := k.forced & aceBits; y != 0; y &= y - 1 {
		fixed += int64(k.counts[bits.TrailingZeros64(y)]) * ace
	}
	d.either, d.bothEnds = false, true
	for s := range 4 {
		n := uint8(k.splitAces(s))
		d.cnt[1][s], d.cnt[14][s] = sp.low[s], n-sp.low[s]
		d.aceLeft[s] = ace
	}
	d.finished = false
	if mirror {
		d.mirrorPositions()
		d.cnt[1], d.cnt[14] = d.cnt[14], d.cnt[1]
	}
	// A suit's joker needs (finishNeeds) depend on its own naturals
	// alone, which differ from split to split only by its aces.
	if k.finishes == nil {
		k.finishes = make(map[splitFinish]*[16][128]uint8)
	}
	for s := range 4 {
		key := splitFinish{s: s, low: sp.low[s], mirror: mirror}
		f := k.finishes[key]
		if f == nil {
			f = new([16][128]uint8)
			d.finishSuit(s)
			for q := range f {
				f[q] = d.finish[q][s]
			}
			k.finishes[key] = f
		}
		for q := range f {
			d.finish[q][s] = f[q]
		}
	}
	d.finished = true
	d.w[1], d.w[14] = 0, 0 // the aces weigh aceLeft where they are left
	d.limit = limit - fixed
	d.setForced(k.forced&^aceBits, &k.counts)
	return d, fixed
}

// askSplit asks split sp for its least weight within limit, the way its
// last runs say is cheaper (as looserTail chooses): from the king down,
// bounded by nothing, which renews sp.free, or from the ace up under it.
// d is the proof's solver, whose work the run's counts as (tickFor). It
// returns the least weight and its arrangement when within limit, else
// limit plus one; and false when the run stopped (its tick or its caps)
// or its answer is not sure.
func (k *ranksWay) askSplit(d *dpSolver, sp *aceSplit, limit int64, tickFor func(*dpSolver) func() bool) (v int64, sol solution, ok bool) {
	mirror := sp.free == nil || sp.lastBounded >= sp.lastFree
	e, fixed := k.splitSolver(sp, limit, mirror)
	defer e.release()
	e.tick = tickFor(e)
	if !mirror {
		e.tail = sp.free
	}
	v, at, found := e.run()
	d.work += e.work
	if e.stopped {
		return 0, solution{}, false
	}
	if mirror {
		sp.free, sp.lastFree = e.tailBoundIn(sp.free), e.work
	} else {
		sp.lastBounded = e.work
	}
	if !found {
		return limit + 1, solution{}, true
	}
	v += fixed
	melds, dead, jl := e.readBack(at)
	sol, w, fits := e.repaired(k, melds, dead, jl)
	if !fits || w != v {
		// The jokers it left over fit no meld: the rank solver cannot
		// tell the least, and leaves the race.
		return 0, solution{}, false
	}
	return v, sol, true
}

// proveSplits ends the rank solver's proof in a race by the splits of the
// hand's aces (see above), each proved to leave at least lower, d the
// proof's solver.
func (k *ranksWay) proveSplits(rv *rivals, d *dpSolver, lower int64, tickFor func(*dpSolver) func() bool) proof {
	k.split = true
	splits := k.aceSplits(lower)
	best, bestSol := int64(infinity), solution{}
	for p := lower / weightScale; ; p += splitStep {
		limit := p*weightScale + weightScale - 1
		for i := range splits {
			sp := &splits[i]
			at := min(limit, best-1)
			if sp.lower > at {
				continue
			}
			v, sol, ok := k.askSplit(d, sp, at, tickFor)
			switch {
			case !ok:
				return proof{lower: lower}
			case v <= at:
				best, bestSol = v, sol
			default:
				sp.lower = at + 1
			}
		}
		if best <= limit {
			k.sol = bestSol
			return k.proved(rv, d, best)
		}
		lower = limit + 1
	}
}
