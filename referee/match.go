package referee

import (
	"slices"

	"github.com/rummy-referee/rummy/variants"
)

// Result is what the match needs to know of a recorded round.
type Result struct {
	Dealer string
	Out    string         // "" for a stalemate or nobody out
	Scores map[string]int // what the round added to each total
	// Winner is who won a hand nobody went out of: under knock scoring
	// the knocker or the defender who undercut. Out wins otherwise.
	Winner string
}

// won returns who won the round: the player out, else Winner.
func (r Result) won() string {
	if r.Out != "" {
		return r.Out
	}
	return r.Winner
}

// Match is a match's settings: who plays, in seating order, and when it
// ends.
type Match struct {
	Variant     *variants.Variant
	Players     []string
	FirstDealer string
	Target      int  // 0: no target
	Rounds      int  // 0: no fixed number of rounds
	Ended       bool // the players agreed to stop
	// Seats are the changes of who sits at the table, in the order made;
	// Players then holds everyone who has played or will, in seating
	// order.
	Seats []Seat
}

// Standing is where a match stands after its recorded rounds.
type Standing struct {
	Totals     map[string]int
	Leaders    []string // the players with the best total, in seating order
	Finished   bool
	Winners    []string // set once Finished: one player, or several sharing the win
	NextDealer string   // who deals the next round
	// Why says, once Finished, how the match ended: "target", "rounds",
	// "ended", or "out" (single-round scoring).
	Why string
	// Bonuses are the match-end bonuses (scoring.game_bonus, .box_bonus,
	// .shutout) by player, set once the match is finished at its target
	// with one winner; Totals then include them.
	Bonuses map[string][]Bonus
}

// Bonus is one match-end bonus of a player.
type Bonus struct {
	Kind   BonusKind
	Count  int // hands won, for a box bonus
	Points int
}

// BonusKind names a match-end bonus.
type BonusKind string

// The match-end bonuses.
const (
	GameBonus    BonusKind = "game"    // to the winner at the target
	BoxBonus     BonusKind = "box"     // to each player, for every hand won
	ShutoutBonus BonusKind = "shutout" // to the winner, when no other player won a hand
)

// Stand computes the standing after results, in the order played. Totals
// are always recomputed from the rounds (RULES.md 5: the match ends at the
// end of the round in which a total reaches the target; ties and
// must_go_out_to_win decide who wins).
func (m Match) Stand(results []Result) Standing {
	st := Standing{Totals: make(map[string]int, len(m.Players))}
	for _, p := range m.Players {
		st.Totals[p] = 0
	}
	dealer := m.FirstDealer
	if dealer == "" && len(m.Players) > 0 {
		dealer = m.Players[0]
	}
	if len(m.Seats) > 0 && len(m.Players) > 0 {
		dealer = m.dealerFrom(dealer, 1, false)
	}
	started := 0 // m.Seats[:started] have given their starting totals
	start := func(upTo int) {
		for ; started < len(m.Seats) && m.Seats[started].From <= upTo; started++ {
			st.Totals[m.Seats[started].Player] += m.Seats[started].Start
		}
	}
	for i, r := range results {
		start(i + 1)
		for p, n := range r.Scores {
			st.Totals[p] += n
		}
		dealer = m.nextDealer(r, i+1)
		if st.Finished {
			continue // a round after the end: the caller refuses to record one
		}
		st.Winners, st.Why = m.decide(st.Totals, r, i+1)
		st.Finished = st.Why != ""
	}
	start(maxRound) // joins waiting for the next round
	st.NextDealer = dealer
	st.Leaders = m.best(st.Totals, m.canWin(len(results)))
	if !st.Finished && m.Ended && len(results) > 0 {
		st.Finished, st.Why, st.Winners = true, "ended", st.Leaders
	}
	if st.Finished && st.Why == "target" && len(st.Winners) == 1 {
		m.addBonuses(&st, results)
	}
	return st
}

