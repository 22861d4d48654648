package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// The cover bound is a third, independent way the tests check the
// solver's answers on large hands: a lower bound on the weight of every
// arrangement, computed by an exact-partition search over rank positions
// with a budget. Arrange does not use it. Given the weight w of Arrange's
// answer (an arrangement checkArrangement finds valid), a bound above w-1
// proves that answer best. It takes hands with no table melds, under rules
// without wrap, wild ranks or values below nothing; any number of decks,
// jokers, sizes and suit rules.
//
// It solves a relaxation: a joker left over costs nothing. Every
// arrangement is one of the relaxed problem that weighs no more (the same
// melds, its jokers in hand left over), so the relaxed least weight is a
// lower bound; it is exact whenever the jokers left over fit into the
// melds, as in any large hand. TestCoverMatchesBruteForce holds it to the
// brute force's least weight over the hand less each number of its jokers,
// which is the relaxed problem's answer by that argument.
//
// The relaxed problem needs jokers only where a meld cannot do without
// them, and so the search places them only there: in a gap of a run, and
// to bring a run or set up to the least size (any joker beyond that is one
// left over, moved into the meld). A run is then its naturals from the
// lowest to the highest, with the gaps between filled by jokers, plus the
// jokers it needs to reach the least size, which fit at one end or the
// other: every window of 13 positions or fewer lies within the ace's range.
//
// Positions run lo to hi: 1 (ace) to 13 (king) when aces are low, 2 to 14
// (ace) when high, 1 to 14 when either. When aces go either way, an ace at
// position 1 starts a run or is held back for position 14, where it does
// anything an ace may (ends a run, joins a set, stays in hand), and a run
// from position 1 may not reach 14 (it would hold 14 cards). The state
// after a position holds each suit's open runs (each by what it still
// needs: its length and naturals up to the least, the jokers in it when a
// meld's jokers are limited, whether it ends in a gap, whether it began at
// position 1), the jokers used and the aces held back. The search is a
// depth-first walk over positions with a table of proven bounds by state.
//
// Either way aces go, the positions can also be walked from king to ace
// (mirror), with the same answer: one direction is often far faster than
// the other, so proveCover alternates between them.

// coverMaxOpen is the most open runs of a suit a state holds: a natural a
// deck and a joker each.
const coverMaxOpen = 10

// coverRuns is the open runs of a suit by code, in descending order, 0
// after the last.
type coverRuns [coverMaxOpen]uint16

// coverKey is a state of the search: the next position and what is open.
type coverKey struct {
	p        uint8
	used     uint8    // jokers used
	deferred [4]uint8 // aces held back for position 14, by suit
	runs     [4]coverRuns
}

// coverEntry is what the search proved of a state: the least weight from
// there on when exact, else a lower bound.
type coverEntry struct {
	v     int64
	exact bool
}

// The fields of a run's code: its length (4 bits) and naturals (4 bits),
// each counted up to the least a meld needs, then the jokers in it.
const (
	runNatShift = 4
	runJkShift  = 8
	runGap      = 1 << 12 // it ends with a joker, so a natural must follow
	runFrom1    = 1 << 13 // it began at position 1
	coverInf    = int64(1) << 60
)

// cover is the search of one hand.
type cover struct {
	r                     *Rules
	lo, hi                int
	minSize, minNat, maxJ int
	either                bool
	nat                   [4][15]uint8 // naturals by suit and position
	w                     [4][15]int64 // the weight of each
	jokers                int
	memo                  map[coverKey]coverEntry
	need                  []int8 // jokers the sets of a pool need (setsNeed), -1 for none, -2 not known
	nodes, limit          int    // states visited; stop past limit when it is not 0
	stop                  bool
}

// coverSupports reports whether the cover bound takes the hand under r.
func coverSupports(r *Rules, hand []Card) bool {
	return !r.Wrap && r.WildRanks == 0 && !r.negativeValues() && r.check() == nil &&
		r.decks()+countJokers(hand) <= coverMaxOpen && r.MinSize <= 13 && r.MinNatural <= 13 && r.MaxJokers <= 13
}

