package engine

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// The general solver takes every hand: repeated cards, jokers, table
// melds, negative card values. It is a branch and bound on card counts.
//
// Cards are taken rank by rank (all aces, then all 2s, ...; suits in order
// within a rank) from the low end; on large hands, from the high end (the
// card of the highest rank with the fewest ways to place it) or the open
// card with the fewest ways to place it (solve). The card taken
// is deadwood (with every other copy of it: copies are alike, so an
// arrangement can always leave the later copies), or the card of one group
// holding it: a new set, a new run, or the cards laid off onto one table
// meld; a group holds only open cards, on either side of the card taken
// (from an end, the cards beyond it are all placed). A group takes only the jokers it cannot do without (gaps of a
// run, and what lifts it to the smallest meld); the jokers left over at the
// end go wherever a group can still take one, up to 13 cards a run and a
// full set (and MaxJokers), or stay in hand. Any meld holding more jokers
// is such a group plus jokers taken at the end, and a natural set or run
// that could be cut into two melds without more jokers is never listed as
// a whole, so few groups need listing.
//
// At each node the cards that no group of the open cards, the jokers left
// and the table melds still free could hold are deadwood at once, and so
// are the copies of a card beyond the disjoint groups that could hold one
// each (spareCopies); their weight is the bound. Large hands add a
// transposition table keyed by the open cards, the jokers, the capacity
// for jokers and the table melds used.
//
// It keeps the best arrangement it has reached, so when the context ends
// (ArrangeContext) it answers with that and the best lower bound it has
// proven.

const (
	optDead = iota
	optSet
	optRun
)

// option is one way to place the open card taken.
type option struct {
	lane   uint64   // run: the naturals, as card bits
	lin    uint64   // run: the naturals, as linear positions
	cost   int64    // deadwood: the weight left in hand
	take   [4]uint8 // set: copies taken from each suit
	kind   uint8
	bit    uint8 // deadwood: the card's bit; set: the rank
	suit   uint8 // run: the suit's lane, 0 to 3
	lo, hi int8  // run: the window in linear positions (the grown window of a lay-off)
	tab    int16 // the table meld laid off onto (relevant index), or -1
	k, cap int32 // jokers the group needs; jokers it can take besides (at most the hand's)
}

// tslot is one reading of a table meld: the shape cards can be laid off
// onto.
type tslot struct {
	tab    int  // relevant index of the table meld
	kind   Kind // Set or Run
	suit   int  // run: lane 0 to 3
	lo, hi int  // run: window in linear positions
	rank   int  // set
	use    [4]int
	n, tj  int // cards and jokers of the table meld
}

// gtab is a table meld cards from the hand could go onto.
type gtab struct {
	index    int    // index into the table passed to Arrange
	idle     int32  // jokers it takes when nothing else is laid off onto it
	setReach uint64 // cards a set reading could take
	slots    []tslot
}

// gstate is the part of the search that changes; copying it is the undo.
type gstate struct {
	cnt    [64]uint8  // copies of each card still open, by card bit
	lane   uint64     // card bits with copies open
	order  uint64     // the same cards in rank order: bit (rank-1)*4 + suit
	key    [2]uint64  // cnt packed two bits a card, for the transposition table
	rankN  [16]uint16 // per rank, when suits may repeat in a set: copies open
	twice  uint64     // card bits with two copies open or more
	thrice uint64     // card bits with three copies open or more
	j      int32      // jokers open
	cap    int32      // jokers the groups formed can still take
	used   uint64     // relevant table melds laid off onto
}

type ttKey struct{ a, b, c uint64 }

type ttEntry struct {
	v     int64
	exact bool // else v is a lower bound
}

// transTable is the transposition table: open addressing over a power of
// two of slots, each key looked for in ttProbe slots from its home. It
// doubles while it fills, up to ttMax slots (32 MB); full, a new key takes
// the place of the first slot of its probe, so memory stays bounded and
// the table keeps the newest positions. Every search starts it at ttMin
// slots (reset).
//
// A table that outgrows ttMin moves into a backing array of ttMax slots
// (bigTables) and doubles in place there, as a key's home at twice the
// slots is its home or that plus the old size: growing writes only the
// new half, where copying into a new array twice the size would write all
// of it afresh. New memory costs a page fault a page on its first write,
// and on these machines faults cost most while the ways race: a large
// hand's first arrangement in a process took twice as long as its second.
type transTable struct {
	slots []ttSlot // len(slots) slots: ttMin of small, or a prefix of a backing array
	mask  uint64   // len(slots) - 1
	n     int      // keys stored
	small []ttSlot // the table's ttMin slots while it has not grown, kept empty after
}

// ttSlot is a key and its entry, v twice the entry's value plus 1 when
// it is exact. A slot is free when its key is zero: search stores only
// nodes with a card open, whose keys are not.
type ttSlot struct {
	key ttKey
	v   int64
}

func (s *ttSlot) used() bool { return s.key != ttKey{} }

const (
	ttMin   = 1 << 12
	ttMax   = 1 << 20
	ttProbe = 4
)

// reset empties t to ttMin slots. A pooled table may have grown on the
// hand before; starting every search at one size keeps the search the same
// for the same hand, since the size decides which keys share a probe, and
// so the nodes searched and which of equally good arrangements is found.
func (t *transTable) reset() {
	t.release()
	if t.small == nil {
		t.small = make([]ttSlot, ttMin)
	}
	t.slots, t.mask, t.n = t.small, ttMin-1, 0
	clear(t.slots) // new memory too: see firstWrite
}

// release gives back a backing array t has grown into, empty, and leaves
// t on its small slots.
func (t *transTable) release() {
	if len(t.slots) > ttMin {
		clear(t.slots)
		b := t.slots[:0]
		bigTables.Put(&b)
		t.slots, t.mask, t.n = t.small, ttMin-1, 0
	}
}

// firstWrite: the solver writes new memory before it reads it. A page
// first read is mapped to the kernel's shared page of zeros, and the
// first write to it then replaces that mapping, which, while the other way
// of a race runs on another core, interrupts that core to flush its view
// of the page (a TLB shootdown, slow in a virtual machine): before, 12% of
// the three-deck hand's first arrangement went to those interrupts (perf).
// Clearing a new table or count cache writes every page first.

// bigTables keeps the backing arrays of tables no longer used, all ttMax
// slots and empty, for the next table that outgrows ttMin.
var bigTables = sync.Pool{New: func() any {
	b := make([]ttSlot, 0, ttMax)
	return &b
}}

// home returns the slot k's probe starts from: low bits of a mixed hash,
// so that doubling the slots keeps a key's home or adds the old size.
func (t *transTable) home(k ttKey) int {
	h := k.a*0x9E3779B97F4A7C15 ^ k.b*0xC2B2AE3D27D4EB4F ^ k.c*0x165667B19E3779F9
	h = (h ^ h>>32) * 0xD6E8FEB86659FD93
	return int(h >> 40 & t.mask)
}

// get returns the entry of k, if t holds one.
func (t *transTable) get(k ttKey) (ttEntry, bool) {
	for i, h := 0, t.home(k); i < ttProbe; i, h = i+1, (h+1)&int(t.mask) {
		s := &t.slots[h]
		if s.key == k {
			return ttEntry{v: s.v >> 1, exact: s.v&1 != 0}, true
		}
		if !s.used() {
			break
		}
	}
	return ttEntry{}, false
}

// put stores e for k.
func (t *transTable) put(k ttKey, e ttEntry) {
	if t.n >= len(t.slots)/2 && len(t.slots) < ttMax {
		t.grow()
	}
	v := e.v << 1
	if e.exact {
		v |= 1
	}
	t.store(k, v)
}

// store puts the packed entry v for k.
func (t *transTable) store(k ttKey, v int64) {
	home := t.home(k)
	for i, h := 0, home; i < ttProbe; i, h = i+1, (h+1)&int(t.mask) {
		s := &t.slots[h]
		if !s.used() || s.key == k {
			if !s.used() {
				t.n++
			}
			*s = ttSlot{k, v}
			return
		}
	}
	t.slots[home] = ttSlot{k, v}
}

// restore takes the entry of slot i out and stores it again.
func (t *transTable) restore(i int) {
	s := t.slots[i]
	t.slots[i] = ttSlot{}
	t.n--
	t.store(s.key, s.v)
}

// copyFrom makes t a copy of u.
func (t *transTable) copyFrom(u *transTable) {
	t.reset()
	if len(u.slots) > ttMin {
		t.slots = (*bigTables.Get().(*[]ttSlot))[:len(u.slots)]
	}
	copy(t.slots, u.slots)
	t.mask, t.n = u.mask, u.n
}

// grow doubles the slots, keeping the entries that find room.
func (t *transTable) grow() {
	n := len(t.slots)
	if n == ttMin {
		old := t.slots
		t.slots = (*bigTables.Get().(*[]ttSlot))[:2*n]
		clear(t.slots) // zero already: see firstWrite
		t.mask, t.n = uint64(2*n-1), 0
		for i := range old {
			if old[i].used() {
				t.store(old[i].key, old[i].v)
			}
		}
		clear(old)
		return
	}
	// In place: the keys whose home is now in the new half move there;
	// then a key of the old half whose probe from its home crosses a slot
	// left free, or which had wrapped round from the old half's end, is
	// stored again. Slots are taken in order, so a key's probe is sound
	// once its slot is passed.
	t.slots = t.slots[:2*n]
	clear(t.slots[n:]) // zero already: see firstWrite
	t.mask = uint64(2*n - 1)
	for i := range n {
		if t.slots[i].used() && t.home(t.slots[i].key) >= n {
			t.restore(i)
		}
	}
	for i := range n {
		if !t.slots[i].used() {
			continue
		}
		h := t.home(t.slots[i].key)
		d := (i - h) & int(t.mask)
		sound := d < ttProbe
		for q := 0; sound && q < d; q++ {
			sound = t.slots[(h+q)&int(t.mask)].used()
		}
		if !sound {
			t.restore(i)
		}
	}
}

