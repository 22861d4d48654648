package scoresheets

import (
	"cmp"
	"slices"
	"strings"

	"github.com/rummy-referee/rummy/variants"
)

// PlayerStats is one player's record across matches, as Stats counts it.
type PlayerStats struct {
	Player  string // as the first match that has them spells it
	Matches int    // matches played, finished or not
	Won     int    // finished matches won, alone or sharing the win
	Rounds  int    // rounds played
	Out     int    // rounds they went out in
	Rummy   int    // rounds they went rummy in

	// Points counts only the rounds of matches where points are good, the
	// highest total winning (winner-takes-all, meld-points): under penalty
	// scoring points count against, and single-round has none.
	PointRounds int // rounds that count
	Points      int // what those rounds added to the player's totals
	Best        int // the most one of them added; meaningful when PointRounds > 0
}

// Average returns the points a round, over the rounds that count points,
// and false when none does.
func (p PlayerStats) Average() (float64, bool) {
	if p.PointRounds == 0 {
		return 0, false
	}
	return float64(p.Points) / float64(p.PointRounds), true
}

// Stats sums up each player's record across sheets. A player is known by
// name, ignoring case, so "ann" in one match and "Ann" in another are one
// player. The records come most matches won first, then most rounds gone
// out, then by name.
func Stats(sheets []*Sheet) []PlayerStats {
	byName := map[string]*PlayerStats{}
	var order []*PlayerStats
	for _, s := range sheets {
		st := s.Standing()
		points := s.Variant.Scoring.Method == variants.WinnerTakesAll || s.Variant.Scoring.Method == variants.MeldPoints
		for _, p := range s.Players {
			key := strings.ToLower(p)
			ps := byName[key]
			if ps == nil {
				ps = &PlayerStats{Player: p}
				byName[key] = ps
				order = append(order, ps)
			}
			ps.Matches++
			if st.Finished && slices.Contains(st.Winners, p) {
				ps.Won++
			}
			for _, e := range s.Rounds {
				ps.Rounds++
				if e.Round.Out == p {
					ps.Out++
					if e.Round.Rummy {
						ps.Rummy++
					}
				}
				if points {
					sc := e.Scores[p]
					if ps.PointRounds == 0 || sc > ps.Best {
						ps.Best = sc
					}
					ps.PointRounds++
					ps.Points += sc
				}
			}
		}
	}
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