// newCover sets up the search of hand under r, walking the positions from
// king to ace when mirror is set and aces go either way.
func newCover(r *Rules, hand []Card, mirror bool) *cover {
	c := &cover{r: r, minSize: max(r.MinSize, 1), minNat: max(r.MinNatural, 1), maxJ: r.MaxJokers}
	c.lo, c.hi = 1, 13
	switch r.Ace {
	case AceHigh:
		c.lo, c.hi = 2, 14
	case AceEither:
		c.lo, c.hi, c.either = 1, 14, true
	}
	for s := range 4 {
		for p := 1; p <= 14; p++ {
			c.w[s][p] = weight(r, NewCard(Rank((p-1)%13+1), Suits[s]))
		}
	}
	for _, cd := range hand {
		if cd == Joker {
			c.jokers++
			continue
		}
		s, p := int(cd.Suit())-1, int(cd.Rank())
		if p == 1 && r.Ace == AceHigh {
			p = 14
		}
		c.nat[s][p]++
	}
	if mirror && c.either {
		// Position p becomes 15-p; the aces stay at 1, held back for 14.
		for s := range 4 {
			for p := 2; p <= 7; p++ {
				c.nat[s][p], c.nat[s][15-p] = c.nat[s][15-p], c.nat[s][p]
				c.w[s][p], c.w[s][15-p] = c.w[s][15-p], c.w[s][p]
			}
		}
	}
	c.memo = map[coverKey]coverEntry{}
	d := r.decks() + 1
	c.need = make([]int8, d*d*d*d)
	for i := range c.need {
		c.need[i] = -2
	}
	return c
}

func (c *cover) root() coverKey { return coverKey{p: uint8(c.lo)} }

func (c *cover) mkRun(l, n, j int, gap, from1 bool) uint16 {
	code := uint16(min(l, c.minSize)) | uint16(min(n, c.minNat))<<runNatShift
	if c.maxJ > 0 {
		code |= uint16(j) << runJkShift
	}
	if gap {
		code |= runGap
	}
	if from1 {
		code |= runFrom1
	}
	return code
}

func runLen(code uint16) int { return int(code & 15) }
func runNat(code uint16) int { return int(code >> runNatShift & 15) }
func runJk(code uint16) int  { return int(code >> runJkShift & 15) }

// pad returns the jokers run code needs to close, or -1 when it cannot.
func (c *cover) pad(code uint16) int {
	if runNat(code) < c.minNat || code&runGap != 0 {
		return -1
	}
	pad := max(0, c.minSize-runLen(code))
	if c.maxJ > 0 && runJk(code)+pad > c.maxJ {
		return -1
	}
	return pad
}

// extended returns the code of run code after one more card.
func (c *cover) extended(code uint16, natural bool) uint16 {
	l, n, j := runLen(code)+1, runNat(code), runJk(code)
	if natural {
		n++
	} else {
		j++
	}
	return c.mkRun(l, n, j, !natural, code&runFrom1 != 0)
}

// avail returns the naturals of suit s at position p in state k.
func (c *cover) avail(k *coverKey, s, p int) int {
	if c.either && p == 14 {
		return int(k.deferred[s])
	}
	return int(c.nat[s][p])
}

