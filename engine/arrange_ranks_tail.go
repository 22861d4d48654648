package engine

import "slices"

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

// The aces left over. In the looser problem a copy of an ace left over
// weighed nothing, so where the hand must leave an ace that only a set
// could hold, the looser problem left its copies at both ends for
// nothing: on climbed-10 (both aces of spades, no two, three or king of
// spades, the aces of diamonds the only other aces) it left 32 points,
// the hand 59. So a copy left over at either end weighs aceLeft[s], from
// nothing to what an ace weighs in hand (W), and the looser problem's
// least weight less lift, aceLeft[s] times the aces of suit s a meld can
// hold (c; an ace no meld can hold weighs what it does, and its suit's
// copies nothing), is still a lower bound: an arrangement of the hand
// with L aces of a suit low, H high and x = c - L - H left is one of the
// looser problem with c - L copies left at 1 and c - H at 14, which
// weigh aceLeft times (2c - L - H) less c, aceLeft times x, no more than
// the x aces left weigh in hand. It is a Lagrangian relaxation of L + H
// <= c, and it rises, for each unit a suit's copies weigh more, by the
// copies its answer leaves over less c (readLooser): by two on climbed-10
// with the spades, to 53 points where they weigh all of W. Past the
// weight at which the looser problem melds the copies at both ends
// instead, it falls (raiseAces).
//
// The bound on the positions after p holds with a correction. The
// hand's arrangement leaves at 14, where the looser problem holds c
// copies, the h = c - L aces it held back less the H it melds there; as
// an arrangement of the looser problem, the c - H copies it leaves there
// weigh aceLeft times L + h - H, and the hand's h - H aces left weigh W
// each. So the bound is no more than what the hand leaves after p plus
// aceLeft times L. The hand's own problem counts that in: an ace it holds
// back at position 1 weighs aceLeft (heldBack) until position 14, where
// it weighs what it does in hand, and a state may weigh up to lift more
// than the limit allows, less the bound. A state weighing V so far, plus
// aceLeft times h, is within that exactly when V and the bound less
// aceLeft times L are within the limit. Where the bound's run weighed
// them nothing, none of that changes a thing.

// dpTail is a lower bound on what the positions after p leave: by p, the
// jokers in hand after p, the suits whose open runs after p need a
// natural (a mask, suit s at bit s) and the suits with an open run; with
// the weights of the run that gave it to the aces it left (aceLeft).
type dpTail struct {
	least   [16][dpMaxJokers + 1][16][16]int64
	aceLeft [4]int64
}

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
		lift := d.lift()
		for j := range l {
			for need := range 16 {
				for open := range 16 {
					a := d.after[p]
					if d.tail != nil {
						a = max(a, d.tail.least[p][j][need][open])
					}
					l[j][need][open] = d.limit + lift - a
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
	u := &dpTail{aceLeft: d.aceLeft}
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
					u.least[14-m][j][need][open] = max(t[open][need], 0)
				}
			}
		}
	}
	return u
}

// heldBack is what an ace of suit s held back at position 1 weighs until
// position 14 in the hand's own problem, where the bound it takes weighed
// the copies of the aces the looser problem left over (aceLeft; see
// above).
func (d *dpSolver) heldBack(s int) int64 {
	if !d.either || d.tail == nil {
		return 0
	}
	return d.tail.aceLeft[s]
}

// lift is what the aces of the hand's own problem would weigh all held
// back (heldBack): its states may weigh that much more than its limit
// allows, less the bound (see above).
func (d *dpSolver) lift() int64 {
	if !d.either || d.tail == nil {
		return 0
	}
	return d.acesWeighing(&d.tail.aceLeft)
}

// acesWeighing returns what d's aces weigh, each of suit s weighing w[s].
func (d *dpSolver) acesWeighing(w *[4]int64) int64 {
	var n int64
	for s := range 4 {
		n += int64(d.cnt[1][s]) * w[s]
	}
	return n
}