type general struct {
	r             Rules
	m, mNat, mx   int // smallest meld, naturals a meld needs (at least 1), jokers a meld may hold
	limit, maxSet int // copies of a suit in a set, cards in a set
	copies        bool
	sets, runs    bool   // which kinds can exist
	jok           bool   // jokers can meld
	lo, hi        int    // linear positions runs may use
	validStarts   uint64 // without wrap: the linear positions a run can start at, in every lane
	validPos      uint64 // without wrap: the linear positions lo to hi, in every lane

	w     [64]int64
	wJ    int64
	neg   bool
	heavy int64 // the weight of the hand's heaviest natural card

	st    gstate
	init  gstate
	opts  []option
	tabs  []gtab
	useTT bool
	tt    transTable

	watch
	ranksOK       bool      // the rank solver takes the hand (dpSupports): it races (rankWay)
	ranks         *ranksWay // the rank solver's way, once made (rankWay)
	seen          [3]int64  // in a race, the rivals' costs at the last look (rivals.ahead)
	askRanks      bool      // raceSolve races the rank solver on the question of fewer than two cards
	way           takeWay   // which open card search takes
	spent, budget int64     // nodes of this try of solve, and the most it may take
	floor         int64     // a proven lower bound on the weight of the open cards and jokers, less the weight of the path to the node (race)
	cut           bool      // the try ran out of nodes: stop is set, but not for good
	rival         *rivals   // while the ways race (race): what they share

	room       roomMemo
	spareCheck bool // dropForced also drops spare copies (spareCopies)
	fewRescued bool // jokerBound saves fewer (jokerRescue)
	maxCount   int  // the most copies of a card in hand

	// counting is set while search counts cards (countCards) with the
	// entries of the search for the least weight kept; alone is the most
	// weight, in that search, of a card that may be left alone.
	counting bool
	alone    int64
	least    int // the least points of a card left alone (countCards)

	// Scratch of jokerBound: the weights of the copies it counts, and the
	// parts jokerReach cuts them into. Only what a call writes is read,
	// so they live here rather than as locals, which Go clears each call.
	boundWs    [64]int64
	reachParts [64]int

	// The open cards no natural group could hold (needy), as jokerBound
	// last found them, when the open cards were lane: highestFewest reads
	// them, as node asks jokerBound before it lists the options.
	needy, lane uint64

	optCap int       // genFewest: the options listed need not pass this (0 for no cap)
	counts optCounts // genFewest: how many options cards have, by what that depends on

	// The best arrangement reached so far, while track is set: the groups
	// of the branch being searched (trail) and the weight its deadwood has
	// so far (acc); the best leaf's groups (incPath) and weight (incW).
	track   bool
	acc     int64
	trail   []option
	incPath []option
	incW    int64

	// what reconstruct found
	path     []option
	absorbed []int32 // jokers taken at the end, by path index then idle table
}

var generalPool = sync.Pool{New: func() any { return new(general) }}

// Linear positions of runs: without wrap, position p of a suit is its lane
// bit (the ace at 1, and at 14 when it sits above the king); with wrap the
// ranks are laid out three times (1 to 39) so every arc is a window.

// linLane returns the linear positions of the ranks v (bits 1 to 13).
func (g *general) linLane(v uint64) uint64 {
	switch {
	case g.r.Wrap:
		return v | v<<13 | v<<26
	case g.r.Ace == AceHigh:
		return v&^2 | (v&2)<<13
	case g.r.Ace == AceEither:
		return v | (v&2)<<13
	}
	return v
}

// posRank returns the rank at linear position p.
func posRank(p int) int { return (p-1)%13 + 1 }

// orderBit returns the bit of order of the card at bit b of the lane.
func orderBit(b int) int { return (b&15-1)*4 + b>>4 }

// foldLane maps linear positions back to rank bits.
func (g *general) foldLane(y uint64) uint64 {
	return (y | y>>13 | y>>26) & laneRanks
}

// ttMode says when the general solver keeps a transposition table.
type ttMode uint8

const (
	ttAuto ttMode = iota // on large hands
	ttOff
	ttOn // on every hand, for tests
)

// arrangeCounts solves a problem routed to the count search (route).
// tt is ttAuto but in tests.
func (p *problem) arrangeCounts(ctx context.Context, tt ttMode) (Arrangement, error) {
	g := generalPool.Get().(*general)
	defer g.release()
	if err := g.setup(p, ctx.Done(), tt); err != nil {
		return Arrangement{}, err
	}
	sol, lower := g.best()
	a := p.render(sol)
	if g.stop {
		return p.unproven(ctx, a, lower)
	}
	goOut, ask := p.goOut(len(a.Deadwood))
	switch ask {
	case askFewerThanTwo, askOneKeptBack:
		least := leastAlone(&a)
		if g.ranks != nil && g.ranks.won {
			goOut = g.ranks.goOut(g, ask, least)
		} else {
			goOut = g.goOut(ask, least, true)
		}
	}
	if g.stop {
		return p.unproven(ctx, a, int64(a.Points)*weightScale)
	}
	a.CanGoOut = goOut
	return a, nil
}

// release puts g back in the pool, without a big transposition table.
func (g *general) release() {
	g.tt.release()
	if g.ranks != nil {
		g.ranks.flush()
	}
	generalPool.Put(g)
}

// best searches for the least weight. It returns the best solution found
// and a lower bound on the weight of every arrangement: the solution's
// weight when the search finished, the best bound proven when the context
// ended first.
//
// A large hand first takes a short wide look (lookBudget nodes), for an
// arrangement to answer with should the context end during the proof; a
// hand that small answers there. Then the ways race (race), each asking
// first a narrow question: does some arrangement leave less than the
// bound of the first node plus the heaviest card of the hand (heavy)?
// That search prunes from the first node, and a dense hand whose cards
// all meld but one card or so answers yes, and with that its least
// weight, in a fraction of the nodes of one wide search. A no proves a
// higher lower bound, and the wide search that follows finds the answer in
// the transposition table wherever the narrow one went. (Asking for less
// than a point more, as before, the hands that meld nearly all their cards
// but not all, and most of the slowest are such, paid for two searches:
// over the large corpus and four slow deals beyond it, the winning ways
// took 4.6 million nodes instead of 3.8 million, deal-68-257 616,000
// instead of 416,000, the three-deck hand 1.75 million instead of 1.45.)
// A small hand, which keeps no table, asks only the wide question.
func (g *general) best() (solution, int64) {
	lower := g.rootBound()
	g.track, g.acc, g.incW = true, 0, infinity
	g.trail, g.incPath = g.trail[:0], g.incPath[:0]
	if !g.useTT {
		return g.answer(g.search(infinity), lower)
	}
	g.way, g.spent, g.budget = takeHighest, 0, lookBudget
	v := g.search(infinity)
	g.budget = infinity
	if !g.cut {
		return g.answer(v, lower)
	}
	g.stop, g.cut = false, false
	return g.race(lower)
}

// answer ends best: it returns the best solution, read back from the
// search when the best leaf reached is not the best, and the lower bound.
// v is the least weight, or, when the search stopped, any value.
func (g *general) answer(v, lower int64) (solution, int64) {
	g.track = false
	switch {
	case g.stop:
		return g.solution(g.incPath), lower
	case g.incW == v:
		// A leaf the search reached is the best: no need to read it back.
		return g.solution(g.incPath), v
	}
	g.reconstruct(v)
	if g.stop {
		return g.solution(g.incPath), v
	}
	return g.solution(g.path), v
}

// lookBudget is the nodes of the first, wide look of best.
const lookBudget = 1 << 12

// takeWay is which open card search takes at a node.
type takeWay uint8

const (
	takeLowest  takeWay = iota // the lowest open card: the way of hands without a transposition table (setup leaves it)
	takeHighest                // one of the highest rank (highestFewest)
	takeFewest                 // the card with the fewest options (genFewest)
)

// solve is search, as the questions of CanGoOut ask it once best has
// answered. On a large hand it first searches alone, taking the highest
// card first, for soloBudget nodes, which answers most questions; a
// longer one is raced both ways (raceSolve), and the first way to finish
// answers. Which way is fast depends on the hand (a deal of 75 cards and
// three jokers that cannot meld them all takes 2 million nodes from the
// high end to prove it and 20,000 taking the card with the fewest
// options; another 280,000 from the high end and 1.8 million the other
// way). A small hand, which keeps no table, takes its cards lowest first.
//
// What the questions read of the value (whether it is below 1 or 2, and
// which below 2) is exact, so it is the same whichever way finds it and
// whatever the timing.
func (g *general) solve(beta int64) int64 {
	if !g.useTT {
		return g.search(beta)
	}
	g.way, g.spent, g.budget = takeHighest, 0, g.soloBudget()
	v := g.search(beta)
	g.budget = infinity
	if !g.cut {
		return v
	}
	g.stop, g.cut = false, false
	return g.raceSolve(beta)
}

// soloBudget returns the nodes solve searches alone before it races the
// ways: about what copying the table for the second way costs, a node
// for 64 slots (a copy of the largest table, 32 MB, takes some 5 ms), and
// at least 4,096.
func (g *general) soloBudget() int64 {
	return int64(max(len(g.tt.slots)/64, 1<<12))
}

// A node of a race costs highestCost taking the highest card first and
// fewestCost taking the card with the fewest options, which lists every
// open card's options: over the large corpus a node of that way takes
// some 1.1 to 2.3 times the time of one of the other. The race's answer is
// the way whose proof costs least, so the nearer the ratio is to the
// time's, the nearer the race's time is to the faster way's alone. (They
// are 10 and 15 rather than 2 and 3 so that the rank solver's work,
// ranksCost, counts in whole units.)
const (
	highestCost = 10
	fewestCost  = 15
)

// rootBound returns the bound search starts from at the first node.
func (g *general) rootBound() int64 {
	saved := g.st
	defer func() { g.st = saved }()
	fw := g.dropForced(nil)
	if g.st.order == 0 {
		return fw + g.leaf()
	}
	lb := fw + g.jokerBound(infinity)
	if g.neg {
		lb += g.negBound()
	}
	return lb
}