// addBonuses adds the match-end bonuses to a match won at its target
// (pagat's Gin Rummy): the game bonus to the winner, a box bonus to each
// player for every hand won, and for a shutout (no other player won a
// hand) the winner's total doubled or a flat bonus.
func (m Match) addBonuses(st *Standing, results []Result) {
	sc := m.Variant.Scoring
	if sc.GameBonus == 0 && sc.BoxBonus == 0 && sc.Shutout == 0 {
		return
	}
	won := map[string]int{}
	for _, r := range results {
		if w := r.won(); w != "" && r.Scores[w] > 0 {
			won[w]++
		}
	}
	winner := st.Winners[0]
	st.Bonuses = map[string][]Bonus{}
	give := func(p string, b Bonus) {
		if b.Points != 0 {
			st.Bonuses[p] = append(st.Bonuses[p], b)
			st.Totals[p] += b.Points
		}
	}
	give(winner, Bonus{Kind: GameBonus, Points: sc.GameBonus})
	for _, p := range m.Players {
		give(p, Bonus{Kind: BoxBonus, Count: won[p], Points: won[p] * sc.BoxBonus})
	}
	if len(won) == 1 && won[winner] > 0 {
		switch {
		case sc.Shutout == variants.ShutoutDouble:
			give(winner, Bonus{Kind: ShutoutBonus, Points: st.Totals[winner]})
		case sc.Shutout > 0:
			give(winner, Bonus{Kind: ShutoutBonus, Points: sc.Shutout})
		}
	}
}

// maxRound is more rounds than any match holds.
const maxRound = 1 << 30

// NextDealer returns who deals round n+1 after round n went as r
// (RULES.md 5a), skipping the players not seated in round n+1.
func (m Match) NextDealer(r Result, n int) string { return m.nextDealer(r, n) }

func (m Match) nextDealer(r Result, n int) string {
	if m.Variant.Deal.Rotation == variants.RotateWinner {
		// RULES.md 10.6: after a round nobody won (a stalemate, nobody
		// out) the same dealer deals again.
		if w := r.won(); w != "" {
			return m.dealerFrom(w, n+1, false)
		}
		if slices.Contains(m.Players, r.Dealer) {
			return m.dealerFrom(r.Dealer, n+1, false)
		}
	}
	if !slices.Contains(m.Players, r.Dealer) {
		return m.dealerFrom(m.Players[0], n+1, false)
	}
	return m.dealerFrom(r.Dealer, n+1, true)
}

// decide returns the winners and the reason when the match ends with round
// number n, or no reason when play goes on.
func (m Match) decide(totals map[string]int, r Result, n int) ([]string, string) {
	sc := m.Variant.Scoring
	if sc.Method == variants.SingleRound {
		if r.Out != "" {
			return []string{r.Out}, "out"
		}
		if m.Rounds > 0 && n >= m.Rounds {
			return nil, "rounds" // nobody went out in the last round: nobody wins
		}
		return nil, ""
	}
	if m.Target > 0 {
		var over []string
		for _, p := range m.Players {
			if totals[p] >= m.Target { // under penalty the target is a limit, and the lowest wins
				over = append(over, p)
			}
		}
		if len(over) > 0 {
			if sc.MustGoOutToWin && !sc.Method.LowestWins() {
				// RULES.md 5: a player over the target wins only in a round
				// they went out in.
				if r.Out != "" && slices.Contains(over, r.Out) {
					return []string{r.Out}, "target"
				}
			} else {
				best := m.best(totals, m.canWin(n))
				if len(best) == 1 || sc.Ties == variants.Share {
					return best, "target"
				}
			}
		}
	}
	if m.Rounds > 0 && n >= m.Rounds {
		// The last fixed round: a tie is shared (RULES.md 5).
		return m.best(totals, m.canWin(n)), "rounds"
	}
	return nil, ""
}

// best returns the players with the best total by the method's direction.
func (m Match) best(totals map[string]int, players []string) []string {
	lowest := m.Variant.Scoring.Method.LowestWins()
	var out []string
	for _, p := range players {
		switch {
		case len(out) == 0:
			out = []string{p}
		case totals[p] == totals[out[0]]:
			out = append(out, p)
		case (totals[p] < totals[out[0]]) == lowest:
			out = []string{p}
		}
	}
	return out
}
