package engine

// When aces go either way, each ace of the hand goes to one end of the
// runs or the other: position 1 (A-2-3, and sets) or position 14 (Q-K-A).
// The rank solver's own problem holds aces back at position 1 for 14
// (runByAces), which multiplies its states; the looser problem of
// acesTwiceBound puts every ace at both ends and lets a copy left over
// weigh nothing, which is cheap but only a lower bound. Between the two
// are the problems in which some suits' aces are split, so many at 14 and
// the rest at 1, and the others' are at both ends (acesSplit): each is
// solved like the looser problem, with no aces to hold back, and with
// every suit split and the aces weighing what they do, it is the hand's
// own problem with its aces split that way. The hand's least weight is
// the least, over the ways of splitting every suit, of those problems'; a
// problem with some suits still at both ends is looser than each of the
// ways of splitting them, so its least weight is a lower bound on theirs.
// splitSearch looks for an arrangement of the hand weighing the looser
// problem's least by a branch and bound over the suits in turn on those
// bounds: one found is the hand's least, proven.

// acesSplit says, by suit, how a problem of splitSearch takes the suit's
// aces: -1 at both ends, else how many at position 14, the rest at 1.
type acesSplit [4]int8

// atBothEnds is the looser problem of acesTwiceBound.
var atBothEnds = acesSplit{-1, -1, -1, -1}

// splitSearch is the branch and bound of a question of the rank solver
// (certify): is there an arrangement of the hand weighing root?
type splitSearch struct {
	k       *ranksWay
	d       *dpSolver // the rank solver's, whose work counts every problem's
	tickFor func(*dpSolver) func() bool
	suits   []int // the suits with aces, split in this order
	root    int64 // the looser problem's least weight: no split leaves less
	found   bool  // sol is an arrangement of the hand weighing root
	sol     solution
	tried   map[acesSplit]bool // the splits of every suit solved
	budget  int64              // the work past which the search gives up (capped)
	// stopped: a problem stopped for the race or the context (its tick);
	// capped: one passed its caps, and the search cannot answer
	stopped, capped bool
}

// search looks for an arrangement of the hand that weighs root, the
// looser problem's least weight, by the split problems, the ways its
// arrangement suggests first (hint). It reports found when it found one,
// in sol, which is then the hand's least; else the hand leaves more than
// root, unless stopped or capped is set.
func (ss *splitSearch) search(hint aceUse) (found bool) {
	ss.tried = map[acesSplit]bool{}
	for s := range 4 {
		if ss.k.aces(s) > 0 && !hint.settled(s, ss.k.aces(s)) {
			ss.suits = append(ss.suits, s)
		}
	}
	for s := range 4 {
		if ss.k.aces(s) > 0 && hint.settled(s, ss.k.aces(s)) {
			ss.suits = append(ss.suits, s)
		}
	}
	ss.node(atBothEnds, 0, hint)
	return ss.found && !ss.stopped && !ss.capped
}

// node searches below split, whose suits before depth are split: first
// the split of every suit that hint suggests, then each way of splitting
// the suit at depth, the ways hint suggests first, each bounded by its
// looser problem before the search goes below it. It reports whether the
// search is over.
func (ss *splitSearch) node(split acesSplit, depth int, hint aceUse) bool {
	leaf := split
	for _, s := range ss.suits[depth:] {
		leaf[s] = int8(hint.ways(s, ss.k.aces(s))[0])
	}
	if ss.leaf(leaf) {
		return true
	}
	if depth == len(ss.suits) {
		return false
	}
	s := ss.suits[depth]
	for _, h := range hint.ways(s, ss.k.aces(s)) {
		child := split
		child[s] = int8(h)
		if depth+1 == len(ss.suits) {
			if ss.leaf(child) {
				return true
			}
			continue
		}
		if childHint, ok := ss.looser(child); ok && ss.node(child, depth+1, childHint) {
			return true
		}
		if ss.over() {
			return true
		}
	}
	return false
}

