package engine

import (
	"context"
	"math/bits"
	"slices"
	"sync/atomic"
)

// The fast solver takes the common case: a hand of distinct natural cards,
// no table melds, melds of two cards or more, and no card worth less than
// nothing. Cards are bits (see cardBit), so the hand is one
// uint64 and every meld is a mask. It branches on the lowest card still
// open: deadwood, or the lowest card of one of the few melds that start
// there. At each node the cards that no meld of the remaining cards can
// hold are deadwood at once, which is also the bound.

// fastTable is what the fast solver needs of one combination of the rules
// that shape natural melds; tables are built once and shared.
type fastTable struct {
	m            int  // smallest natural meld: max(MinSize, MinNatural, 1)
	sets, runs   bool // which kinds can exist at that size
	loAce, hiAce bool // an ace may sit below the 2, above the king
	wrap         bool
	ace          AcePosition
	// melds[start[b]:start[b+1]] are the melds whose lowest card is bit b,
	// longest first. Runs have m to 2m-1 cards and sets m to min(2m-1, 4):
	// a longer meld splits into two that are both listed.
	start [65]uint16
	melds []uint64
	// setOptions[suits][fixed] lists the sets worth trying of a rank held
	// in suits (four bits, one a suit) whose suits fixed no run can take,
	// for the set-choice solver (setChoices.plan).
	setOptions [16][16]uint64
}

var fastTables [2 * 2 * 4 * 2 * 15]atomic.Pointer[fastTable]