// setup readies g for the problem p, whose context's Done channel is done.
func (g *general) setup(p *problem, done <-chan struct{}, tt ttMode) error {
	r := p.r
	counts := p.copies()
	*g = general{opts: g.opts[:0], tt: g.tt, path: g.path[:0], absorbed: g.absorbed[:0], tabs: g.tabs[:0],
		trail: g.trail[:0], incPath: g.incPath[:0], watch: watch{done: done}, floor: -infinity,
		counts: optCounts{runs: g.counts.runs[:0], sets: g.counts.sets[:0]}}
	g.r = r
	g.m = max(r.MinSize, 1)
	g.mNat = max(r.MinNatural, 1)
	g.mx = r.MaxJokers
	if g.mx == 0 {
		g.mx = 1 << 20
	}
	g.limit = r.Decks
	g.copies = !r.DistinctSuits
	if r.DistinctSuits {
		g.limit = 1
	}
	g.maxSet = 4 * g.limit
	g.sets = r.Sets && g.m <= g.maxSet && g.mNat <= g.maxSet
	g.runs = r.Runs && g.m <= 13 && g.mNat <= 13
	g.jok = r.Jokers > 0
	switch {
	case r.Wrap:
		g.lo, g.hi = 1, 39
	case r.Ace == AceHigh:
		g.lo, g.hi = 2, 14
	case r.Ace == AceEither:
		g.lo, g.hi = 1, 14
	default:
		g.lo, g.hi = 1, 13
	}
	if !r.Wrap {
		for q := g.lo; q+g.m-1 <= g.hi; q++ {
			g.validStarts |= laneOnes << uint(q)
		}
		g.validPos = laneOnes * (1<<uint(g.hi+1) - 1<<uint(g.lo))
	}

	g.neg = r.negativeValues()
	g.wJ = weight(&r, Joker)
	maxCount := 0
	for b, n := range counts {
		if n > 0 {
			g.w[b] = weight(&r, bitCard(b))
			g.heavy = max(g.heavy, g.w[b])
			maxCount = max(maxCount, int(n))
		}
	}
	for i := range p.table {
		g.addTable(i, p.tableV[i], p.held, p.jokers)
	}
	if len(g.tabs) > 64 {
		return fmt.Errorf("more than 64 table melds could take cards from this hand")
	}

	st := &g.init
	for b, n := range counts {
		if n > 0 {
			st.cnt[b] = n
			st.lane |= 1 << uint(b)
			s, rk := b>>4, b&15
			st.order |= 1 << uint((rk-1)*4+s)
			if g.copies {
				st.rankN[rk] += uint16(n)
			}
			st.key[b>>5] += uint64(n) << uint((b&31)*2)
			if n >= 2 {
				st.twice |= 1 << uint(b)
			}
			if n >= 3 {
				st.thrice |= 1 << uint(b)
			}
		}
	}
	st.j = int32(p.jokers)
	g.st = g.init
	g.budget = infinity
	g.maxCount = maxCount
	g.spareCheck = maxCount > 1 && len(g.tabs) == 0 && !r.Wrap && !g.copies && g.m >= 3
	g.fewRescued = len(g.tabs) == 0 && !r.Wrap && max(g.m, g.mNat) == 3
	// A transposition table pays only on large hands, and needs counts that
	// pack into two bits.
	g.useTT = (tt == ttOn || tt == ttAuto && len(p.hand) > 16) &&
		maxCount <= 3 && len(g.tabs) < 32 && p.jokers < 1<<16
	if g.useTT {
		g.tt.reset()
	}
	g.ranksOK = g.useTT && len(p.table) == 0 && r.dpSupports(p.jokers) && !p.noRanks
	return nil
}

// rankWay returns the rank solver's way for the hand, made the first time
// it races (most hands the first look answers need none), or nil where
// the rank solver does not take the hand.
func (g *general) rankWay() *ranksWay {
	if g.ranks == nil && g.ranksOK {
		k := &ranksWay{r: g.r, jokers: int(g.init.j)}
		for b, n := range g.init.cnt {
			k.counts[b] = int(n)
		}
		saved := g.st
		g.st = g.init
		k.forced = g.st.lane &^ g.meldable(k.jokers)
		g.st = saved
		g.ranks = k
	}
	return g.ranks
}

// addTable reads the table meld m (index i) and keeps it when cards from
// the hand could go onto it.
func (g *general) addTable(i int, v Verdict, handLane uint64, jokers int) {
	t := gtab{index: i}
	n := len(v.Cards)
	relevant := false
	for _, rd := range v.Readings {
		tj := len(rd.Jokers) + len(rd.Wild) // the stand-ins of this reading
		if rd.Kind == Set {
			s := tslot{tab: len(g.tabs), kind: Set, rank: int(rd.Cards[0].Rank()), n: n, tj: tj}
			for _, c := range rd.Cards {
				s.use[c.Suit()-1]++
			}
			if g.jok {
				t.idle = max(t.idle, int32(min(g.maxSet-n, g.mx-tj, jokers)))
			}
			if n < g.maxSet {
				for su := range 4 {
					if s.use[su] < g.limit {
						t.setReach |= 1 << uint(su*16+s.rank)
					}
				}
			}
			relevant = relevant || handLane&t.setReach != 0
			if !slices.Contains(t.slots, s) {
				t.slots = append(t.slots, s)
			}
			continue
		}
		// A run: find the windows whose cards are this reading's.
		suit := int(rd.Cards[0].Suit()) - 1
		lo, hi, shift := g.lo, g.hi, 0
		if g.r.Wrap {
			lo, hi, shift = 1, 13, 13
		}
		for a := lo; a+n-1 <= hi+shift && a <= hi; a++ {
			same := true
			for k, c := range rd.Cards {
				if int(c.Rank()) != posRank(a+k) {
					same = false
					break
				}
			}
			if !same {
				continue
			}
			s := tslot{tab: len(g.tabs), kind: Run, suit: suit, lo: a + shift, hi: a + shift + n - 1, n: n, tj: tj}
			if !slices.Contains(t.slots, s) {
				t.slots = append(t.slots, s)
			}
		}
		if g.jok {
			t.idle = max(t.idle, int32(min(13-n, g.mx-tj, jokers)))
		}
		relevant = relevant || handLane>>uint(suit*16)&laneRanks != 0
	}
	t.idle = max(t.idle, 0)
	if relevant || jokers > 0 && t.idle > 0 {
		g.tabs = append(g.tabs, t)
	}
}

// capped limits a group's capacity for jokers to the jokers of the hand, so
// sums stay small whatever the decks.
func (g *general) capped(c int) int32 { return int32(min(c, int(g.init.j))) }

// jeff returns how many jokers a new meld could use now.
func (g *general) jeff() int {
	if !g.jok {
		return 0
	}
	return min(int(g.st.j), g.mx)
}

// dec takes n copies of the card at bit b out of the open cards.
func (g *general) dec(b int, n uint8) {
	st := &g.st
	c := st.cnt[b] - n
	st.cnt[b] = c
	st.key[b>>5&1] -= uint64(n) << (b & 31 * 2)
	if g.copies {
		st.rankN[b&15] -= uint16(n)
	}
	if c < 3 {
		bit := uint64(1) << (b & 63)
		st.thrice &^= bit
		if c < 2 {
			st.twice &^= bit
			if c == 0 {
				st.lane &^= bit
				st.order &^= 1 << (orderBit(b) & 63)
			}
		}
	}
}

// takeRun takes one copy of each of the cards y, all of suit lane s, out
// of the open cards: dec(b, 1) for each card b of y, with the card bits
// and the packed key updated a word at a time.
func (g *general) takeRun(y uint64, s int) {
	st := &g.st
	for x := y; x != 0; x &= x - 1 {
		st.cnt[bits.TrailingZeros64(x)]--
	}
	if g.copies {
		for x := y >> (uint(s) * 16); x != 0; x &= x - 1 {
			st.rankN[bits.TrailingZeros64(x)&15]--
		}
	}
	var four uint64 // cards of y with three copies or more still open
	if g.maxCount > 3 {
		for x := y & st.thrice; x != 0; x &= x - 1 {
			if b := bits.TrailingZeros64(x); st.cnt[b] >= 3 {
				four |= 1 << uint(b)
			}
		}
	}
	gone := y &^ st.twice
	st.twice = st.twice&^y | st.thrice&y
	st.thrice = st.thrice&^y | four
	st.lane &^= gone
	sh := uint(s) * 16
	// Rank r of the lane is bit (r-1)*4 + s of order, and its count bits
	// 2r to 2r+1 of key[s/2] from 32(s mod 2).
	st.order &^= spreadBits(gone>>sh, 4) >> 4 << uint(s)
	st.key[s>>1&1] -= spreadBits(y>>sh, 2) << (32 * uint(s&1))
}

// spreadBits moves bit i of the 16 bits v to bit i*k, for k of 2 or 4.
func spreadBits(v uint64, k uint) uint64 {
	v &= 0xFFFF
	if k == 2 {
		v = (v | v<<8) & 0x00FF00FF
		v = (v | v<<4) & 0x0F0F0F0F
		v = (v | v<<2) & 0x33333333
		return (v | v<<1) & 0x55555555
	}
	v = (v | v<<24) & 0x000000FF000000FF
	v = (v | v<<12) & 0x000F000F000F000F
	v = (v | v<<6) & 0x0303030303030303
	return (v | v<<3) & 0x1111111111111111
}

// search returns the least weight the open cards and jokers can leave in
// hand, or, when that is at least beta, a lower bound that is at least
// beta. The state is as it was when search returns.
//
// When the context has ended, or the try of solve is out of nodes, it
// returns at once, with infinity: the caller must look at g.stop.
func (g *general) search(beta int64) int64 {
	saved := g.st
	v := g.node(beta)
	g.st = saved
	return v
}

// node is search without the undo: it leaves the state as its last
// branch left it. Its caller, the loop over the options of the node
// above, puts back the state it needs before each option, so a node
// copies the state once, after dropping its forced cards, and back
// before each option but the first.
func (g *general) node(beta int64) int64 {
	if g.spent++; g.spent > g.budget && !g.racing() {
		g.stop, g.cut = true, true
	}
	if g.stop || g.done != nil && g.expired() {
		return infinity
	}
	fw := g.dropForcedTo(nil, beta)
	if g.st.order == 0 {
		v := fw + g.leaf()
		if g.track && g.acc+v < g.incW {
			g.incW = g.acc + v
			g.incPath = append(g.incPath[:0], g.trail...)
		}
		return v
	}
	if fw >= beta && !g.neg {
		// The forced deadwood alone reaches beta: no need of the joker
		// bound, which costs more than the rest of a node.
		return fw
	}
	lb := fw + g.jokerBound(beta-fw)
	if g.neg {
		lb += g.negBound()
	}
	// A proven lower bound on the whole hand less what the path to the
	// node left bounds the node too: once an option reaches it, no other
	// can do better.
	lb = max(lb, g.floor)
	if lb >= beta {
		return lb
	}
	var key ttKey
	if g.useTT {
		key = g.key()
		if e, ok := g.tt.get(key); ok {
			v := fw + e.v
			if e.exact || v >= beta {
				return v
			}
			lb = max(lb, v)
		}
		if g.st.j < g.init.j && lb < beta {
			lb = max(lb, fw+g.moreJokersSay(key))
			if lb >= beta {
				return lb
			}
		}
		if g.counting {
			lb = max(lb, fw+g.pointsSay(key))
			if lb >= beta {
				return lb
			}
		}
	}
	base := g.st
	top := len(g.opts)
	g.genOptions()
	best := int64(infinity)
	for i := top; i < len(g.opts); i++ {
		// The nodes below append their options after this node's, so o
		// stays as it is, in the array it points into, while they run.
		o := &g.opts[i]
		if i > top {
			g.st = base
		}
		g.apply(o)
		step := fw + o.cost
		if g.track {
			g.acc += step
			if o.kind != optDead {
				g.trail = append(g.trail, *o)
			}
		}
		var v int64
		if step >= min(beta, best) && !g.neg {
			// The option alone weighs as much as the bound: no card
			// worth less than nothing can bring it back.
			v = step
		} else {
			g.floor -= step
			v = step + g.node(min(beta, best)-step)
			g.floor += step
		}
		if g.track {
			g.acc -= step
			if o.kind != optDead {
				g.trail = g.trail[:len(g.trail)-1]
			}
		}
		if g.stop {
			break
		}
		if v < best {
			best = v
			if best <= lb {
				break
			}
		}
	}
	g.opts = g.opts[:top]
	if g.stop {
		return infinity
	}
	if g.useTT {
		g.tt.put(key, ttEntry{v: best - fw, exact: best < beta})
	}
	return best
}

