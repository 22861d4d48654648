package scoresheets

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rummy-referee/rummy/referee"
)

// Reopen takes back End: the players play on after all, and rounds can be
// recorded and undone again. It refuses a match the players did not end; a
// match over at its target or its last round opens again when its last
// round is undone.
func (s *Sheet) Reopen(now time.Time) error {
	if s.Ended.IsZero() {
		if st := s.Standing(); st.Finished {
			return fmt.Errorf("%w: %s, and the players did not end it, so there is nothing to reopen (undo the last round to play on)", ErrFinished, s.ending(st))
		}
		return errors.New("the match is not ended, so there is nothing to reopen")
	}
	s.Ended = time.Time{}
	s.log(now, ActionReopen, len(s.Rounds), fmt.Sprintf("reopened after round %d: play goes on", len(s.Rounds)))
	if st := s.Standing(); st.Finished {
		// Cannot happen: End refuses a match already over by its rules.
		return fmt.Errorf("%w: %s", ErrFinished, s.ending(st))
	}
	return nil
}

// Rename changes a player's name everywhere in the match: the seating, the
// dealers, every round and every seat change. The audit trail keeps the
// old name in the entries written before.
func (s *Sheet) Rename(old, name string, now time.Time) error {
	if !slices.Contains(s.Players, old) {
		return fmt.Errorf("%q is not a player (players: %s)", old, strings.Join(s.Players, ", "))
	}
	if err := CheckName(name); err != nil {
		return err
	}
	for _, p := range s.Players {
		if p != old && strings.EqualFold(p, name) {
			return fmt.Errorf("%q is already a player (%q): names must differ", name, p)
		}
	}
	if old == name {
		return fmt.Errorf("%s is already called %s", old, name)
	}
	to := func(p *string) {
		if *p == old {
			*p = name
		}
	}
	for i := range s.Players {
		to(&s.Players[i])
	}
	to(&s.FirstDealer)
	for i := range s.Seats {
		to(&s.Seats[i].Player)
	}
	for i := range s.Rounds {
		e := &s.Rounds[i]
		to(&e.Dealer)
		r := &e.Round
		to(&r.Out)
		to(&r.Knock)
		for j := range r.Melds {
			to(&r.Melds[j].Player)
		}
		for j := range r.Layoffs {
			to(&r.Layoffs[j].Player)
		}
		for j := range r.Hands {
			to(&r.Hands[j].Player)
		}
		if n, ok := e.Scores[old]; ok {
			delete(e.Scores, old)
			e.Scores[name] = n
		}
	}
	s.renameComments(old, name)
	s.log(now, ActionRename, 0, fmt.Sprintf("%s is now called %s", old, name))
	return nil
}

// renameComments moves the comments kept under a player's name (a hand, a
// score) to the new name.
func (s *Sheet) renameComments(old, name string) {
	for path, c := range s.comments {
		parts := strings.Split(path, "/")
		changed := false
		for i, part := range parts {
			if part == old {
				parts[i], changed = name, true
			}
		}
		if changed {
			delete(s.comments, path)
			s.comments[strings.Join(parts, "/")] = c
		}
	}
}

// Join seats a player from the next round on. A new player sits after the
// player named by after ("" for the last seat) and starts with the total
// the variant's seats.join_total gives; a player who left comes back to
// their own seat and total. A leave made since the last round is taken
// back instead.
func (s *Sheet) Join(name, after string, now time.Time) error {
	next := len(s.Rounds) + 1
	if err := s.openForSeats("join"); err != nil {
		return err
	}
	if i := s.pendingIndex(name); i >= 0 && s.Seats[i].Leave {
		s.Seats = slices.Delete(s.Seats, i, i+1)
		s.log(now, ActionJoin, next, fmt.Sprintf("%s stays: the leave before round %d is taken back", name, next))
		return nil
	}
	seated := s.Seated(next)
	if slices.Contains(seated, name) {
		return fmt.Errorf("%s is already at the table for round %d", name, next)
	}
	if n := len(seated) + 1; n > s.Variant.Players.Max {
		return fmt.Errorf("%s is played by at most %d players, and %d are at the table for round %d", s.Variant.Name, s.Variant.Players.Max, len(seated), next)
	}
	if slices.Contains(s.Players, name) {
		if after != "" {
			return fmt.Errorf("%s comes back to their own seat, so a seat cannot be given", name)
		}
		s.Seats = append(s.Seats, referee.Seat{From: next, Player: name})
		st := s.Standing()
		s.log(now, ActionJoin, next, fmt.Sprintf("%s comes back from round %d, with their total of %d", name, next, st.Totals[name]))
		return nil
	}
	if err := CheckName(name); err != nil {
		return err
	}
	for _, p := range s.Players {
		if strings.EqualFold(p, name) {
			return fmt.Errorf("%q is already a player (%q): names must differ", name, p)
		}
	}
	at := len(s.Players)
	if after != "" {
		i := slices.Index(s.Players, after)
		if i < 0 {
			return fmt.Errorf("cannot seat %s after %q, who is not a player (players: %s)", name, after, strings.Join(s.Players, ", "))
		}
		at = i + 1
	}
	totals := s.Standing().Totals
	start := s.Match().StartTotal(totals, next, name)
	s.Players = slices.Insert(s.Players, at, name)
	s.Seats = append(s.Seats, referee.Seat{From: next, Player: name, Start: start})
	s.log(now, ActionJoin, next, fmt.Sprintf("%s joins from round %d, seated %s, starting with %d (seats.join_total: %s)",
		name, next, seatText(s.Players, at), start, s.Variant.Seats.JoinTotal))
	return nil
}

