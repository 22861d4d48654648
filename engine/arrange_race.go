package engine

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// A large hand that the first, wide look of best does not answer is
// proven several ways at once (race), each in its own goroutine, so that
// on two cores a way that is slow on the hand does not hold up one that
// is fast: taking the highest card first; taking the card with the fewest
// options, with its own transposition table; and, where it takes the hand
// (two decks or one, no table melds: dpSupports), the rank solver
// (ranksWay, arrange_ranks.go). The general solver is slow to prove that
// nothing lighter than a light answer exists, where the rank solver,
// asked for no more than a few points, is quick; on the hands whose
// answer leaves many points it is the other way round. Where the rank
// solver races, the fewest-options way searches at most fewestCap nodes:
// where it wins it mostly wins early, and past them it leaves the other
// two a core each.
// Which way wins must not depend on timing, for Arrange gives the same
// answer for the same input, and each way reads back its own arrangement
// (reading it back with another way's table took up to a million nodes):
// so the way whose proof costs least wins (a node costs highestCost or
// fewestCost, by its way, and the rank solver's work ranksCost), not
// the first to finish. Each way's search is the same whatever the other
// does, so the cost of its proof is a fixed number; a way goes on while
// its cost so far is at most the least cost of a proof finished, so the
// cheapest proof always finishes, and the others stop soon after they
// have cost more. A way that has cost more than a rival waiting for a
// core lets it run (runtime.Gosched): on one core they take turns, each
// as far as the others have cost, and the answer is the same. The nearer the
// costs are to the times, the sooner the way that loses stops: on deal-75-1186
// a rank solver whose work was counted at half its time held the answer,
// found in 46 ms, until 107 ms.

// rivals is what the ways proving one hand share: the least cost of a
// proof finished so far (infinity before). In a race of raceSolve, where
// the first way to finish answers, over is set once one has.
type rivals struct {
	least atomic.Int64
	// each way's cost when it last looked, infinity once it stopped or
	// when it does not race: by index, the way taking the card with the
	// fewest options, the way taking the highest card, the rank solver
	cost  [3]atomic.Int64
	first bool        // the first way to finish answers (raceSolve)
	over  atomic.Bool // first: a way has finished
	// maxNodes is the most nodes the way taking the card with the fewest
	// options searches (fewestCap when the rank solver races too).
	maxNodes int64
}

// raceCheck is how many nodes a way searches between looks at the least
// cost of its rivals' proofs.
const raceCheck = 1 << 10

// fewestCap is the most nodes the way taking the card with the fewest
// options searches when the rank solver races too; there it stops, and
// the other two have a core each. Where that way wins, it mostly wins
// early: on the large corpus's deals, where it is the fastest it took at
// most 62,000 nodes (deal-68-3979, 11 ms alone, where the highest-first
// way takes 70 ms and the rank solver passes its caps); but a hand a hill
// climb built, climbed-1, it proves in 152,667 nodes (30 ms alone), and
// the race took 0.2 to 0.3 s (the tenth round of issue 11 tried lifting
// the cap: climbed-1 took 50 to 70 ms, and deal-68-42588 went over 100;
// in the eleventh, with the rank solver taking climbed-1 in 84 to 90 ms,
// twice the cap took it to 52 ms, but deal-68-88235 from 66 to 69 ms to
// 74 to 75, and deal-75-104492 from 51 to 52 to 58 to 70).
// Until the eighth round of issue 11 it paused at 131,072 nodes until the
// rank solver had stopped, and
// then went on, and the rank solver counted twice its time so as to stop
// soon where it lost; but where the rank solver won, the highest-first
// way then ran to twice the rank solver's time, three ways sharing two
// cores. Stopping here, with the rank solver at its time (ranksCost),
// over the large corpus and four deals beyond it, each hand's median of
// three runs, five times over, alternating: the sum 1.10 to 1.17 s
// against 1.16 to 1.27 s, deal-60-3114 43 to 45 ms against 68 to 78,
// deal-68-6656 70 to 80 against 78 to 87, deal-75-10499 48 to 59 against
// 71 to 80; a cap of 32,768 cost deal-68-3979 90 to 103 ms. On 6,000
// deals beyond the corpus (seeds 11000 to 12999 of 60, 68 and 75 cards)
// the slowest hands took as long either way.
const fewestCap = 3 << 15

// fewestSteps is how many narrow questions the way taking the card with
// the fewest options asks before the wide one (prove). That way is cheap
// on a question whose answer is no when the bound is near the answer,
// and dear on the question of best: on deal-75-445 (answer 3 points, one
// card; root bound 0; heaviest card 15 points) it takes 220,000 nodes to
// prove no arrangement weighs under a point, 928,000 in all to prove none
// under 3, and 1.6 million in all to find the answer below 4 points,
// where best's question, below 15 points, took it 2.9 million and the
// other way 3.7 million. Over the large corpus, four narrow questions
// take the winning ways 16.4 million in cost (nodes times highestCost or
// fewestCost, then 2 and 3) instead of 20.3 million; 445 goes from 7.3 million (the
// other way) to 4.9 million, deal-68-3879 from 1.2 million to 450,000.
// Without the corpus's last four deals, three took 13.6 million, four
// 13.4, six 13.5, and asking best's question after one to three 13.6 to
// 16.4 million, and best's question alone 16.7 million.
const fewestSteps = 4