// looserSpare is what the looser problem's last answer within its limit
// left over of the aces: the weight it found, and by suit the copies it
// left at either end less the suit's aces (the slope of that weight as
// aceLeft grows; see raiseAces).
type looserSpare struct {
	v     int64
	known bool
	left  [4]int
}

// readLooser reads back the looser problem's answer at end state at, of
// weight v: what it left over of the aces (k.spare; see raiseAces), and
// the arrangement of the hand it makes (repaired), kept in k.upper when
// it weighs less than the one kept.
func (d *dpSolver) readLooser(k *ranksWay, at int, v int64) {
	melds, dead, jl := d.readBack(at)
	k.spare = looserSpare{v: v, known: true}
	for _, c := range dead {
		if c.Rank() == Ace && k.forced>>cardBit(c)&1 == 0 {
			k.spare.left[c.Suit()-1]++
		}
	}
	for s := range 4 {
		if k.forced>>(16*s+int(Ace))&1 == 0 {
			k.spare.left[s] -= int(d.cnt[1][s])
		}
	}
	if sol, w, ok := d.repaired(k, melds, dead, jl); ok && (k.upper == nil || w < k.upper.w) {
		k.upper = &looserUpper{sol: sol, w: w}
	}
}

// looserUpper is an arrangement of the hand and its weight: an upper
// bound on the least.
type looserUpper struct {
	sol solution
	w   int64
}

// repaired returns the arrangement of the hand that the looser problem's
// answer (melds, dead and jl jokers left over, as readBack gives them)
// makes once each ace it melds at both ends is melded at one: an ace
// melded more often than the hand holds it leaves a meld that holds it,
// one that stays a meld without it first, or else the meld whose other
// cards weigh least goes to the deadwood, all its cards. It returns its
// weight, and false when it is not an arrangement of the hand (a check
// that costs nothing).
func (d *dpSolver) repaired(k *ranksWay, ms []dpMeld, dead []Card, jl int) (solution, int64, bool) {
	jl -= d.absorb(ms, jl)
	var melds [][]Card
	for _, m := range splitLong(ms) {
		melds = append(melds, slices.Clone(d.meldCards(m)))
	}
	var left []Card // the deadwood but its aces
	for _, c := range dead {
		if c.Rank() != Ace {
			left = append(left, c)
		}
	}
	aces := func() (used [4]int) {
		for _, m := range melds {
			for _, c := range m {
				if c != Joker && c.Rank() == Ace {
					used[c.Suit()-1]++
				}
			}
		}
		return used
	}
	for s := 0; s < 4; {
		ace := NewCard(Ace, Suit(s+1))
		if aces()[s] <= k.counts[cardBit(ace)] {
			s++
			continue
		}
		// The meld that stays one without the ace, or else the one whose
		// other cards weigh least.
		drop, rest, least := -1, []Card(nil), int64(infinity)
		for i, m := range melds {
			j := slices.Index(m, ace)
			if j < 0 {
				continue
			}
			r := slices.Delete(slices.Clone(m), j, j+1)
			if k.r.Judge(r).Valid {
				drop, rest = i, r
				break
			}
			var w int64
			for _, c := range r {
				w += weight(&k.r, c)
			}
			if w < least {
				drop, least = i, w
			}
		}
		if rest != nil {
			melds[drop] = rest
			continue
		}
		for _, c := range melds[drop] {
			switch {
			case c == Joker:
				jl++
			case c.Rank() != Ace:
				left = append(left, c)
			}
		}
		melds = slices.Delete(melds, drop, drop+1)
	}
	used := aces()
	for s := range 4 {
		ace := NewCard(Ace, Suit(s+1))
		for range k.counts[cardBit(ace)] - used[s] {
			left = append(left, ace)
		}
	}
	for range jl {
		left = append(left, Joker)
	}
	n, w := len(left), int64(0)
	for _, c := range left {
		w += weight(&k.r, c)
	}
	for _, m := range melds {
		if !k.r.Judge(m).Valid {
			return solution{}, 0, false
		}
		n += len(m)
	}
	if n != k.jokers+k.naturals() {
		return solution{}, 0, false
	}
	return solution{melds: melds, deadwood: left}, w, true
}