// setsNeed returns the fewest jokers with which pool (naturals of one rank
// by suit) makes sets exactly, or -1 when no number of jokers does.
func (c *cover) setsNeed(pool [4]uint8) int {
	d := c.r.decks() + 1
	i := ((int(pool[0])*d+int(pool[1]))*d+int(pool[2]))*d + int(pool[3])
	if c.need[i] != -2 {
		return int(c.need[i])
	}
	s0 := slices.IndexFunc(pool[:], func(n uint8) bool { return n > 0 })
	if s0 < 0 {
		c.need[i] = 0
		return 0
	}
	limit := uint8(c.r.decks())
	if c.r.DistinctSuits {
		limit = 1
	}
	maxSize := c.r.maxSetSize()
	best := -1
	// Each set holds a copy of the first suit left, so try every set
	// holding one.
	var take [4]uint8
	var try func(s int)
	try = func(s int) {
		if s == 4 {
			n := int(take[0] + take[1] + take[2] + take[3])
			j := max(0, c.minSize-n)
			if n < c.minNat || n+j > maxSize || c.maxJ > 0 && j > c.maxJ {
				return
			}
			rest := pool
			for i := range 4 {
				rest[i] -= take[i]
			}
			if more := c.setsNeed(rest); more >= 0 && (best < 0 || j+more < best) {
				best = j + more
			}
			return
		}
		for t := uint8(b2i(s == s0)); t <= min(pool[s], limit); t++ {
			take[s] = t
			try(s + 1)
		}
		take[s] = 0
	}
	try(s0)
	c.need[i] = int8(best)
	return best
}

// solve returns the least weight the positions from k.p on leave, given
// the state k, when that is at most budget; otherwise a lower bound above
// budget. Past c.limit it sets c.stop and its answers mean nothing.
func (c *cover) solve(k *coverKey, budget int64) int64 {
	if c.nodes++; c.limit > 0 && c.nodes > c.limit {
		c.stop = true
	}
	if c.stop {
		return coverInf
	}
	if int(k.p) > c.hi {
		left := c.jokers - int(k.used)
		for s := range 4 {
			for _, code := range k.runs[s] {
				if code == 0 {
					break
				}
				pad := c.pad(code)
				if pad < 0 || pad > left {
					return coverInf
				}
				left -= pad
			}
		}
		return 0
	}
	if e, ok := c.memo[*k]; ok && (e.exact || e.v > budget) {
		return e.v
	}
	st := coverStep{best: coverInf, lb: coverInf, budget: budget}
	next := coverKey{p: k.p + 1, deferred: k.deferred}
	c.step(k, &next, 0, 0, 0, [4]uint8{}, &st)
	if c.stop {
		return coverInf
	}
	v, exact := st.best, true
	if st.best > budget {
		v, exact = st.lb, false
	}
	c.memo[*k] = coverEntry{v, exact}
	return v
}

// coverStep is the search of one state's moves: the least weight found,
// the least lower bound of the moves that found none within the budget.
type coverStep struct {
	best, lb, budget int64
}

func (st *coverStep) limit() int64 { return min(st.budget, st.best-1) }

// step tries what suits s on do at position k.p, given what the suits
// before did: used jokers, cost weight left in hand, pool naturals put
// into sets.
func (c *cover) step(k, next *coverKey, s, used int, cost int64, pool [4]uint8, st *coverStep) {
	if cost > st.limit() {
		st.lb = min(st.lb, cost)
		return
	}
	if s == 4 {
		j := c.setsNeed(pool)
		if j < 0 || int(k.used)+used+j > c.jokers {
			return
		}
		n := *next
		n.used = k.used + uint8(used+j)
		b := st.limit() - cost
		if v := c.solve(&n, b); v <= b {
			st.best = cost + v
		} else {
			st.lb = min(st.lb, cost+v)
		}
		return
	}
	p := int(k.p)
	c.suitMoves(k, s, p, c.jokers-int(k.used)-used, func(out coverRuns, jUsed, toSet, dead, deferred int) {
		next.runs[s] = out
		if c.either && p == 1 {
			next.deferred[s] = uint8(deferred)
		}
		pool[s] = uint8(toSet)
		c.step(k, next, s+1, used+jUsed, cost+int64(dead)*c.w[s][p], pool, st)
	})
}