// cost returns what g's proof has cost so far: its nodes times the cost
// of a node of its way; tripled, plus one taking the card with the fewest
// options (and plus two for the rank solver: ranksCost), so that no two
// ways cost the same and the way taking the highest card wins a tie.
func (g *general) cost() int64 {
	if g.way == takeFewest {
		return 3*fewestCost*g.spent + 1
	}
	return 3 * highestCost * g.spent
}

// ranksCost returns what the rank solver's proof has cost after work (in
// about nanoseconds; dpSolver): a node taking the highest card first
// takes some 150 of work's nanoseconds, and costs highestCost; tripled,
// plus two. With the fewest-options way stopped at fewestCap, the rank
// solver and the highest-first way have a core each, so counting the rank
// solver's time as it is ends the race about when the faster of the two
// finishes (see fewestCap). Measured alone on the large corpus's two-deck
// hands that take either way over 5 ms, the rank solver's proof costs a
// median 0.20 a nanosecond, the highest-first way's 0.24.
func ranksCost(work int64) int64 { return 3*(work*highestCost/150) + 2 }

// ahead records c as the cost so far of the way at index i and reports
// whether it should let a rival run: whether c is more than the cost of a
// rival that has not moved since the way's last look (seen, which ahead
// updates), and so is waiting for a core. A rival that moves is running,
// and waiting for it would only hand a core to a third way.
func (rv *rivals) ahead(i int, c int64, seen *[3]int64) bool {
	rv.cost[i].Store(c)
	yield := false
	for j := range rv.cost {
		if j == i {
			continue
		}
		cj := rv.cost[j].Load()
		yield = yield || c > cj && cj == seen[j]
		seen[j] = cj
	}
	return yield
}

// racing is what search asks when g has spent its budget of nodes: it
// reports whether g's proof goes on, raising the budget to the next look
// at the rivals. It is false when g is not racing, or a rival has
// finished a proof that cost less than g's so far.
func (g *general) racing() bool {
	rv := g.rival
	if rv == nil {
		return false
	}
	if rv.first {
		g.budget = g.spent + raceCheck
		return !rv.over.Load()
	}
	c := g.cost()
	if c > rv.least.Load() || g.way == takeFewest && g.spent > rv.maxNodes {
		return false
	}
	// A way ahead of a rival lets it run (see above).
	if rv.ahead(int(g.way&1), c, &g.seen) {
		runtime.Gosched()
	}
	g.budget = g.spent + raceCheck
	return true
}

// proof is what a way's search in a race found: when done, v is the
// least weight; lower is a proven lower bound either way.
type proof struct {
	v, lower, cost int64
	done           bool
}

// newRivals returns the rivals of a race before any way has looked: no
// proof finished, and no way racing.
func newRivals() *rivals {
	rv := new(rivals)
	rv.least.Store(infinity)
	for i := range rv.cost {
		rv.cost[i].Store(infinity)
	}
	return rv
}

// race is the rest of best for a hand its first look did not answer:
// the ways prove it at once, and the cheapest proof answers (see above).
// lower is a lower bound on every arrangement's weight. When the context
// ends first, the answer is the best arrangement the general solver
// reached, with the best lower bound any way proved.
func (g *general) race(lower int64) (solution, int64) {
	rv := newRivals()
	k := g.rankWay() // before the clone, which shares it
	// With aces either way, the looser problem of acesTwiceBound first
	// raises the lower bound, from which every way starts.
	if k != nil && g.r.Ace == AceEither {
		lower = k.acesTwiceLower(lower, g.done)
	}
	f := g.clone()
	defer f.release()
	f.way = takeFewest
	g.way = takeHighest
	rv.cost[g.way&1].Store(0)
	rv.cost[f.way&1].Store(0)
	rv.maxNodes = infinity
	var res [3]proof
	var wg sync.WaitGroup
	if done := g.done; k != nil {
		rv.cost[2].Store(0)
		rv.maxNodes = fewestCap
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[2] = k.prove(rv, lower, done)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		res[1] = f.prove(rv, lower)
	}()
	res[0] = g.prove(rv, lower)
	wg.Wait()

	w := -1
	for i, r := range res {
		if r.done && (w < 0 || r.cost < res[w].cost) {
			w = i
		}
	}
	switch w {
	case -1:
		if f.incW < g.incW {
			g.incW, g.incPath = f.incW, append(g.incPath[:0], f.incPath...)
		}
		return g.answer(infinity, max(res[0].lower, res[1].lower, res[2].lower))
	case 2:
		g.stop, g.cut, g.track = false, false, false
		g.ranks.won = true
		return g.ranks.sol, res[2].v
	case 1:
		*g, *f = *f, *g
	}
	g.stop, g.cut = false, false
	return g.answer(res[w].v, res[w].lower)
}