// leaf solves the hand's own problem with every suit split as split says,
// once: it reports whether the search is over.
func (ss *splitSearch) leaf(split acesSplit) bool {
	if !ss.tried[split] {
		ss.tried[split] = true
		if sol, ok := ss.exact(split); ok {
			ss.found, ss.sol = true, sol
		}
	}
	return ss.over()
}

// over reports whether the search is over: found, stopped, or past its
// budget.
func (ss *splitSearch) over() bool {
	if ss.d.work > ss.budget {
		ss.capped = true
	}
	return ss.stopped || ss.capped || ss.found
}

// looser solves the problem of split, its aces weighing nothing, within
// root. It returns how its arrangement uses the aces, or false when it
// leaves more.
func (ss *splitSearch) looser(split acesSplit) (aceUse, bool) {
	t := newDPSolver(ss.k.r, &ss.k.counts, ss.k.jokers, dpWeighted)
	defer t.release()
	t.tick = ss.tickFor(t)
	_, at, ok := t.acesTwice(ss.k, ss.root, true, split)
	ss.d.work += t.work
	if !ss.done(t, ok) || at < 0 {
		return aceUse{}, false
	}
	return t.aceUse(at), true
}

// exact solves the hand's own problem with every suit's aces split as
// split says, within root. It returns an arrangement weighing root, or
// false when it leaves more (or its jokers do not fit: then the vectors
// must answer, and capped is set).
func (ss *splitSearch) exact(split acesSplit) (solution, bool) {
	e := newDPSolver(ss.k.r, &ss.k.counts, ss.k.jokers, dpWeighted)
	defer e.release()
	e.tick = ss.tickFor(e)
	e.splitAces(split, true)
	// An ace no meld holds is left at whichever end it is put, which may
	// be the first position taken: its weight is counted there, not as
	// left after it.
	e.setForced(ss.k.forced&^aceBits, &ss.k.counts)
	e.limit = ss.root
	_, at, ok := e.run()
	ss.d.work += e.work
	if !ss.done(e, ok) || !ok {
		return solution{}, false
	}
	melds, dead, jl := e.readBack(at)
	if e.absorb(melds, jl) < jl {
		ss.capped = true
		return solution{}, false
	}
	return e.solution(melds, dead), true
}

// done records how problem e's run ended, ok its answer: it reports
// whether e ran to the end.
func (ss *splitSearch) done(e *dpSolver, ok bool) bool {
	if !ok && e.stopped {
		ss.capped = ss.capped || e.capped
		ss.stopped = ss.stopped || !e.capped
		return false
	}
	return true
}

// aceUse is how an arrangement of a split problem uses each suit's aces:
// melded high (at 14) and low (at 1, or in a set).
type aceUse struct{ high, low [4]int }

// aceUse reads how the arrangement of the problem d solved, its end state
// at, melds the aces: in a run an ace at position 14, or at 1 turned
// round, is high.
func (d *dpSolver) aceUse(at int) aceUse {
	var u aceUse
	melds, _, _ := d.readBack(at)
	for _, m := range melds {
		for i, c := range m.cards {
			if c == Joker || c.Rank() != Ace {
				continue
			}
			if top := m.start+i == 14; m.run && top != d.mirror {
				u.high[c.Suit()-1]++
			} else {
				u.low[c.Suit()-1]++
			}
		}
	}
	return u
}

// settled reports whether the arrangement melds n aces of suit s, each at
// one end: the split it suggests is a way the hand can go.
func (u aceUse) settled(s, n int) bool { return u.high[s]+u.low[s] == n }

// ways lists the ways to split suit s's n aces, as how many go to 14, the
// ones u suggests first: all but those it melds low (those it leaves wait
// at 14), then as many as it melds high, then the rest from none up.
func (u aceUse) ways(s, n int) []int {
	out := make([]int, 0, n+1)
	add := func(h int) {
		h = min(max(h, 0), n)
		for _, x := range out {
			if x == h {
				return
			}
		}
		out = append(out, h)
	}
	add(n - u.low[s])
	add(u.high[s])
	for h := range n + 1 {
		add(h)
	}
	return out
}

// aces returns how many aces of suit s the hand holds.
func (k *ranksWay) aces(s int) int { return k.counts[s*16+int(Ace)] }