func (g *general) key() ttKey {
	j := uint64(g.st.j)
	c := min(uint64(max(g.st.cap, 0)), j)
	k := ttKey{g.st.key[0], g.st.key[1], j | c<<16 | g.st.used<<32}
	if g.counting {
		k.c |= countingKey
	}
	return k
}

// moreJokersSay returns a lower bound on the weight the open cards and
// jokers of key leave, from the transposition table's entries for the same
// open cards with more jokers, or 0. When the groups formed can take j'
// jokers or more (cap), every arrangement of the open cards with j < j'
// jokers is one with j' jokers, the j'-j more taken by those groups at
// the end (or, worth less than nothing, kept in hand, weighing less), and
// leaves no more; so the least weight with j' jokers is at most that with
// j, and a lower bound on it is one on the least with j. Without such an
// entry it returns -infinity, as weights may be less than nothing.
func (g *general) moreJokersSay(key ttKey) int64 {
	j := int32(key.c & 0xFFFF)
	lb := int64(-infinity)
	for jj := j + 1; jj <= g.init.j && jj <= g.st.cap; jj++ {
		k := key
		k.c = k.c&^0xFFFFFFFF | uint64(jj) | uint64(jj)<<16
		if e, ok := g.tt.get(k); ok {
			lb = max(lb, e.v)
		}
	}
	return lb
}

// countingKey marks the keys of a search that counts cards (countCards)
// apart from those of the search for the least weight before it.
const countingKey = 1 << 63

// pointsSay returns what the transposition table's entry for key from the
// search for the least weight, if it holds one, proves of the count of
// the cards the open cards leave (countCards): weight above nothing
// leaves a card, and weight above the most a card left alone weighs
// (alone) leaves two cards or one that weighs 2.
func (g *general) pointsSay(key ttKey) int64 {
	key.c &^= countingKey
	e, ok := g.tt.get(key)
	switch {
	case !ok || e.v <= 0:
		return 0
	case e.v > g.alone:
		return 2
	}
	return 1
}

// leaf returns the weight of the jokers left when no natural is open.
func (g *general) leaf() int64 {
	j := int64(g.st.j)
	if j == 0 {
		return 0
	}
	if g.wJ < 0 {
		return j * g.wJ
	}
	return max(0, j-g.capacity()) * g.wJ
}

// capacity returns how many jokers the groups formed and the free table
// melds can still take.
func (g *general) capacity() int64 {
	c := int64(g.st.cap)
	for i := range g.tabs {
		if g.st.used>>uint(i)&1 == 0 {
			c += int64(g.tabs[i].idle)
		}
	}
	return c
}

// negBound returns the weight of the open cards that would rather stay in
// hand, for the bound when some values are negative.
func (g *general) negBound() int64 {
	var v int64
	for y := g.st.lane; y != 0; y &= y - 1 {
		b := bits.TrailingZeros64(y)
		if g.w[b] < 0 {
			v += g.w[b] * int64(g.st.cnt[b])
		}
	}
	if g.wJ < 0 {
		v += g.wJ * int64(g.st.j)
	}
	return v
}

// dropForced takes the open cards no group could hold out of play, and
// the copies of a card beyond the groups that could hold one each
// (spareCopies), and returns their weight; dead, when not nil, counts them.
func (g *general) dropForced(dead *[64]uint8) int64 { return g.dropForcedTo(dead, infinity) }

// dropForcedTo is dropForced, but once no card weighs less than nothing
// and the weight dropped reaches beta, it may stop before the spare
// copies: search wants no more than that.
func (g *general) dropForcedTo(dead *[64]uint8, beta int64) int64 {
	forced := g.st.lane &^ g.meldable(int(g.st.j))
	var fw int64
	for ; forced != 0; forced &= forced - 1 {
		b := bits.TrailingZeros64(forced)
		fw += g.drop(b, g.st.cnt[b], dead)
	}
	if fw >= beta && !g.neg {
		return fw
	}
	if g.spareCheck && int(g.st.j) < g.maxCount {
		room := g.roomForTwo(g.st.j)
		for y := g.st.twice &^ g.st.thrice &^ room; y != 0; y &= y - 1 {
			fw += g.drop(bits.TrailingZeros64(y), 1, dead)
		}
		ask := g.st.thrice
		if g.maxCount == 3 {
			var one, two uint64
			one, two, ask = g.spareOfThree(g.st.j)
			for y := one; y != 0; y &= y - 1 {
				b := bits.TrailingZeros64(y)
				fw += g.drop(b, 1+uint8(two>>uint(b)&1), dead)
			}
		}
		for y := ask; y != 0; y &= y - 1 {
			b := bits.TrailingZeros64(y)
			if n := g.spareCopies(b, int(g.st.j)); n > 0 {
				fw += g.drop(b, n, dead)
			}
		}
	}
	return fw
}

// spareOfThree is spareCopies for the cards of three copies open, when no
// card has more and j jokers are open, as far as roomForTwo tells: the
// cards with at least one spare copy (one), at least two (two), and those
// only spareCopies can tell (ask). Three copies take three groups: with
// two jokers open, one natural group besides, which roomForTwo(1) says;
// with one, two natural groups, which roomForTwo(0) says; with none, a
// card without room for two natural groups keeps two copies back, and one
// with room may keep one.
func (g *general) spareOfThree(j int32) (one, two, ask uint64) {
	t := g.st.thrice
	switch {
	case j >= 3:
		return 0, 0, 0
	case j == 2:
		return t &^ g.roomForTwo(1), 0, 0
	case j == 1:
		return t &^ g.roomForTwo(0), 0, 0
	}
	return g.spareOfThreeNone(g.roomForTwo(0))
}

// spareOfThreeNone is spareOfThree with no joker open, given room, what
// roomForTwo(0) returns.
func (g *general) spareOfThreeNone(room uint64) (one, two, ask uint64) {
	t := g.st.thrice
	return t &^ room, t &^ room, t & room
}

// drop takes n copies of the card at bit b out of play as deadwood and
// returns their weight.
func (g *general) drop(b int, n uint8, dead *[64]uint8) int64 {
	if dead != nil {
		dead[b] += n
	}
	g.dec(b, n)
	return g.w[b] * int64(n)
}

// spareCopies returns how many open copies of the card at bit b stay in
// hand whatever the arrangement. Each copy melded is in its own group (a
// run or a set holds one copy of a card, as suits differ in a set), and
// the groups are disjoint. A group with a joker takes one of the j open
// jokers, so at most j hold a copy. A group of naturals holding b is a set
// of rank b's naturals, one of each suit, or a run holding three
// consecutive positions through b's position p: p-2 to p, p-1 to p+1, or
// p to p+2, so the natural runs through p are at most the most disjoint
// such triples the open copies at p-2 to p+2 allow (runsThrough); the
// natural sets holding b need m-1 other suits' naturals each, at most one
// a suit, so at most x where the other suits' copies, each at most x,
// sum to x(m-1) (setsThrough). Copies beyond j plus those counts stay in
// hand.
//
// spareCheck (setup) limits it to the rules where that reasoning holds:
// no table melds, no wrap, suits distinct in a set, melds of three cards
// or more.
func (g *general) spareCopies(b, j int) uint8 {
	c := int(g.st.cnt[b])
	free := j
	if c <= free {
		return 0
	}
	rk, su := b&15, b>>4
	if g.runs {
		free += g.runsThrough(su, rk)
		if g.r.Ace == AceEither && rk == 1 && free < c {
			free += g.runsThrough(su, 14)
		}
	}
	if g.sets && free < c {
		free += g.setsThrough(su, rk, c)
	}
	return uint8(max(c-free, 0))
}

// roomForTwo is spareCopies for two copies, for all open cards at once:
// the cards two groups could hold a copy of each, when j jokers are open.
// With no joker open that takes two natural runs, two natural sets, or one
// of each; with one, one natural group besides the joker's; with two or
// more, nothing. A card of exactly two copies not in it has one copy that
// stays in hand, or none that melds (spareCopies). With more copies open,
// whether two groups could is all it says.
//
// A node with one joker open asks it twice of the same open cards
// (dropForced, then jokerBound), so it keeps its last answers (roomMemo):
// over four slow deals of the large corpus, one call in five finds them.
func (g *general) roomForTwo(j int32) uint64 {
	if j >= 2 {
		return ^uint64(0)
	}
	one, two := g.st.lane, g.st.twice
	if m := &g.room; one != m.lane || two != m.twice {
		none, oneJ := g.roomOf(one, two)
		*m = roomMemo{one, two, none, oneJ}
	}
	if j == 0 {
		return g.room.none
	}
	return g.room.one
}

// roomMemo is what roomForTwo last worked out, for the open cards lane and
// twice: its answers with no joker open (none) and one.
type roomMemo struct{ lane, twice, none, one uint64 }

// roomOf returns roomForTwo(0) and roomForTwo(1) when the cards open are
// one and those with two copies open or more are two.
//
// Runs: with A, B, D, E the copies at p-2, p-1, p+1, p+2, two disjoint
// triples through p exist when A, B ≥ 2; D, E ≥ 2; B, D ≥ 2; A, B, D, E ≥
// 1; A, D ≥ 1 and B ≥ 2; or B, E ≥ 1 and D ≥ 2 (runsThrough at least 2).
// An ace either way has two positions, so two runs through either or one
// through each. Sets: with n1 and n2 the suits of the rank with a copy and
// with two or more, the other suits' copies, at most two a suit, number
// n1+n2-2, and two sets of three need 4 of them; one set needs two other
// suits, n1 ≥ 3 (setsThrough).
func (g *general) roomOf(one, two uint64) (none, oneJ uint64) {
	var r1, r2 uint64 // cards with a natural run through them, with two
	if g.runs {
		y1, y2 := g.linLanes(one), g.linLanes(two)
		a1, b1, d1, e1 := y1<<2, y1<<1, y1>>1, y1>>2
		a2, b2, d2, e2 := y2<<2, y2<<1, y2>>1, y2>>2
		p1 := a1&b1 | b1&d1 | d1&e1
		p2 := a2&b2 | d2&e2 | b2&d2 | a1&b1&d1&e1 | a1&b2&d1 | b1&d2&e1
		p1, p2 = p1&g.validPos, p2&g.validPos
		const ranks = laneRanks * laneOnes
		r1 = p1&ranks | p1>>13&aceBits
		r2 = p2&ranks | p2>>13&aceBits | p1&(p1>>13)&aceBits
	}
	var s1, s2 uint64 // cards with a natural set holding them, with two
	if g.sets {
		s1 = ranksInThreeSuits(one) * laneOnes
		s2 = (ranksInFourSuits(one)&ranksInTwoSuits(two) | ranksInThreeSuits(two)) * laneOnes
	}
	return r2 | s2 | r1&s1, r1 | s1
}