// prove is one way's search in a race: the narrow question of best, then,
// when its answer is no, the wide one. The way taking the card with the
// fewest options first deepens (fewestSteps): it asks for an arrangement
// below a point more than its lower bound, and on a no asks again a point
// above the bound that no proved, up to fewestSteps questions, before the
// wide one. Each question reuses the table of those before, and each no
// proves its value a lower bound on every arrangement's weight (search),
// so the lower bound the next question starts from is sound, and a yes,
// a value below the question's beta, is the least weight: the answer is
// exact whatever the schedule. The schedule is fixed, so the cost of the
// way's proof is still a fixed number, and the race deterministic.
func (g *general) prove(rv *rivals, lower int64) proof {
	g.rival, g.spent, g.budget, g.seen = rv, 0, raceCheck, [3]int64{}
	g.floor = lower
	defer func() {
		rv.cost[g.way&1].Store(infinity)
		g.rival, g.budget, g.floor = nil, infinity, -infinity
	}()
	top := lower + max(g.heavy, weightScale)
	beta := top
	steps := 1
	if g.way == takeFewest {
		steps = fewestSteps
		beta = min(lower+weightScale, top)
	}
	v := g.search(beta)
	for ; !g.stop && v >= beta; v = g.search(beta) {
		lower = v
		g.floor = lower
		if steps--; steps == 0 || lower+weightScale >= top {
			v = g.search(infinity)
			break
		}
		beta = lower + weightScale
	}
	if g.stop {
		return proof{lower: lower}
	}
	c := g.cost()
	for least := rv.least.Load(); c < least && !rv.least.CompareAndSwap(least, c); least = rv.least.Load() {
	}
	return proof{v: v, lower: lower, cost: c, done: true}
}

// clone returns a general from the pool in g's state, with its own copy
// of everything a search writes and of the transposition table.
func (g *general) clone() *general {
	c := generalPool.Get().(*general)
	keep := *c
	*c = *g
	c.opts = append(keep.opts[:0], g.opts...)
	c.trail = append(keep.trail[:0], g.trail...)
	c.incPath = append(keep.incPath[:0], g.incPath...)
	c.path, c.absorbed = keep.path[:0], keep.absorbed[:0]
	// The table melds' slots are never written after setup, but setup
	// reuses the list of a pooled general.
	c.tabs = append(keep.tabs[:0], g.tabs...)
	c.counts = optCounts{runs: keep.counts.runs[:0], sets: keep.counts.sets[:0]}
	c.tt = keep.tt
	c.tt.copyFrom(&g.tt)
	return c
}

// raceSolve is solve for a question its solo try did not answer: the two
// ways search at once, g taking the highest card first and a clone the
// card with the fewest options, and, on the question of fewer than two
// cards where g.askRanks is set, the rank solver (ranksWay.decide); the
// first to finish answers, and the others stop at their next look
// (raceCheck nodes, dpTick work). Every way's answer to the question is
// exact, so which finishes first does not change it. When the context
// ends first, g.stop is left set.
func (g *general) raceSolve(beta int64) int64 {
	if g.askRanks {
		g.rankWay() // before the clone, which shares it
	}
	rv := &rivals{first: true}
	f := g.clone()
	defer f.release()
	f.way = takeFewest
	g.way = takeHighest
	var fv int64
	var fDone, rOut, rDone bool
	var wg sync.WaitGroup
	if g.askRanks {
		// The question of fewer than two cards (beta 2), which the rank
		// solver answers too: 1 for yes, 2 for no.
		k, done, least := g.ranks, g.done, g.least
		wg.Add(1)
		go func() {
			defer wg.Done()
			rOut, rDone = k.decide(askFewerThanTwo, least, func() bool {
				select {
				case <-done:
					return false
				default:
					return !rv.over.Load()
				}
			})
			if rDone {
				rv.over.Store(true)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		fv, fDone = f.searchFirst(rv, beta)
	}()
	v, done := g.searchFirst(rv, beta)
	wg.Wait()
	switch {
	case done:
		return v
	case fDone:
		g.stop, g.cut = false, false
		return fv
	case rDone:
		g.stop, g.cut = false, false
		if rOut {
			return 1
		}
		return 2
	}
	return infinity
}

// searchFirst is one way's search in a race of raceSolve: it reports
// whether it finished, and then marks the race over.
func (g *general) searchFirst(rv *rivals, beta int64) (int64, bool) {
	g.rival, g.spent, g.budget = rv, 0, raceCheck
	defer func() { g.rival, g.budget = nil, infinity }()
	v := g.search(beta)
	if g.stop {
		return v, false
	}
	rv.over.Store(true)
	return v, true
}
