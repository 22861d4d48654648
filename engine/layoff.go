package engine

import (
	"fmt"
	"slices"
)

// TableError reports a table meld that is not itself valid, so nothing can
// be judged against it.
type TableError struct {
	Meld   Meld
	Reason string
}

func (e *TableError) Error() string {
	return fmt.Sprintf("the table meld %s is not valid: %s", e.Meld, e.Reason)
}

// LayOff judges cards laid off together onto a meld already on the table
// (RULES.md 3): the verdict is on the grown meld. Jokers already on the
// table keep what they stand for: the grown meld must have a reading in
// which the table's jokers read as they could before (and its wild cards:
// a wild card acting as itself stays itself, one acting as a joker stands
// for the same card). It returns a
// *TableError when the table meld is not valid.
func (r Rules) LayOff(table Meld, add []Card) (Verdict, error) {
	before := r.JudgeMeld(table)
	if !before.Valid {
		return Verdict{}, &TableError{Meld: table, Reason: before.Reason}
	}
	grown := Meld{Cards: append(slices.Clone(table.Cards), add...)}
	if table.Named != nil {
		grown.Named = slices.Clone(table.Named)
		for _, c := range add {
			if c == Joker {
				grown.Named = append(grown.Named, 0)
			}
		}
	}
	v := r.JudgeMeld(grown)
	if len(add) == 0 {
		v.Valid, v.Reason = false, "no cards to lay off"
		return v, nil
	}
	if !v.Valid {
		return v, nil
	}
	var keep []Reading
	for _, g := range v.Readings {
		for _, t := range before.Readings {
			if t.Kind == g.Kind && subMultiset(t.Jokers, g.Jokers) && subMultiset(t.WildAs, g.WildAs) && subMultiset(t.Cards, g.Cards) {
				keep = append(keep, g)
				break
			}
		}
	}
	if len(keep) == 0 {
		return Verdict{Cards: grown.Cards, Reason: fmt.Sprintf(
			"the jokers on the table would have to stand for other cards: %s stays %s",
			table, FormatCards(before.Readings[0].Cards, false))}, nil
	}
	return r.verdict(Verdict{Cards: grown.Cards}, keep), nil
}

// Swap judges a joker swap (RULES.md 2, jokers.swap): natural card c takes
// the place of a joker of the table meld, and the joker goes to the
// player's hand. It is legal when the variant allows swaps, the joker can
// stand for c, and the meld stays valid with its other jokers where they
// were. The verdict is on the meld after the swap. It returns a *TableError
// when the table meld is not valid.
func (r Rules) Swap(table Meld, c Card) (Verdict, error) {
	before := r.JudgeMeld(table)
	if !before.Valid {
		return Verdict{}, &TableError{Meld: table, Reason: before.Reason}
	}
	// Replace the joker named c, else the first joker.
	at, j := -1, 0
	for i, t := range table.Cards {
		if t != Joker {
			continue
		}
		if j < len(table.Named) && table.Named[j] == c {
			at = i
			break
		}
		if at < 0 {
			at = i
		}
		j++
	}
	after := Meld{Cards: slices.Clone(table.Cards)}
	fail := func(why string) (Verdict, error) {
		return Verdict{Cards: after.Cards, Reason: why}, nil
	}
	switch {
	case c == Joker || !c.Valid():
		return fail("a joker can only be swapped for a natural card")
	case !r.JokerSwap:
		return fail(r.name() + " does not allow joker swaps")
	case at < 0:
		return fail(fmt.Sprintf("%s holds no joker to swap", table))
	}
	var can []Card
	for _, t := range before.Readings {
		for _, x := range t.Jokers {
			if !slices.Contains(can, x) {
				can = append(can, x)
			}
		}
	}
	if !slices.Contains(can, c) {
		return fail(fmt.Sprintf("the joker in %s stands for %s, not %s", table, joinOr(can), c))
	}
	after.Cards[at] = c
	if table.Named != nil {
		// Drop the swapped joker's name, keep the others.
		after.Named = nil
		j = 0
		for i, t := range table.Cards {
			if t != Joker {
				continue
			}
			if i != at {
				after.Named = append(after.Named, table.Named[j])
			}
			j++
		}
	}
	v := r.JudgeMeld(after)
	if !v.Valid {
		return v, nil
	}
	var keep []Reading
	for _, g := range v.Readings {
		for _, t := range before.Readings {
			rest, ok := without(t.Jokers, c)
			if ok && t.Kind == g.Kind && subMultiset(rest, g.Jokers) {
				keep = append(keep, g)
				break
			}
		}
	}
	if len(keep) == 0 {
		return fail(fmt.Sprintf("with %s in place of the joker, the other jokers of %s would have to move", c, table))
	}
	return r.verdict(Verdict{Cards: after.Cards}, keep), nil
}

// without returns cards less one copy of c, and whether c was there.
func without(cards []Card, c Card) ([]Card, bool) {
	i := slices.Index(cards, c)
	if i < 0 {
		return nil, false
	}
	return slices.Delete(slices.Clone(cards), i, i+1), true
}

func joinOr(cards []Card) string {
	s := joinAnd(cards)
	if len(cards) > 1 {
		i := len(s) - len(cards[len(cards)-1].String()) - len(" and ")
		s = s[:i] + " or " + s[i+len(" and "):]
	}
	return s
}