// linLanes returns the linear positions of the cards x, lane by lane,
// without wrap: the ace at 1, and at 14 when it sits above the king.
func (g *general) linLanes(x uint64) uint64 {
	switch g.r.Ace {
	case AceHigh:
		return x&^aceBits | (x&aceBits)<<13
	case AceEither:
		return x | (x&aceBits)<<13
	}
	return x
}

// setsThrough bounds the natural sets that hold a copy of rank rk, suit su
// (at most c of them): the most x up to c such that the other suits'
// copies, at most x a suit, number x(m-1) or more.
//
// Up to three copies, the sum of the other suits' copies at most x a suit
// is the suits with a copy open, plus those with two for x of 2 or more,
// plus those with three for x of 3, which the open cards' bits (lane,
// twice, thrice) count without reading the counts (spareCopies runs on
// most nodes of three-deck hands).
func (g *general) setsThrough(su, rk, c int) int {
	if c <= 3 {
		others := laneOnes << uint(rk) &^ (1 << uint(su*16+rk))
		best, need := 0, g.m-1
		sum := bits.OnesCount64(g.st.lane & others)
		if sum >= need {
			best = 1
		}
		if c >= 2 {
			if sum += bits.OnesCount64(g.st.twice & others); sum >= 2*need {
				best = 2
			}
			if c == 3 && sum+bits.OnesCount64(g.st.thrice&others) >= 3*need {
				best = 3
			}
		}
		return best
	}
	var n [4]int
	for t := range 4 {
		n[t] = int(g.st.cnt[t*16+rk])
	}
	n[su] = 0
	for x := c; x > 0; x-- {
		if min(n[0], x)+min(n[1], x)+min(n[2], x)+min(n[3], x) >= x*(g.m-1) {
			return x
		}
	}
	return 0
}

// runsThrough bounds the natural runs through linear position p of suit
// su: the most disjoint triples p-2..p, p-1..p+1 and p..p+2 the open
// copies at those positions allow.
func (g *general) runsThrough(su, p int) int {
	if g.r.Ace == AceHigh && p == 1 {
		p = 14
	}
	a, b, d, e := g.openAt(su, p-2), g.openAt(su, p-1), g.openAt(su, p+1), g.openAt(su, p+2)
	// With mid triples p-1..p+1, at most min(a, b-mid) more below and
	// min(e, d-mid) above. One more mid gains a triple, and loses one below
	// once b-mid is at most a, one above once d-mid is at most e: the total
	// rises until mid reaches the lesser of b-a and d-e (neither below 0),
	// and never rises after.
	mid := max(min(b-a, d-e), 0)
	return mid + min(a, b-mid) + min(e, d-mid)
}

// openAt returns the open copies at linear position q of suit su, without
// wrap.
func (g *general) openAt(su, q int) int {
	if q < g.lo || q > g.hi {
		return 0
	}
	if q == 14 {
		q = 1
	}
	return int(g.st.cnt[su*16+q])
}

// meldable returns the open cards that some group of open cards, j of
// the jokers and the free table melds might hold. It may say yes too often,
// never too rarely.
func (g *general) meldable(j int) uint64 {
	x := g.st.lane
	if !g.jok {
		j = 0
	}
	jeff := min(j, g.mx)
	var res uint64
	if g.runs {
		res = g.runMeldable(x, jeff)
	}
	if g.sets {
		res |= g.setMeldable(x, jeff)
	}
	if len(g.tabs) > 0 {
		res |= g.tableReach(x, j)
	}
	return res & x
}

// jokerBound returns a lower bound on the weight of the open cards that
// need a joker. A card no joker-free group could hold shares a group with a
// joker; a group with k jokers holds at most 2k(m-1) such cards (m the
// smallest natural meld), as its natural blocks between jokers are shorter
// than m, else they would meld alone. So all but 2J(m-1) of them stay in
// hand, and at least the lightest of them do.
//
// Under the rules of spareCheck with melds of three, more counts and fewer
// are saved. A copy in a natural group, or in a block of three naturals or
// more of a group with jokers, is in a natural triple or set through its
// card, disjoint from the others, so at most the natural groups
// spareCopies counts hold copies that way: the copies of a card beyond its
// room for natural groups (roomForTwo) stay in hand or sit in blocks of at
// most two naturals next to a joker, like a card no natural group could
// hold. And a group saves only the copies of such cards its blocks
// hold (jokerRescue).
//
// need is what search wants of the bound: once jokerRescue's count of the
// copies saved makes the bound reach it, the count of jokerReach, which
// costs more and can only raise the bound, is not asked.
func (g *general) jokerBound(need int64) int64 {
	j := int(g.st.j)
	if j == 0 || !g.jok || g.neg {
		return 0
	}
	needy := g.st.lane &^ g.meldable(0)
	g.needy, g.lane = needy, g.st.lane
	var extra uint64 // cards with copies needing a joker, not counted in needy
	var extraN [64]uint8
	if g.spareCheck && g.fewRescued {
		room := g.roomForTwo(0)
		extra = g.st.twice &^ g.st.thrice &^ room &^ needy
		ask := g.st.thrice &^ needy
		if g.maxCount == 3 {
			// Of three copies, two need jokers when spareOfThree says so.
			var one uint64
			one, _, ask = g.spareOfThreeNone(room)
			ask &^= needy
			for y := one &^ needy; y != 0; y &= y - 1 {
				b := bits.TrailingZeros64(y)
				extra |= 1 << uint(b)
				extraN[b] = 2
			}
		}
		for y := ask; y != 0; y &= y - 1 {
			b := bits.TrailingZeros64(y)
			if n := g.spareCopies(b, 0); n > 0 {
				extra |= 1 << uint(b)
				extraN[b] = n
			}
		}
	}
	if needy|extra == 0 {
		return 0
	}
	ws := &g.boundWs
	var items [64]uint8 // the copies counted, by card bit
	n := 0
	for y := needy | extra; y != 0; y &= y - 1 {
		b := bits.TrailingZeros64(y)
		c := g.st.cnt[b]
		if extra>>uint(b)&1 != 0 {
			c = max(extraN[b], 1)
		}
		items[b] = c
		for range c {
			ws[n] = g.w[b]
			n++
		}
	}
	rescue := 2 * j * (max(g.m, g.mNat) - 1)
	if !g.fewRescued || n <= j {
		if n <= rescue {
			return 0
		}
		sortWeights(ws[:n])
		return lightest(ws[:n], n-rescue)
	}
	// jokerReach costs more than jokerRescue, and is not needed when what
	// jokerRescue leaves already reaches need.
	sortWeights(ws[:n])
	lb := lightest(ws[:n], n-g.jokerRescue(needy|extra, j))
	if lb >= need {
		return lb
	}
	return max(lb, lightest(ws[:n], n-g.jokerReach(needy|extra, &items, j)))
}

// sortWeights sorts ws lightest first, by insertion, shifting rather than
// swapping: jokerBound's lists are short (most under ten copies), and on
// them it takes half the instructions slices.Sort did.
func sortWeights(ws []int64) {
	for i := 1; i < len(ws); i++ {
		w, k := ws[i], i
		for ; k > 0 && ws[k-1] > w; k-- {
			ws[k] = ws[k-1]
		}
		ws[k] = w
	}
}

// lightest returns the weight of the first k of ws, sorted lightest
// first: the k lightest.
func lightest(ws []int64, k int) int64 {
	var lb int64
	if k <= 0 {
		return 0
	}
	for _, w := range ws[:k] {
		lb += w
	}
	return lb
}

// jokerReach is another bound on what jokerRescue bounds, by which copies
// one joker can reach. Every block of a group with jokers has a joker next
// to it, so each copy saved is in a block next to some joker: within two
// positions of it in a run, or in its set. The copies of x within one
// joker's reach are of one rank, or of one suit within four positions of
// each other, so they lie in one component of the cards x linked that way
// (and the ace linked to the 10 to king too when it may sit above the
// king), and a joker reaches at most four of them (two blocks of two). So
// j jokers save at most the j largest parts when each component, of s
// copies (items), is cut into parts of four and one of s mod 4.
func (g *general) jokerReach(x uint64, items *[64]uint8, j int) int {
	const lane = laneRanks * laneOnes
	parts := &g.reachParts
	np := 0
	for rest := x; rest != 0; {
		comp := rest & -rest
		for {
			grow := comp
			for k := uint(1); k <= 4; k++ {
				grow |= (comp<<k | comp>>k) & lane
			}
			if g.r.Ace != AceLow {
				grow |= (comp&aceBits)*(0xF<<9) | (comp>>9|comp>>10|comp>>11|comp>>12)&aceBits
			}
			if g.sets {
				grow |= ranksInOneSuit(comp) * laneOnes
			}
			grow &= x
			if grow == comp {
				break
			}
			comp = grow
		}
		rest &^= comp
		size := 0
		for y := comp; y != 0; y &= y - 1 {
			size += int(items[bits.TrailingZeros64(y)])
		}
		for ; size > 0; size -= 4 {
			parts[np] = min(size, 4)
			np++
		}
	}
	if np <= j {
		return 64
	}
	slices.Sort(parts[:np])
	saved := 0
	for _, p := range parts[np-j : np] {
		saved += p
	}
	return saved
}

