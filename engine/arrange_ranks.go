package engine

import (
	"cmp"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
)

// The rank solver is a way of the race (arrange_race.go) on large hands,
// and the second, independent strategy the tests hold the general solver
// to. It takes large hands of the common two-deck shape: at most
// four jokers in the hand, no table melds, melds of three cards or more
// with two naturals or more, suits distinct in a set, no wrap, no card
// worth less than nothing. It is a dynamic programme over rank positions,
// after van Rijn, Takes and Vis, "The Complexity of Rummikub Problems"
// (arXiv 1604.07553).
//
// Positions run lo to hi: 1 (ace) to 13 (king) when aces are low, 2 to 14
// (ace) when high, 1 to 14 when either. Then every ace goes low at
// position 1 (a low run, a set) or is held back for position 14, where it
// ends a run from the king or is left in hand. The state after a position
// holds, for each suit, the runs still open, by what each still needs (see
// dpCfg); the jokers still in hand; and, when aces go either way, the aces
// of each suit held back. Within a position the suits are taken one at a
// time (suitOrder), and the naturals they put into sets wait in the state
// until the sets of the position are made.
//
// Melds take only the jokers they cannot do without: the gaps of a run,
// the third card of a run or set with two naturals. Any meld with more
// jokers is such a meld plus jokers taken at the end, so the programme
// solves the problem in which every joker left over is taken at the end:
// it can only leave less than the true answer. Its answer is read back and
// the jokers left placed where there is room (a run of 13 cards, or 14
// from ace to ace, which cuts into two runs when the hand holds at most
// four jokers; a set of 4). When they all fit, as they do in any large
// hand, the answer is exact; when not, the general solver decides.
//
// In that problem a run that needs less is worth more (dpCfg), an extra
// complete run costs nothing, and a joker in hand is worth no less than a
// joker melded. Moves that lose to another move by that order are never
// made (genMoves), nor moves that leave fewer jokers than the position's
// sets and the open runs' next cards need (dpAhead), and after each
// position a state is dropped when another beats it (dropBeaten).
//
// The state count is what it costs: up to some 10^4 open-run shapes across
// the four suits in a dense two-deck hand, times the jokers in hand, times
// up to 81 ways to hold aces back when aces go either way (which from
// position 2 to 13 ride in one record: runByAces). Under a limit (d.limit)
// a state that leaves more is dropped, so a question of a few points
// keeps few states: that is the rank solver's part in the race, proving
// that nothing lighter than a light answer exists (ranksWay.prove). Asked
// for everything, a dense hand can take it seconds. See
// BenchmarkLargeHands.

// dpCfg is the open runs of one suit after a position, counted by what
// each still needs. Every open run holds a card at the position just taken:
// a natural (at most two of them, one a deck) or a joker. A run of each
// kind can do all that a run of the kinds before it can.
type dpCfg struct {
	a uint8 // one natural: needs another natural and a third card
	n uint8 // one natural and jokers: needs one more natural
	c uint8 // two naturals side by side: needs one more card
	e uint8 // complete, ending with a natural
}

// The kinds of open runs, in the order of dpCfg.
const (
	kindA = iota
	kindN
	kindC
	kindE
)

// dpMove is what one suit's open runs and naturals do at a position.
type dpMove struct {
	to             uint8 // the suit's dpCfg index afterwards
	jok            uint8 // jokers it takes
	closeE, closeC uint8 // runs closed as they are; runs of two closed with a joker above
	start0, start1 uint8 // runs started; runs started with a joker below (at hi-1 only)
	set, rest      uint8 // naturals put into sets; naturals left (deadwood, or aces held back)
	// which runs take the position's naturals, by kind, and which c and e
	// runs take a joker; a and n runs that take no natural take a joker, c
	// and e runs that take neither close
	x      [4]uint8
	jC, jE uint8
}

// dpSetOpt is how to make sets of the naturals a position puts into sets
// with the fewest jokers.
type dpSetOpt struct {
	ok   bool
	need uint8
	n    uint8
	sets [4]uint8 // the sets, as masks of suits
}

const (
	dpMaxJokers = 4 // jokers a hand may hold for the rank solver
	dpMaxN      = 6 // n runs of a suit: two naturals and four jokers
	dpClasses   = 3 // positions below hi-1, hi-1, hi
)

type dpTables struct {
	cfgs     []dpCfg
	index    [3][3][3][dpMaxN + 1]int8 // dpCfg (a, c, e, n) to its index, -1 for none
	moves    [][3][dpClasses][]dpMove
	sets     [256]dpSetOpt  // by the naturals put into sets, two bits a suit
	need     [25]int8       // jokers the sets need, by suits giving one + 5 * suits giving two; -1 for none
	beat     [128][2]uint64 // by dpCfg index x, bit y: whether configuration x beats y (or is it)
	beatenBy [128][2]uint64 // by dpCfg index y, bit x: whether configuration x beats y (or is it)
	strength []uint8        // by dpCfg index: a sum that beating raises
	needs    []uint8        // by dpCfg index: 1 when a run needs a natural (a or n; dpTail)
	opens    []uint8        // by dpCfg index: 1 when there is an open run
}

var dpTablesOnce = sync.OnceValue(buildDPTables)

func (t *dpTables) cfgIndex(c dpCfg) int {
	if c.a+c.c+c.e > 2 || c.n > dpMaxN {
		return -1
	}
	return int(t.index[c.a][c.c][c.e][c.n])
}

func buildDPTables() *dpTables {
	t := &dpTables{}
	for a := range 3 {
		for c := range 3 {
			for e := range 3 {
				for n := range dpMaxN + 1 {
					t.index[a][c][e][n] = -1
					if a+c+e <= 2 {
						t.index[a][c][e][n] = int8(len(t.cfgs))
						t.cfgs = append(t.cfgs, dpCfg{a: uint8(a), n: uint8(n), c: uint8(c), e: uint8(e)})
					}
				}
			}
		}
	}
	t.moves = make([][3][dpClasses][]dpMove, len(t.cfgs))
	for i, cf := range t.cfgs {
		for k := range 3 {
			for class := range dpClasses {
				t.moves[i][k][class] = t.genMoves(cf, k, class)
			}
		}
	}
	for v := range 256 {
		t.sets[v] = minSetOpt(v)
	}
	for n1 := range 5 {
		for n2 := range 5 - n1 {
			v := 0
			for s := range n1 + n2 {
				v |= 1 << uint(2*s)
				if s >= n1 {
					v += 1 << uint(2*s)
				}
			}
			t.need[n1+5*n2] = -1
			if o := t.sets[v]; o.ok {
				t.need[n1+5*n2] = int8(o.need)
			}
		}
	}
	t.strength = make([]uint8, len(t.cfgs))
	for i, x := range t.cfgs {
		for j, y := range t.cfgs {
			if beats(x, y) {
				t.beat[i][j>>6] |= 1 << uint(j&63)
				t.beatenBy[j][i>>6] |= 1 << uint(i&63)
			}
		}
		t.strength[i] = x.a + 2*x.n + 3*x.c + 4*x.e
		t.needs = append(t.needs, min(x.a+x.n, 1))
		t.opens = append(t.opens, min(x.a+x.n+x.c+x.e, 1))
	}
	return t
}

// beats reports whether open runs x can do all that open runs y can: each
// run of y matched to a run of x that needs no more, the runs of x left
// over complete.
func beats(x, y dpCfg) bool {
	nx := int(x.a + x.n + x.c + x.e)
	ny := int(y.a + y.n + y.c + y.e)
	if nx < ny || int(x.e) < nx-ny {
		return false
	}
	xs := kindsDesc(x, nx-ny)
	ys := kindsDesc(y, 0)
	for i := range ys {
		if xs[i] < ys[i] {
			return false
		}
	}
	return true
}

// kindsDesc lists the kinds of the runs of c, those that need least first,
// less drop complete ones.
func kindsDesc(c dpCfg, drop int) []int {
	var ks []int
	for range int(c.e) - drop {
		ks = append(ks, kindE)
	}
	for range c.c {
		ks = append(ks, kindC)
	}
	for range c.n {
		ks = append(ks, kindN)
	}
	for range c.a {
		ks = append(ks, kindA)
	}
	return ks
}

// genMoves lists the moves of a suit whose open runs are cf and which has
// k naturals at a position of the given class: 0 below hi-1, where runs
// may start; 1 at hi-1, where a new run can only be a joker and the
// naturals hi-1 and hi; 2 at hi, after which every run is complete.
//
// It leaves out the moves another move beats (see dpCfg): a natural left
// in hand while a run takes a joker or closes (give it the natural); a run
// started while another closes (extend that one); a natural given to a run
// while a run that needs less takes a joker (swap them).
func (t *dpTables) genMoves(cf dpCfg, k, class int) []dpMove {
	var out []dpMove
	have := [4]int{int(cf.a), int(cf.n), int(cf.c), int(cf.e)}
	runs := have[0] + have[1] + have[2] + have[3]
	var x [4]int
	var rec func(kind, ext int)
	rec = func(kind, ext int) {
		if kind < 4 {
			for x[kind] = 0; x[kind] <= have[kind] && ext+x[kind] <= k; x[kind]++ {
				rec(kind+1, ext+x[kind])
			}
			return
		}
		minNat := 4
		for kd := range 4 {
			if x[kd] > 0 {
				minNat = kd
				break
			}
		}
		// a and n runs that take no natural must take a joker.
		forced := have[kindA] - x[kindA] + have[kindN] - x[kindN]
		for jC := 0; jC <= have[kindC]-x[kindC]; jC++ {
			for jE := 0; jE <= have[kindE]-x[kindE]; jE++ {
				maxJok := -1
				for kd, n := range [4]int{have[kindA] - x[kindA], have[kindN] - x[kindN], jC, jE} {
					if n > 0 {
						maxJok = kd
					}
				}
				if maxJok > minNat {
					continue
				}
				closeC := have[kindC] - x[kindC] - jC
				closeE := have[kindE] - x[kindE] - jE
				left := k - ext
				for s0 := 0; s0 <= left; s0++ {
					if s0 > 0 && class != 0 {
						break
					}
					for s1 := 0; s0+s1 <= left; s1++ {
						if s1 > 0 && class != 1 {
							break
						}
						if s0+s1 > 0 && closeC+closeE > 0 {
							continue
						}
						for set := 0; s0+s1+set <= left; set++ {
							rest := left - s0 - s1 - set
							if rest > 0 && ext < runs {
								continue
							}
							jok := forced + jC + jE + closeC + s1
							if jok > dpMaxJokers {
								continue
							}
							to := dpCfg{
								a: uint8(s0),
								n: uint8(forced + jC + jE + s1),
								c: uint8(x[kindA]),
								e: uint8(x[kindN] + x[kindC] + x[kindE]),
							}
							if class == 2 && (to.a != 0 || to.c != 0 || to.n != 0) {
								continue
							}
							ti := t.cfgIndex(to)
							if ti < 0 {
								continue
							}
							out = append(out, dpMove{
								to: uint8(ti), jok: uint8(jok), closeE: uint8(closeE), closeC: uint8(closeC),
								start0: uint8(s0), start1: uint8(s1), set: uint8(set), rest: uint8(rest),
								x: [4]uint8{uint8(x[0]), uint8(x[1]), uint8(x[2]), uint8(x[3])}, jC: uint8(jC), jE: uint8(jE),
							})
						}
					}
				}
			}
		}
	}
	rec(0, 0)
	return out
}

// minSetOpt finds how to make sets of the naturals v (two bits a suit: how
// many of that suit, each in a different set) with the fewest jokers.
func minSetOpt(v int) dpSetOpt {
	var left [4]int
	for s := range 4 {
		left[s] = v >> uint(2*s) & 3
		if left[s] > 2 {
			return dpSetOpt{}
		}
	}
	best := dpSetOpt{need: 255}
	var cur dpSetOpt
	var rec func()
	rec = func() {
		lowest := -1
		for s := range 4 {
			if left[s] > 0 {
				lowest = s
				break
			}
		}
		if lowest < 0 {
			if cur.need < best.need {
				best = cur
				best.ok = true
			}
			return
		}
		for mask := 1; mask < 16; mask++ {
			if mask&(1<<uint(lowest)) == 0 || bits.OnesCount(uint(mask)) < 2 {
				continue
			}
			fits := true
			for s := range 4 {
				fits = fits && (mask>>uint(s)&1 == 0 || left[s] > 0)
			}
			if !fits {
				continue
			}
			for s := range 4 {
				left[s] -= mask >> uint(s) & 1
			}
			saved := cur
			cur.sets[cur.n] = uint8(mask)
			cur.n++
			if bits.OnesCount(uint(mask)) == 2 {
				cur.need++
			}
			rec()
			cur = saved
			for s := range 4 {
				left[s] += mask >> uint(s) & 1
			}
		}
	}
	rec()
	return best
}