// Leave takes a player from the table from the next round on: the deal
// skips them and their total stays; seats.left_can_win says whether they
// may still win. A join made since the last round is taken back instead.
func (s *Sheet) Leave(name string, now time.Time) error {
	next := len(s.Rounds) + 1
	if err := s.openForSeats("leave"); err != nil {
		return err
	}
	if !slices.Contains(s.Players, name) {
		return fmt.Errorf("%q is not a player (players: %s)", name, strings.Join(s.Players, ", "))
	}
	if i := s.pendingIndex(name); i >= 0 && !s.Seats[i].Leave {
		fresh := referee.IsNew(s.Seats, i)
		s.Seats = slices.Delete(s.Seats, i, i+1)
		if fresh {
			// They never played: no seat is kept for them.
			s.Players = slices.DeleteFunc(s.Players, func(p string) bool { return p == name })
		}
		s.log(now, ActionLeave, next, fmt.Sprintf("%s does not join after all: the join before round %d is taken back", name, next))
		return nil
	}
	seated := s.Seated(next)
	if !slices.Contains(seated, name) {
		return fmt.Errorf("%s has already left", name)
	}
	if min := max(s.Variant.Players.Min, 2); len(seated)-1 < min {
		return fmt.Errorf("%s is played by at least %d players, and %s would leave %d at the table", s.Variant.Name, min, name, len(seated)-1)
	}
	s.Seats = append(s.Seats, referee.Seat{From: next, Player: name, Leave: true})
	st := s.Standing()
	win := "cannot win any more (seats.left_can_win: false)"
	if s.Variant.Seats.LeftCanWin {
		win = "can still win on it (seats.left_can_win: true)"
	}
	s.log(now, ActionLeave, next, fmt.Sprintf("%s leaves from round %d, keeping a total of %d, and %s", name, next, st.Totals[name], win))
	return nil
}

// openForSeats refuses a seat change in a match that is over.
func (s *Sheet) openForSeats(what string) error {
	if st := s.Standing(); st.Finished {
		return s.finishedError(st, "nobody can "+what)
	}
	return nil
}

// pendingSeats returns the seat changes waiting for the next round.
func (s *Sheet) pendingSeats() []referee.Seat {
	var out []referee.Seat
	for _, c := range s.Seats {
		if c.From > len(s.Rounds) {
			out = append(out, c)
		}
	}
	return out
}

// pendingIndex returns the index in Seats of name's change waiting for
// the next round, or -1.
func (s *Sheet) pendingIndex(name string) int {
	for i, c := range s.Seats {
		if c.From > len(s.Rounds) && c.Player == name {
			return i
		}
	}
	return -1
}

// restart sets the starting totals of the players who joined again, from
// the totals as they now stand (an edit changed a round before a join),
// and says what changed, or "".
func (s *Sheet) restart() string {
	var notes []string
	for i := range s.Seats {
		if !referee.IsNew(s.Seats, i) {
			continue
		}
		want := s.wantStart(i)
		if c := &s.Seats[i]; c.Start != want {
			notes = append(notes, fmt.Sprintf("%s's starting total is now %d, was %d", c.Player, want, c.Start))
			c.Start = want
		}
	}
	return strings.Join(notes, "; ")
}

// wantStart returns the starting total of the new player of Seats[i], from
// the rounds and seat changes before it.
func (s *Sheet) wantStart(i int) int {
	c := s.Seats[i]
	m := s.Match()
	m.Seats = s.Seats[:i]
	m.Ended = false
	st := m.Stand(results(s.Rounds[:min(c.From-1, len(s.Rounds))]))
	return m.StartTotal(st.Totals, c.From, c.Player)
}

// seatText says where seat at of players is: "between Ann and Bob".
func seatText(players []string, at int) string {
	if len(players) < 3 {
		return "at the table"
	}
	k := len(players)
	return fmt.Sprintf("between %s and %s", players[(at-1+k)%k], players[(at+1)%k])
}

// seatsText says what seat changes are: "Bob leaves, Dee joins".
func seatsText(seats []referee.Seat) string {
	parts := make([]string, len(seats))
	for i, c := range seats {
		parts[i] = c.Player + " joins"
		if c.Leave {
			parts[i] = c.Player + " leaves"
		}
	}
	return strings.Join(parts, ", ")
}
