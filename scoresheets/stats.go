package scoresheets

import (
	"cmp"
	"slices"
	"strings"

	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

// Records is what Stats counts across matches: each player's record over
// every variant, the records of each variant on its own, and head to head.
type Records struct {
	Matches    int
	Players    []PlayerStats  // every variant together: the point fields are zero, as points of different variants do not add up
	Variants   []VariantStats // one a variant, most matches first
	HeadToHead []HeadToHead   // one a pair of players who played together
}

// PlayerStats is one player's record across matches, as Stats counts it.
type PlayerStats struct {
	Player  string // as the first match that has them spells it
	Matches int    // matches played, finished or not
	Won     int    // finished matches won, alone or sharing the win
	Rounds  int    // rounds played
	Out     int    // rounds they went out in; in gin, hands they won (by knocking or undercutting)
	Rummy   int    // rounds they went rummy in

	// Points are counted within one variant only (VariantStats), over the
	// rounds of a scoring method that gives points (single-round gives
	// none). Under penalty scoring they count against the player, and the
	// best round is the one that added the fewest.
	PointRounds int // rounds that count
	Points      int // what those rounds added to the player's totals
	Best        int // the best of them; meaningful when PointRounds > 0
}

// Average returns the points a round, over the rounds that count points,
// and false when none does.
func (p PlayerStats) Average() (float64, bool) {
	if p.PointRounds == 0 {
		return 0, false
	}
	return float64(p.Points) / float64(p.PointRounds), true
}

// VariantStats is the players' records in the matches of one variant.
type VariantStats struct {
	Variant string          // the variant's name
	Title   string          // its title, as the first of its matches has it
	Method  variants.Method // its scoring method; matches of one name scored otherwise are a variant of their own
	Matches int
	Players []PlayerStats
}

// LowestWins reports whether the lowest total wins the variant's matches,
// so that its points count against the players.
func (v VariantStats) LowestWins() bool { return v.Method.LowestWins() }

// HeadToHead is the record of two players in the matches they played
// together: Players[0] is the one ranked first in Records.Players.
type HeadToHead struct {
	Players  [2]string
	Matches  int    // matches they both played
	Finished int    // of those, the finished ones
	Won      [2]int // finished matches Players[i] won and the other did not; a win both share counts for neither
}

// Stats sums up the players' records across sheets. A player is known by
// name, ignoring case, so "ann" in one match and "Ann" in another are one
// player. Records come most matches won first, then most rounds gone out,
// then by name; a variant is known by its name and scoring method.
func Stats(sheets []*Sheet) Records {
	type group struct {
		VariantStats
		byName map[string]*PlayerStats
		order  []*PlayerStats
	}
	spelling := map[string]string{} // lower-case name: first spelling
	name := func(p string) string {
		k := strings.ToLower(p)
		if s, ok := spelling[k]; ok {
			return s
		}
		spelling[k] = p
		return p
	}
	add := func(g *group, s *Sheet, st standingOf, points bool) {
		g.Matches++
		for _, p := range s.Players {
			k := strings.ToLower(p)
			ps := g.byName[k]
			if ps == nil {
				ps = &PlayerStats{Player: name(p)}
				g.byName[k] = ps
				g.order = append(g.order, ps)
			}
			ps.Matches++
			if st.won(p) {
				ps.Won++
			}
			for _, e := range s.Rounds {
				ps.Rounds++
				if e.Round.Out == p || e.Round.Knock != "" && result(e).Winner == p {
					ps.Out++
					if e.Round.Rummy {
						ps.Rummy++
					}
				}
				if !points {
					continue
				}
				sc := e.Scores[p]
				better := sc > ps.Best
				if s.Variant.Scoring.Method.LowestWins() {
					better = sc < ps.Best
				}
				if ps.PointRounds == 0 || better {
					ps.Best = sc
				}
				ps.PointRounds++
				ps.Points += sc
			}
		}
	}
	newGroup := func() *group { return &group{byName: map[string]*PlayerStats{}} }

	all := newGroup()
	var groups []*group
	byVariant := map[[2]string]*group{}
	pairs := map[[2]string]*HeadToHead{} // by lower-case names, sorted
	for _, s := range sheets {
		st := standingOf{s.Standing()}
		add(all, s, st, false)
		key := [2]string{s.Variant.Name, string(s.Variant.Scoring.Method)}
		g := byVariant[key]
		if g == nil {
			g = newGroup()
			g.Variant, g.Title, g.Method = s.Variant.Name, s.Variant.Title, s.Variant.Scoring.Method
			byVariant[key] = g
			groups = append(groups, g)
		}
		add(g, s, st, s.Variant.Scoring.Method != variants.SingleRound)
		for i, a := range s.Players {
			for _, b := range s.Players[i+1:] {
				ka, kb := strings.ToLower(a), strings.ToLower(b)
				if kb < ka {
					a, b, ka, kb = b, a, kb, ka
				}
				h := pairs[[2]string{ka, kb}]
				if h == nil {
					h = &HeadToHead{Players: [2]string{name(a), name(b)}}
					pairs[[2]string{ka, kb}] = h
				}
				h.Matches++
				if st.Finished {
					h.Finished++
					switch wa, wb := st.won(a), st.won(b); {
					case wa && !wb:
						h.Won[0]++
					case wb && !wa:
						h.Won[1]++
					}
				}
			}
		}
	}

	r := Records{Matches: len(sheets), Players: ranked(all.order)}
	for _, g := range groups {
		g.Players = ranked(g.order)
		r.Variants = append(r.Variants, g.VariantStats)
	}
	slices.SortStableFunc(r.Variants, func(a, b VariantStats) int { return cmp.Compare(b.Matches, a.Matches) })
	rank := map[string]int{}
	for i, p := range r.Players {
		rank[strings.ToLower(p.Player)] = i
	}
	for _, h := range pairs {
		if rank[strings.ToLower(h.Players[0])] > rank[strings.ToLower(h.Players[1])] {
			h.Players[0], h.Players[1] = h.Players[1], h.Players[0]
			h.Won[0], h.Won[1] = h.Won[1], h.Won[0]
		}
		r.HeadToHead = append(r.HeadToHead, *h)
	}
	slices.SortFunc(r.HeadToHead, func(a, b HeadToHead) int {
		return cmp.Or(cmp.Compare(rank[strings.ToLower(a.Players[0])], rank[strings.ToLower(b.Players[0])]),
			cmp.Compare(rank[strings.ToLower(a.Players[1])], rank[strings.ToLower(b.Players[1])]))
	})
	return r
}

// standingOf is a match's standing that says who won it.
type standingOf struct{ referee.Standing }

// won reports whether p won the finished match, alone or sharing the win.
func (s standingOf) won(p string) bool { return s.Finished && slices.Contains(s.Winners, p) }

// ranked copies the records, most matches won first, then most rounds
// gone out, then by name.
func ranked(order []*PlayerStats) []PlayerStats {
	out := make([]PlayerStats, len(order))
	for i, ps := range order {
		out[i] = *ps
	}
	slices.SortStableFunc(out, func(a, b PlayerStats) int {
		return cmp.Or(cmp.Compare(b.Won, a.Won), cmp.Compare(b.Out, a.Out),
			cmp.Compare(strings.ToLower(a.Player), strings.ToLower(b.Player)))
	})
	return out
}