// The state as a uint64.
const (
	dpCfgBits   = 7  // a suit's dpCfg index, 7 bits a suit from bit 0
	dpJShift    = 28 // jokers in hand, 3 bits
	dpPendShift = 31 // aces held back for position 14, 2 bits a suit
	dpKeptBit   = 39 // dpOneLeft: a card has been kept back
	dpSetShift  = 40 // naturals put into sets at this position: suits giving one, and 5 times suits giving two
	dpCfgMask   = 1<<dpCfgBits - 1
)

type dpMode uint8

const (
	dpWeighted dpMode = iota // least deadwood weight
	dpCards                  // fewest cards left
	dpOneLeft                // can exactly one card be left
)

type dpRec struct {
	key  uint64
	val  int64
	prev int32
	move int32
}

// dpBeaten is the move of a record another record beats: it is not taken
// further.
const dpBeaten = -1

type dpSolver struct {
	t      *dpTables
	lo, hi int
	either bool
	// mirror: positions 2 to 13 hold the ranks the other way round, rank
	// 15-p at position p, so that the programme goes from the king down
	// (mirrorPositions)
	mirror bool
	// bothEnds: the looser problem of acesTwiceBound, every ace at both
	// ends (acesAtBothEnds)
	bothEnds bool
	cnt      [16][4]uint8 // naturals by position and suit
	w        [16]int64    // weight of a natural, by position
	// aceLeft, in the looser problem of acesTwiceBound, weighs a copy of
	// an ace left over at either end, by suit, instead of w
	aceLeft   [4]int64
	jokers    int
	mode      dpMode
	limit     int64     // states above it are dropped
	after     [16]int64 // weight the positions after p must leave, at least
	tail      *dpTail   // when set, a bound on that by the jokers in hand (tailBound)
	layers    [][]dpRec
	order     []uint64   // scratch for dropBeaten and keepBeam
	rooms     []int64    // scratch for keepBeam
	radix     []uint64   // scratch for sortOrder
	orderLong []dpOrder  // scratch for dropBeaten, where order's words do not fit
	byCfg     [][]uint64 // scratch for dropBeaten: kept states by their first two suits' open runs
	used0     []uint16   // scratch for dropBeaten: the pairs of configurations byCfg holds
	// scratch for dropBeaten: the first suit's configurations of the
	// states byCfg holds, by bit, and the second's by the first's
	rows   [2]uint64
	filled [128][2]uint64
	kept   []uint64
	lims   dpLimits // what limits returns, for position limsAt of the run
	limsAt int
	// finish is what finishNeeds fills in once the counts are final
	// (finished): by position, suit and dpCfg index, the jokers open runs
	// take until they end.
	finish   [16][4][128]uint8
	finished bool
	aheadBuf dpAhead // what ahead returns, for the suit being taken
	slots    []int32 // the open-addressing index of the layer being built
	shift    uint

	// With a tick (in a race, or answering CanGoOut): work counts the
	// solver's steps, and every dpTick of work the solver asks tick
	// whether to go on; when not, or when its layers would pass
	// dpMaxStates or dpMaxVals, it stops (run reports nothing found, and
	// stopped is set; capped too when the caps stopped it).
	work, next      int64
	tick            func() bool
	stopped, capped bool
	// beam, when set, is the most states runLayers takes on from a
	// position (keepBeam)
	beam int

	// only, when not 0, is one plus the aces held back at position 1
	// that runLayers allows (two bits a suit, as in the state); see
	// runByAces.
	only uint64
	bufs [2]dpVecBuf // the layers of runByAces, taking turns
	turn int
	// arena holds the layers of a run one after another, from the
	// first (startLayer), in chunks: at is the chunk the last layer lies
	// in, last where in it that layer begins, and off where the next
	// may.
	arena         [][]dpRec
	at, last, off int
	states        int // the states the layers of the run so far hold or were asked for (asked)
	asked         int // the states startLayer was asked for, at least 256
}

const (
	// dpTick is the work between a racing rank solver's looks at its
	// rivals.
	dpTick = 1 << 16
	// The work of the solver's steps, in about nanoseconds (fitted to the
	// solver's time alone on the large corpus's deals, to within some
	// 50%; the time is a median 0.8 of the count, 0.6 to 1.4 on the 72
	// two-deck hands of the corpus the solver takes): a state taken into
	// a layer, one into a layer of vectors and each entry it takes or
	// tests (in dropBeatenVec), a test of one state against another
	// in dropBeaten, and a state the beam chooses among (keepBeam, a
	// guess at its selection's time). The layers without vectors (runLayers, which the
	// looser problem runs whole) were refitted in the eighth
	// round, least squares over the looser problem asked 4, 8 and 12
	// points up on each two-deck hand of the corpus (207 runs over 0.2
	// ms): 40 ns a state and 0.7 a test, so 32 and 1 (time 0.8 to 1.1 of
	// the count, p10 to p90). A test had counted 9, and nine tenths of
	// such a run's count were tests, so it had counted three times its
	// time, and the rank solver lost races it had won (deal-60-13416: 18
	// ms alone, the highest-first way 83, the race 100).
	dpRelaxWork    = 32
	dpRelaxVecWork = 46
	dpEntryWork    = 5
	dpBeatWork     = 1
	dpBeamWork     = 16
)

var (
	// dpMaxStates is the most states the layers of a run of the solver
	// hold when it has a tick (in a race, or answering CanGoOut), counted
	// by their capacity: 48 MB of records and at most as much again of
	// index. dpMaxVals is the most words (four bytes) a layer of vectors
	// holds, its entries and its records (vecWords), two such layers at a
	// time: 32 MB. Past them the solver stops, and the general solver
	// answers. Before the looser problem bounded the questions
	// (tailBound) they were half as large, and larger layers slowed the
	// others more than they gained (deal-68-4985 136 to 168 ms instead of
	// 107 to 116); under the bound, doubled, the rank solver proves
	// deal-75-104492 (3 points; the looser problem 0), where its question
	// of 3 points had passed them: 143 to 150 ms in the race, then under
	// 100; climbed-1 2.4 s, then 0.20 to 0.28; climbed-2 1.3 s, then 0.17
	// to 0.18; the median hand as before. Quadrupled, they measured as
	// doubled. In the eleventh round they doubled again: a climb found
	// climbed-6 (55 points; the looser problem 41), whose questions from
	// 55 points passed them, and the race took 0.86 to 0.90 s, where the
	// rank solver now proves it and the race takes 0.23 to 0.26 s
	// (`rummy hand` 149 MB); the other hands as before or quicker.
	// They are variables, which tests lower to reach the paths where the
	// solver passes them (TestRanksCapped).
	dpMaxStates = 1 << 21
	dpMaxVals   = 1 << 22
)

// A state of a finished layer is held to at most dpKept states kept
// before it (dropBeaten), and a layer of vectors to dpKeptVec (each test
// there compares every entry): the first that misses a beaten state only
// costs it the states it leads to. On deal-75-445, 32 kept take the
// vectors 35 ms where 1,024 took 78 ms and 8 took 45 ms.
const (
	dpKept    = 1024
	dpKeptVec = 32
)

// rankAt returns the rank at position p of d, mirrored or not.
func (d *dpSolver) rankAt(p int) Rank {
	if d.mirror && p >= 2 && p <= 13 {
		return Rank(15 - p)
	}
	return posRankAt(p)
}

// mirrorPositions turns the positions of d round, where aces go either
// way (positions 1 to 14, the ace at both ends): position p then holds
// the naturals of rank 15-p, as if the ranks ran from the king down to
// the ace. The problem reads the same either way round, so its least
// weight is the same, but the states on the way are not: on the large
// corpus the looser problem of acesTwiceBound takes 3.6 times less work
// turned round (deal-75-4615 3 ms against 26, deal-75-6736 4 against 21,
// deal-75-10499 4 against 23), and at most some 50% more on a few hands
// (deal-75-404 7 ms against 4). Call it before setForced and before
// weighing the naturals anew (goOutWeights).
func (d *dpSolver) mirrorPositions() {
	for p := 2; p <= 7; p++ {
		q := 15 - p
		d.cnt[p], d.cnt[q] = d.cnt[q], d.cnt[p]
		d.w[p], d.w[q] = d.w[q], d.w[p]
	}
	d.mirror = !d.mirror
	d.finished = false
}

// meldCards returns the cards of m, a meld d read back, a run's in rank
// order from its low end.
func (d *dpSolver) meldCards(m dpMeld) []Card {
	if d.mirror && m.run {
		slices.Reverse(m.cards)
	}
	return m.cards
}

// posRankAt returns the rank at position p: p itself, the ace at 14.
func posRankAt(p int) Rank {
	if p == 14 {
		return Ace
	}
	return Rank(p)
}

// dpSupports reports whether the rank solver takes hands holding the given
// number of jokers under r, with no table melds.
func (r Rules) dpSupports(jokers int) bool {
	return r.Decks >= 1 && r.Decks <= 2 && jokers <= dpMaxJokers &&
		r.Sets && r.Runs && r.DistinctSuits && !r.Wrap &&
		r.MinSize == 3 && r.MinNatural == 2 &&
		(r.MaxJokers == 0 || r.MaxJokers >= jokers) &&
		r.Ace >= AceLow && r.Ace <= AceEither && !r.negativeValues()
}

// newDPSolver readies the rank solver for the naturals counts (by card
// bit) and jokers under r, with the buffers of a solver from the pool
// (release).
func newDPSolver(r Rules, counts *[64]int, jokers int, mode dpMode) *dpSolver {
	return reuseDPSolver(dpSolverPool.Get().(*dpSolver), r, counts, jokers, mode)
}

// reuseDPSolver is newDPSolver with the buffers of old, a solver no longer
// used, whose capacities only spare allocations: the caps count what the
// layers are asked for and hold, not what they can, so the search is the
// same.
func reuseDPSolver(old *dpSolver, r Rules, counts *[64]int, jokers int, mode dpMode) *dpSolver {
	d := &dpSolver{t: dpTablesOnce(), lo: 1, hi: 13, jokers: jokers, mode: mode, limit: infinity,
		order: old.order[:0], rooms: old.rooms[:0], radix: old.radix, orderLong: old.orderLong[:0], kept: old.kept[:0], byCfg: old.byCfg, used0: old.used0[:0], slots: old.slots, arena: old.arena, bufs: old.bufs, layers: old.layers[:0]}
	switch r.Ace {
	case AceHigh:
		d.lo, d.hi = 2, 14
	case AceEither:
		d.lo, d.hi, d.either = 1, 14, true
	}
	for b, n := range counts {
		if n == 0 {
			continue
		}
		s, p := b>>4, b&15
		if p == int(Ace) && r.Ace == AceHigh {
			p = 14
		}
		d.cnt[p][s] = uint8(n)
	}
	for p := 1; p <= 14; p++ {
		d.w[p] = 1
		if mode == dpWeighted {
			d.w[p] = weight(&r, NewCard(posRankAt(p), Clubs))
		}
	}
	return d
}

// dpSolverPool holds solvers whose buffers newDPSolver reuses.
var dpSolverPool = sync.Pool{New: func() any { return new(dpSolver) }}

// release gives d's buffers to the pool; d must not be used after.
func (d *dpSolver) release() {
	clear(d.layers[:cap(d.layers)])
	dpSolverPool.Put(d)
}

// newSolver is newDPSolver for k's hand, with the buffers of a solver k
// released (k.release) where it holds one. The collector empties the
// pool, and in a process's first proof, while the general solver's
// tables grow, it runs every few milliseconds: its solvers' layers then
// grew afresh, in new memory (see startLayer).
func (k *ranksWay) newSolver(mode dpMode) *dpSolver {
	n := len(k.solvers)
	if n == 0 {
		return newDPSolver(k.r, &k.counts, k.jokers, mode)
	}
	old := k.solvers[n-1]
	k.solvers = k.solvers[:n-1]
	return reuseDPSolver(old, k.r, &k.counts, k.jokers, mode)
}

// release keeps d's buffers for k's next solver; d must not be used
// after.
func (k *ranksWay) release(d *dpSolver) {
	clear(d.layers[:cap(d.layers)])
	k.solvers = append(k.solvers, d)
}

// flush gives the buffers k holds to the pool, once k's proofs are done.
func (k *ranksWay) flush() {
	for _, d := range k.solvers {
		dpSolverPool.Put(d)
	}
	k.solvers = nil
}

// setForced makes after[p] the weight of the naturals after position p
// that no meld can hold (forced, by card bit).
func (d *dpSolver) setForced(forced uint64, counts *[64]int) {
	var at [16]int64
	for ; forced != 0; forced &= forced - 1 {
		b := bits.TrailingZeros64(forced)
		p := b & 15
		switch {
		case p == int(Ace) && d.hi == 14:
			p = 14 // an ace held back is left at 14
		case d.mirror:
			p = 15 - p
		}
		at[p] += d.w[p] * int64(counts[b])
	}
	for p := 14; p >= 1; p-- {
		d.after[p-1] = d.after[p] + at[p]
	}
}

