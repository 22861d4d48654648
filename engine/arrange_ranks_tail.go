package engine

// Where aces go either way, a question of the hand's own problem keeps
// many states that cannot stay within its limit: their deadwood so far is
// within it, but not with what the positions still to come must leave.
// The looser problem (acesTwiceBound), asked the same question turned
// round, goes through those positions first, and its layers say what
// they leave at least.
//
// Take an arrangement of the hand, its jokers as the rank solver places
// them (only those a meld cannot do without: gaps, and the third card of
// a meld of two naturals, above them from the ace up and below them from
// the king down). Its melds and deadwood at the positions after p, taken
// from the king down, are an arrangement of those positions in the looser
// problem: the runs that go on below p are open runs, whose cards no move
// has left yet; the aces at 14 are among the looser problem's, which has
// them all and weighs them nothing. Its jokers there are no more than
// the jokers a state of the hand's own problem after p, from the ace up,
// still holds: a joker of a gap or a set sits at one position, and the
// third card of two naturals at p and p+1 sits above p+1 from the ace up
// and below p from the king down, so neither way counts it. The state
// that arrangement reaches after those positions weighs what it leaves
// there (forced cards included, left as they are passed), or it was
// dropped: beaten by a state of no more weight and no fewer jokers in
// hand, whose descendants do as well, or above the limit, as its
// descendants are, since weight only grows along the way.
//
// So what those positions leave, with j jokers in hand after p, is at
// least the least weight of a state of the looser problem after them that
// used j jokers or fewer, or, where the limit dropped every such state,
// more than that limit allowed there.
//
// The same holds the other way round: a run of the looser problem from
// the ace up bounds what the positions after each leave in a run turned
// round, and so a run of the looser problem itself, which is an
// arrangement of the looser problem as much as of the hand's own
// (looserTail). And the run that gives the bound may be bounded itself,
// as long as the question it bounds is no higher than its own: a state of
// it dropped because the positions still to come must leave too much
// (limits) is on no arrangement within its limit, for those positions are
// the rest of the arrangement; but an arrangement above that limit may
// pass through it, with less left after p than the bound says. So a bound
// from a run bounded by nothing (weights only grow along the way) serves
// any question, and one from a bounded run only questions up to its limit.

// The bound knows more than the jokers. Each suit's open runs after p,
// those of the hand's state from the ace up and those of the looser
// problem's from the king down, hold the run of the arrangement that
// crosses between p and p+1, where one does. A run from the ace up that
// still needs a natural (dpCfg's kinds a and n) takes it above p, so the
// run crosses, and the state from the king down holds a run of that suit
// at p+1; a run from the king down that needs a natural takes it at p or
// below, and the state from the ace up holds a run of that suit at p. A
// run of two naturals needs only its third card, which sits on the far
// side of the run whichever way it is taken (above from the ace up, below
// from the king down), so it asks nothing of the other side. A state that
// beats another holds fewer runs that need a natural and no fewer runs in
// each suit, so it fits wherever the state it beats does. So the bound
// is kept by the suits whose open runs need a natural and the suits with
// an open run, on each side: a state from the ace up is held to the
// states from the king down whose runs it can meet. On climbed-8 (54
// points, the looser problem 34) the rank solver's proof costs 10.1
// million instead of 13.1, on climbed-6 3.6 instead of 4.9; over the
// large corpus's two-deck hands 89 million instead of 105.

// dpTail is a lower bound on what the positions after p leave: by p, the
// jokers in hand after p, the suits whose open runs after p need a
// natural (a mask, suit s at bit s) and the suits with an open run.
type dpTail [16][dpMaxJokers + 1][16][16]int64

// dpLimits is the most a state may weigh after a move at a position, by
// the jokers in hand after it and the masks of its open runs (dpTail):
// the positions after it must still leave what after and tail say, and
// the whole no more than d's limit.
type dpLimits [dpMaxJokers + 1][16][16]int64

// limits fills d.lims for the moves at position p, once a run (runLayers
// and runByAces start it afresh), and returns it.
func (d *dpSolver) limits(p int) *dpLimits {
	l := &d.lims
	if d.limsAt != p {
		for j := range l {
			for need := range 16 {
				for open := range 16 {
					a := d.after[p]
					if d.tail != nil {
						a = max(a, d.tail[p][j][need][open])
					}
					l[j][need][open] = d.limit - a
				}
			}
		}
		d.limsAt = p
	}
	return l
}

// runMasks returns the masks of state key's open runs (dpTail) in the
// suits of taken (takenBy) other than s. A suit not yet taken at the
// position has open runs that may be anything after it, so it counts as
// one with open runs none of which needs a natural, which meets every
// state the other way.
func (d *dpSolver) runMasks(key uint64, s, taken int) (need, open int) {
	open = 15 &^ taken
	for x := range 4 {
		if x != s && taken>>x&1 != 0 {
			c := key >> uint(dpCfgBits*x) & dpCfgMask
			need |= int(d.t.needs[c]) << x
			open |= int(d.t.opens[c]) << x
		}
	}
	return need, open
}

// tailBound reads the bound on the positions after each of a problem
// taken the other way round from d's run of the looser problem
// (acesTwice), which kept its layers: after d's m-th position (the layer
// after its sets), the other way's positions after 14-m. It returns nil
// when d has no such layers.
func (d *dpSolver) tailBound() *dpTail {
	if d.stopped || d.mode != dpWeighted || len(d.layers) != 1+5*14 {
		return nil
	}
	u := new(dpTail)
	for m := 1; m <= 13; m++ {
		// The least weight by the jokers the states used and their masks,
		// more than the limit allowed where the limit dropped them all.
		var least [dpMaxJokers + 1][16][16]int64
		for j := range least {
			for need := range 16 {
				for open := range 16 {
					least[j][need][open] = d.limit + 1 - d.after[m]
				}
			}
		}
		for _, r := range d.layers[5*m] {
			used := d.jokers - int(r.key>>dpJShift&7)
			need, open := d.runMasks(r.key, -1, 15)
			least[used][need][open] = min(least[used][need][open], r.val)
		}
		for j := 1; j <= dpMaxJokers; j++ { // no more jokers used than the state holds
			for need := range 16 {
				for open := range 16 {
					least[j][need][open] = min(least[j][need][open], least[j-1][need][open])
				}
			}
		}
		for j := range least {
			t := &least[j]
			// The states that meet one the other way whose runs that
			// need a natural are in open (theirs in ours) and whose
			// runs' suits hold need (ours in theirs): first over every
			// mask of runs that holds a given one, then over every mask
			// of runs that need a natural within a given one.
			for bit := range 4 {
				for need := range 16 {
					for open := range 16 {
						if open>>bit&1 == 0 {
							t[need][open] = min(t[need][open], t[need][open|1<<bit])
						}
					}
				}
			}
			for bit := range 4 {
				for need := range 16 {
					if need>>bit&1 != 0 {
						for open := range 16 {
							t[need][open] = min(t[need][open], t[need&^(1<<bit)][open])
						}
					}
				}
			}
			// t[their open][our need] is now the least over the states
			// we meet; our masks index the bound.
			for need := range 16 {
				for open := range 16 {
					u[14-m][j][need][open] = max(t[open][need], 0)
				}
			}
		}
	}
	return u
}
