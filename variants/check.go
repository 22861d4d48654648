package variants

import (
	"fmt"
	"slices"
)

// Check returns the problems of v as Problems, or nil: each value out of its
// range or not set, and the rules that contradict each other (sets and runs
// both disabled, too few cards to deal to some allowed number of players, a
// meld that could never be made). Load and Override run it, so a variant
// they return is whole; a program that builds or changes a Variant by hand
// runs it itself.
func (v *Variant) Check() error {
	probs := check(v)
	if len(probs) == 0 {
		return nil
	}
	out := make(Problems, len(probs))
	for i, p := range probs {
		out[i] = Problem{Key: p.key, Msg: p.msg}
	}
	return out
}

// check returns the problems of v, unplaced. The rules between keys are
// checked only when every key on its own is fine, so a bad value is
// reported once, as itself.
func check(v *Variant) []problem {
	var probs []problem
	for _, f := range fields {
		if msg := f.check(v); msg != "" {
			probs = append(probs, problem{key: f.key, msg: msg})
		}
	}
	if len(probs) > 0 {
		return probs
	}
	add := func(key string, related []string, format string, args ...any) {
		probs = append(probs, problem{key: key, related: related, msg: fmt.Sprintf(format, args...)})
	}

	pl := v.Players
	if pl.Min > pl.Max {
		add("players.min", []string{"players.max"}, "%d is above players.max (%d)", pl.Min, pl.Max)
		return probs // the checks below go through the counts
	}
	for _, f := range fields {
		if f.by == nil {
			continue
		}
		for _, k := range f.by(v).keys() {
			if k < pl.Min || k > pl.Max {
				add(f.key, []string{"players.min", "players.max"},
					"player count %d is outside players.min..max (%d to %d)", k, pl.Min, pl.Max)
			}
		}
	}

	// RULES.md 2: a meld is a set or a run.
	if !v.Sets.Enabled && !v.Runs.Enabled {
		add("", []string{"runs.enabled", "sets.enabled"}, "sets.enabled and runs.enabled are both false: no meld is possible")
	}
	if v.Jokers.MinNatural > v.Melds.MinSize {
		add("jokers.min_natural", []string{"melds.min_size"},
			"%d is more than melds.min_size (%d): a meld of %d cards could never hold enough natural cards",
			v.Jokers.MinNatural, v.Melds.MinSize, v.Melds.MinSize)
	}
	if v.Sets.Enabled && !v.Runs.Enabled {
		// RULES.md 2: a set holds each suit once, or with repeats allowed
		// every copy of its rank.
		largest, why := 4, "one card of each suit"
		if !v.Sets.DistinctSuits {
			decks := v.Decks.At(pl.Min)
			for n := pl.Min; n <= pl.Max; n++ {
				decks = min(decks, v.Decks.At(n))
			}
			largest, why = 4*decks, fmt.Sprintf("every copy of a rank in %s", nDecks(decks))
		}
		if v.Melds.MinSize > largest {
			add("melds.min_size", []string{"sets.distinct_suits", "runs.enabled"},
				"%d is more cards than a set can hold (%d: %s), and runs.enabled is false: no meld is possible",
				v.Melds.MinSize, largest, why)
		}
	}

	// Knock scoring is gin rummy's: a knocker against one defender.
	if v.Scoring.Method == Knock && pl.Max != 2 {
		add("players.max", []string{"players.min", "scoring.method"},
			"%d, but knock scoring is played by two players (a knocker and a defender): set players.min and players.max to 2", pl.Max)
	}
	// The match-end bonuses go to the one player who won at the target:
	// no such player under penalty (lowest wins) or single-round scoring.
	if m := v.Scoring.Method; m == Penalty || m == SingleRound {
		for _, b := range []struct {
			key string
			n   int
		}{{"scoring.game_bonus", v.Scoring.GameBonus}, {"scoring.box_bonus", v.Scoring.BoxBonus}, {"scoring.shutout", v.Scoring.Shutout}} {
			if b.n != 0 {
				add(b.key, []string{"scoring.method"}, "match-end bonuses need a winner by highest total, and scoring.method is %s: set it to 0", m)
			}
		}
	}

	// Enough cards to deal: the first player count that fails is named.
	for n := pl.Min; n <= pl.Max; n++ {
		decks, cards := v.Decks.At(n), v.Deal.Cards.At(n)
		jokers := decks * v.Jokers.PerDeck
		if need, have := n*cards, decks*52+jokers; need > have {
			add("deal.cards", []string{"players.max", "decks", "jokers.per_deck", "players.min"},
				"dealing %d cards to each of %d players takes %d cards, but %s and %d %s hold %d",
				cards, n, need, nDecks(decks), jokers, plural(jokers, "joker", "jokers"), have)
			break
		}
	}
	return probs
}

func nDecks(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "deck", "decks")) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// check returns what is wrong with f's value in v on its own, or "".
func (f *field) check(v *Variant) string {
	switch f.kind {
	case kindName, kindText:
		return checkString(f, *f.str(v))
	case kindBase:
		if *f.str(v) == "" {
			return ""
		}
		return checkString(f, *f.str(v))
	case kindInt:
		if x := *f.num(v); x < f.lo || x > f.hi {
			return fmt.Sprintf("%d is out of range (%d to %d)", x, f.lo, f.hi)
		}
	case kindPips, kindShutout:
		if word, wordValue := f.word(); *f.num(v) != wordValue && (*f.num(v) < f.lo || *f.num(v) > f.hi) {
			return fmt.Sprintf("%d is out of range (%d to %d, or %d for %s)", *f.num(v), f.lo, f.hi, wordValue, word)
		}
	case kindEnum:
		s := f.enum.get(v)
		if s == "" {
			return "not set (want " + f.want() + ")"
		}
		if !slices.Contains(f.enum.names, s) {
			return f.enum.set(&Variant{}, s).Error()
		}
	case kindByPlayers:
		b := *f.by(v)
		if len(b) == 0 {
			return "not set (want " + f.want() + ")"
		}
		for _, k := range b.keys() {
			if b[k] < f.lo || b[k] > f.hi {
				return fmt.Sprintf("for %d players: %d is out of range (%d to %d)", k, b[k], f.lo, f.hi)
			}
		}
	}
	return ""
}