// relax records the state key reached with value val from record prev of
// the layer before by move.
func (d *dpSolver) relax(next *[]dpRec, key uint64, val int64, prev, move int32) {
	if len(*next)*2 >= len(d.slots) {
		d.grow(*next)
	}
	mask := uint64(len(d.slots) - 1)
	h := (key * 0x9E3779B97F4A7C15) >> d.shift
	for {
		i := d.slots[h]
		if i == 0 {
			if len(*next) == cap(*next) {
				*next = d.moveLayer(*next)
			}
			*next = append(*next, dpRec{key, val, prev, move})
			d.slots[h] = int32(len(*next))
			return
		}
		r := &(*next)[i-1]
		if r.key == key {
			if val < r.val {
				r.val, r.prev, r.move = val, prev, move
			}
			return
		}
		h = (h + 1) & mask
	}
}

// startLayer returns an empty layer for about n states and empties the
// index for it. The layers of a run lie one after another in the chunks
// of d.arena, which the runs of a solver reuse, so that a solver's layers
// take little more memory than its largest run's states fill: where each
// layer had memory of its own, as large as the most it had been asked
// for, a solver's layers held 2.7 times that on climbed-33, and grew
// afresh each time a layer was asked for more. New memory costs a page
// fault a page on its first write, and a process's first arrangement
// pays for all it touches (see firstWrite). Where a chunk has not room
// for n, the layer begins the next; a layer that fills its room moves on
// (moveLayer).
func (d *dpSolver) startLayer(n int) []dpRec {
	if d.tick != nil {
		n = min(n, max(dpMaxStates-d.states, 0))
	}
	n = d.startIndex(n)
	if len(d.arena) == 0 || len(d.arena[d.at])-d.off < n {
		d.nextChunk(n)
	}
	d.asked = n
	d.last = d.off
	return d.arena[d.at][d.off:d.off]
}

// nextChunk makes the start of the next chunk of the arena with room for
// n states the place of the next layer, making a chunk twice as large as
// the last where there is none.
func (d *dpSolver) nextChunk(n int) {
	if len(d.arena) > 0 {
		d.at++
	}
	d.off = 0
	for ; d.at < len(d.arena); d.at++ {
		if len(d.arena[d.at]) >= n {
			return
		}
	}
	size := 1 << 12
	if len(d.arena) > 0 {
		size = 2 * len(d.arena[len(d.arena)-1])
	}
	d.arena = append(d.arena, make([]dpRec, max(n, size)))
}

// moveLayer moves layer l, the last startLayer returned, which fills
// the room of its chunk, to the start of a chunk with room for twice its
// states.
func (d *dpSolver) moveLayer(l []dpRec) []dpRec {
	d.nextChunk(2 * len(l))
	d.last = 0
	return append(d.arena[d.at][:0], l...)
}

// startIndex empties the open-addressing index for a layer of about n
// states, and returns n, at least 256.
func (d *dpSolver) startIndex(n int) int {
	n = max(n, 256)
	d.emptySlots(1 << uint(bits.Len(uint(2*n))))
	return n
}

// emptySlots makes d.slots an empty index of size slots, a power of two.
// It writes new memory before it reads it: a page first read maps the
// kernel's shared page of zeros, and the first write to it then costs the
// other core an interrupt (see firstWrite), which took 1.2% of the time
// of a process's first arrangement of climbed-33.
func (d *dpSolver) emptySlots(size int) {
	if cap(d.slots) < size {
		d.slots = make([]int32, size)
	}
	d.slots = d.slots[:size]
	clear(d.slots)
	d.shift = uint(64 - bits.TrailingZeros(uint(size)))
}

// endLayer ends layer l, the last startLayer returned.
func (d *dpSolver) endLayer(l []dpRec) []dpRec {
	d.states += max(len(l), d.asked)
	d.fitLast(l)
	return l
}

// fitLast marks the arena used up to the end of layer l, the last
// startLayer returned: at endLayer, and again where keepBeam cuts the
// layer short.
func (d *dpSolver) fitLast(l []dpRec) {
	d.off = d.last + len(l)
}

// resetArena readies the arena for a new run, its layers no longer read.
func (d *dpSolver) resetArena() {
	d.at, d.off = 0, 0
}

// roomFor returns s with room for n more elements: where it has not, in
// new memory of at least twice its capacity. append grows a large slice
// by a quarter at a time, each time into new memory, so a buffer that
// grows to n elements by append alone writes some 5n afresh: in the
// first proof of climbed-33 in a process, the buffers of the layers of
// vectors growing took 3,400 of the rank solver's 7,200 page faults.
func roomFor[E any](s []E, n int) []E {
	if cap(s)-len(s) >= n {
		return s
	}
	return slices.Grow(s, max(n, cap(s)))
}

func (d *dpSolver) grow(recs []dpRec) {
	d.rehash(len(recs), func(i int) uint64 { return recs[i].key })
}

// rehash doubles the index and puts back the n states of the layer being
// built, whose keys key returns.
func (d *dpSolver) rehash(n int, key func(i int) uint64) {
	size := max(1024, 2*len(d.slots))
	d.emptySlots(size)
	mask := uint64(size - 1)
	for i := range n {
		h := (key(i) * 0x9E3779B97F4A7C15) >> d.shift
		for d.slots[h] != 0 {
			h = (h + 1) & mask
		}
		d.slots[h] = int32(i + 1)
	}
}

// dropBeaten marks the states of a finished layer that another state
// beats: one with no more deadwood, at least as many jokers in hand, the
// same aces held back and naturals waiting for sets, and open runs that
// can do all these can (dpTables.beats). States are taken by deadwood,
// then strongest first, and each is held to the states kept so far, which
// beat, directly or through a state they beat, every state that beats it:
// to those of them whose first two suits' open runs beat its own
// (dpTables.beatenBy), for no other can. That took the tests of the
// looser problem's runs on climbed-5, climbed-3 and deal-68-88235 from
// 47% of the rank solver's time to 27% with the first suit alone, and the
// time from 2.5 s to 1.9 (five proofs of each); with two suits,
// dropBeaten's share on climbed-5, -3, -4 and deal-68-88235 went from 28%
// to 20%, and the time from 2.2 s to 2.0.
func (d *dpSolver) dropBeaten(recs []dpRec) {
	const group = ^uint64(1<<dpJShift - 1 | 7<<dpJShift) // what must be equal
	// The order as one sortable word a state, where it fits (it does
	// but in the tests' largest layers): the group (the key's bits from
	// dpJShift+3 up, 14 bits), the deadwood as points and cards (12 and 8
	// bits), the strength inverted (7 bits), the state's index (23 bits).
	order := d.order[:0]
	packs := true
	for i := range recs {
		w, ok := d.orderWord(recs[i].key, recs[i].val, i)
		if !ok {
			packs = false
			break
		}
		order = append(order, w)
	}
	if packs {
		d.sortOrder(order)
	} else {
		// The same order in three words a state: where the looser
		// problem weighs the aces left over in fractions of a point
		// (raiseAces), the deadwood's low bits are not a count of cards.
		// Sorting by a comparison of the records instead cost climbed-13
		// and climbed-20 a seventh of their time.
		long := d.orderLong[:0]
		for i := range recs {
			k := recs[i].key
			long = append(long, dpOrder{k & group, recs[i].val, uint64(127-d.strength(k))<<32 | uint64(i)})
		}
		slices.SortFunc(long, func(a, b dpOrder) int {
			switch {
			case a.group != b.group:
				return cmp.Compare(a.group, b.group)
			case a.val != b.val:
				return cmp.Compare(a.val, b.val)
			}
			return cmp.Compare(a.rest, b.rest)
		})
		order = order[:0]
		for _, o := range long {
			order = append(order, o.rest&(1<<32-1))
		}
		d.orderLong = long
	}
	d.order = order
	const index = 1<<23 - 1
	// The states kept so far, by the open runs of their first two suits
	// (byCfg, a row of the second's for each of the first's): only those
	// whose first two suits beat a state's can beat it.
	nc := len(d.t.cfgs)
	if d.byCfg == nil {
		d.byCfg = make([][]uint64, nc*nc)
	}
	used := d.used0[:0] // the pairs of configurations byCfg holds states of
	kept := 0
	var last uint64
	for i, o := range order {
		x := o
		if packs {
			x &= index
		}
		r := &recs[x]
		if i > 0 && last != r.key&group {
			used, kept = d.emptyKept(used), 0
		}
		last = r.key & group
		j := r.key >> dpJShift & 7
		if d.work >= d.next && d.tick != nil && !d.goOn(0) {
			break
		}
		y0, y1 := int(r.key&dpCfgMask), int(r.key>>dpCfgBits&dpCfgMask)
		tests := 0
		// The non-empty buckets whose configurations beat r's, each
		// suit's from the lowest index.
		beat0, beat1 := &d.t.beatenBy[y0], &d.t.beatenBy[y1]
	scan:
		for w0 := range 2 {
			for m0 := beat0[w0] & d.rows[w0]; m0 != 0; m0 &= m0 - 1 {
				c0 := w0<<6 | bits.TrailingZeros64(m0)
				row, filled := d.byCfg[c0*nc:c0*nc+nc], &d.filled[c0]
				for w1 := range 2 {
					for m1 := beat1[w1] & filled[w1]; m1 != 0; m1 &= m1 - 1 {
						b := row[w1<<6|bits.TrailingZeros64(m1)]
						tests += len(b)
						for _, k := range b {
							// the bucket's first two suits beat r's
							if k>>dpJShift&7 >= j && d.t.beatsFrom(k, r.key, 2) {
								r.move = dpBeaten
								break scan
							}
						}
					}
				}
			}
		}
		d.work += dpBeatWork * int64(tests)
		if r.move != dpBeaten && kept < dpKept {
			y := y0*nc + y1
			if len(d.byCfg[y]) == 0 {
				used = append(used, uint16(y))
			}
			d.byCfg[y] = append(d.byCfg[y], r.key)
			d.rows[y0>>6] |= 1 << uint(y0&63)
			d.filled[y0][y1>>6] |= 1 << uint(y1&63)
			kept++
		}
	}
	d.used0 = d.emptyKept(used)
}

// emptyKept empties the buckets of dropBeaten that used names, and
// returns used emptied.
func (d *dpSolver) emptyKept(used []uint16) []uint16 {
	nc := len(d.t.cfgs)
	for _, c := range used {
		d.byCfg[c] = d.byCfg[c][:0]
		d.filled[int(c)/nc] = [2]uint64{}
	}
	d.rows = [2]uint64{}
	return used[:0]
}

