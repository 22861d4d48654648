package referee

import (
	"slices"

	"github.com/rummy-referee/rummy/variants"
)

// Seat is a change of who sits at the table, made between rounds: a player
// joins, or leaves, from round From on. A player whose first change is a
// join sits out the rounds before it; one who leaves keeps their total,
// and the deal skips them.
type Seat struct {
	From   int    // the first round (1-based) the change applies to
	Player string // one of Match.Players
	Leave  bool   // the player leaves; otherwise joins
	// Start is the total a player joining for the first time starts with
	// (seats.join_total); 0 for a player coming back, who keeps their own.
	Start int
}

// Seated returns the players at the table in round n (1-based), in seating
// order: Players less those not yet joined or gone by round n.
func (m Match) Seated(n int) []string {
	var out []string
	for _, p := range m.Players {
		if m.seatedIn(p, n) {
			out = append(out, p)
		}
	}
	return out
}

// seatedIn reports whether p plays round n.
func (m Match) seatedIn(p string, n int) bool {
	in, first := true, true
	for _, s := range m.Seats {
		if s.Player != p {
			continue
		}
		if first {
			in, first = s.Leave, false // a first change that joins means absent before it
		}
		if s.From <= n {
			in = !s.Leave
		}
	}
	return in
}

// IsNew reports whether seat i of seats is a player's first join: the
// player has no earlier change. Only such a join gets a starting total.
func IsNew(seats []Seat, i int) bool {
	if seats[i].Leave {
		return false
	}
	for _, s := range seats[:i] {
		if s.Player == seats[i].Player {
			return false
		}
	}
	return true
}

// StartTotal returns the total a player joining before round n starts
// with, by the variant's seats.join_total, from the totals of the players
// seated in round n (the joiner left out): zero; the total of the player
// furthest behind (the lowest, or the highest where the lowest total
// wins); or their average, rounded down.
func (m Match) StartTotal(totals map[string]int, n int, joiner string) int {
	var others []int
	for _, p := range m.Seated(n) {
		if p != joiner {
			others = append(others, totals[p])
		}
	}
	if len(others) == 0 {
		return 0
	}
	switch m.Variant.Seats.JoinTotal {
	case variants.JoinTrailing:
		if m.Variant.Scoring.Method.LowestWins() {
			return slices.Max(others)
		}
		return slices.Min(others)
	case variants.JoinAverage:
		sum := 0
		for _, t := range others {
			sum += t
		}
		q := sum / len(others)
		if sum%len(others) != 0 && sum < 0 {
			q-- // rounded down, also below zero
		}
		return q
	}
	return 0
}

// dealerFrom returns the first player seated in round n at p's seat or
// after it in seating order (after it only, when skip is set).
func (m Match) dealerFrom(p string, n int, skip bool) string {
	k := len(m.Players)
	i := slices.Index(m.Players, p)
	if i < 0 {
		i = k - 1
		skip = true
	}
	start := 0
	if skip {
		start = 1
	}
	for j := start; j <= k; j++ {
		if q := m.Players[(i+j)%k]; m.seatedIn(q, n) {
			return q
		}
	}
	return p
}

// canWin returns the players who may win once round n is over: everyone,
// or, unless seats.left_can_win, those who played round n.
func (m Match) canWin(n int) []string {
	if m.Variant.Seats.LeftCanWin || len(m.Seats) == 0 {
		return m.Players
	}
	return m.Seated(max(n, 1))
}