// fastTableFor returns the table for r, building it on first use.
func fastTableFor(r *Rules) *fastTable {
	m := min(max(r.MinSize, r.MinNatural, 1), 14)
	i := ((((b2i(r.Sets)*2+b2i(r.Runs))*4+int(r.Ace))*2+b2i(r.Wrap))*15 + m)
	if t := fastTables[i].Load(); t != nil {
		return t
	}
	t := buildFastTable(r.Sets, r.Runs, r.Ace, r.Wrap, m)
	fastTables[i].Store(t) // a racing builder stores an equal table
	return t
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func buildFastTable(sets, runs bool, ace AcePosition, wrap bool, m int) *fastTable {
	t := &fastTable{m: m, runs: runs && m <= 13, sets: sets && m <= 4, wrap: wrap, ace: ace,
		loAce: ace != AceHigh, hiAce: ace != AceLow}
	var lists [64][]uint64
	seen := map[uint64]bool{}
	add := func(mask uint64) {
		if !seen[mask] {
			seen[mask] = true
			b := bits.TrailingZeros64(mask)
			lists[b] = append(lists[b], mask)
		}
	}
	if t.runs {
		// RULES.md 2: positions 1 to 14 with the ace at 1 (low) or 14
		// (high); with wrap, any arc of the 13 ranks.
		lo, hi := 1, 13
		if t.hiAce {
			hi = 14
		}
		if !t.loAce {
			lo = 2
		}
		for s := range 4 {
			for n := m; n <= min(2*m-1, 13); n++ {
				if wrap {
					for a := 1; a <= 13; a++ {
						var mask uint64
						for p := a; p < a+n; p++ {
							mask |= 1 << uint(s*16+(p-1)%13+1)
						}
						add(mask)
					}
					continue
				}
				for a := lo; a+n-1 <= hi; a++ {
					var mask uint64
					for p := a; p < a+n; p++ {
						mask |= 1 << uint(s*16+(p-1)%13+1)
					}
					add(mask)
				}
			}
		}
	}
	if t.sets {
		for rk := 1; rk <= 13; rk++ {
			for sub := 1; sub < 16; sub++ {
				if n := bits.OnesCount(uint(sub)); n >= m && n <= min(2*m-1, 4) {
					var mask uint64
					for s := range 4 {
						if sub>>s&1 != 0 {
							mask |= 1 << uint(s*16+rk)
						}
					}
					add(mask)
				}
			}
		}
	}
	for b := range 64 {
		l := lists[b]
		slices.SortFunc(l, func(x, y uint64) int {
			if d := bits.OnesCount64(y) - bits.OnesCount64(x); d != 0 {
				return d
			}
			if x < y {
				return -1
			}
			return 1
		})
		t.start[b] = uint16(len(t.melds))
		t.melds = append(t.melds, l...)
	}
	t.start[64] = uint16(len(t.melds))
	if t.sets {
		for su := range uint64(16) {
			for fixed := su; ; fixed = (fixed - 1) & su {
				t.setOptions[su][fixed] = setOptions(su, fixed, m)
				if fixed == 0 {
					break
				}
			}
		}
	}
	return t
}

// meldable returns the cards of x that some meld of cards of x can hold.
func (t *fastTable) meldable(x uint64) uint64 {
	var res uint64
	if t.runs {
		if t.wrap {
			res = wrapMeldable(x, t.m)
		} else {
			y := x
			if !t.loAce {
				y &^= aceBits
			}
			if t.hiAce {
				y |= (x & aceBits) << 13
			}
			mm := windowCover(y, t.m)
			res = mm | (mm>>13)&aceBits
		}
	}
	if t.sets {
		var rk uint64
		if t.m == 3 { // the hot path: no call
			rk = ranksInThreeSuits(x)
		} else {
			rk = ranksInSuits(x, t.m)
		}
		res |= rk * laneOnes
	}
	return res & x
}

// ranksInOneSuit, ranksInTwoSuits, ranksInThreeSuits and ranksInFourSuits
// are ranksInSuits(x, t) for t of 1 to 4, each small enough to inline.
func ranksInOneSuit(x uint64) uint64 {
	return (x | x>>16 | x>>32 | x>>48) & 0xFFFF
}

func ranksInTwoSuits(x uint64) uint64 {
	a, b, c, d := x&0xFFFF, x>>16&0xFFFF, x>>32&0xFFFF, x>>48
	return a&b | c&d | (a|b)&(c|d)
}

func ranksInThreeSuits(x uint64) uint64 {
	a, b, c, d := x&0xFFFF, x>>16&0xFFFF, x>>32&0xFFFF, x>>48
	return a&b&(c|d) | c&d&(a|b)
}

func ranksInFourSuits(x uint64) uint64 {
	return x & (x >> 16) & (x >> 32) & (x >> 48)
}

// windowCover returns the cards of y that lie in some m bits in a row:
// with the ranks of each suit a lane of y, the cards in blocks of m or more
// consecutive ranks.
func windowCover(y uint64, m int) uint64 {
	if m == 3 { // the usual smallest meld, spelled out
		s := y & (y >> 1) & (y >> 2)
		return s | s<<1 | s<<2
	}
	s := y
	for k := 1; k < m; k++ {
		s &= y >> uint(k)
	}
	mm := s
	for k := 1; k < m; k++ {
		mm |= s << uint(k)
	}
	return mm
}

// ranksInSuits returns the ranks (as bits 1 to 13) of which the cards x
// hold at least t suits, t from 1 to 4.
func ranksInSuits(x uint64, t int) uint64 {
	switch t {
	case 1:
		return ranksInOneSuit(x)
	case 2:
		return ranksInTwoSuits(x)
	case 3:
		return ranksInThreeSuits(x)
	}
	return ranksInFourSuits(x)
}

// wrapMeldable is meldable's run part when runs turn the corner: each suit
// is laid out three times over so every arc is a window.
func wrapMeldable(x uint64, m int) uint64 {
	var res uint64
	for s := uint(0); s < 64; s += 16 {
		v := x >> s & laneRanks
		if v == 0 {
			continue
		}
		mm := windowCover(v|v<<13|v<<26, m)
		res |= ((mm | mm>>13 | mm>>26) & v) << s
	}
	return res
}

// maxFastMelds is the most melds a hand can make when a meld has at least
// two cards; the fast solver leaves one-card melds to the general one.
const maxFastMelds = 26

// fastSearch is one branch-and-bound run of the fast solver.
type fastSearch struct {
	t     *fastTable
	w     *[16]int64 // weight of a card, by rank
	best  int64      // weight of the best arrangement found, or a bound
	depth int
	nBest int
	watch
	stack [maxFastMelds]uint64 // melds of the current branch
	bestM [maxFastMelds]uint64 // melds of the best arrangement
}

// rec finishes an arrangement in which the cards x are still open and acc
// is the weight of the deadwood so far.
func (f *fastSearch) rec(x uint64, acc int64) {
	if f.done != nil && f.expired() {
		return
	}
	mx := f.t.meldable(x)
	for d := x &^ mx; d != 0; d &= d - 1 {
		acc += f.w[bits.TrailingZeros64(d)&15]
	}
	if acc >= f.best {
		return
	}
	if mx == 0 {
		f.best = acc
		f.nBest = copy(f.bestM[:], f.stack[:f.depth])
		return
	}
	c := bits.TrailingZeros64(mx)
	t := f.t
	for _, m := range t.melds[t.start[c]:t.start[c+1]] {
		if mx&m == m {
			f.stack[f.depth] = m
			f.depth++
			f.rec(mx&^m, acc)
			f.depth--
		}
	}
	if w := acc + f.w[c&15]; w < f.best {
		f.rec(mx&^(1<<uint(c)), w)
	}
}

// cardWeights are the weights of natural cards under some values, in the
// two forms the bit strategies read.
type cardWeights struct {
	v Values
	w [16]int64 // the weight of a card by rank
	// planes[k] holds the cards whose points have bit k set, so the points
	// of cards x are the sum of popcount(x&planes[k])<<k, when planesHold
	// (no card counts below zero or more than the planes hold).
	planes     [maxPlanes]uint64
	nPlanes    int
	planesHold bool
}

// maxPlanes bounds the points of a card the planes hold: below 1<<maxPlanes.
const maxPlanes = 8

// cardWeightsCache holds the weights of the values last asked for, which
// are nearly always the values asked for next.
var cardWeightsCache atomic.Pointer[cardWeights]

// weightsFor returns the weights of cards under v, from the cache when it
// has them.
func weightsFor(v *Values) *cardWeights {
	// Field by field: the compiler compares a whole struct by a call.
	if c := cardWeightsCache.Load(); c != nil && c.v.Ace == v.Ace && c.v.Face == v.Face && c.v.Pips == v.Pips && c.v.Joker == v.Joker && c.v.AceLowRun == v.AceLowRun {
		return c
	}
	c := &cardWeights{v: *v, w: rankWeights(*v)}
	top := int64(0)
	for rk := Ace; rk <= King; rk++ {
		top = max(top, c.w[rk]/weightScale)
		for k := range maxPlanes {
			if c.w[rk]/weightScale>>k&1 != 0 {
				c.planes[k] |= laneOnes << rk
			}
		}
	}
	c.planesHold = v.Ace >= 0 && v.Face >= 0 && v.Pips >= 0 && top < 1<<maxPlanes
	if c.planesHold {
		c.nPlanes = bits.Len64(uint64(top))
	}
	cardWeightsCache.Store(c)
	return c
}

// points returns the points of the cards x by the planes.
func (c *cardWeights) points(x uint64) int64 {
	pl := &c.planes
	// Four planes hold every card up to 15 points, as most values are.
	p := int64(bits.OnesCount64(x&pl[0])) + int64(bits.OnesCount64(x&pl[1]))<<1 +
		int64(bits.OnesCount64(x&pl[2]))<<2 + int64(bits.OnesCount64(x&pl[3]))<<3
	for k := 4; k < c.nPlanes; k++ {
		p += int64(bits.OnesCount64(x&pl[k])) << k
	}
	return p
}

// rankWeights returns the weight of a natural card by rank, as weight
// does (Values.Points spelled out: this is on the fast path).
func rankWeights(v Values) [16]int64 {
	var w [16]int64
	w[Ace] = int64(v.Ace)*weightScale + 1
	for rk := Two; rk <= Nine; rk++ {
		p := int64(rk)
		if v.Pips != 0 {
			p = int64(v.Pips)
		}
		w[rk] = p*weightScale + 1
	}
	w[Ten] = 10*weightScale + 1
	w[Jack] = int64(v.Face)*weightScale + 1
	w[Queen], w[King] = w[Jack], w[Jack]
	return w
}

// arrangeBits solves a hand routed to the bit search (route) into a, as
// write does.
func (h *bitHand) arrangeBits(ctx context.Context, a *Arrangement, reuse bool) error {
	b := h.b
	var f fastSearch
	f.t, f.w, f.best, f.done = b.t, &b.cw.w, infinity, ctx.Done()
	x := h.held
	f.rec(x, 0)
	melds := f.bestM[:mergeFast(f.bestM[:f.nBest], f.t)]
	var used uint64
	for _, m := range melds {
		used |= m
	}
	dead := x &^ used
	h.write(melds, dead, int(f.best/weightScale), a, reuse)
	if f.stop {
		var err error
		*a, err = unproven(ctx, *a, h.lowerBound(&f), b.discardRequired)
		return err
	}
	goOut, ask := goOutFor(h.n, b.discardRequired, len(a.Deadwood))
	switch ask {
	case askFewerThanTwo:
		goOut = f.goOut(x, 2)
	case askOneKeptBack:
		goOut = f.spare(melds, len(a.Deadwood)) || f.goOutDiscarding(x)
	}
	if f.stop {
		var err error
		*a, err = unproven(ctx, *a, int64(a.Points)*weightScale, b.discardRequired)
		return err
	}
	a.CanGoOut = goOut
	return nil
}

// write renders the answer of a bit strategy into a: melds as card masks
// in order of their lowest card, the deadwood dead and its points. The
// melds are in order already, so it writes only the fields it fills,
// without a solution to render: this is most of a small hand's time, and
// each pointer written through a costs a write barrier while the garbage
// collector runs. With reuse (Arranger.ArrangeInto) it writes into the
// slices a holds, growing those too short; otherwise a is zero and the
// melds and the deadwood share one new slice of the hand's size.
func (h *bitHand) write(melds []uint64, dead uint64, points int, a *Arrangement, reuse bool) {
	if reuse {
		h.writeInto(melds, dead, points, a)
	} else {
		h.writeNew(melds, dead, points, a)
	}
}

// writeNew is write into a zero a.
func (h *bitHand) writeNew(melds []uint64, dead uint64, points int, a *Arrangement) {
	// A hand of up to 16 cards in up to 4 melds takes one allocation of
	// the size it needs for both (the garbage collector's work grows with
	// the bytes), the others two.
	var cards []Card
	var out [][]Card
	n := h.n
	switch k := len(melds); {
	case k == 0:
		cards = make([]Card, n)
	case n > 16 || k > 4:
		out, cards = make([][]Card, k), make([]Card, n)
	case k == 1:
		b := new(struct {
			melds [1][]Card
			cards [16]Card
		})
		out, cards = b.melds[:], b.cards[:]
	case k == 2:
		b := new(struct {
			melds [2][]Card
			cards [16]Card
		})
		out, cards = b.melds[:], b.cards[:]
	case k == 3:
		b := new(struct {
			melds [3][]Card
			cards [16]Card
		})
		out, cards = b.melds[:], b.cards[:]
	default:
		b := new(struct {
			melds [4][]Card
			cards [16]Card
		})
		out, cards = b.melds[:], b.cards[:]
	}
	rest := cards[:n:n]
	for i, m := range melds {
		n := bits.OnesCount64(m)
		meld := rest[:n:n]
		rest = rest[n:]
		h.putMeld(meld, m)
		out[i] = meld
	}
	if out != nil {
		a.Melds = out
	}
	a.Points = points
	if dead != 0 {
		putCards(rest, dead)
		a.Deadwood = rest
	}
}

// writeInto is write into the slices of a, reusing their capacity: a meld
// or the deadwood that does not fit its slice gets a new one that holds
// the whole hand, so that a hand of that size never grows it again. The
// slices of a must not share memory, as those of an answer never do.
func (h *bitHand) writeInto(melds []uint64, dead uint64, points int, a *Arrangement) {
	if cap(a.Melds) < len(melds) {
		a.Melds = h.growMelds(a.Melds[:cap(a.Melds)], len(melds))
	}
	// Reslicing a slice into itself writes only its length: no pointer
	// is stored, so no write barrier is needed.
	a.Melds = a.Melds[:len(melds)]
	out := a.Melds
	for i, m := range melds {
		n := bits.OnesCount64(m)
		if cap(out[i]) < n {
			out[i] = make([]Card, h.n)
		}
		out[i] = out[i][:n]
		if h.b.aceMoves && m&aceBits != 0 {
			h.putMeld(out[i], m)
		} else {
			putCards(out[i], m)
		}
	}
	a.Layoffs = a.Layoffs[:0]
	d := bits.OnesCount64(dead)
	if cap(a.Deadwood) < d {
		a.Deadwood = make([]Card, h.n)
	}
	a.Deadwood = a.Deadwood[:d]
	putCards(a.Deadwood, dead)
	a.Points, a.CanGoOut = points, false
}

// growMelds returns melds with room for k, keeping the slices it holds.
func (h *bitHand) growMelds(melds [][]Card, k int) [][]Card {
	grown := make([][]Card, max(k, h.n/2))
	copy(grown, melds)
	return grown
}

// putMeld fills dst with the cards of the meld m in the order it is shown:
// card order, but for a run whose ace sits above the king or that turns
// the corner.
func (h *bitHand) putMeld(dst []Card, m uint64) {
	// Only a run with an ace can be out of card order.
	if l := m >> uint(bits.TrailingZeros64(m)&^15); h.b.aceMoves && m&aceBits != 0 && l <= 0xFFFF && len(dst) > 1 {
		appendRun(dst[:0], l, bits.TrailingZeros64(m)>>4, h.b.ace, h.b.wrap)
	} else {
		putCards(dst, m)
	}
}

// putCards fills dst with the cards x in card order; x holds len(dst).
func putCards(dst []Card, x uint64) {
	// Two cards a round: this is most of writing an answer. The top bit
	// changes nothing (x is never empty here), but tells the compiler
	// so: it then counts the zeros without a check.
	i := 1
	for ; i < len(dst); i += 2 {
		y := x & (x - 1)
		dst[i-1] = bitCard(bits.TrailingZeros64(x | 1<<63))
		dst[i] = bitCard(bits.TrailingZeros64(y | 1<<63))
		x = y & (y - 1)
	}
	if i == len(dst) {
		dst[i-1] = bitCard(bits.TrailingZeros64(x | 1<<63))
	}
}

// lowerBound returns a lower bound on the weight of any arrangement: the
// cards no meld can hold.
func (h *bitHand) lowerBound(f *fastSearch) int64 {
	var lb int64
	for d := h.held &^ f.t.meldable(h.held); d != 0; d &= d - 1 {
		lb += f.w[bits.TrailingZeros64(d)&15]
	}
	return lb
}

// mergeFast joins melds that were split only because the solver lists
// short melds (two runs of a suit that meet, two sets of a rank), and sorts
// them by lowest card. It returns how many melds are left.
func mergeFast(melds []uint64, t *fastTable) int {
	n := len(melds)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			u := melds[i] | melds[j]
			lo := uint(bits.TrailingZeros64(u) &^ 15)
			sameLane := u>>lo <= 0xFFFF
			sameRank := u>>uint(bits.TrailingZeros64(u))&^laneOnes == 0
			if t.runs && sameLane && runLane(u>>lo, t.ace, t.wrap) || t.sets && sameRank {
				melds[i] = u
				melds[j] = melds[n-1]
				n--
				j = i
			}
		}
	}
	sortByLowest(melds[:n])
	return n
}

