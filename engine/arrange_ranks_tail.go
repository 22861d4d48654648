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

// dpTail is a lower bound on what the positions after p leave, by p and
// the jokers in hand after p.
type dpTail [16][dpMaxJokers + 1]int64

// limits returns, by the jokers in hand after a move at position p, the
// most a state may weigh when the positions after p must still leave
// what after and tail say, and the whole no more than d's limit.
func (d *dpSolver) limits(p int) [dpMaxJokers + 1]int64 {
	var l [dpMaxJokers + 1]int64
	for j := range l {
		a := d.after[p]
		if d.tail != nil {
			a = max(a, d.tail[p][j])
		}
		l[j] = d.limit - a
	}
	return l
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
		var least [dpMaxJokers + 1]int64
		for j := range least {
			least[j] = d.limit + 1 - d.after[m]
		}
		for _, r := range d.layers[5*m] {
			used := d.jokers - int(r.key>>dpJShift&7)
			least[used] = min(least[used], r.val)
		}
		most := int64(infinity)
		for j, v := range least {
			most = min(most, v)
			u[14-m][j] = max(most, 0)
		}
	}
	return u
}