// jokerRescue bounds how many copies of the cards x, each in no block of
// three naturals, the groups holding j jokers can hold, under the rules
// of fewRescued. A run's blocks hold at most two naturals each, one copy a
// position: with one joker, at position q, they lie within q-2 to q+2, so
// it holds at most the most positions of x in a suit within five (w1); a
// set holds one block, at most two naturals of x (two suits of a rank, or
// two copies of a card when suits may repeat). With k jokers, k+1
// blocks hold at most 2(k+1), and no more than x has in one suit, or two
// of a rank (most). Each joker saves at most the best of w1 and those
// shares over k.
func (g *general) jokerRescue(x uint64, j int) int {
	y := g.linLanes(x)
	w1, most := 1, 1
	if g.sets && (g.copies || ranksInTwoSuits(x) != 0) {
		w1, most = 2, 2 // a set of copies may hold two copies of one card
	}
	if j >= 2 { // only shares over two jokers or more ask for most
		for s := uint(0); s < 64; s += 16 {
			most = max(most, bits.OnesCount64(y>>s&0xFFFF))
		}
	}
	// w1 counts the positions of x in every window of five of a suit at
	// once, with two carry-save adders: bit p of up(k) is position p+k of
	// p's suit, and the window from p holds s2 + 2(c1+c2) at bit p.
	up := func(k uint) uint64 { return y >> k & (laneOnes * (0xFFFF >> k)) }
	t0, t1, t2, t3, t4 := y, up(1), up(2), up(3), up(4)
	s1, c1 := t0^t1^t2, t0&t1|t2&(t0^t1)
	s2, c2 := s1^t3^t4, s1&t3|t4&(s1^t3)
	switch {
	case c1&c2 != 0:
		w1 = 4
	case (c1^c2)&s2 != 0:
		w1 = max(w1, 3)
	case c1|c2 != 0:
		w1 = max(w1, 2)
	}
	rescue := j * w1
	for k := 2; k <= j; k++ {
		rescue = max(rescue, j*min(2*(k+1), most)/k)
	}
	return rescue
}

// windowStarts returns the bits p of y such that at least t of the bits p
// to p+m-1 of y are set (bit-sliced counting, m at most 15).
func windowStarts(y uint64, m, t int) uint64 {
	switch {
	case t <= 0:
		return ^uint64(0)
	case t == m:
		s := y
		for k := 1; k < m; k++ {
			s &= y >> uint(k)
		}
		return s
	case t == 1:
		s := y
		for k := 1; k < m; k++ {
			s |= y >> uint(k)
		}
		return s
	case m == 3:
		// Two of three, the common case of runMeldable with one joker: the
		// majority of the three bits, without counting.
		a, b, c := y, y>>1, y>>2
		return a&b | a&c | b&c
	}
	var c [4]uint64 // the count's bits
	for k := 0; k < m; k++ {
		carry := y >> uint(k)
		for i := 0; i < 4 && carry != 0; i++ {
			c[i], carry = c[i]^carry, c[i]&carry
		}
	}
	var ge uint64
	eq := ^uint64(0)
	for i := 3; i >= 0; i-- {
		if t>>uint(i)&1 == 0 {
			ge |= eq & c[i]
			eq &^= c[i]
		} else {
			eq &= c[i]
		}
	}
	return ge | eq
}

func spread(s uint64, m int) uint64 {
	mm := s
	for k := 1; k < m; k++ {
		mm |= s << uint(k)
	}
	return mm
}

// neighbours returns the bits of y with another bit of y at most d away in
// the same 16-bit lane.
func neighbours(y uint64, d int) uint64 {
	var nb uint64
	for k := 1; k <= d; k++ {
		down := laneOnes * (1<<uint(16-k) - 1)
		up := laneOnes * (0xFFFF &^ (1<<uint(k) - 1))
		nb |= (y>>uint(k))&down | (y<<uint(k))&up
	}
	return nb & y
}

func (g *general) runMeldable(x uint64, jeff int) uint64 {
	t := max(1, g.m-jeff)
	needNb := g.mNat >= 2 && t < 2 // the window does not hold a second natural
	d := min(jeff+1, 12)
	if g.r.Wrap {
		var res uint64
		for s := uint(0); s < 64; s += 16 {
			v := x >> s & laneRanks
			if v == 0 {
				continue
			}
			y := v | v<<13 | v<<26
			st := windowStarts(y, g.m, t) & (1<<uint(40-g.m) - 2)
			mm := spread(st, g.m)
			if needNb {
				var nb uint64
				for k := 1; k <= d; k++ {
					nb |= y>>uint(k) | y<<uint(k)
				}
				mm &= nb
			}
			res |= g.foldLane(mm&y) << s
		}
		return res
	}
	y := x
	switch g.r.Ace {
	case AceHigh:
		y = x&^aceBits | (x&aceBits)<<13
	case AceEither:
		y = x | (x&aceBits)<<13
	}
	var mm uint64
	if g.m == 3 {
		// The usual smallest meld, spelled out: t is 1 to 3.
		a, b, c := y, y>>1, y>>2
		var st uint64
		switch t {
		case 3:
			st = a & b & c
		case 2:
			st = a&b | a&c | b&c
		default:
			st = a | b | c
		}
		st &= g.validStarts
		mm = (st | st<<1 | st<<2) & y
	} else {
		mm = spread(windowStarts(y, g.m, t)&g.validStarts, g.m) & y
	}
	if needNb {
		mm &= neighbours(y, d)
	}
	return mm | (mm>>13)&aceBits
}

func (g *general) setMeldable(x uint64, jeff int) uint64 {
	t := max(g.mNat, g.m-jeff, 1)
	var rk uint64
	if !g.copies {
		rk = ranksInSuits(x, t)
	} else {
		for r := 1; r <= 13; r++ {
			if int(g.st.rankN[r]) >= t {
				rk |= 1 << uint(r)
			}
		}
	}
	return rk * laneOnes
}

// tableReach returns the open cards that might be laid off onto the free
// table melds: a run reaches along open cards of its suit and as many gaps
// as jokers can fill.
func (g *general) tableReach(x uint64, jr int) uint64 {
	var res uint64
	for i := range g.tabs {
		t := &g.tabs[i]
		if g.st.used>>uint(i)&1 != 0 {
			continue
		}
		res |= t.setReach
		for k := range t.slots {
			s := &t.slots[k]
			if s.kind != Run {
				continue
			}
			y := g.linLane(x >> uint(s.suit*16) & laneRanks)
			if y == 0 {
				continue
			}
			jb := min(jr, g.mx-s.tj)
			var reach uint64
			gaps := 0
			for p := s.hi + 1; p <= g.hi && p-s.lo < 13; p++ {
				if y>>uint(p)&1 != 0 {
					reach |= 1 << uint(p)
				} else if gaps++; gaps > jb {
					break
				}
			}
			gaps = 0
			for p := s.lo - 1; p >= g.lo && s.hi-p < 13; p-- {
				if y>>uint(p)&1 != 0 {
					reach |= 1 << uint(p)
				} else if gaps++; gaps > jb {
					break
				}
			}
			res |= g.foldLane(reach) << uint(s.suit*16)
		}
	}
	return res
}

// apply plays option o.
func (g *general) apply(o *option) {
	switch o.kind {
	case optDead:
		g.dec(int(o.bit), g.st.cnt[o.bit])
	case optSet:
		for s, n := range o.take {
			if n > 0 {
				g.dec(s*16+int(o.bit), n)
			}
		}
	case optRun:
		g.takeRun(o.lane, int(o.suit))
	}
	g.st.j -= o.k
	g.st.cap += o.cap
	if o.tab >= 0 {
		g.st.used |= 1 << uint(o.tab)
	}
}

// genOptions appends to g.opts the ways to place the open card g.way
// says.
func (g *general) genOptions() {
	switch g.way {
	case takeHighest:
		g.genOptionsFor(g.highestFewest())
	case takeFewest:
		g.genFewest()
	default:
		g.genOptionsFor(bits.TrailingZeros64(g.st.order))
	}
}

// highestFewest returns the bit in order of the open card search takes
// highest first: of the open cards of the highest rank, the first with the
// fewest options, when optCounts can count them, else the last. Of the
// cards of one rank, taking the one with the fewest options first is the
// better choice: over the 49 deals and the three-deck hand of
// BenchmarkLargeHands the search takes 6.9 million nodes instead of 9.1
// million, the three-deck hand 2.4 million instead of 4.0.
//
// With a joker open, a card no natural group could hold (needy, which
// jokerBound has just found for the node) is taken instead when it has
// fewer options still. Every group holding it takes a joker, so all its
// options but deadwood spend jokers, and with fewer jokers open the
// bounds below prune sooner. Over the deals the ways race on, the search
// taking the highest card takes 8.28 million nodes instead of 8.61
// million; the slowest two-deck hand, deal-68-257, 313,000 instead of
// 412,000 (and 474 million instructions instead of 628 million), the
// three-deck hand 1.44 million instead of 1.45. A few hands take more
// (deal-60-6 88,000 instead of 48,000), none of them slow.
func (g *general) highestFewest() int {
	top := 63 - bits.LeadingZeros64(g.st.order)
	if !g.counts.usable(g) {
		return top
	}
	base := top &^ 3
	best, fewest := top, 1<<30
	avail := g.setAvail(base>>2 + 1)
	for y := g.st.order >> uint(base); y != 0; y &= y - 1 {
		ob := base + bits.TrailingZeros64(y)
		if n := g.counts.of(g, ob, avail); n < fewest {
			best, fewest = ob, n
		}
	}
	if g.st.j == 0 || !g.jok {
		return best
	}
	needy := g.needy
	if g.lane != g.st.lane || g.copies {
		needy = g.st.lane &^ g.meldable(0)
	}
	for y := needy; y != 0; y &= y - 1 {
		b := bits.TrailingZeros64(y)
		ob := orderBit(b)
		if n := g.counts.of(g, ob, g.setAvail(b&15)); n < fewest {
			best, fewest = ob, n
		}
	}
	return best
}

// full reports whether genFewest has listed as many options for a card
// as the fewest so far, so that it need list no more of them.
func (g *general) full() bool { return g.optCap > 0 && len(g.opts) >= g.optCap }

// genFewest appends to g.opts the ways to place the open card with the
// fewest of them, the first in rank order of those, or the first with two
// (one group or deadwood) or fewer.
func (g *general) genFewest() {
	top := len(g.opts)
	best, fewest := 0, 1<<30
	cached := g.counts.usable(g)
	rank, avail := 0, 0 // the rank of the last card counted, and its setAvail
	for y := g.st.order; y != 0; y &= y - 1 {
		ob := bits.TrailingZeros64(y)
		var n int
		if cached {
			if rk := ob>>2 + 1; rk != rank {
				rank, avail = rk, g.setAvail(rk)
			}
			n = g.counts.of(g, ob, avail)
		} else {
			g.optCap = top + min(fewest, 1<<20) - 1
			g.genOptionsFor(ob)
			g.optCap = 0
			n = len(g.opts) - top
			g.opts = g.opts[:top]
		}
		if n < fewest {
			best, fewest = ob, n
			if n <= 2 {
				break
			}
		}
	}
	g.genOptionsFor(best)
}