// sortByLowest sorts melds, disjoint card masks, by their lowest card:
// by insertion, as they are few.
func sortByLowest(melds []uint64) {
	for i := 1; i < len(melds); i++ {
		// Melds are disjoint, so their lowest bits order them by lowest card.
		m := melds[i]
		j := i
		for ; j > 0 && melds[j-1]&-melds[j-1] > m&-m; j-- {
			melds[j] = melds[j-1]
		}
		melds[j] = m
	}
}

var unitWeights = [16]int64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}

// goOut reports whether the cards x can be arranged to leave fewer than
// limit cards.
func (f *fastSearch) goOut(x uint64, limit int64) bool {
	if int64(bits.OnesCount64(x&^f.t.meldable(x))) >= limit {
		return false
	}
	// f's own search is over: it searches again, counting cards.
	f.w, f.best, f.depth = &unitWeights, limit, 0
	f.rec(x, 0)
	return f.best < limit
}

// spare reports, for melds that hold every card (left is 0), whether one
// of them can give up a card and stay a meld: a run or set longer than the
// smallest meld.
func (f *fastSearch) spare(melds []uint64, left int) bool {
	if left != 0 {
		return false
	}
	for _, m := range melds {
		if bits.OnesCount64(m) > f.t.m {
			return true
		}
	}
	return false
}

// goOutDiscarding reports whether the cards x can be arranged to leave
// exactly one card: some card is kept back and the rest melds.
func (f *fastSearch) goOutDiscarding(x uint64) bool {
	if bits.OnesCount64(x&^f.t.meldable(x)) > 1 {
		return false
	}
	for y := x; y != 0; y &= y - 1 {
		if f.goOut(x&^(y&-y), 1) {
			return true
		}
	}
	return false
}
