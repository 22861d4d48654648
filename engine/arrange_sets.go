package engine

import "math/bits"

// The set-choice solver takes the hands of the bit search whose sets can
// be chosen in few ways, which is nearly every hand a player holds. Once
// the sets are chosen, the best runs of what is left are forced: with the
// ace low or high, or with wrap, they hold every card in a block of at
// least m consecutive ranks of a suit (m the smallest meld), since one run
// holds such a block whole and no run holds a card of a shorter block;
// with the ace either way, the ace joins the block below the 2 or the one
// above the king, and each suit takes whichever leaves it less. Covering
// more never leaves more, so these runs leave both the fewest points and
// the fewest cards. The answer is then the least weight, over the choices
// of sets, of what the runs leave: a few bit operations a choice, the
// four suits at once.
//
// A rank offers a choice of sets when it holds m suits or more. A card no
// run of the hand can hold belongs in the rank's set whenever there is
// one (it is deadwood otherwise), which cuts the choices: a rank all of
// whose cards are such is a set outright, and most hands have no rank
// with a choice at all.

// maxSetChoices is the most choices of sets the set-choice solver tries;
// on hands with more (large hands dense in sets), the bit search is
// quicker.
const maxSetChoices = 64

// maxChoiceRanks is the most ranks with a choice of sets: each has two
// choices or more.
const maxChoiceRanks = 6 // bits.Len(maxSetChoices) - 1

// setChoices is one run of the set-choice solver.
type setChoices struct {
	t  *fastTable // the shape of the melds: m, sets, runs, the ace, wrap
	cw *cardWeights
	x  uint64 // the hand

	forced uint64 // the sets that need no choice
	n      int    // ranks with a choice of sets
	rank   [maxChoiceRanks]uint8
	// options[i] lists the choices of rank[i], four bits each (a suit
	// each bit, 0 for no set), with how many in the top four bits.
	options [maxChoiceRanks]uint64

	best     int64  // the least weight found
	bestUsed uint64 // the cards in sets of the best choice
	bestDead uint64
	bestHigh uint64 // the lanes whose ace is high in the best choice
	fewest   int    // the fewest cards any choice leaves
}

// spreadSuits turns four bits, one a suit, into a card mask of rank 0.
var spreadSuits = func() (t [16]uint64) {
	for nib := range t {
		for s := range 4 {
			if nib>>s&1 != 0 {
				t[nib] |= 1 << (16 * s)
			}
		}
	}
	return t
}()

// suitsOf returns the suits of x holding rank rk, as four bits.
func suitsOf(x uint64, rk int) uint64 {
	x >>= uint(rk)
	return x&1 | x>>15&2 | x>>30&4 | x>>45&8
}

// plan fills in the forced sets and the choices of the other ranks of x,
// and returns how many choices of sets there are, or maxSetChoices+1 when
// there are more.
func (s *setChoices) plan(x uint64) int {
	t := s.t
	s.x, s.forced, s.n = x, 0, 0
	if !t.sets {
		return 1
	}
	var cand uint64
	if t.m == 3 { // the hot path: no call
		cand = ranksInThreeSuits(x)
	} else {
		cand = ranksInSuits(x, t.m)
	}
	if cand == 0 {
		return 1
	}
	in := s.runCards(x)
	choices := 1
	for y := cand; y != 0; y &= y - 1 {
		rk := bits.TrailingZeros64(y)
		su := suitsOf(x, rk)
		fixed := su &^ suitsOf(in, rk) // no run takes them
		list := t.setOptions[su][fixed]
		k := int(list >> 60)
		if k == 1 { // when every card of the rank is fixed, for one
			s.forced |= spreadSuits[list&15] << uint(rk)
			continue
		}
		if choices *= k; choices > maxSetChoices {
			return maxSetChoices + 1
		}
		s.rank[s.n], s.options[s.n] = uint8(rk), list
		s.n++
	}
	return choices
}

// setOptions lists the sets worth trying of a rank held in suits (four
// bits, one a suit), fixed those of its suits that no run can take, when
// a set has m cards or more: four bits a choice, 0 for no set, and how many
// choices in the top four bits. A set that leaves out a fixed card does no
// better than one that holds it too, and no set does no better than the
// fixed cards alone when they are enough for one.
func setOptions(suits, fixed uint64, m int) uint64 {
	var list uint64
	k := 0
	if bits.OnesCount64(fixed) < m {
		k++ // no set
	}
	for sub := suits; sub != 0; sub = (sub - 1) & suits {
		if sub&fixed == fixed && bits.OnesCount64(sub) >= m {
			list |= sub << uint(4*k)
			k++
		}
	}
	return list | uint64(k)<<60
}

// runCards returns the cards of x that some run of cards of x holds.
func (s *setChoices) runCards(x uint64) uint64 {
	t := s.t
	switch {
	case !t.runs:
		return 0
	case t.wrap:
		return wrapMeldable(x, t.m)
	}
	var in uint64
	if t.loAce {
		in = windowCover(x, t.m)
	}
	if t.hiAce {
		in |= fromHigh(windowCover(toHigh(x), t.m))
	}
	return in
}

// toHigh moves the aces of x above the kings (bit 14 of each lane), and
// fromHigh moves them back.
func toHigh(x uint64) uint64   { return x&^aceBits | (x&aceBits)<<13 }
func fromHigh(x uint64) uint64 { return x&^bit14s | (x&bit14s)>>13 }