// optCounts caches, for genFewest and highestFewest, how many options genOptionsFor lists
// for a card when no table meld can take cards. Its new runs depend only
// on the card's rank, which cards of its suit are open and the jokers a
// new meld may use (jeff); its new sets only on its suit, how many copies
// of its rank each suit offers (at most limit) and jeff. So a count,
// once listed, is looked up in one step. The entries hold one more than
// the count, at most 255, and 0 for none yet; they are kept for one
// problem (setup clears ready).
type optCounts struct {
	runs, sets []uint8
	jmax       int  // the most jeff the entries cover
	ready      bool // runs and sets are cleared for this problem
}

// usable reports whether the counts can answer for g's node, readying
// them on the first call of a problem.
func (c *optCounts) usable(g *general) bool {
	if len(g.tabs) > 0 || g.limit > 3 || g.jeff() > maxCountJokers {
		return false
	}
	if !c.ready {
		c.jmax = min(int(g.init.j), g.mx, maxCountJokers)
		if !g.jok {
			c.jmax = 0
		}
		nr, ns := (c.jmax+1)*16<<13, (c.jmax+1)*4<<8
		if cap(c.runs) < nr {
			c.runs = make([]uint8, nr)
		}
		if cap(c.sets) < ns {
			c.sets = make([]uint8, ns)
		}
		c.runs, c.sets = c.runs[:nr], c.sets[:ns]
		// New memory is zero already, but clearing it writes its pages
		// first (firstWrite).
		clear(c.runs)
		clear(c.sets)
		c.ready = true
	}
	return true
}

// maxCountJokers is the most jokers a meld may use for which optCounts
// keeps counts.
const maxCountJokers = 7

// setAvail returns how many open copies of rank rk each suit offers a new
// set (at most limit), two bits a suit: what the count of a card's new sets
// depends on besides its suit and jeff. Every card of the rank shares it,
// so the callers of optCounts.of, which take the cards rank by rank, work
// it out once a rank.
func (g *general) setAvail(rk int) int {
	if !g.sets {
		return 0
	}
	var avail int
	for t := range 4 {
		avail |= min(int(g.st.cnt[t*16+rk]), g.limit) << uint(2*t)
	}
	return avail
}

// of returns how many options genOptionsFor lists for the open card at
// bit ob of order, deadwood included, as far as 255; avail is setAvail of
// its rank.
func (c *optCounts) of(g *general, ob, avail int) int {
	s, rk := ob&3, ob>>2+1
	jeff := g.jeff()
	n := 1 // deadwood
	if g.sets {
		i := (jeff*4+s)<<8 | avail
		if c.sets[i] == 0 {
			top := len(g.opts)
			g.genSets(s, rk, nil)
			c.sets[i] = uint8(min(len(g.opts)-top, 254) + 1)
			g.opts = g.opts[:top]
		}
		n += int(c.sets[i]) - 1
	}
	if g.runs {
		// The rank is the lowest part of the index, so that the cards of a
		// suit genFewest counts one after another share a cache line: by
		// rank first, the table of a megabyte missed the cache on most
		// look-ups.
		v := g.st.lane >> uint(s*16) & laneRanks
		i := (jeff<<13|int(v>>1))<<4 | rk
		if c.runs[i] == 0 {
			top := len(g.opts)
			g.genRuns(s, rk)
			c.runs[i] = uint8(min(len(g.opts)-top, 254) + 1)
			g.opts = g.opts[:top]
		}
		n += int(c.runs[i]) - 1
	}
	return n
}

// genOptionsFor appends to g.opts the ways to place the open card at bit
// ob of order: groups needing fewer jokers first, deadwood last.
func (g *general) genOptionsFor(ob int) {
	s, rk := ob&3, ob>>2+1
	b := s*16 + rk
	top := len(g.opts)
	if g.sets {
		g.genSets(s, rk, nil)
	}
	if g.runs {
		g.genRuns(s, rk)
	}
	for i := range g.tabs {
		if g.st.used>>uint(i)&1 != 0 {
			continue
		}
		for k := range g.tabs[i].slots {
			sl := &g.tabs[i].slots[k]
			switch {
			case sl.kind == Set && sl.rank == rk:
				g.genSets(s, rk, sl)
			case sl.kind == Run && sl.suit == s:
				g.genLayoffRuns(s, rk, sl)
			}
		}
	}
	// Stable sort by jokers needed: few options, so insertion sort.
	o := g.opts[top:]
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && o[j].k < o[j-1].k; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	g.opts = append(g.opts, option{kind: optDead, bit: uint8(b), cost: g.w[b] * int64(g.st.cnt[b]), tab: -1})
}

// genSets lists the sets holding rank rk of suit s: new sets when sl is
// nil, else the cards laid off onto the set reading sl.
func (g *general) genSets(s, rk int, sl *tslot) {
	var avail [4]int
	for t := range 4 {
		avail[t] = min(int(g.st.cnt[t*16+rk]), g.limit)
	}
	if sl != nil {
		for t := range 4 {
			avail[t] = min(avail[t], g.limit-sl.use[t])
		}
		if avail[s] < 1 {
			return
		}
	}
	jeff := g.jeff()
	mEff := max(g.m, g.mNat)
	// Every choice of copies from each suit, at least one of suit s, the
	// last suit's count varying fastest; nested loops rather than a
	// recursive closure, as genFewest and optCounts list sets at most
	// nodes.
	var from [4]int
	from[s] = 1
	for c0 := from[0]; c0 <= avail[0]; c0++ {
		for c1 := from[1]; c1 <= avail[1]; c1++ {
			for c2 := from[2]; c2 <= avail[2]; c2++ {
				for c3 := from[3]; c3 <= avail[3]; c3++ {
					if g.full() {
						return
					}
					take := [4]uint8{uint8(c0), uint8(c1), uint8(c2), uint8(c3)}
					g.addSet(rk, take, c0+c1+c2+c3, sl, jeff, mEff)
				}
			}
		}
	}
}

// addSet appends the set of rank rk taking take (n cards) from the open
// cards, new when sl is nil, else laid off onto the set reading sl, when it
// is one; jeff and mEff are genSets'.
func (g *general) addSet(rk int, take [4]uint8, n int, sl *tslot, jeff, mEff int) {
	o := option{kind: optSet, bit: uint8(rk), take: take, tab: -1}
	if sl == nil {
		// RULES.md 2: a set of 2m natural cards or more splits
		// into two sets.
		if n < g.mNat || n > g.maxSet || n >= 2*mEff {
			return
		}
		k := max(0, g.m-n)
		if k > jeff {
			return
		}
		o.k = int32(k)
		if g.jok {
			o.cap = g.capped(min(g.maxSet-max(n, g.m), g.mx-k))
		}
	} else {
		if sl.n+n > g.maxSet {
			return
		}
		o.tab = int16(sl.tab)
		if g.jok {
			o.cap = g.capped(min(g.maxSet-sl.n-n, g.mx-sl.tj))
		}
	}
	g.opts = append(g.opts, o)
}

// runGen holds what one enumeration of runs shares. A new run grows from
// the open card taken, at position p; a lay-off grows from the window of
// the table run sl and must hold the card taken. Either way the
// window grows down, then up, one natural at a time, the positions between
// naturals taking jokers.
type runGen struct {
	avail  uint64 // linear positions of open naturals the run may take
	c      uint64 // linear positions of the card taken
	p      int    // new run: the card taken's position
	top    int    // the top of what the run grows from: p, or the table window's
	budget int    // jokers the run may use
	suit   int
	sl     *tslot // the table run, or nil for a new run
}

// genRuns lists the new runs holding rank rk of suit s.
func (g *general) genRuns(s, rk int) {
	v := g.st.lane >> uint(s*16) & laneRanks
	rg := runGen{avail: g.linLane(v &^ (1 << uint(rk))), budget: g.jeff(), suit: s}
	ps := g.linLane(1<<uint(rk)) & (1<<uint(g.hi+1) - 1<<uint(g.lo))
	if g.r.Wrap {
		ps = 1 << uint(rk+13) // the middle copy: arcs reach 12 either way
	}
	for ; ps != 0; ps &= ps - 1 {
		rg.p = bits.TrailingZeros64(ps)
		rg.top = rg.p
		g.runDown(&rg, rg.p, 1<<uint(rg.p), 0, g.lowerAvail(&rg, rg.p))
	}
}

// genLayoffRuns lists the lay-offs holding the card taken (rank rk,
// suit s) onto the run reading sl.
func (g *general) genLayoffRuns(s, rk int, sl *tslot) {
	v := g.st.lane >> uint(s*16) & laneRanks
	window := uint64(1)<<uint(sl.hi+1) - uint64(1)<<uint(sl.lo)
	rg := runGen{avail: g.linLane(v) &^ window, c: g.linLane(1 << uint(rk)), top: sl.hi, suit: s, sl: sl}
	if rg.avail&rg.c == 0 {
		return
	}
	if g.jok {
		rg.budget = min(int(g.st.j), g.mx-sl.tj)
	}
	g.runDown(&rg, sl.lo, 0, 0, g.lowerAvail(&rg, sl.lo))
}

// lowerAvail returns the positions of rg.avail a run can grow down into
// from its low end L: below L, and no more than 12 below rg.top.
func (g *general) lowerAvail(rg *runGen, L int) uint64 {
	return rg.avail & (1<<uint(L) - 1) &^ (1<<uint(max(g.lo, rg.top-12)) - 1)
}

// runDown grows the run below its low end L, then above; below is
// lowerAvail(rg, L). The naturals it takes below L are taken highest
// first, so what a longer run can still grow into is what is left of
// below.
func (g *general) runDown(rg *runGen, L int, nat uint64, gaps int, below uint64) {
	if g.full() {
		return
	}
	if rg.sl == nil && g.splittable(nat, L, rg.p) {
		return
	}
	above := rg.avail &^ (2<<uint(rg.top) - 1) & (2<<uint(min(g.hi, L+12)) - 1)
	g.runUp(rg, L, rg.top, nat, gaps, above)
	for below != 0 {
		x := 63 - bits.LeadingZeros64(below)
		below &^= 1 << uint(x)
		ng := gaps + L - x - 1
		if ng > rg.budget {
			break
		}
		g.runDown(rg, x, nat|1<<uint(x), ng, below)
	}
}

// runUp lists the run on [L, H] and grows it above H into above, the
// positions of rg.avail above H and no more than 12 above L; as in
// runDown, what a longer run can grow into is what is left of above.
func (g *general) runUp(rg *runGen, L, H int, nat uint64, gaps int, above uint64) {
	if g.full() {
		return
	}
	if rg.sl == nil && H != rg.top && g.splittable(nat, L, H) {
		return
	}
	g.emitRun(rg, L, H, nat, gaps)
	for above != 0 {
		y := bits.TrailingZeros64(above)
		above &= above - 1
		ng := gaps + y - H - 1
		if ng > rg.budget {
			break
		}
		g.runUp(rg, L, y, nat|1<<uint(y), ng, above)
	}
}