// suitMoves calls emit with each thing suit s can do at position p with
// left jokers: the open runs after, the jokers taken, the naturals put
// into sets, left in hand, and held back for position 14. Each open run
// closes, takes a natural, or takes a joker in a gap; runs alike are
// counted, not told apart.
func (c *cover) suitMoves(k *coverKey, s, p, left int, emit func(out coverRuns, jUsed, toSet, dead, deferred int)) {
	runs := &k.runs[s]
	avail := c.avail(k, s, p)
	var out coverRuns
	nOut := 0
	var groups func(i, x, y int)
	groups = func(i, x, y int) {
		if i == coverMaxOpen || runs[i] == 0 {
			c.starts(p, avail-x, out, nOut, y, emit)
			return
		}
		code := runs[i]
		m := 1
		for i+m < coverMaxOpen && runs[i+m] == code {
			m++
		}
		ext := !(code&runFrom1 != 0 && p == 14 && c.lo == 1)
		jok := ext && p < c.hi && (c.maxJ == 0 || runJk(code) < c.maxJ)
		pad := c.pad(code)
		save := nOut
		for z := 0; z <= m && (z == 0 || pad >= 0 && y+z*pad <= left); z++ {
			for xn := 0; xn <= m-z; xn++ {
				yn := m - z - xn
				if xn > 0 && (!ext || x+xn > avail) {
					break
				}
				if yn > 0 && (!jok || y+z*pad+yn > left) {
					continue
				}
				nOut = save
				for range xn {
					out[nOut] = c.extended(code, true)
					nOut++
				}
				for range yn {
					out[nOut] = c.extended(code, false)
					nOut++
				}
				groups(i+m, x+xn, y+z*pad+yn)
			}
		}
		nOut = save
	}
	groups(0, 0, 0)
}

// starts calls emit with each way the rem naturals left at position p
// start runs, go into sets, stay in hand, or (position 1, aces either way)
// are held back.
func (c *cover) starts(p, rem int, out coverRuns, nOut, y int, emit func(out coverRuns, jUsed, toSet, dead, deferred int)) {
	most := 0
	if c.r.Runs {
		most = min(rem, coverMaxOpen-nOut)
	}
	for n := 0; n <= most; n++ {
		sorted := out
		for i := range n {
			sorted[nOut+i] = c.mkRun(1, 1, 0, false, p == 1)
		}
		clear(sorted[nOut+n:])
		slices.SortFunc(sorted[:nOut+n], func(a, b uint16) int { return int(b) - int(a) })
		rest := rem - n
		if c.either && p == 1 {
			emit(sorted, y, 0, 0, rest)
			continue
		}
		for t := 0; t <= rest && (t == 0 || c.r.Sets); t++ {
			emit(sorted, y, t, rest-t, 0)
		}
	}
}

// coverBound returns the relaxed least weight of hand under r when it is
// at most budget, else a lower bound above budget, walking the positions
// one way (mirror) with no limit.
func coverBound(r *Rules, hand []Card, budget int64, mirror bool) int64 {
	c := newCover(r, hand, mirror)
	k := c.root()
	return c.solve(&k, budget)
}

// proveCover returns a lower bound on the weight of every arrangement of
// hand under r, above budget when there is no arrangement within it. When
// aces go either way it walks both ways in turn, each for twice as many
// states as its last turn, keeping what each proved, until one finishes;
// nodes is the states both visited.
func proveCover(r *Rules, hand []Card, budget int64) (lower int64, nodes int) {
	walks := []*cover{newCover(r, hand, false)}
	if r.Ace == AceEither {
		walks = append(walks, newCover(r, hand, true))
	}
	for step := 1 << 10; ; step *= 2 {
		for _, c := range walks {
			c.stop, c.limit = false, c.nodes+step
			k := c.root()
			v := c.solve(&k, budget)
			if !c.stop {
				for _, c := range walks {
					nodes += c.nodes
				}
				return v, nodes
			}
		}
	}
}

