package scoresheets

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
)

// Patch is a partial change of a recorded round: each part it sets
// replaces that part of the round, and the rest is kept as entered.
type Patch struct {
	Out       *string // who went out; "" for nobody
	Stalemate *bool
	Rummy     *bool
	Knock     *string      // gin: who knocked
	Upcard    *engine.Card // gin: the hand's first upcard
	// Melds replace the melds of each player they name, in place: the
	// other players' melds, and their numbers, stay.
	Melds []referee.Meld
	// Layoffs replace the lay-offs of each player they name. Onto counts
	// the melds of the round as patched, from 1.
	Layoffs []referee.Layoff
	// Hands replace the hands (cards or points) of each player they name.
	Hands []referee.Hand
}

// IsZero reports whether p changes nothing.
func (p Patch) IsZero() bool {
	return p.Out == nil && p.Stalemate == nil && p.Rummy == nil && p.Knock == nil && p.Upcard == nil &&
		p.Melds == nil && p.Layoffs == nil && p.Hands == nil
}

// ErrPatch marks a patch that cannot be merged onto its round: it changes
// nothing, or takes away a meld a kept lay-off is onto.
var ErrPatch = errors.New("cannot edit the round")

// Amended is what an amendment changed: round N before and after, and the
// standing totals before and after.
type Amended struct {
	Verdict       referee.Verdict
	Old, New      Entry
	Before, After map[string]int
}

// Amend merges p onto round n (1-based) and replaces the round with the
// result, as Edit does: judged again, a round that breaks a rule getting a
// verdict and changing nothing.
func (s *Sheet) Amend(n int, p Patch, now time.Time) (Amended, error) {
	if n < 1 || n > len(s.Rounds) {
		return Amended{}, fmt.Errorf("there is no round %d to edit (the match has %d %s)", n, len(s.Rounds), plural(len(s.Rounds), "round", "rounds"))
	}
	if p.IsZero() {
		return Amended{}, fmt.Errorf("%w: the edit of round %d changes nothing: give what to change", ErrPatch, n)
	}
	r, err := p.Apply(s.Rounds[n-1].Round)
	if err != nil {
		return Amended{}, fmt.Errorf("%w: round %d: %w", ErrPatch, n, err)
	}
	a := Amended{Old: s.Rounds[n-1], Before: maps.Clone(s.Standing().Totals)}
	a.Verdict, err = s.Edit(n, r, now)
	if err != nil || !a.Verdict.OK() {
		return a, err
	}
	a.New, a.After = s.Rounds[n-1], s.Standing().Totals
	return a, nil
}

// Apply returns r with p merged onto it. It fails when a kept lay-off was
// onto a meld the patch takes away.
func (p Patch) Apply(r referee.Round) (referee.Round, error) {
	r = cloneRound(r)
	if p.Out != nil {
		r.Out = *p.Out
		if r.Out != "" {
			r.Stalemate, r.Knock = false, ""
			// The player out holds nothing: a hand kept from before goes.
			if !slices.ContainsFunc(p.Hands, func(h referee.Hand) bool { return h.Player == r.Out }) {
				r.Hands = slices.DeleteFunc(r.Hands, func(h referee.Hand) bool { return h.Player == r.Out })
			}
		}
	}
	if p.Knock != nil {
		r.Knock = *p.Knock
		if r.Knock != "" {
			r.Out, r.Stalemate = "", false
		}
	}
	if p.Upcard != nil {
		r.Upcard = *p.Upcard
	}
	if p.Stalemate != nil {
		r.Stalemate = *p.Stalemate
		if r.Stalemate {
			r.Out, r.Rummy = "", false
		}
	}
	if p.Rummy != nil {
		r.Rummy = *p.Rummy
	}
	layer := func(l referee.Layoff) string { return l.Player }
	if p.Layoffs != nil {
		// The new lay-offs count the patched melds, so the old ones of
		// their players go before the melds are renumbered.
		r.Layoffs = slices.DeleteFunc(r.Layoffs, func(l referee.Layoff) bool {
			return slices.ContainsFunc(p.Layoffs, func(n referee.Layoff) bool { return n.Player == l.Player })
		})
	}
	if p.Melds != nil {
		var err error
		if r, err = replaceMelds(r, p.Melds); err != nil {
			return r, err
		}
	}
	if p.Layoffs != nil {
		r.Layoffs = replaceBy(r.Layoffs, p.Layoffs, layer)
	}
	if p.Hands != nil {
		r.Hands = replaceBy(r.Hands, p.Hands, func(h referee.Hand) string { return h.Player })
	}
	return r, nil
}

// replaceBy replaces the items of the players named in with, keeping the
// place of each player's first item; a player new to the list goes last.
func replaceBy[T any](old, with []T, player func(T) string) []T {
	named := map[string][]T{}
	var order []string
	for _, x := range with {
		p := player(x)
		if _, ok := named[p]; !ok {
			order = append(order, p)
		}
		named[p] = append(named[p], x)
	}
	var out []T
	done := map[string]bool{}
	for _, x := range old {
		p := player(x)
		if _, ok := named[p]; !ok {
			out = append(out, x)
			continue
		}
		if !done[p] {
			out = append(out, named[p]...)
			done[p] = true
		}
	}
	for _, p := range order {
		if !done[p] {
			out = append(out, named[p]...)
		}
	}
	return out
}

// replaceMelds replaces the melds of the players named in with and points
// the kept lay-offs at their melds' new numbers: a lay-off onto a
// replaced meld goes onto the meld that takes its place (the player's
// k-th meld stays their k-th).
func replaceMelds(r referee.Round, with []referee.Meld) (referee.Round, error) {
	player := func(m referee.Meld) string { return m.Player }
	melds := replaceBy(r.Melds, with, player)
	// The k-th meld of each player, old and new, by number.
	nth := func(ms []referee.Meld) map[int][2]any {
		out := map[int][2]any{}
		count := map[string]int{}
		for i, m := range ms {
			out[i] = [2]any{m.Player, count[m.Player]}
			count[m.Player]++
		}
		return out
	}
	oldAt, newAt := nth(r.Melds), nth(melds)
	where := map[[2]any]int{}
	for i, k := range newAt {
		where[k] = i
	}
	for i, l := range r.Layoffs {
		k := oldAt[l.Onto-1]
		j, ok := where[k]
		if !ok {
			return r, fmt.Errorf("%s's lay-off of %s was onto meld %d (%s's), which the edit takes away; give %s's lay-offs again",
				l.Player, engine.FormatCards(l.Cards, false), l.Onto, k[0], l.Player)
		}
		r.Layoffs[i].Onto = j + 1
	}
	r.Melds = melds
	return r, nil
}
