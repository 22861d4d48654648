package engine

import "context"

// arrangeDP arranges a hand with no table melds under rules the rank
// solver supports (dpSupports). Where the jokers the answer leaves over do
// not all fit into its melds it hands over to the general solver.
func (r Rules) arrangeDP(hand []Card) (Arrangement, error) {
	return r.arrangeDPTurned(hand, false)
}

// arrangeDPTurned is arrangeDP, the positions turned round (mirrorPositions)
// when mirror is set and aces go either way.
func (r Rules) arrangeDPTurned(hand []Card, mirror bool) (Arrangement, error) {
	var p problem
	if err := p.init(&r, hand, nil); err != nil {
		return Arrangement{}, err
	}
	var counts [64]int
	for b, n := range p.copies() {
		counts[b] = int(n)
	}
	jokers := p.jokers
	var g general
	if err := g.setup(&p, nil, ttOff); err != nil {
		return Arrangement{}, err
	}
	forced := g.st.lane &^ g.meldable(jokers)

	d := newDPSolver(r, &counts, jokers, dpWeighted)
	if mirror && r.Ace == AceEither {
		d.mirrorPositions()
	}
	d.setForced(forced, &counts)
	_, at, ok := d.run()
	if !ok {
		panic("engine: the rank solver found no arrangement")
	}
	melds, dead, jl := d.readBack(at)
	if d.absorb(melds, jl) < jl {
		p.noRanks = true // the general solver alone, as the tests hold the two to each other
		return p.arrangeCounts(context.Background(), ttAuto)
	}
	a := p.render(d.solution(melds, dead))
	goOut, ask := p.goOut(len(a.Deadwood))
	if ask != goOutDecided {
		k := ranksWay{r: r, counts: counts, jokers: jokers, forced: forced}
		goOut = k.goOut(&g, ask, leastAlone(&a))
	}
	a.CanGoOut = goOut
	return a, nil
}