// TestCoverMatchesBruteForce holds the cover bound to the brute force on
// random hands under random rules it takes: the relaxed least weight is
// the least over the hand less each number of its jokers.
func TestCoverMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	n := handCount(3000)
	for i := 0; n > 0; i++ {
		r := randomRules(rng)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		size := rng.IntN(13)
		hand := slices.Clone(deck[:size])
		if !coverSupports(&r, hand) {
			continue
		}
		n--
		slices.Sort(hand) // the jokers last
		want := coverInf
		for k := 0; k <= countJokers(hand); k++ {
			want = min(want, bruteArrange(r, hand[:len(hand)-k], nil).weight)
		}
		for _, mirror := range []bool{false, true} {
			if got := coverBound(&r, hand, coverInf-1, mirror); got != want {
				t.Fatalf("case %d: %s under %+v (mirror %v): cover bound %d, brute force %d", i, FormatCards(hand, false), r, mirror, got, want)
			}
			// Within a budget below the answer, the bound says so.
			if got := coverBound(&r, hand, want-1, mirror); got <= want-1 {
				t.Fatalf("case %d: %s under %+v (mirror %v): within %d the cover bound is %d", i, FormatCards(hand, false), r, mirror, want-1, got)
			}
		}
	}
}

var coverLarge = flag.Bool("cover", false, "TestCoverProvesLarge: prove Arrange's answer on every hand of the large corpus best by the cover bound (a minute or two)")

// TestCoverProvesLarge proves, with -cover, each answer Arrange gives on
// the corpus of large hands best: the arrangement is valid and the cover
// bound is no lower than its weight. It logs the time of each.
func TestCoverProvesLarge(t *testing.T) {
	if !*coverLarge {
		t.Skip("with -cover")
	}
	for _, cs := range largeCorpus(t) {
		if !coverSupports(&cs.rules, cs.hand) {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		start := time.Now()
		a, err := cs.rules.ArrangeContext(ctx, cs.hand, nil)
		arrange := time.Since(start)
		cancel()
		if err != nil && !errors.As(err, new(*UnprovenError)) {
			t.Fatalf("%s: %v", cs.name, err)
		}
		checkArrangement(t, cs.rules, cs.hand, nil, a)
		w := int64(a.Points)*weightScale + int64(len(a.Deadwood))
		start = time.Now()
		lower, nodes := proveCover(&cs.rules, cs.hand, w-1)
		prove := time.Since(start)
		if lower <= w-1 {
			t.Errorf("%s: Arrange leaves %d points in %d cards (%v), but the cover bound finds less: %d points",
				cs.name, a.Points, len(a.Deadwood), err, lower/weightScale)
		}
		t.Log(fmt.Sprintf("%-14s %3d points  Arrange %9v  cover proof %9v (%d states)", cs.name, a.Points,
			arrange.Round(time.Millisecond/10), prove.Round(time.Millisecond/10), nodes))
	}
}

// TestCoverLongRuns holds the cover bound to Arrange on hands beyond the
// brute force where the longest runs decide: with aces either way no run
// holds an ace at each end (14 cards), and a run of 13 needs every rank.
func TestCoverLongRuns(t *testing.T) {
	spades := "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
	for _, tc := range []struct {
		hand    string
		minSize int
	}{
		{spades + " AS", 8},    // A to K and an ace left, not A to A
		{spades + " AS", 7},    // A to 7 and 8 to A
		{spades + " AS 2S", 8}, // 13 in a run, an ace and a 2 left
		{"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS AS", 13}, // 13 in a run, an ace left
	} {
		r := rummy500Big()
		r.MinSize = tc.minSize
		hand := mustCards(t, tc.hand)
		a, err := r.Arrange(hand, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := int64(a.Points)*weightScale + int64(len(a.Deadwood))
		for _, mirror := range []bool{false, true} {
			if got := coverBound(&r, hand, coverInf-1, mirror); got != want {
				t.Errorf("%s, melds of %d or more (mirror %v): cover bound %d points %d cards, Arrange %d points %d cards",
					tc.hand, tc.minSize, mirror, got/weightScale, got%weightScale, a.Points, len(a.Deadwood))
			}
		}
	}
}