// emitRun lists the run on [L, H] holding the naturals nat, when it is
// one: a new run needs its naturals and the jokers that make it long
// enough; a lay-off needs the card taken.
func (g *general) emitRun(rg *runGen, L, H int, nat uint64, gaps int) {
	o := option{kind: optRun, lin: nat, suit: uint8(rg.suit), lo: int8(L), hi: int8(H), tab: -1}
	var capacity int
	if sl := rg.sl; sl == nil {
		n := bits.OnesCount64(nat)
		size := max(H-L+1, g.m)
		k := size - n
		if n < g.mNat || k > rg.budget {
			return
		}
		o.k, capacity = int32(k), min(13-size, g.mx-k)
	} else {
		if nat&rg.c == 0 {
			return
		}
		o.k, o.tab, capacity = int32(gaps), int16(sl.tab), min(13-(H-L+1), g.mx-sl.tj-gaps)
	}
	if g.jok {
		o.cap = g.capped(capacity)
	}
	o.lane = g.foldLane(nat) << uint(rg.suit*16)
	g.opts = append(g.opts, o)
}

// splittable reports whether the natural run nat on [L, H] is two valid
// runs without more jokers, so it need not be listed. A run shorter than
// two melds is not, which settles most calls, inline.
func (g *general) splittable(nat uint64, L, H int) bool {
	return H-L+1 >= 2*g.m && g.splitsInTwo(nat, L, H)
}

// splitsInTwo is splittable for a run of two melds' length or more.
func (g *general) splitsInTwo(nat uint64, L, H int) bool {
	total := bits.OnesCount64(nat)
	for q := L + g.m - 1; q <= H-g.m; q++ {
		n1 := bits.OnesCount64(nat & (1<<uint(q+1) - 1))
		n2 := total - n1
		if n1 >= g.mNat && n2 >= g.mNat && q-L+1-n1 <= g.mx && H-q-n2 <= g.mx {
			return true
		}
	}
	return false
}

// reconstruct walks down an optimal branch of value target (the value of
// the initial state), recording its groups in g.path.
func (g *general) reconstruct(target int64) {
	g.st = g.init
	for {
		fw := g.dropForced(nil)
		if g.st.order == 0 {
			break
		}
		top := len(g.opts)
		g.genOptions()
		base := g.st
		found := false
		for i := top; i < len(g.opts); i++ {
			o := g.opts[i]
			g.st = base
			g.apply(&o)
			sub := target - fw - o.cost
			if g.search(sub+1) == sub {
				if o.kind != optDead {
					g.path = append(g.path, o)
				}
				target, found = sub, true
				break
			}
			if g.stop {
				return
			}
		}
		g.opts = g.opts[:top]
		if !found {
			panic("engine: the arrangement solver lost its best branch")
		}
	}
}

// solution renders the arrangement made of the groups path: the cards
// they do not hold stay in hand, and the jokers left over go where the
// groups can take them, in order (a joker worth less than nothing stays in
// hand).
func (g *general) solution(path []option) solution {
	var left [64]int
	for b, n := range g.init.cnt {
		left[b] = int(n)
	}
	jokers := g.init.j
	var used uint64
	for _, o := range path {
		switch o.kind {
		case optSet:
			for su, n := range o.take {
				left[su*16+int(o.bit)] -= int(n)
			}
		case optRun:
			for y := o.lane; y != 0; y &= y - 1 {
				left[bits.TrailingZeros64(y)]--
			}
		}
		jokers -= o.k
		if o.tab >= 0 {
			used |= 1 << uint(o.tab)
		}
	}
	g.absorbed = g.absorbed[:0]
	for _, o := range path {
		a := int32(0)
		if g.wJ >= 0 {
			a = min(jokers, o.cap)
		}
		g.absorbed = append(g.absorbed, a)
		jokers -= a
	}
	for i := range g.tabs {
		a := int32(0)
		if g.wJ >= 0 && used>>uint(i)&1 == 0 {
			a = min(jokers, g.tabs[i].idle)
		}
		g.absorbed = append(g.absorbed, a)
		jokers -= a
	}
	var sol solution
	var melds []gmeld
	for i, o := range path {
		m := gmeld{o, int(o.k) + int(g.absorbed[i])}
		if o.tab < 0 {
			melds = append(melds, m)
			continue
		}
		sol.layoffs = append(sol.layoffs, Layoff{Onto: g.tabs[o.tab].index, Cards: g.render(m, true)})
	}
	for i := range g.tabs {
		if n := g.absorbed[len(path)+i]; n > 0 {
			sol.layoffs = append(sol.layoffs, Layoff{Onto: g.tabs[i].index, Cards: slices.Repeat([]Card{Joker}, int(n))})
		}
	}
	for _, m := range g.merge(melds) {
		sol.melds = append(sol.melds, g.render(m, false))
	}
	for b, n := range left {
		for range n {
			sol.deadwood = append(sol.deadwood, bitCard(b))
		}
	}
	for range jokers {
		sol.deadwood = append(sol.deadwood, Joker)
	}
	return sol
}

// gmeld is a meld or lay-off of the answer, with all its jokers.
type gmeld struct {
	o      option
	jokers int
}

// merge joins new melds that the solver listed apart only because it lists
// short melds: two runs of a suit that meet, two sets of a rank.
func (g *general) merge(melds []gmeld) []gmeld {
	for i := 0; i < len(melds); i++ {
		for j := i + 1; j < len(melds); j++ {
			x, y := &melds[i].o, &melds[j].o
			jk := melds[i].jokers + melds[j].jokers
			ok := false
			switch {
			case x.kind != y.kind || jk > g.mx:
			case x.kind == optRun:
				n := bits.OnesCount64(x.lin) + bits.OnesCount64(y.lin)
				if x.suit == y.suit && (x.hi+1 == y.lo || y.hi+1 == x.lo) && n+jk <= 13 {
					x.lin |= y.lin
					x.lo, x.hi = min(x.lo, y.lo), max(x.hi, y.hi)
					ok = true
				}
			case x.bit == y.bit:
				n := jk
				fits := true
				for s := range 4 {
					n += int(x.take[s]) + int(y.take[s])
					fits = fits && int(x.take[s])+int(y.take[s]) <= g.limit
				}
				if fits && n <= g.maxSet {
					for s := range 4 {
						x.take[s] += y.take[s]
					}
					ok = true
				}
			}
			if ok {
				melds[i].jokers = jk
				melds = slices.Delete(melds, j, j+1)
				j = i
			}
		}
	}
	return melds
}

// render returns the cards of a meld (runs from the low end with each joker
// in its place, sets in suit order then jokers) or of a lay-off (naturals,
// then jokers).
func (g *general) render(m gmeld, layoff bool) []Card {
	o := m.o
	var cards []Card
	if o.kind == optSet {
		for s, n := range o.take {
			for range n {
				cards = append(cards, NewCard(Rank(o.bit), Suit(s+1)))
			}
		}
		for range m.jokers {
			cards = append(cards, Joker)
		}
		return cards
	}
	suit := Suit(o.suit + 1)
	if layoff {
		for y := o.lin; y != 0; y &= y - 1 {
			cards = append(cards, NewCard(Rank(posRank(bits.TrailingZeros64(y))), suit))
		}
		for range m.jokers {
			cards = append(cards, Joker)
		}
		return cards
	}
	lo, hi := int(o.lo), int(o.hi)
	ext := m.jokers - (hi - lo + 1 - bits.OnesCount64(o.lin))
	above := min(ext, g.hi-hi)
	for range ext - above {
		cards = append(cards, Joker)
	}
	for p := lo; p <= hi; p++ {
		if o.lin>>uint(p)&1 != 0 {
			cards = append(cards, NewCard(Rank(posRank(p)), suit))
		} else {
			cards = append(cards, Joker)
		}
	}
	for range above {
		cards = append(cards, Joker)
	}
	return cards
}

// countCards makes search count the cards left, and readies a search from
// the whole hand. A card left alone is worth at least least points
// (leastAlone), so when no card is worth less than nothing a card worth
// fewer points is never the one card left: it weighs 2, the others 1, and
// a weight below 2 is still exactly an arrangement leaving no card or
// one. The heavier cards let a search for one card left prune where such
// a card must stay.
func (g *general) countCards(least int) {
	g.least = least
	// The entries of the search for the least weight stay, for pointsSay,
	// when no weight is below nothing.
	g.counting = g.useTT && !g.neg
	if g.counting {
		g.alone = 0
		for b, n := range g.init.cnt {
			if n > 0 && g.countWeight(g.w[b], least) == 1 {
				g.alone = max(g.alone, g.w[b])
			}
		}
		if g.init.j > 0 && g.countWeight(g.wJ, least) == 1 {
			g.alone = max(g.alone, g.wJ)
		}
	} else if g.useTT {
		g.tt.reset()
	}
	for b := range g.w {
		g.w[b] = g.countWeight(g.w[b], least)
	}
	g.wJ = g.countWeight(g.wJ, least)
	g.neg = false
	g.st = g.init
}

func (g *general) countWeight(w int64, least int) int64 {
	if !g.neg && (w-1)/weightScale < int64(least) {
		return 2
	}
	return 1
}

// goOut answers the question of CanGoOut ask, when every arrangement
// leaves at least least points. With ranks, where the rank solver takes
// the hand, it races the general solver on the question of fewer than two
// cards (raceSolve).
func (g *general) goOut(ask goOutQuestion, least int, ranks bool) bool {
	if ask == askOneKeptBack {
		return g.keepsOneBack(least)
	}
	g.countCards(least)
	g.askRanks = ranks && g.ranksOK
	defer func() { g.askRanks = false }()
	return g.solve(2) < 2
}

// leavesOneOrNone reports whether some arrangement leaves fewer than two
// cards, when every arrangement leaves at least least points.
func (g *general) leavesOneOrNone(least int) bool {
	return g.goOut(askFewerThanTwo, least, false)
}

// keepsOneBack reports whether some card can be kept back with every
// other card melded or laid off: some arrangement leaves exactly one card.
// Every arrangement leaves at least least points.
func (g *general) keepsOneBack(least int) bool {
	g.countCards(least)
	switch g.solve(2) {
	case 0:
	case 1:
		return true
	default:
		return false
	}
	// The hand can meld completely: keep back each kind of card in turn.
	for b, c := range g.init.cnt {
		if c > 0 {
			g.st = g.init
			g.dec(b, 1)
			if g.solve(1) == 0 {
				return true
			}
		}
	}
	if g.init.j > 0 {
		g.st = g.init
		g.st.j--
		return g.solve(1) == 0
	}
	return false
}
