package referee

import (
	"fmt"
	"strings"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

// tableProblems finds what cannot happen at a real table, though every
// meld and count is in order (RULES.md 4 and 10.8, 10.9): a round ending
// the variant does not have, a rummy claim the lay-offs contradict, a
// player out under meld-points with nothing on the table, hands given as
// points the cards left could not hold. Each check has a key of the
// variant's checks group that turns it off, for a family whose house rule
// differs; the message names it.
func tableProblems(v *variants.Variant, rules engine.Rules, r Round, melded map[string]bool) []string {
	var problems []string
	add := func(key, format string, args ...any) {
		problems = append(problems, fmt.Sprintf(format, args...)+" (a house rule turns this check off: "+key+": false)")
	}
	if v.Checks.RoundEndings {
		if why := endingProblem(v, r); why != "" {
			add("checks.round_endings", "%s", why)
		}
	}
	if v.Checks.RummyClaim && r.Rummy && r.Out != "" {
		// RULES.md 10.9: going rummy is melding nothing before the turn
		// that goes out, so nobody else can have laid off onto those melds.
		for _, l := range r.Layoffs {
			if l.Player != r.Out && r.Melds[l.Onto-1].Player == r.Out {
				add("checks.rummy_claim", "%s claims going rummy, but %s laid off %s onto %s's meld %d, so that meld was on the table before %s's last turn",
					r.Out, l.Player, engine.FormatCards(l.Cards, false), r.Out, l.Onto, r.Out)
				break
			}
		}
	}
	if v.Checks.OutMelded && r.Out != "" && v.Scoring.Method == variants.MeldPoints && !melded[r.Out] && !laidOff(r, r.Out) {
		// A hand keeps its size from turn to turn (draw one, discard
		// one): only melding or laying off empties it.
		add("checks.out_melded", "%s went out with nothing melded or laid off, which cannot happen: a hand only empties by melding or laying off; give %s's melds and lay-offs", r.Out, r.Out)
	}
	if v.Checks.HandPoints {
		if why := pointsProblem(rules, r); why != "" {
			add("checks.hand_points", "%s", why)
		}
	}
	return problems
}

func laidOff(r Round, p string) bool {
	for _, l := range r.Layoffs {
		if l.Player == p {
			return true
		}
	}
	return false
}

// Endings says how a round of v may end without a player going out: with
// a stalemate, with nobody out, both (a house rule that turns the check
// off, checks.round_endings: false) or neither (RULES.md 10.8), so that
// rummy play offers only those.
func Endings(v *variants.Variant) (stalemate, noOut bool) {
	if !v.Checks.RoundEndings {
		return true, true
	}
	return stockEndings(v)
}

// stockEndings are the endings the stock rule gives v.
func stockEndings(v *variants.Variant) (stalemate, noOut bool) {
	if v.Stock.Reshuffles < 0 {
		return false, false
	}
	meldPoints := v.Scoring.Method == variants.MeldPoints
	return !meldPoints, meldPoints
}

// endingProblem says why the round's ending is one the variant does not
// have, or "" (RULES.md 10.8): every round may end with a player going
// out; where the stock can run out for good (stock.reshuffles not -1), a
// round may also end without one, as "nobody out" under meld-points (the
// 500 rule) and as a stalemate under the other methods.
func endingProblem(v *variants.Variant, r Round) string {
	if r.Out != "" {
		return ""
	}
	ending, alt := "nobody out", "a stalemate"
	if r.Stalemate {
		ending, alt = "a stalemate", "nobody out"
	}
	if v.Stock.Reshuffles < 0 {
		return fmt.Sprintf("a round of %s cannot end with %s: its stock is rebuilt from the discards whenever it runs out, so a round ends only with a player going out", v.Name, ending)
	}
	if stalemate, noOut := stockEndings(v); r.Stalemate && stalemate || !r.Stalemate && noOut {
		return ""
	}
	return fmt.Sprintf("a round of %s cannot end with %s: when its stock runs out for good the round ends with %s", v.Name, ending, alt)
}

// pointsProblem says why the hands given as points are more than the cards
// not accounted for on the table (melds, lay-offs, hands given as cards)
// could hold under the variant's decks and card points, or "".
func pointsProblem(rules engine.Rules, r Round) string {
	var byPoints []Hand
	given := 0
	for _, h := range r.Hands {
		if h.ByPoints {
			byPoints = append(byPoints, h)
			given += h.Points
		}
	}
	if len(byPoints) == 0 {
		return ""
	}
	left := rules.PackPoints()
	seen := func(cards []engine.Card) {
		left -= rules.Sum(cards)
	}
	for _, m := range r.Melds {
		seen(m.Meld.Cards)
	}
	for _, l := range r.Layoffs {
		seen(l.Cards)
	}
	for _, h := range r.Hands {
		seen(h.Cards)
	}
	left = max(left, 0)
	if given <= left {
		return ""
	}
	pack := fmt.Sprintf("%d %s", rules.Decks, plural(rules.Decks, "deck", "decks"))
	if rules.Jokers > 0 {
		pack += fmt.Sprintf(" and %d %s", rules.Jokers, plural(rules.Jokers, "joker", "jokers"))
	}
	if len(byPoints) == 1 {
		h := byPoints[0]
		return fmt.Sprintf("%s's hand is given as %d points, but the cards not on the table hold at most %d: %s, less what the round shows", h.Player, h.Points, left, pack)
	}
	parts := make([]string, len(byPoints))
	for i, h := range byPoints {
		parts[i] = fmt.Sprintf("%s %d", h.Player, h.Points)
	}
	return fmt.Sprintf("the hands given as points (%s) add up to %d, but the cards not on the table hold at most %d: %s, less what the round shows", strings.Join(parts, ", "), given, left, pack)
}