// try tries the choices of ranks i on, with the cards used in sets.
func (s *setChoices) try(i int, used uint64) {
	if i == s.n {
		s.leave(used)
		return
	}
	list, rk := s.options[i], uint(s.rank[i])
	for k := list >> 60; k > 0; k-- {
		s.try(i+1, used|spreadSuits[list&15]<<rk)
		list >>= 4
	}
}

// leave weighs what the runs leave when the cards used are in sets.
func (s *setChoices) leave(used uint64) {
	t := s.t
	y := s.x &^ used
	dead, fewest, high := y, y, uint64(0)
	switch {
	case !t.runs:
	case t.wrap:
		dead = y &^ wrapMeldable(y, t.m)
		fewest = dead
	case !t.hiAce:
		dead = y &^ windowCover(y, t.m)
		fewest = dead
	case !t.loAce:
		dead = y &^ fromHigh(windowCover(toHigh(y), t.m))
		fewest, high = dead, laneOnes
	default:
		dead, fewest, high = s.eitherWay(y)
	}
	n := bits.OnesCount64(dead)
	if w := s.cw.points(dead)*weightScale + int64(n); w < s.best {
		s.best, s.bestUsed, s.bestDead, s.bestHigh = w, used, dead, high
	}
	if fewest != dead {
		n = bits.OnesCount64(fewest)
	}
	s.fewest = min(s.fewest, n)
}

// eitherWay returns what the runs of y leave when the ace may sit low or
// high: dead is the least weight, fewest the fewest cards (suit by suit,
// each takes its better way), and high has bit 0 of the lanes whose ace
// sits high in dead.
func (s *setChoices) eitherWay(y uint64) (dead, fewest, high uint64) {
	m := s.t.m
	low := y &^ windowCover(y, m)
	hi := y &^ fromHigh(windowCover(toHigh(y), m))
	dead, fewest = low, low
	for d := low ^ hi; d != 0; {
		lane := uint64(0xFFFF) << uint(bits.TrailingZeros64(d)&^15)
		d &^= lane
		l, h := low&lane, hi&lane
		wl := s.cw.points(l)*weightScale + int64(bits.OnesCount64(l))
		wh := s.cw.points(h)*weightScale + int64(bits.OnesCount64(h))
		if wh < wl {
			dead = dead&^lane | h
			high |= lane & laneOnes
		}
		if bits.OnesCount64(h) < bits.OnesCount64(l) {
			fewest = fewest&^lane | h
		}
	}
	return dead, fewest, high
}

// melds returns the melds of the best choice, as card masks in order of
// their lowest card: its sets, and the runs as blocks of each suit. dst
// holds as many melds as the hand can make.
func (s *setChoices) melds(dst []uint64) []uint64 {
	n := 0
	for y := s.bestUsed; y != 0; {
		set := s.bestUsed & (laneOnes << uint(bits.TrailingZeros64(y)&15))
		y &^= set
		dst[n] = set
		n++
	}
	for runs := s.x &^ s.bestUsed &^ s.bestDead; runs != 0; {
		lo := uint(bits.TrailingZeros64(runs) &^ 15)
		v := runs >> lo & 0xFFFF
		runs &^= 0xFFFF << lo
		if s.bestHigh>>lo&1 != 0 {
			v = toHigh(v)
		}
		first := n
		for v != 0 {
			block := v &^ (v + v&-v) // the lowest block of v
			v &^= block
			dst[n] = fromHigh(block) << lo
			n++
		}
		// A run that turns the corner is the block ending at the king
		// and the one starting at the ace.
		if s.t.wrap && n-first > 1 && dst[first]>>lo&2 != 0 && dst[n-1]>>lo&(1<<13) != 0 {
			dst[first] |= dst[n-1]
			n--
		}
	}
	sortByLowest(dst[:n])
	return dst[:n]
}

// arrangeSets solves a hand routed to the set-choice solver (route) into
// a, as write does; s is the plan route made.
func (h *bitHand) arrangeSets(s *setChoices, a *Arrangement, reuse bool) {
	// Try every choice of sets planned.
	s.best, s.fewest = infinity, 64
	if s.n == 0 { // most hands: no choice at all
		s.leave(s.forced)
	} else {
		s.try(0, s.forced)
	}
	var melds []uint64
	switch {
	case s.bestDead == s.x: // many dealt hands meld nothing: no buffer to clear
	case h.n <= 16: // at most 8 melds of 2 cards or more: a small buffer to clear
		melds = s.melds(new([8]uint64)[:])
	default:
		melds = s.melds(new([maxFastMelds]uint64)[:])
	}
	if reuse { // write, spelled out: one call fewer
		h.writeInto(melds, s.bestDead, int(s.best/weightScale), a)
	} else {
		h.writeNew(melds, s.bestDead, int(s.best/weightScale), a)
	}
	goOut, ask := goOutFor(h.n, h.b.discardRequired, len(a.Deadwood))
	switch {
	case ask == askFewerThanTwo:
		goOut = s.fewest < 2
	case ask == askOneKeptBack && s.fewest == 1:
		goOut = true
	case ask == askOneKeptBack && s.fewest == 0:
		// The hand melds whole: can it keep one card back? Rare enough
		// for the bit search.
		f := fastSearch{t: s.t, w: &s.cw.w}
		goOut = f.spare(melds, len(a.Deadwood)) || f.goOutDiscarding(h.held)
	}
	a.CanGoOut = goOut
}
