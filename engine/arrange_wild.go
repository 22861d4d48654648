package engine

import (
	"context"
	"slices"
)

// arrangeWild arranges a hand holding wild cards (Rules.WildRanks) exactly:
// for each choice of how many copies of each wild card act as jokers, the
// rest acting as themselves, it solves the hand with those copies turned
// into jokers, and keeps the best answer. A wild card acting as a joker
// and left in hand would count as a joker, so each sub-problem counts its
// jokers in hand at the dearest of the joker's and those wild cards'
// points (never less than the truth), and sets aside 0 to all of the real
// jokers as deadwood beforehand, so that the best arrangement is counted
// exactly in the sub-problem that matches it.
func (p *problem) arrangeWild(ctx context.Context) (Arrangement, error) {
	r := p.r
	var kinds []Card // the distinct wild cards held
	var counts []int
	var plain []Card // the hand without its wild cards and jokers
	for _, c := range p.hand {
		switch {
		case c == Joker:
		case r.IsWild(c):
			if i := slices.Index(kinds, c); i >= 0 {
				counts[i]++
			} else {
				kinds, counts = append(kinds, c), append(counts, 1)
			}
		default:
			plain = append(plain, c)
		}
	}
	best, bestW, found := Arrangement{}, int64(0), false
	canGoOut := false
	acting := make([]int, len(kinds))
	for {
		var act []Card
		hand := slices.Clone(plain)
		vj := r.Values.Joker
		for i, w := range kinds {
			for range acting[i] {
				act = append(act, w)
				vj = max(vj, r.Points(w))
			}
			for range counts[i] - acting[i] {
				hand = append(hand, w)
			}
		}
		aside := 0 // the real jokers set aside as deadwood: 0 to all when vj is dearer
		if vj != r.Values.Joker {
			aside = p.jokers
		}
		for d := 0; d <= aside; d++ {
			sub := r
			sub.wildAsNatural = true
			sub.Jokers += len(act)
			sub.Values.Joker = vj
			h := slices.Clone(hand)
			for range p.jokers - d + len(act) {
				h = append(h, Joker)
			}
			var sp problem
			if err := sp.init(&sub, h, p.table); err != nil {
				return Arrangement{}, err
			}
			var a Arrangement
			err := sp.solve(ctx, &a)
			if err != nil {
				if found {
					return best, err
				}
				return p.wildBack(a, act, p.jokers-d, d), err
			}
			if d == 0 {
				canGoOut = canGoOut || a.CanGoOut
			}
			a = p.wildBack(a, act, p.jokers-d, d)
			if w := int64(a.Points)*weightScale + int64(len(a.Deadwood)); !found || w < bestW {
				best, bestW, found = a, w, true
			}
		}
		if !nextChoice(acting, counts) {
			break
		}
	}
	best.CanGoOut = canGoOut
	return best, nil
}

// wildBack turns a sub-problem's arrangement back into the hand's cards:
// of its jokers (real of them the hand's jokers, the others the wild cards
// act), those left in hand are the cheapest, and the wild cards take the
// melded jokers' places; the aside jokers join the deadwood.
func (p *problem) wildBack(a Arrangement, act []Card, real, aside int) Arrangement {
	r := &p.r
	type token struct {
		c   Card // Joker or the wild card
		pts int
	}
	pool := make([]token, 0, real+len(act))
	for range real {
		pool = append(pool, token{Joker, r.Values.Joker})
	}
	for _, w := range act {
		pool = append(pool, token{w, r.Points(w)})
	}
	slices.SortStableFunc(pool, func(x, y token) int { return x.pts - y.pts })
	dead := make([]Card, 0, len(a.Deadwood)+aside)
	for _, c := range a.Deadwood {
		if c == Joker {
			c, pool = pool[0].c, pool[1:]
		}
		dead = append(dead, c)
	}
	take := func(cards []Card) []Card {
		out := slices.Clone(cards)
		for i, c := range out {
			if c == Joker {
				out[i], pool = pool[0].c, pool[1:]
			}
		}
		return out
	}
	melds := make([][]Card, len(a.Melds))
	for i, m := range a.Melds {
		melds[i] = take(m)
	}
	var layoffs []Layoff
	for _, l := range a.Layoffs {
		layoffs = append(layoffs, Layoff{Onto: l.Onto, Cards: take(l.Cards)})
	}
	for range aside {
		dead = append(dead, Joker)
	}
	slices.Sort(dead)
	slices.SortStableFunc(melds, func(x, y []Card) int { return int(lowest(x)) - int(lowest(y)) })
	return Arrangement{Melds: melds, Layoffs: layoffs, Deadwood: dead, Points: r.Sum(dead), CanGoOut: a.CanGoOut}
}

// nextChoice steps acting to the next choice of how many copies of each
// wild card act as jokers, counting it as a number whose digit i runs from
// 0 to counts[i]; it reports false once every choice has been made.
func nextChoice(acting, counts []int) bool {
	for i := range acting {
		if acting[i] < counts[i] {
			acting[i]++
			return true
		}
		acting[i] = 0
	}
	return false
}