// sortOrder sorts words of dropBeaten's order (orderWord) given in the
// order of the states' indexes, which they hold in their low 23 bits: by
// the bits above, 11 bits a pass from the lowest (a radix sort), which
// keeps words alike there in the order of their indexes, and so sorts
// the words. A pass whose digits are all alike is skipped. On the
// slowest hands slices.Sort took 8% of the rank solver's time.
func (d *dpSolver) sortOrder(w []uint64) {
	const bits, digit = 11, 1<<11 - 1
	if len(w) < 1024 {
		slices.Sort(w)
		return
	}
	if cap(d.radix) < len(w) {
		d.radix = make([]uint64, len(w))
	}
	src, dst := w, d.radix[:len(w)]
	var count [digit + 1]int
	for shift := uint(23); shift < 64; shift += bits {
		clear(count[:])
		for _, x := range src {
			count[x>>shift&digit]++
		}
		if count[src[0]>>shift&digit] == len(src) {
			continue
		}
		at := 0
		for b, n := range count {
			count[b] = at
			at += n
		}
		for _, x := range src {
			b := x >> shift & digit
			dst[count[b]] = x
			count[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &w[0] {
		copy(w, src)
	}
}

// orderWord returns the place of the state key of value val and index i
// in the order of dropBeaten as one word, or false when it does not fit.
func (d *dpSolver) orderWord(key uint64, val int64, i int) (uint64, bool) {
	pts, cards := uint64(val)>>20, uint64(val)&(1<<20-1)
	if pts >= 1<<12 || cards >= 1<<8 || i >= 1<<23 {
		return 0, false
	}
	return key>>(dpJShift+3)<<50 | pts<<38 | cards<<30 | uint64(127-d.strength(key))<<23 | uint64(i), true
}

// strength returns the jokers in hand of the state key plus the strength
// of its open runs in each suit: the stronger first, in dropBeaten's order.
func (d *dpSolver) strength(key uint64) int {
	n := int(key >> dpJShift & 7)
	for s := range 4 {
		n += int(d.t.strength[key>>uint(dpCfgBits*s)&dpCfgMask])
	}
	return n
}

// dpOrder is a state's place in dropBeaten's order where it does not fit
// in one word (orderWord): its group, its deadwood, and its strength
// inverted above its index.
type dpOrder struct {
	group uint64
	val   int64
	rest  uint64
}

// beatsKey reports whether the open runs of state x beat those of y in
// every suit.
func (t *dpTables) beatsKey(x, y uint64) bool { return t.beatsFrom(x, y, 0) }

// beatsFrom reports whether the open runs of state x beat those of y in
// suit from and every suit after it.
func (t *dpTables) beatsFrom(x, y uint64, from int) bool {
	for s := from; s < 4; s++ {
		sh := uint(dpCfgBits * s)
		yi := y >> sh & dpCfgMask
		if t.beat[x>>sh&dpCfgMask][yi>>6&1]>>(yi&63)&1 == 0 {
			return false
		}
	}
	return true
}

// class returns the class of position p for the move tables.
func (d *dpSolver) class(p int) int {
	switch p {
	case d.hi:
		return 2
	case d.hi - 1:
		return 1
	}
	return 0
}

// copies returns the naturals of suit s that position p can use in state key.
func (d *dpSolver) copies(key uint64, p, s int) int {
	if d.either && p == 14 {
		return int(key >> uint(dpPendShift+2*s) & 3)
	}
	return int(d.cnt[p][s])
}

// suitOrder returns the order in which the suits are taken at position
// p: those with fewer naturals there first. The states between suits
// wait for the position's sets, so no state is dropped until all four are
// taken; a suit with no natural only carries or ends its runs, and ends
// the states whose runs it cannot carry, where a suit with two naturals
// starts runs, extends them and gives naturals to sets. Taken first, the
// suits without naturals thin the layers the others widen: on climbed-7
// (7 points; at position 3 two threes of clubs, two of diamonds, none of
// hearts or spades) the widest layer at position 3 of the question of 7
// points held 198,000 records, taking clubs first, and that of 10 points
// passed the caps; the question of 10 points now holds 10,600 there and
// answers, and the rank solver's proof costs 14.8 million instead of 45.0
// (climbed-1 6.0 instead of 14.6; the large corpus's two-deck hands 273
// million instead of 411). Taking the suits with more naturals first cost
// 574 million; breaking ties by the naturals at the positions either side,
// 259 to 275; choosing each suit as the layer goes, the one whose moves
// from it are fewest, 249, but the rank solver then lost dense-1, which
// it proves in 16.9 million this way.
func (d *dpSolver) suitOrder(p int) [4]int {
	o := [4]int{0, 1, 2, 3}
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && d.cnt[p][o[j]] < d.cnt[p][o[j-1]]; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	return o
}

// dpAhead is what the states a suit's moves at a position reach must
// still give jokers to, at the least: the position's sets, and the open
// runs of each suit, which take a card at each position until they end
// (finishNeeds). A move that leaves fewer jokers in hand than they need
// is not made (stepSuit, stepSuitVec): its states could only end before
// the sets are made or the runs have ended. Every joker is taken by one
// meld, so the sum of what each needs, each counting every natural it
// could take, is no more than what they need together.
//
// Without it, the states a position's moves reached were only dropped
// once all four suits were taken and the sets made, or at the next
// position. On climbed-6 (55 points; both tens of every suit) the
// question of 57 points held 122,000 records at position 10 after the
// fourth suit, and 78,000 of them could not make their sets; most of the
// 30,000 kept after it then ended at the jacks, which two suits lack.
// The rank solver's proof of climbed-6 costs 6.7 million instead of 26.6
// (11.3 without the sets' need, 9.3 counting only the open runs of the
// suit moving), and over the large corpus's two-deck hands 112 million
// instead of 273. Arrange over the large corpus, each hand's median of
// three, three runs alternating with the build before: sum 0.70 to 0.74
// s instead of 1.26 to 1.28, climbed-6 51 to 57 ms instead of 118 to 125
// (and 181 to 191 without the sets' need). Counting what the open runs
// need until they end, rather than at the next position alone: climbed-6
// 4.9 million, the large corpus's two-deck hands 92 million instead of
// 112; Arrange over the large corpus, three runs alternating, sum 0.58 to
// 0.59 s instead of 0.70 to 0.72, climbed-6 42 to 43 ms instead of 50 to
// 55.
type dpAhead struct {
	sets [25]int8      // by the state's set field (setsNeed)
	runs [4][128]uint8 // by suit and dpCfg index: jokers its open runs take until they end (finishNeeds)
}

// takenBy returns the suits taken at position p once suit s has been
// (suitOrder), s among them, as a mask: suit x at bit x.
func (d *dpSolver) takenBy(p, s int) int {
	taken := 0
	for _, x := range d.suitOrder(p) {
		taken |= 1 << x
		if x == s {
			break
		}
	}
	return taken
}

// ahead returns what the states reach once the suits of taken (takenBy)
// have been at position p need jokers for, until it is called again: the
// suits taken next take the position after p, the others p.
func (d *dpSolver) ahead(p, taken int) *dpAhead {
	if !d.finished {
		d.finishNeeds()
	}
	a := &d.aheadBuf
	a.sets = d.setsNeed(p, taken)
	for x := range 4 {
		a.runs[x] = d.finish[p+taken>>x&1][x]
	}
	return a
}

// others returns the jokers the open runs of the suits other than s in
// state key need.
func (a *dpAhead) others(key uint64, s int) int {
	n := 0
	for x := range 4 {
		if x != s {
			n += int(a.runs[x][key>>uint(dpCfgBits*x)&dpCfgMask])
		}
	}
	return n
}

// short reports whether move mv of suit s from state key, whose other
// suits' open runs need others jokers, leaves too few.
func (a *dpAhead) short(key uint64, s int, mv *dpMove, others int) bool {
	need := int(a.sets[key>>dpSetShift&0x1F+dpSetStep[mv.set]]) + int(a.runs[s][mv.to]) + others
	return need > int(key>>dpJShift&7)-int(mv.jok)
}

// finishNeeds fills d.finish: by position q, suit and dpCfg index, the
// fewest jokers the suit's open runs, open after the position before q,
// take from q until each has ended, the suit's naturals from q on all
// theirs (at 14, where aces go either way, every ace of the hand,
// however many are held back). Every run but a complete one takes a card
// at each position until it is complete, and none is open past the last.
// It is the rank solver's own programme, for one suit, taking jokers
// instead of leaving weight, from the last position down.
func (d *dpSolver) finishNeeds() {
	for s := range 4 {
		for i := range d.t.cfgs {
			d.finish[d.hi+1][s][i] = 0
			if c := d.t.cfgs[i]; c.a+c.n+c.c > 0 {
				d.finish[d.hi+1][s][i] = dpTooMany
			}
		}
		for q := d.hi; q >= d.lo; q-- {
			have := d.cnt[q][s]
			if d.either && q == 14 {
				have = d.cnt[1][s]
			}
			class := d.class(q)
			for i := range d.t.cfgs {
				least := uint8(dpTooMany)
				moves := d.t.moves[i][min(have, 2)][class]
				for mi := range moves {
					least = min(least, moves[mi].jok+d.finish[q+1][s][moves[mi].to])
				}
				d.work += int64(len(moves))
				d.finish[q][s][i] = least
			}
		}
	}
	d.finished = true
}

// setsNeed returns, by the state's count of naturals put into sets at
// position p once the suits of taken have been (the set field: suits
// giving one, and 5 times suits giving two), the fewest jokers the
// position's sets can need, whatever the other suits give them;
// dpTooMany when no sets can be made of them.
func (d *dpSolver) setsNeed(p, taken int) [25]int8 {
	var out [25]int8
	var least func(f, x int) int8
	least = func(f, x int) int8 {
		switch {
		case x == 4:
			if n := d.t.need[f]; n >= 0 {
				return n
			}
			return dpTooMany
		case taken>>x&1 != 0:
			return least(f, x+1)
		}
		n := least(f, x+1)
		if f%5+f/5 < 4 {
			for g := 1; g <= min(int(d.cnt[p][x]), 2); g++ {
				n = min(n, least(f+int(dpSetStep[g]), x+1))
			}
		}
		return n
	}
	for f := range out {
		out[f] = dpTooMany
		if f%5+f/5 <= 4 {
			out[f] = least(f, 0)
		}
	}
	return out
}

// dpTooMany is more jokers than any hand holds: what sets that cannot be
// made, or runs that cannot end, need.
const dpTooMany = 8

// stepSuit takes suit s at position p.
func (d *dpSolver) stepSuit(cur []dpRec, p, s int) []dpRec {
	next := d.startLayer(2 * len(cur))
	class := d.class(p)
	pendAt := d.either && p == 1
	pendUse := d.either && p == 14
	noSets := d.either && p == 14
	lims := d.limits(p)
	taken := d.takenBy(p, s)
	sh := uint(dpCfgBits * s)
	ahead := d.ahead(p, taken)
	for i := range cur {
		rec := cur[i]
		if rec.move == dpBeaten {
			continue
		}
		if d.work >= d.next && d.tick != nil && !d.goOn(len(next)) {
			return d.endLayer(next)
		}
		key := rec.key
		jl := int(key >> dpJShift & 7)
		moves := d.t.moves[key>>sh&dpCfgMask][d.copies(key, p, s)][class]
		others := ahead.others(key, s)
		need, open := d.runMasks(key, s, taken)
		for mi := range moves {
			mv := &moves[mi]
			if int(mv.jok) > jl || noSets && mv.set > 0 || ahead.short(key, s, mv, others) {
				continue
			}
			val := rec.val
			nk := key
			if pendAt {
				if d.only != 0 && uint64(mv.rest) != (d.only-1)>>uint(2*s)&3 {
					continue
				}
				nk |= uint64(mv.rest) << uint(dpPendShift+2*s)
				val += int64(mv.rest) * d.heldBack(s)
			} else {
				var add int64
				var ok bool
				if nk, add, ok = d.leave(nk, mv, p, s); !ok {
					continue
				}
				val += add
				if pendUse {
					val -= int64(d.copies(key, p, s)) * d.heldBack(s)
				}
			}
			if val > lims[jl-int(mv.jok)][need|int(d.t.needs[mv.to])<<s][open|int(d.t.opens[mv.to])<<s] {
				continue
			}
			d.work += dpRelaxWork
			if pendUse {
				nk &^= 3 << uint(dpPendShift+2*s)
			}
			d.relax(&next, moved(nk, mv, sh, jl), val, int32(i), int32(mi))
		}
	}
	return d.endLayer(next)
}

// leave returns state key after move mv at position p leaves its
// naturals in hand, and the weight they add; false when the mode forbids
// it (dpOneLeft: one card in all).
func (d *dpSolver) leave(key uint64, mv *dpMove, p, s int) (uint64, int64, bool) {
	switch {
	case mv.rest == 0:
	case d.mode == dpOneLeft:
		if key>>dpKeptBit&1 != 0 || mv.rest > 1 || d.w[p] > 1 {
			return 0, 0, false
		}
		key |= 1 << dpKeptBit
	case d.bothEnds && (p == 1 || p == 14):
		return key, int64(mv.rest) * d.aceLeft[s], true
	default:
		return key, int64(mv.rest) * d.w[p], true
	}
	return key, 0, true
}

// goOn is the look of a solver with a tick, with n states in the layer
// it is building: it reports whether to go on, setting stopped when not.
func (d *dpSolver) goOn(n int) bool {
	n += d.states
	d.next = d.work + dpTick
	if n > dpMaxStates {
		d.stopped, d.capped = true, true
	} else if !d.tick() {
		d.stopped = true
	}
	return !d.stopped
}

// stepSets makes the sets of a position.
func (d *dpSolver) stepSets(cur []dpRec) []dpRec {
	next := d.startLayer(len(cur))
	for i := range cur {
		rec := cur[i]
		if rec.move == dpBeaten {
			continue
		}
		if d.work++; d.work >= d.next && d.tick != nil && !d.goOn(len(next)) {
			return d.endLayer(next)
		}
		if nk, ok := d.withSets(rec.key); ok {
			d.relax(&next, nk, rec.val, int32(i), 0)
		}
	}
	return d.endLayer(next)
}

// withSets returns state key once the sets of its position are made, with
// the jokers they need, or false when they cannot be.
func (d *dpSolver) withSets(key uint64) (uint64, bool) {
	need := int(d.t.need[key>>dpSetShift&0x1F])
	jl := int(key >> dpJShift & 7)
	if need < 0 || need > jl {
		return 0, false
	}
	return key&^(0x1F<<dpSetShift|7<<dpJShift) | uint64(jl-need)<<dpJShift, true
}

// moved returns state key after move mv of the suit at shift sh, which
// leaves the jokers in hand jl less those it takes.
func moved(key uint64, mv *dpMove, sh uint, jl int) uint64 {
	return key&^(dpCfgMask<<sh|7<<dpJShift) | uint64(mv.to)<<sh | uint64(jl-int(mv.jok))<<dpJShift +
		uint64(dpSetStep[mv.set])<<dpSetShift
}

// dpSetStep is what a suit giving n naturals to sets adds to the state's
// set count.
var dpSetStep = [3]uint64{0, 1, 5}

// final returns the value of an end state, or false when it does not
// count: in dpOneLeft, when it cannot leave exactly one card.
func (d *dpSolver) final(rec dpRec) (int64, bool) {
	if rec.move == dpBeaten {
		return 0, false
	}
	if d.mode == dpOneLeft {
		return 0, rec.key>>dpKeptBit&1 != 0 || rec.key>>dpJShift&7 >= 1
	}
	return rec.val, true
}

// run solves under d.limit. It returns the best value and the index of its
// end state in the last layer, or false when no arrangement is within the
// limit.
func (d *dpSolver) run() (int64, int, bool) {
	if d.either && d.only == 0 && d.combos() > 1 && d.fitsInt32() {
		return d.runByAces()
	}
	return d.runLayers()
}

// runLayers is run keeping every layer, for readBack.
func (d *dpSolver) runLayers() (int64, int, bool) {
	d.limsAt = 0
	d.layers, d.states = d.layers[:0], 0
	d.resetArena()
	cur := []dpRec{{key: uint64(d.jokers) << dpJShift, prev: -1}}
	d.layers = append(d.layers, cur)
	for p := d.lo; p <= d.hi; p++ {
		for _, s := range d.suitOrder(p) {
			cur = d.stepSuit(cur, p, s)
			if d.beam > 0 {
				cur = d.keepBeam(cur, p)
			}
			d.layers = append(d.layers, cur)
			if d.stopped {
				return infinity, -1, false
			}
		}
		cur = d.stepSets(cur)
		d.dropBeaten(cur)
		if d.beam > 0 {
			cur = d.keepBeam(cur, p)
		}
		d.layers = append(d.layers, cur)
		if d.stopped {
			return infinity, -1, false
		}
	}
	best, at := int64(infinity), -1
	for i, rec := range cur {
		if v, ok := d.final(rec); ok && v < best && v <= d.limit {
			best, at = v, i
		}
	}
	return best, at, at >= 0
}

// dpOpenRun is a run being built while an answer is read back.
type dpOpenRun struct {
	kind  int // kindA to kindE
	start int
	cards []Card
}

// dpMeld is a meld of the answer.
type dpMeld struct {
	run   bool
	start int // run: position of its first card
	cards []Card
}

// readBack replays the moves that reach end state at of the last layer and
// returns the melds (with only the jokers they need), the natural
// deadwood, and the jokers left in hand.
func (d *dpSolver) readBack(at int) (melds []dpMeld, dead []Card, jokers int) {
	n := len(d.layers)
	chain := make([]int, n)
	chain[n-1] = at
	for l := n - 1; l > 0; l-- {
		chain[l-1] = int(d.layers[l][chain[l]].prev)
	}
	var open [4][]dpOpenRun
	l := 1
	for p := d.lo; p <= d.hi; p++ {
		rk := d.rankAt(p)
		v := 0
		for _, s := range d.suitOrder(p) {
			prev := d.layers[l-1][chain[l-1]]
			rec := d.layers[l][chain[l]]
			cfg := prev.key >> uint(dpCfgBits*s) & dpCfgMask
			mv := d.t.moves[cfg][d.copies(prev.key, p, s)][d.class(p)][rec.move]
			c := NewCard(rk, Suit(s+1))
			var keep []dpOpenRun
			var seen [4]int
			for _, run := range open[s] {
				i := seen[run.kind]
				seen[run.kind]++
				natural := i < int(mv.x[run.kind])
				switch {
				case natural && run.kind == kindA:
					run.kind = kindC
				case natural:
					run.kind = kindE
				case run.kind == kindA, run.kind == kindN,
					run.kind == kindC && i < int(mv.x[kindC]+mv.jC),
					run.kind == kindE && i < int(mv.x[kindE]+mv.jE):
					run.kind = kindN
				case run.kind == kindC:
					run.cards = append(run.cards, Joker)
					fallthrough
				default:
					melds = append(melds, dpMeld{run: true, start: run.start, cards: run.cards})
					continue
				}
				if natural {
					run.cards = append(run.cards, c)
				} else {
					run.cards = append(run.cards, Joker)
				}
				keep = append(keep, run)
			}
			for range mv.start0 {
				keep = append(keep, dpOpenRun{kind: kindA, start: p, cards: []Card{c}})
			}
			for range mv.start1 {
				keep = append(keep, dpOpenRun{kind: kindN, start: p - 1, cards: []Card{Joker, c}})
			}
			open[s] = keep
			v |= int(mv.set) << uint(2*s)
			if !d.either || p != 1 { // aces held back at 1 are left at 14
				for range mv.rest {
					dead = append(dead, c)
				}
			}
			l++
		}
		o := d.t.sets[v]
		for _, mask := range o.sets[:o.n] {
			var set []Card
			for s := range 4 {
				if mask>>uint(s)&1 != 0 {
					set = append(set, NewCard(rk, Suit(s+1)))
				}
			}
			if len(set) == 2 {
				set = append(set, Joker)
			}
			melds = append(melds, dpMeld{cards: set})
		}
		l++
	}
	for s := range 4 {
		for _, run := range open[s] {
			melds = append(melds, dpMeld{run: true, start: run.start, cards: run.cards})
		}
	}
	return melds, dead, int(d.layers[n-1][at].key >> dpJShift & 7)
}

// absorb puts up to j jokers where the melds have room and returns how
// many it placed.
func (d *dpSolver) absorb(melds []dpMeld, j int) int {
	placed := 0
	for i := range melds {
		m := &melds[i]
		for placed < j {
			switch {
			case !m.run && len(m.cards) < 4:
				m.cards = append(m.cards, Joker)
			case m.run && m.start+len(m.cards)-1 < d.hi:
				m.cards = append(m.cards, Joker)
			case m.run && m.start > d.lo:
				m.cards = slices.Insert(m.cards, 0, Joker)
				m.start--
			default:
				goto next
			}
			placed++
		}
	next:
	}
	return placed
}

// splitLong cuts each run from ace to ace (positions 1 to 14) into two runs
// of three cards or more and two naturals or more. With at most four
// jokers, cutting after the sixth card does.
func splitLong(melds []dpMeld) []dpMeld {
	for i := range melds {
		m := melds[i]
		if !m.run || len(m.cards) < 14 {
			continue
		}
		for k := 3; k <= 11; k++ {
			if naturals(m.cards[:k]) >= 2 && naturals(m.cards[k:]) >= 2 {
				melds[i].cards = m.cards[:k:k]
				melds = append(melds, dpMeld{run: true, start: m.start + k, cards: m.cards[k:]})
				break
			}
		}
	}
	return melds
}

// naturals returns the naturals of the hand.
func (k *ranksWay) naturals() int {
	n := 0
	for _, c := range k.counts {
		n += c
	}
	return n
}

func naturals(cards []Card) int {
	n := 0
	for _, c := range cards {
		if c != Joker {
			n++
		}
	}
	return n
}

// ranksSteps are the questions the rank solver asks in a race, as points
// above the lower bound it starts from; past the last it leaves the race
// (where aces go either way, the looser problem climbs them up to
// looserSpans times first, and the hand's own problem then climbs them
// from the looser problem's least).
// A question costs it more the more points it lets a state leave, but on
// most hands mildly (deal-68-3533: 2.8 million work at the bound, 11.9
// million 7 points above), so where the answer is above the bound,
// asking a point at a time costs more than a few questions far apart.
// Over the large corpus's two-deck hands and six slow ones beyond it,
// with the answer above the bound, these take the rank solver 3.8 billion
// in work against 7.7 billion a point at a time (deal-75-445 28 million
// against 50, deal-68-3533 46 against 84, deal-60-3114 31 against 103);
// 0, 2, 4, 7, 11 and on took 4.1, and 0, 4, 9, 15 and on 3.5 but more on
// the answers of 2 points the rank solver wins (deal-68-3667 37 against
// 31). That was 0, 3, 6, 9, 13, 18, 24, until the looser problem ran
// under its own bound (looserTail); then, with the proof's cost as
// ranksCost counts it, these steps cost 320 million over the large
// corpus's two-deck hands instead of 351 (climbed-3 24 million instead of
// 41, climbed-4 21 instead of 29, deal-68-88235 13.1 instead of 13.5), and
// on the 203 deals of seeds 141000 to 144999 (60, 68 and 75 cards) that
// took Arrange over 15 ms, 707 million instead of 703; 0, 4, 8, 12, 17,
// 23 cost 341 and 687, and 0, 3, 6, 10, 15, 21 336 and 710. In the
// twelfth round, with the hand's questions far cheaper, the climbed hands
// whose answers are 17 to 20 points above the looser problem's (climbed-8
// and climbed-9) paid most for the last step, 7 points long: a step at
// 20 took the worst proof of the corpus from 11.9 million to 10.7
// (climbed-9; Arrange 83 to 87 ms instead of 85 to 98), as much over the
// corpus (99.1 against 100.9) and over the 203 deals (128.9 against
// 129.0); 0, 5, 10, 15, 19, 24 cost climbed-8 13.4, and 0, 4, 8, 13, 18,
// 24 climbed-8 12.5. A climb from climbed-9 then found climbed-10 (59
// points, the looser problem 32): its answer lies 27 points above, past
// the last step, so the rank solver left the race and the general
// solver took 0.35 s; steps on to 46 prove it (17.8 million), and no
// other hand of the corpus or of the 203 deals reaches them.
var ranksSteps = [...]int64{0, 5, 10, 16, 20, 25, 31, 38, 46}

// looserSpans is how many times the looser problem climbs the steps of
// ranksSteps (askLooser), each time from the bound the last proved,
// before the rank solver leaves the race; the hand's own problem climbs
// them once, from the looser problem's least. The looser problem is cheap
// where the hand's own is not: on deal-60-77304 (38 points; the steps
// from 9 end at 33) the rank solver left the race after 14 ms, and the
// highest-first way took 84 ms alone; climbing twice, the rank solver
// proves it in 29 ms.
const looserSpans = 2

// The looser problem is asked each question of the hand's steps, at its
// limit. Until the fourteenth round of issue 11 its questions leapt ahead
// of the steps before it first left no more than a limit (8 points above
// the lower bound, the leap doubling on each no, up to 32), and once it
// had, asked the next step's question, whose bound served two; both had
// saved a fifth of the proofs of their day (climbed-5 31.0 million
// instead of 44.4; deal-68-88235 16.1 instead of 18.9). Once raises were
// asked under the bounds of lighter weights (looserTail) and kept on a
// point's gain (raiseGain), asking each question at its own limit cost
// the large corpus's two-deck hands 156.2 million instead of 167.1, the
// 203 slow unseen deals 107.9 instead of 111.0, and the slowest climbed
// hands least: climbed-15 and climbed-22 7.0 instead of 9.9, climbed-16
// 6.5 instead of 7.3, climbed-14 9.2 instead of 9.5; dearer climbed-1
// 1.60 instead of 1.29, climbed-10 4.4 instead of 4.0, deal-68-88235 1.55
// instead of 1.31. Either alone saved half as much.

// ranksWay is the rank solver as a way of the race (general.race): the
// hand as the solver takes it, and its answer once proven.
type ranksWay struct {
	r      Rules
	counts [64]int // naturals by card bit
	jokers int
	forced uint64 // the naturals no meld can hold, by card bit
	// aceLeft weighs a copy of an ace the looser problem leaves over at
	// either end, by suit (see arrange_ranks_tail.go); 0 for a suit whose
	// ace no meld can hold. raiseAces raises it until a raise fails
	// (doneRaising); spare is what the looser problem's last answer
	// within its limit left over.
	aceLeft     [4]int64
	doneRaising bool
	spare       looserSpare
	// upper is the lightest arrangement of the hand the looser problem's
	// answers made (readLooser), nil before one
	upper *looserUpper
	sol   solution
	won   bool // the race's answer is sol
	// pre is what acesTwiceLower proved before the race, where the
	// looser problem left no more than the limit it was asked: its least
	// weight, that limit, and its bound on the positions after each
	// (tailBound); nil else.
	pre *looserPre
	// free is the bound of the looser problem's last run bounded by
	// nothing, turned round, on a problem from the ace up: it holds under
	// any limit (looserTail).
	free *dpTail
	// lastFree is the work of the last run of the looser problem bounded
	// by nothing, lastBounded of the last bounded by free (looserTail).
	lastFree, lastBounded int64
	solvers               []*dpSolver // solvers released, for the next (newSolver)
}

// looserPre is the looser problem's answer to acesTwiceLower's question.
type looserPre struct {
	v, limit int64
	tail     *dpTail
}

// The fifteenth round of issue 11 tried splitting the hand instead, once
// its first no was dear: each suit's aces so many at position 1 and the
// rest at 14 (up to 81 splits), each split asked the steps under the
// bound of its own first run from the king down, bounded by nothing. It
// proved the corpus's slowest hands in a third of the work (climbed-30
// 3.1 million instead of 13.1; the worst two-deck hand of
// BenchmarkLargeHands 62 to 65 ms instead of 95), but each split's first
// run costs what it costs whatever the bound of the looser problem would
// have saved, and a climb from climbed-14 found within 75 steps a hand of
// 54 splits that took 233 ms split and 18 ms without, and one of 27
// splits 92 ms against 16. No work of the first no told the two apart.

// prove is the rank solver's proof in a race. It asks the questions of
// ranksSteps: the least weight no more than the points of lower, then no
// more than 3 points more, and so on, each past the totals no naturals of
// the hand add up to (pointSums; the 1 of a hand with no card of 1
// point). A question answered no proves its limit plus one a lower bound
// (the solver can only leave less than the true answer); a yes is the
// least weight, when the jokers its answer leaves over fit into its melds
// (as in every large hand; when not, the way stops, and the others
// answer). The work of each question is fixed, so the cost of the proof
// is a fixed number, as the race needs. done is the context's Done
// channel.
func (k *ranksWay) prove(rv *rivals, lower int64, done <-chan struct{}) proof {
	defer rv.cost[2].Store(infinity)
	d := k.newSolver(dpWeighted)
	defer k.release(d)
	d.setForced(k.forced, &k.counts)
	var seen [3]int64 // the rivals' costs at the last look (rivals.ahead)
	// The work of the solver askLooser runs counts as d's: its own while
	// it runs (tickFor), added to d's once done.
	tickFor := func(e *dpSolver) func() bool {
		return func() bool {
			c := d.work
			if e != nil {
				c += e.work
			}
			c = ranksCost(c)
			if c > rv.least.Load() {
				return false
			}
			select {
			case <-done:
				return false
			default:
			}
			if rv.ahead(2, c, &seen) {
				runtime.Gosched()
			}
			return true
		}
	}
	d.tick = tickFor(nil)
	// Where aces go either way, the looser problem is asked each question
	// first (askLooser) while it answers within its caps; bounded is the
	// limit of the one whose bound d holds, and rebased is set once it has
	// left no more than a question's limit. A bound holds only up to the
	// limit of the run that gave it, unless that run was bounded by nothing
	// but its limit (k.free; arrange_ranks_tail.go), and such a bound from
	// a question below proves less, as a state it dropped only weighed
	// more than that question allowed: on deal-75-56755 the question of 5
	// points passed the caps under the bound of the question of 2, and
	// took 7.4 million work under its own.
	looser, rebased, bounded := k.r.Ace == AceEither, false, int64(-1)
	failed := 0 // the questions of the hand's own problem answered no
	spans := 1  // the spans of steps the looser problem has climbed
	var base, top, ceil int64
	var sums []bool
	var i int
	// restart counts the steps afresh from lower.
	restart := func() {
		base, i = lower/weightScale, 0
		top = base + ranksSteps[len(ranksSteps)-1]
		sums = k.pointSums(top)
		ceil = top + 1
	}
	restart()
	if p := k.pre; looser && p != nil {
		// acesTwiceLower has asked the looser problem already, and lower
		// is at least its least: the steps start there, under its bound,
		// without asking it again. On the large corpus the median hand
		// went from 12.6 to 13.1 ms to 9.4 to 10.6 (deal-68-4985's proof
		// from 1.3 million to 0.5, deal-75-56755's from 4.0 to 1.9).
		d.tail, bounded, rebased = p.tail, p.limit, true
	}
	// climb restarts the steps where the looser problem has climbed them
	// fewer than looserSpans times, and reports whether it did.
	climb := func() bool {
		if !looser || rebased || spans == looserSpans {
			return false
		}
		spans++
		restart()
		return true
	}
	// Step i is asked until a no proves its points too few (lower passes
	// them). Where a question far above the last no passes the caps, ceil
	// is its points, and the points between are asked a point at a time.
	for i < len(ranksSteps) || climb() {
		if u := k.upper; u != nil && lower >= u.w {
			// No arrangement is lighter than the one the looser
			// problem's answer made.
			k.sol = u.sol
			return k.proved(rv, d, u.w)
		}
		p := base + ranksSteps[i]
		if p >= ceil {
			p = lower / weightScale
		}
		// A limit that lets no more points be left than the one before
		// asks the same question again.
		for p <= top && !sums[p] {
			p++
		}
		if p > top && climb() {
			continue
		}
		if p > top || p >= ceil {
			break
		}
		if p*weightScale+weightScale-1 < lower {
			i++
			continue
		}
		d.limit = p*weightScale + weightScale - 1
		if u := k.upper; u != nil && d.limit >= u.w {
			// Only an arrangement lighter than that one is asked for.
			d.limit = u.w - 1
		}
		// Once the hand has left more than the looser problem twice, the
		// looser problem is asked each question first with the weights of
		// the aces it leaves over raised (raiseAces), while that raises
		// its answer.
		if looser && rebased && failed >= raiseAfter && k.canRaise(d.limit) {
			a, kept, ok := k.raiseAces(d, d.limit, tickFor)
			switch {
			case !ok:
				return proof{lower: lower}
			case !kept:
			case a.v > d.limit:
				lower = max(lower, a.v)
				continue
			default:
				bounded = d.limit
			}
		}
		if looser && d.limit > bounded {
			a := k.askLooser(d, d.limit, tickFor)
			switch {
			case a.stopped:
				return proof{lower: lower}
			case a.capped:
				looser = false
				k.freeTail(d)
			case a.v > d.limit:
				// The hand leaves more too.
				lower = d.limit + 1
				continue
			case rebased:
				bounded = d.limit
			default:
				// The hand leaves at least what the looser problem does:
				// the steps count afresh from there, the first asking
				// whether the hand leaves just that, a question within
				// this one's limit, so under the bound d took.
				rebased, bounded = true, d.limit
				lower = max(lower, a.v)
				restart()
				continue
			}
		}
		v, at, ok := d.run()
		if d.capped && p > lower/weightScale {
			d.stopped, d.capped, ceil = false, false, p
			continue
		}
		if d.stopped {
			return proof{lower: lower}
		}
		if !ok {
			lower = d.limit + 1
			failed++
			if failed == beamAfter {
				k.beamUpper(d)
			}
			if u := k.upper; failed >= beamAfter && u != nil && u.w/weightScale > base && u.w/weightScale <= top {
				// The lightest arrangement found, the beam's, a repair's
				// lighter than it, or a repair's found since, is most
				// likely the least: the next question asks for a
				// lighter one.
				base, i = u.w/weightScale, 0
			}
			continue
		}
		melds, dead, jl := d.readBack(at)
		if d.absorb(melds, jl) < jl {
			return proof{lower: max(lower, v)}
		}
		k.sol = d.solution(melds, dead)
		return k.proved(rv, d, v)
	}
	return proof{lower: lower}
}

// proved ends the rank solver's proof in a race with the least weight v,
// its arrangement in k.sol, after d's work.
func (k *ranksWay) proved(rv *rivals, d *dpSolver, v int64) proof {
	c := ranksCost(d.work)
	for least := rv.least.Load(); c < least && !rv.least.CompareAndSwap(least, c); least = rv.least.Load() {
	}
	return proof{v: v, lower: v, cost: c, done: true}
}

// solution returns the arrangement of melds and dead that d read back,
// its jokers absorbed already, runs of 14 cut (splitLong).
func (d *dpSolver) solution(melds []dpMeld, dead []Card) solution {
	melds = splitLong(melds)
	sol := solution{deadwood: dead}
	for _, m := range melds {
		sol.melds = append(sol.melds, d.meldCards(m))
	}
	return sol
}

// looserAnswer is what askLooser found of a question.
type looserAnswer struct {
	v       int64 // the looser problem's least weight, or the limit plus one when it leaves more
	capped  bool  // it passed its caps, and answered nothing
	stopped bool  // it stopped for the race or the context (its tick)
}

// raiseAces weighs the copies of the aces the looser problem leaves over
// (k.aceLeft) more, where its last answer, within limit, left copies of a
// suit's ace over at both ends: each unit more that suit's copies weigh
// raises that answer's weight by the copies left over, less the suit's
// aces (see arrange_ranks_tail.go). It raises those suits' weights, each
// by its share of that slope, just enough for that answer to pass limit
// by half a point, and asks the looser problem the question of limit as
// askLooser does. Past the point where the looser problem starts using
// the copies at both ends instead, its answer falls as they weigh more,
// and an answer may leave copies over that another answer as light
// melds: so it keeps the weights only where the answer passes limit or
// rises by raiseGain points; else it goes back to the weights and
// bounds before, tries once more with the suit that left the most
// copies over alone, where there were more and the answer did not fall,
// and then raises them no more (k.doneRaising). It returns the looser
// problem's answer, whether it kept the weights (and d the bound of that
// answer), and false when it stopped.
//
// On climbed-10 (59 points; the looser problem 32, 53 with the spades'
// aces weighing what they do in hand) the questions of 42, 48 and 52
// points are each answered no by the looser problem in 0.8 to 2.0
// million work, where the hand's own problem took 3.8 to 12.6, and the
// bound of the last leaves the questions of 57 and 63 points 1.7 and 5.0
// million instead of 19.5 and 27.8: the proof costs 4.4 million instead
// of 17.8. On climbed-12 (53 points, the looser problem 31) the hearts
// and spades raised together answer 33 points, the spades alone 36.
//
// The fifteenth round of issue 11 tried the other side as well: a copy
// melded weighing something too (less the same times the aces), which
// bounds where the looser problem melds more copies of a suit than the
// hand holds, as aceLeft bounds where it leaves them over. The bound
// holds for any such weight, once the hand's own problem weighs an ace
// melded at position 1 as much until position 14, and the last position
// of the looser problem also leaves copies an open run could take (a
// copy melded no longer weighs least, which genMoves takes for granted).
// A coordinate ascent over both weights of each suit raised the looser
// problem's least on climbed-30 from 24 points to 36 (its answer 43),
// climbed-14 from 43 to 53, climbed-27 from 32 to 48, and climbed-26,
// -28 and -29 not at all. Raised a step a question as here (the step of
// a copy melded at most a fifth of an ace), the proofs of the corpus's
// two-deck hands cost 207 million instead of 228 and climbed-30 took 45
// ms alone instead of 95; but the hands no weight helps paid for the runs
// that tried (climbed-26 89 ms instead of 83, climbed-15 82 instead of
// 60), so the slowest hand went from 97 ms (climbed-31) to 95 only, and
// it was not kept.
func (k *ranksWay) raiseAces(d *dpSolver, limit int64, tickFor func(*dpSolver) func() bool) (a looserAnswer, kept, ok bool) {
	sp, ace, norm := k.spare, k.aceWeight(), k.raisable()
	gap := limit + 1 + weightScale/2 - sp.v // to pass limit by half a point
	free, lastFree, lastBounded, aceLeft, tail := k.free, k.lastFree, k.lastBounded, k.aceLeft, d.tail
	// Every suit that can rise, each by its share of the slope; then,
	// where that fails and more than one could, the suit that left the
	// most copies over alone (the first of them).
	top, rising := -1, 0
	for s, left := range sp.left {
		if left > 0 && aceLeft[s] < ace {
			rising++
			if top < 0 || left > sp.left[top] {
				top = s
			}
		}
	}
	for try := 0; try == 0 || try == 1 && rising > 1; try++ {
		w := aceLeft
		for s, left := range sp.left {
			switch {
			case left <= 0 || w[s] >= ace:
			case try == 0:
				w[s] = min(ace, w[s]+gap*int64(left)/norm)
			case s == top:
				w[s] = min(ace, w[s]+gap/int64(left))
			}
		}
		k.aceLeft = w
		a, probed := k.probeRaise(d, sp.v+raiseGain*weightScale-1, limit, tickFor)
		if !probed {
			a = k.askLooser(d, limit, tickFor)
		}
		switch {
		case a.stopped:
			return a, false, false
		case !a.capped && (a.v > limit || a.v >= sp.v+raiseGain*weightScale):
			return a, true, true
		}
		// the bounds of runs under the weights raised do not hold under
		// the weights restored
		k.free, k.lastFree, k.lastBounded, k.aceLeft, k.spare, d.tail = free, lastFree, lastBounded, aceLeft, sp, tail
		if a.capped || a.v < sp.v {
			break // past the slopes' turn: one suit alone falls too
		}
	}
	k.doneRaising = true
	return a, false, true
}

// probeRaise asks the looser problem under the weights raised whether it
// leaves no more than probe, the most a raise that fails leaves, where
// that is below limit, the question's: from the ace up under the bound
// of lighter weights (k.free), as looserTail's first run. It reports
// whether it answered for the raise: the looser problem's least when it
// leaves no more (the raise fails), or a stop; where it leaves more, or
// its caps stopped it, the question itself is asked.
// Every hand climbs found in the sixteenth round of issue 11 tried a
// raise that failed, at the dearest question but the last: on the
// slowest, climbed-33 (52 points, the looser problem 39), the two runs
// under the raised weights asked 49 points, left 37, and took 12 ms.
// Probed first, the proofs of the large corpus's two-deck hands cost
// 353.5 million instead of 362.5 (with the hands those climbs found),
// climbed-33 12.7 instead of 13.4, climbed-32 11.8 instead of 12.4, and
// the rank solver alone took the slowest hands 7 to 8 ms less
// (climbed-33 85 ms instead of 92), against hands whose raise succeeds
// (climbed-8 6.1 million instead of 5.6, 56 ms instead of 50).
func (k *ranksWay) probeRaise(d *dpSolver, probe, limit int64, tickFor func(*dpSolver) func() bool) (looserAnswer, bool) {
	if probe >= limit || k.free == nil {
		return looserAnswer{}, false
	}
	v, _, work, ok, capped := k.looserRun(probe, false, k.free, 0, tickFor, false)
	d.work += work
	switch {
	case !ok && !capped:
		return looserAnswer{stopped: true}, true
	case ok && v <= probe:
		return looserAnswer{v: v}, true
	}
	return looserAnswer{}, false
}

// beamUpper runs the hand's own problem under d's bound, taking on only
// beamWidth states from each step (keepBeam), for an arrangement of the
// hand lighter than k.upper, which it keeps there; it reports whether it
// found one. Once the hand has answered no beamAfter times, its answer is likely far above the looser problem's, and the ladder's
// last step, the question that finds it, the dearest: on the six
// slowest hands climbs had found, the beam found the least (as did one
// of 2,000 states a position on all six), and asking first for less
// than it leaves one question, answered no, where the steps asked up to
// three and the last answered yes. climbed-14 (60 points) costs 9.4
// million instead of 12.0, climbed-12 5.6 instead of 10.0, and the large
// corpus's two-deck hands 110.2 million instead of 122.7; the 203 unseen
// deals that took Arrange over 15 ms as before (112.9 against 112.5),
// where after the first no they cost 156.6 (their answers are mostly a
// step above the looser problem's), and after the second 128.7. A beam
// of 300 states cost the corpus 111.0 million, of 100 the slowest hands
// more (climbed-12 13.1 after the first no). Where the beam finds none
// lighter than the arrangement a repair made (readLooser), that one is
// as likely the least: on climbed-24 (54 points, the looser problem 35,
// a repair 56) asking for one lighter than it at once costs 7.5 million,
// where the steps asked for 51 points first and cost 10.1 (on climbed-21,
// when that came, 7.1 against 13.4). So is one a repair makes after
// (a raise's): on climbed-27 (54 points, the looser problem 39) a raise
// after the fourth no repairs an arrangement of 54, and asking for less
// at once costs 9.5 million where the steps asked 52 first and cost 12.7;
// climbed-11 3.3 instead of 5.9, against climbed-8 6.2 instead of 5.2
// (its repair lay 6 points above the least); the corpus 204.1 instead of
// 208.8, the 203 slow unseen deals as before.
func (k *ranksWay) beamUpper(d *dpSolver) bool {
	limit := d.limit
	d.limit, d.beam = infinity/4, beamWidth
	if k.upper != nil {
		d.limit = k.upper.w - 1
	}
	v, at, ok := d.runLayers()
	d.beam, d.limit = 0, limit
	if !ok {
		return false
	}
	melds, dead, jl := d.readBack(at)
	if d.absorb(melds, jl) < jl {
		return false
	}
	k.upper = &looserUpper{sol: d.solution(melds, dead), w: v}
	return true
}

// The beam keeps beamWidth states after each suit's step and after the
// sets, and the next question then asks for an arrangement lighter than
// the lightest found, however far above the lower bound it lies (within
// the steps): the question that finds the answer costs the more the
// higher its limit. On climbed-31 (39 points, the looser problem 28) the
// questions of 28, 33 and 38 points, answered no, cost 0.7, 5.4 and 12.0
// million work, and that of 50 (the beam's 51), answered yes, 36.3.
//
// Until the sixteenth round of issue 11 the beam kept 200 states after
// each position, where the four suits' steps multiply the states, and
// the next question asked for less than the lightest arrangement only
// where it lay 11 points or fewer above the lower bound. Kept after each
// step, 1,000 states cost the beam as much work and find lighter
// arrangements (41 points on climbed-31, where 200 a position found
// 51): the proofs of the large corpus's two-deck hands cost 242.7
// million instead of 256.1 (climbed-31 10.7 instead of 14.5, climbed-29
// 9.7 instead of 10.9, climbed-14 7.6 instead of 9.2, against climbed-25
// 9.3 instead of 7.5), and the 203 slow unseen deals as much. 1,000
// states a position took the beam 20 to 40 ms on the slowest hands,
// where a step takes it 4 to 8; 200 a step cost the corpus 294.5
// million, and 2,000 the slowest hands more time. With this beam, the
// steps on past 11 points cost climbed-8 6.58 million instead of 5.56,
// climbed-27 9.53 instead of 8.84; no known hand's beam lies more than
// 16 points above. Running the beam after the first no that cost 2
// million work or more made the corpus's slowest hands quicker (the
// worst two-deck hand of BenchmarkLargeHands 70 to 74 ms), but climbs
// from them then found hands its beam missed by 7 to 13 points whose
// last question took 30 to 40 ms (new-climbed-14, 97 ms in the race,
// 64 ms without), and where the steps then went on halfway to the
// beam's, the climbed hands were as slow as here (83 to 85 ms alone).
const (
	beamWidth = 1000
	beamAfter = 3
)

// keepBeam keeps of cur, a layer at position p, the d.beam states with
// the most room under their limits (limits): the least weight so far
// and still to come, the earlier state first where two have as much. It
// returns the layer without the others, in the order it had, which the
// layer after it, not yet built, indexes; cur is the last layer
// startLayer returned, and gives the arena back what it no longer holds.
func (d *dpSolver) keepBeam(cur []dpRec, p int) []dpRec {
	lims := d.limits(p)
	rooms := d.rooms[:0]
	most := int64(math.MinInt64)
	for i := range cur {
		if r := &cur[i]; r.move != dpBeaten {
			need, open := d.runMasks(r.key, -1, 15)
			room := lims[r.key>>dpJShift&7][need][open] - r.val
			rooms, most = append(rooms, room), max(most, room)
		}
	}
	d.rooms = rooms
	if len(rooms) > d.beam {
		// One word a state: its room below the most (at most 2^40, the
		// farthest alike), and its index.
		const index = 1<<23 - 1
		order := d.order[:0]
		j := 0
		for i := range cur {
			if cur[i].move != dpBeaten {
				order = append(order, uint64(min(most-rooms[j], 1<<40))<<23|uint64(i))
				j++
			}
		}
		leastFirst(order, d.beam)
		for _, o := range order[d.beam:] {
			cur[o&index].move = dpBeaten
		}
		d.order = order
		d.work += dpBeamWork * int64(len(order))
	}
	kept := cur[:0]
	for _, r := range cur {
		if r.move != dpBeaten {
			kept = append(kept, r)
		}
	}
	d.fitLast(kept)
	return kept
}

// leastFirst reorders the distinct words of w so that its first k are
// the k least, in no particular order: a quickselect, the pivot the
// median of the first, middle and last word.
func leastFirst(w []uint64, k int) {
	lo, hi := 0, len(w)
	for hi-lo > 1 && k > lo && k < hi {
		a, b, c := w[lo], w[lo+(hi-lo)/2], w[hi-1]
		pivot := max(min(a, b), min(max(a, b), c))
		i, j := lo, hi-1
		for i <= j {
			for w[i] < pivot {
				i++
			}
			for w[j] > pivot {
				j--
			}
			if i <= j {
				w[i], w[j] = w[j], w[i]
				i++
				j--
			}
		}
		// w[lo:j+1] <= pivot <= w[i:hi], and w[j+1:i] equal the pivot
		switch {
		case k <= j:
			hi = j + 1
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// raiseAfter is how many questions of the hand's own problem must have
// been answered no before raiseAces raises the weights of the aces, and
// raiseGain the points its answer must then rise by. Over the large
// corpus's two-deck hands (with climbed-1 to climbed-14), before the
// questions were bounded from above (readLooser, beamUpper), the proofs
// cost 142.1 million in all, the dearest climbed-14 at 12.0 (180.7 in all
// without raising, climbed-13 21.9, climbed-10 17.8, climbed-11 16.7).
// Raising after the first no, on hands whose answer is a step or two
// above the looser problem's, the raise lowered the answer as often as
// not: 152.2 in all, climbed-9 9.4 instead of 7.9; after the third,
// 140.9, but climbed-14 12.4, climbed-9 9.5 and climbed-8 7.5 instead of
// 5.0. Keeping every raise that does not lower the answer, a bound a
// point or two higher left the questions after it dearer: climbed-12
// 12.8 instead of 10.4 (143.7 in all); asking for 5 points, 147.1,
// climbed-9 11.1. Once a raise's questions were asked under the bounds
// of lighter weights (looserTail), and a climb had found climbed-23 (50
// points; the looser problem 35, 36 with the spades' copies raised), a
// point's gain came out ahead: kept, the raise leaves climbed-23's last
// question 8.5 million instead of 12.1, climbed-21 5.3 instead of 7.2,
// climbed-20 3.1 instead of 4.3, against climbed-12 6.4 instead of 5.8;
// the corpus 167.1 instead of 172.8, the 203 slow unseen deals 111.0
// instead of 110.9. Two points, as three; nothing, climbed-17 5.6
// instead of 4.8.
//
// raiseFrom is the least answer of the looser problem a raise starts
// from, in points. An answer of a few points melds nearly every card, and
// the copies it leaves over at both ends it can as well meld at both: a
// raise lowered it on every such hand of the corpus (climbed-7, -18 and
// -19, whose looser problem answers 0), where the hands it helped start
// from 24 points or more. Without it, climbed-19 cost 9.6 million
// instead of 7.6, climbed-7 5.2 instead of 4.0, the corpus 146.9 instead
// of 142.2; from 5 points, as from 10.
const (
	raiseAfter = 2
	raiseGain  = 1
	raiseFrom  = 10
)

// canRaise reports whether raiseAces may raise the weights of the aces
// the looser problem leaves over for a question of the given limit: its
// last answer, within it and at least raiseFrom points, left some over
// at both ends that could weigh more, and no raise has been given up.
func (k *ranksWay) canRaise(limit int64) bool {
	sp := &k.spare
	return !k.doneRaising && sp.known && sp.v <= limit && sp.v >= raiseFrom*weightScale && k.raisable() > 0
}

// raisable returns the sum of the squares of the copies the looser
// problem's last answer left over, less the aces, of the suits where
// they are more and weigh less than an ace in hand.
func (k *ranksWay) raisable() int64 {
	var n int64
	for s, left := range k.spare.left {
		if left > 0 && k.aceLeft[s] < k.aceWeight() {
			n += int64(left * left)
		}
	}
	return n
}

// aceWeight is what an ace weighs in hand.
func (k *ranksWay) aceWeight() int64 { return weight(&k.r, NewCard(Ace, Clubs)) }

// askLooser asks the question of limit, at least d's, where aces go
// either way, of the looser problem of acesTwiceBound (looserTail, whose
// bound for d comes from a run turned round), which is cheap: it holds no
// aces back, where the
// hand's own problem multiplies its states by the aces held back
// (runByAces). When the looser problem leaves more than the limit, so
// does the hand. When not, its least weight is a lower bound on the
// hand's, and its layers bound what the positions after each must leave
// (tailBound): d takes that bound, and drops the states that cannot stay
// within its limit.
// tickFor makes the tick of the solver it runs, whose work counts as d's.
func (k *ranksWay) askLooser(d *dpSolver, limit int64, tickFor func(*dpSolver) func() bool) looserAnswer {
	v, tail, work, ok, capped := k.looserTail(limit, tickFor)
	d.work += work
	switch {
	case !ok:
		return looserAnswer{capped: capped, stopped: !capped}
	case v > limit:
	case tail != nil && k.takesTail(d):
		// The bound is on the positions from the ace up of the hand's
		// own problem, weighed.
		d.tail = tail
	default:
		k.freeTail(d)
	}
	return looserAnswer{v: v}
}

// takesTail reports whether d takes the looser problem's bounds: the
// hand's own problem where aces go either way, from the ace up, weighed.
func (k *ranksWay) takesTail(d *dpSolver) bool {
	return d.either && !d.mirror && d.mode == dpWeighted
}

// freeTail gives d the only bound of the looser problem that holds for
// any question, from its run bounded by nothing but its limit (k.free),
// where d takes one: a bound d holds may be from a bounded run of a lower
// question, which need not hold for d's.
func (k *ranksWay) freeTail(d *dpSolver) {
	d.tail = nil
	if k.takesTail(d) {
		d.tail = k.free
	}
}

// pointSums reports, for each total of points up to top, whether some
// naturals of the hand add up to it: the only totals the rank solver's
// answer can leave, for it melds every joker.
func (k *ranksWay) pointSums(top int64) []bool {
	sums := make([]bool, top+1)
	sums[0] = true
	for b, n := range k.counts {
		pts := int64(k.r.Points(bitCard(b)))
		for range n {
			for t := top; t >= pts && pts > 0; t-- {
				sums[t] = sums[t] || sums[t-pts]
			}
		}
	}
	return sums
}

// goOut answers the question of CanGoOut ask by the rank solver where its
// answer is sure (decide), and else by the general solver g, when a card
// left alone is worth at least least points (leastAlone).
func (k *ranksWay) goOut(g *general, ask goOutQuestion, least int) bool {
	done := g.done
	out, sure := k.decide(ask, least, func() bool {
		select {
		case <-done:
			return false
		default:
			return true
		}
	})
	if sure {
		return out
	}
	// Unsure, stopped by its caps, or by the context's end, where the
	// general solver stops at once too.
	return g.goOut(ask, least, false)
}

// decide answers the question of CanGoOut ask by the rank solver, and
// reports whether the answer is sure: whether the solver can leave at most
// one card with the jokers left over but one kept back fitting into its
// melds, or with a discard required, exactly one card kept back (a natural
// or a joker). A no is sure (the solver can only leave less than the true
// answer); a yes is sure when the jokers fit. The solver asks tick whether
// to go on (dpSolver), and when it stops the answer is not sure. A card
// left alone weighs at least least points, so a natural of fewer points
// counts as two cards, and is never the one kept back. When aces go
// either way and no card need be kept back, the looser problem of
// acesTwiceBound is asked first (acesTwiceNoGoOut).
func (k *ranksWay) decide(ask goOutQuestion, least int, tick func() bool) (goOut, sure bool) {
	dr := ask == askOneKeptBack
	if !dr && k.r.Ace == AceEither {
		switch no, sure := k.acesTwiceNoGoOut(least, tick); {
		case !sure:
			return false, false
		case no:
			return false, true
		}
	}
	mode := dpCards
	if dr {
		mode = dpOneLeft
	}
	d := k.newSolver(mode)
	defer k.release(d)
	d.goOutWeights(&k.r, least)
	if dr {
		d.limit = 0
	} else {
		d.limit = 1
		d.setForced(k.forced, &k.counts)
	}
	d.tick = tick
	v, at, ok := d.run()
	switch {
	case d.stopped:
		return false, false
	case !ok:
		return false, true // even with every joker left over taken, no
	}
	melds, _, jl := d.readBack(at)
	keep := 0 // jokers to keep back
	if dr && d.layers[len(d.layers)-1][at].key>>dpKeptBit&1 == 0 {
		keep = 1
	}
	if !dr {
		keep = min(jl, int(1-v))
	}
	if d.absorb(melds, jl-keep) == jl-keep {
		return true, true
	}
	return false, false
}

// acesTwiceLower returns lower raised by acesTwiceBound, asked for at
// most acesTwiceUp points above it within acesTwiceWork; done is the
// context's Done channel. The work is fixed, so the bound is the same
// whatever the timing, and so the race after. One question 8 points up
// answers the corpus's slow hands whose bound is their answer
// (deal-75-6736 at 6 points, deal-68-3533 at 8, deal-68-4985 at 4);
// asking 3 points up first cost more than it saved, and 3 then 9 passed
// the work on deal-75-6736.
func (k *ranksWay) acesTwiceLower(lower int64, done <-chan struct{}) int64 {
	limit := (lower/weightScale+acesTwiceUp)*weightScale + weightScale - 1
	k.pre = nil
	lb, tail, ok := k.acesTwiceBound(limit, acesTwiceWork, done)
	if !ok {
		return lower
	}
	if tail != nil {
		k.pre = &looserPre{v: lb, limit: limit, tail: tail}
	}
	return max(lower, lb)
}

const (
	acesTwiceUp   = 8
	acesTwiceWork = 1 << 28
)

// acesTwiceBound proves a lower bound on the least weight of the hand
// when aces go either way, by the rank solver on a looser problem: each
// ace is there twice, at position 1 and at position 14, and a copy left
// over weighs nothing (the aces no meld can hold weigh what they do).
// Any arrangement of the hand is one of that problem, its aces at the end
// they go to and the copies at the other left over, and it weighs no
// more, so the looser problem's least weight is a lower bound. Without
// aces to hold back, the solver takes it layer by layer, with none of
// the vectors of runByAces: on deal-75-6736, asked up to 6 points, 40 to
// 60 ms where the hand's own problem takes 600 ms (on a machine where
// BenchmarkLargeHands's median hand takes 20 ms). Its bound is the hand's
// least weight on many slow hands (deal-75-6736, deal-68-4985,
// deal-68-3533, deal-75-445), and the search from the high end then stops
// once it finds an arrangement that weighs it (general.floor): 350,000
// nodes instead of 838,000 on deal-75-6736, 220,000 instead of 651,000 on
// deal-68-4985. The looser problem reads the same both ways round, and
// its first run (looserTail) goes from the king down (mirrorPositions),
// which on the large corpus's hands of two decks takes 0.21 s in all
// where from the ace up took 0.74 s (the bound asked before every race,
// so every such hand waits for it). It returns the least weight of the looser problem
// when it is at most limit, with its bound on the positions after each
// (tailBound), and else limit plus one and nil; false when it stopped:
// past most work, or its caps, or when done is closed.
func (k *ranksWay) acesTwiceBound(limit, most int64, done <-chan struct{}) (int64, *dpTail, bool) {
	v, tail, _, ok, _ := k.looserTail(limit, func(d *dpSolver) func() bool {
		return func() bool {
			select {
			case <-done:
				return false
			default:
			}
			return d.work <= most
		}
	})
	return v, tail, ok
}

// looserTail solves the looser problem of acesTwiceBound under limit,
// its solvers' ticks made by tickFor. It returns the problem's least
// weight when it is at most limit, with its bound on the positions after
// each for the hand's own problem (tailBound, from a run turned round),
// and else limit plus one and nil; the solvers' work; and false when it
// stopped, capped set when its caps stopped it.
//
// The looser problem is asked again for each higher question (prove),
// and its first run, turned round and bounded by nothing, gives a bound
// that holds under any limit (k.free: see arrange_ranks_tail.go). A later
// question is asked one of two ways. Again the same way, which refreshes
// that bound. Or from the ace up under that bound, which drops the states
// the positions still to come rule out, and then, when the problem leaves
// no more than the limit, turned round under the bound of that run, for
// the hand's own problem; a bound from a run that was bounded itself
// holds only up to its own limit, which is the question's. Which way is
// the one whose last run took less work, trying the second after the
// first, so the schedule is fixed by the work and the race stays
// deterministic. On hands a hill climb built the second takes a fraction
// of the first (with the steps of ranksSteps then, 0, 3, 6, 9, 13, 18,
// 24: climbed-1, 40 points, the looser problem 32: the rank
// solver's proof 25.4 million instead of 41.0; climbed-3 41.0 instead of
// 71.7), but where the first run's bound is far below the answer, the
// first way can cost less (deal-60-77304, 38 points: 3.8 million taking
// the cheaper way, 4.2 the first way alone, and 10.8 the second alone).
//
// Once raiseAces has raised the weights of the aces left over, every
// arrangement of the looser problem weighs at least what it did, so
// k.free, the bound of a run under lighter weights, still holds, and each
// question is asked the second way: from the ace up under it, which
// mostly answers no without the run turned round. Bounded by nothing,
// each question of a raise took 4.7 to 7.0 million work on climbed-13
// and climbed-20 (1.4 to 3.3 the second way); over the large corpus's
// two-deck hands the proofs cost 156.2 million instead of 157.3,
// climbed-20 2.0 instead of 2.7, climbed-17 4.2 instead of 4.9,
// climbed-13 5.3 instead of 5.8, against climbed-12 6.1 instead of 5.8
// and climbed-21 5.1 instead of 4.8; the 203 slow unseen deals as much
// (107.9). Asked the second way also where no weight is raised, the
// corpus cost 155.2 before the steps changed (ranksSteps), and the 203
// deals 113.7 instead of 110.9.
func (k *ranksWay) looserTail(limit int64, tickFor func(*dpSolver) func() bool) (v int64, tail *dpTail, work int64, ok, capped bool) {
	raised := k.aceLeft != [4]int64{}
	if k.free == nil || !raised && k.lastBounded != 0 && k.lastBounded >= k.lastFree {
		v, tail, work, ok, capped = k.looserRun(limit, true, nil, 0, tickFor, true)
		if ok {
			k.free, k.lastFree = tail, work
		}
		if v > limit {
			tail = nil
		}
		return v, tail, work, ok, capped
	}
	defer func() { k.lastBounded = work }()
	v, bound, work, ok, capped := k.looserRun(limit, false, k.free, 0, tickFor, false)
	if bound == nil {
		return v, nil, work, ok, capped
	}
	return k.looserRun(limit, true, bound, work, tickFor, false)
}

// looserRun is one run of the looser problem under limit, turned round
// when mirror is set, under bound (nil for none), its work counted on
// from work: its least weight (limit plus one when more), the bound of
// its layers when it did not stop and leaves no more than the limit (or
// always, when always is set), its work, and false when it stopped,
// capped set when its caps stopped it. The solver is released before it
// returns, so a run after it reuses its layers.
func (k *ranksWay) looserRun(limit int64, mirror bool, bound *dpTail, work int64, tickFor func(*dpSolver) func() bool, always bool) (v int64, tail *dpTail, w int64, ok, capped bool) {
	d := k.newSolver(dpWeighted)
	defer k.release(d)
	d.tick = tickFor(d)
	d.work = work
	d.tail = bound
	v, at, ok := d.acesTwice(k, limit, mirror)
	if ok && (always || v <= limit) {
		tail = d.tailBound()
	}
	if ok && at >= 0 {
		d.readLooser(k, at, v)
	}
	return v, tail, d.work, ok, d.capped
}

// acesTwiceNoGoOut asks the question of fewer than two cards (decide) of
// the looser problem of acesTwiceBound, in which a copy of an ace left
// over weighs nothing: every arrangement of the hand that goes out is one
// of that problem that does, so a no there is a no for the hand. It
// reports whether the answer is no, and whether it is sure: false when
// the solver stopped (its caps, or tick). The hands whose question the
// hand's own problem takes past its caps are mostly ones where the aces
// held back multiply the states (runByAces), and the looser problem has
// none to hold back: deal-75-4615 (9 points in two cards, so a card left
// alone is worth 10 or more) passes the caps after some 10 ms asked of
// the hand, and the looser problem proves the no in 5 ms, where the
// general solver took 40 ms. It goes from the ace up: turned round
// (mirrorPositions), the go-out questions of the large corpus took 57 ms
// in all instead of 24.
func (k *ranksWay) acesTwiceNoGoOut(least int, tick func() bool) (no, sure bool) {
	d := k.newSolver(dpCards)
	defer k.release(d)
	d.goOutWeights(&k.r, least)
	d.tick = tick
	v, _, ok := d.acesTwice(k, 1, false)
	return ok && v > 1, ok
}

// acesTwice solves the looser problem of acesTwiceBound for the hand of k
// under limit, with d's weights by position as d's mode and its caller
// made them, its positions turned round when mirror is set
// (mirrorPositions). It returns the least weight of the looser problem
// when it is at most limit, and else limit plus one; false when it
// stopped. d keeps the layers of the run (tailBound reads them).
func (d *dpSolver) acesTwice(k *ranksWay, limit int64, mirror bool) (int64, int, bool) {
	var fixed int64 // the weight of the aces no meld can hold
	for y := k.forced & aceBits; y != 0; y &= y - 1 {
		fixed += int64(k.counts[bits.TrailingZeros64(y)]) * d.w[1]
	}
	if d.mode == dpWeighted {
		d.aceLeft = k.aceLeft
	}
	// The run holds its states to the limit less the aces no meld can
	// hold, plus what every copy left over would weigh at one end; they
	// weigh nothing or more, so none is within a run limit below nothing.
	// (A limit below what those aces weigh is not enough: where the
	// copies left over weigh something, the least may be below that.)
	if d.limit = limit - fixed + d.acesWeighing(&d.aceLeft); d.limit < 0 {
		return limit + 1, -1, true
	}
	d.acesAtBothEnds(mirror)
	d.w[1], d.w[14] = 0, 0
	d.setForced(k.forced, &k.counts)
	v, at, ok := d.run()
	switch {
	case d.stopped:
		return 0, -1, false
	case !ok:
		return limit + 1, -1, true
	}
	return v + limit - d.limit, at, true
}

// acesAtBothEnds puts every ace of d at both ends, none held back, its
// positions turned round when mirror is set (mirrorPositions).
func (d *dpSolver) acesAtBothEnds(mirror bool) {
	d.either, d.bothEnds = false, true
	for s := range 4 {
		d.cnt[14][s] = d.cnt[1][s]
	}
	d.finished = false
	if mirror {
		d.mirrorPositions()
	}
}

// goOutWeights weighs the naturals of a solver for a question of going
// out (a mode counting cards) under r, when a card left alone is worth at
// least least points: a natural of fewer points counts two cards, so it
// is never the one left.
func (d *dpSolver) goOutWeights(r *Rules, least int) {
	for p := 1; p <= 14; p++ {
		if r.Points(NewCard(d.rankAt(p), Clubs)) < least {
			d.w[p] = 2
		}
	}
}
