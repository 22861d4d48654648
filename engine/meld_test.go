package engine

import (
	"strings"
	"testing"
)

// Rules of the built-ins as RULES.md 6 sets them, for the engine's own
// tests (the variants package has its own tests of the YAML files).
func kidsRules() Rules {
	r := Basic()
	r.Name, r.Runs, r.JokerSwap = "kids", false, true
	return r
}

func kidsJokers() Rules {
	r := kidsRules()
	r.Jokers = 2
	return r
}

func rummy500Rules() Rules {
	r := Basic()
	r.Name, r.Jokers, r.Ace = "rummy500", 2, AceEither
	r.Values = Values{Ace: 15, Face: 10, Joker: 15, AceLowRun: 1}
	return r
}

func with(r Rules, f func(*Rules)) Rules { f(&r); return r }

func mustCards(t testing.TB, s string) []Card {
	t.Helper()
	c, err := ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustMeld(t testing.TB, s string) Meld {
	t.Helper()
	m, err := ParseMeld(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// jokerList renders Verdict.Jokers as "6H,9H|..." for comparison.
func jokerList(v Verdict) string {
	var parts []string
	for _, j := range v.Jokers {
		parts = append(parts, strings.Join(Strings(j), ","))
	}
	return strings.Join(parts, "|")
}

type meldCase struct {
	name   string
	rules  Rules
	meld   string
	kind   Kind   // 0 when invalid
	jokers string // jokerList of a valid verdict
	reason string // substring of the reason of an invalid verdict
}

func runMeldCases(t *testing.T, cases []meldCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.rules.JudgeMeld(mustMeld(t, tt.meld))
			if v.Valid != (tt.kind != 0) {
				t.Fatalf("%s: valid = %v (%s), want %v", tt.meld, v.Valid, v.Reason, tt.kind != 0)
			}
			if v.Valid {
				if v.Kind != tt.kind {
					t.Errorf("%s: kind = %v, want %v", tt.meld, v.Kind, tt.kind)
				}
				if got := jokerList(v); got != tt.jokers {
					t.Errorf("%s: jokers = %q, want %q", tt.meld, got, tt.jokers)
				}
				return
			}
			if !strings.Contains(v.Reason, tt.reason) {
				t.Errorf("%s: reason = %q, want it to contain %q", tt.meld, v.Reason, tt.reason)
			}
		})
	}
}

// The meld rows of RULES.md 8.
func TestWorkedExamples(t *testing.T) {
	basic2 := with(Basic(), func(r *Rules) { r.Decks = 2 })
	runMeldCases(t, []meldCase{
		{"set of three", Basic(), "7H 7S 7D", Set, "", ""},
		{"set of four", Basic(), "7H 7S 7D 7C", Set, "", ""},
		{"two cards", Basic(), "7H 7S", 0, "", "a meld needs at least 3 cards"},
		{"two hearts with two decks", basic2, "7H 7H 7S", 0, "", "two hearts in one set"},
		{"run of four", Basic(), "3C 4C 5C 6C", Run, "", ""},
		{"run of two suits", Basic(), "3C 4C 5D", 0, "", "a run is one suit: 5D is diamonds"},
		{"ace low", Basic(), "AS 2S 3S", Run, "", ""},
		{"QKA in basic", Basic(), "QS KS AS", 0, "", "QS KS AS is not a run in basic: aces are low"},
		{"QKA in rummy500", rummy500Rules(), "QS KS AS", Run, "", ""},
		{"KA2 in basic", Basic(), "KS AS 2S", 0, "", "turn the corner"},
		{"KA2 in rummy500", rummy500Rules(), "KS AS 2S", 0, "", "turn the corner"},
		{"kids joker set", kidsJokers(), "7H 7S JK", Set, "7C,7D", ""},
		{"500 joker run", rummy500Rules(), "5D JK 7D", Run, "6D", ""},
		{"kids has no runs", kidsRules(), "3C 4C 5C", 0, "", "kids has no runs"},
	})
}

// Each key of RULES.md 9 that changes a verdict.
func TestRuleKeys(t *testing.T) {
	jok := with(Basic(), func(r *Rules) { r.Jokers = 2 })
	runMeldCases(t, []meldCase{
		// sets.enabled, runs.enabled
		{"sets off", with(Basic(), func(r *Rules) { r.Sets = false }), "7H 7S 7D", 0, "", "basic has no sets"},
		{"sets off run ok", with(Basic(), func(r *Rules) { r.Sets = false }), "7H 8H 9H", Run, "", ""},
		{"runs off", with(Basic(), func(r *Rules) { r.Runs = false }), "7H 8H 9H", 0, "", "basic has no runs"},
		// sets.distinct_suits
		{"distinct off, two decks", with(Basic(), func(r *Rules) { r.Decks, r.DistinctSuits = 2, false }), "7H 7H 7S", Set, "", ""},
		{"distinct off, five of a rank", with(Basic(), func(r *Rules) { r.Decks, r.DistinctSuits = 2, false }), "7H 7H 7S 7C 7D", Set, "", ""},
		{"distinct on, five of a rank", with(Basic(), func(r *Rules) { r.Decks, r.Jokers = 2, 4 }), "7H 7S 7C 7D JK", 0, "", "at most 4 cards"},
		{"distinct off, one deck copy", with(Basic(), func(r *Rules) { r.DistinctSuits = false }), "7H 7H 7S", 0, "", "7H appears 2 times, but 1 deck has only 1"},
		{"distinct off, joker copies", with(Basic(), func(r *Rules) { r.Decks, r.DistinctSuits, r.Jokers = 2, false, 4 }), "7H 7H 7S JK", Set, "7C,7D,7S", ""},
		// runs.ace
		{"ace high: QKA", with(Basic(), func(r *Rules) { r.Ace = AceHigh }), "QS KS AS", Run, "", ""},
		{"ace high: A23", with(Basic(), func(r *Rules) { r.Ace = AceHigh }), "AS 2S 3S", 0, "", "aces are high"},
		{"ace either: A23", with(Basic(), func(r *Rules) { r.Ace = AceEither }), "AS 2S 3S", Run, "", ""},
		{"ace either: full run", with(Basic(), func(r *Rules) { r.Ace = AceEither }), "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", Run, "", ""},
		{"ace either: both ends", with(Basic(), func(r *Rules) { r.Ace, r.Decks = AceEither, 2 }), "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 0, "", "AS twice"},
		{"ace either: joker past king", with(jok, func(r *Rules) { r.Ace = AceEither }), "QS KS JK", Run, "JS,AS", ""},
		{"ace low: joker past king", jok, "QS KS JK", Run, "JS", ""},
		{"ace low: joker below ace", jok, "AS 2S JK", Run, "3S", ""},
		{"ace high: joker below ace", with(jok, func(r *Rules) { r.Ace = AceHigh }), "AS KS JK", Run, "QS", ""},
		// runs.wrap
		{"wrap", with(Basic(), func(r *Rules) { r.Wrap = true }), "KS AS 2S", Run, "", ""},
		{"wrap long", with(Basic(), func(r *Rules) { r.Wrap = true }), "JS QS KS AS 2S 3S", Run, "", ""},
		{"wrap thirteen", with(jok, func(r *Rules) { r.Wrap = true }), "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK", Run, "KS", ""},
		{"wrap fourteen", with(jok, func(r *Rules) { r.Wrap = true }), "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", 0, "", "at most 13"},
		// melds.min_size
		{"min size 4", with(Basic(), func(r *Rules) { r.MinSize = 4 }), "7H 7S 7D", 0, "", "at least 4 cards"},
		{"min size 2", with(Basic(), func(r *Rules) { r.MinSize = 2 }), "7H 7S", Set, "", ""},
		// jokers.per_deck (0 means none in play)
		{"no jokers", Basic(), "7H 7S JK", 0, "", "basic is played without jokers"},
		// jokers.min_natural
		{"min natural 2", jok, "7H JK JK", 0, "", "at least 2 natural cards, and this one has 1"},
		{"min natural 1", with(jok, func(r *Rules) { r.MinNatural = 1 }), "7H JK JK", Set, "7C,7D,7S,5H,6H,8H,9H|7C,7D,7S,5H,6H,8H,9H", ""},
		{"jokers alone", with(jok, func(r *Rules) { r.MinNatural = 0 }), "JK JK JK", 0, "", "jokers alone"},
		// jokers.max_per_meld
		{"max per meld 1", with(jok, func(r *Rules) { r.MaxJokers = 1 }), "7H 8H JK JK", 0, "", "at most 1 joker, and this one has 2"},
		{"max per meld 0 is no limit", jok, "7H 8H JK JK", Run, "5H,6H,9H,10H|5H,6H,9H,10H", ""},
		// joker gap filling
		{"joker fills gap", jok, "5D JK 7D", Run, "6D", ""},
		{"joker two gaps", jok, "5D JK 8D JK", Run, "6D,7D|6D,7D", ""},
		{"gap too wide", jok, "5D 8D JK", 0, "", "6D and 7D are missing and there is only 1 joker to fill in"},
		{"gap no joker", Basic(), "3C 5C 6C", 0, "", "4C is missing"},
		{"set joker full", jok, "7H 7S 7D 7C JK", 0, "", "at most 4 cards"},
		{"duplicate in run", with(Basic(), func(r *Rules) { r.Decks = 2 }), "7H 7H 8H 9H", 0, "", "7H twice"},
		{"mixed", Basic(), "7H 8S 9D", 0, "", "a run is one suit: 8S is spades"},
		{"mixed set", Basic(), "7H 7S 8D", 0, "", "a set is one rank: 8D is not a 7"},
		// named jokers
		{"named joker", jok, "7H 8H JK=9H", Run, "9H", ""},
		{"named joker impossible", jok, "7H 8H JK=10H", 0, "", "cannot stand for 10H"},
	})
}

func TestLayOff(t *testing.T) {
	jok := with(Basic(), func(r *Rules) { r.Jokers = 2 })
	tests := []struct {
		rules  Rules
		table  string
		add    string
		valid  bool
		reason string
	}{
		{Basic(), "7H 8H 9H", "10H", true, ""},                   // RULES.md 8
		{Basic(), "7H 7S 7D", "6H", false, "a set is one rank"},  // RULES.md 8
		{Basic(), "7H 7S 7D", "7C", true, ""},                    // a set grows to 4
		{Basic(), "7H 8H 9H", "JH", false, "10H is missing"},     // not adjacent
		{Basic(), "7H 8H 9H", "10H JH", true, ""},                // two cards together
		{Basic(), "7H 8H 9H", "6H 10H", true, ""},                // both ends
		{jok, "7H 8H 9H", "JK", true, ""},                        // a joker laid off
		{jok, "7H 8H JK=9H", "9H", false, "cannot stand for 9H"}, // the joker sits at 9H
		{jok, "7H 8H JK=9H", "10H", true, ""},                    // past the joker
		{jok, "7H 8H JK", "9H", true, ""},                        // the joker can be 6H
		{Basic(), "QH KH AH", "JH", false, ""},                   // the table meld is not valid
		{jok, "6H JK 8H", "7H", false, "other cards"},            // the joker stands for 7H and stays
	}
	for _, tt := range tests {
		v, err := tt.rules.LayOff(mustMeld(t, tt.table), mustCards(t, tt.add))
		if tt.table == "QH KH AH" {
			if _, ok := err.(*TableError); !ok {
				t.Errorf("LayOff onto %s: err = %v, want a *TableError", tt.table, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("LayOff(%s onto %s): %v", tt.add, tt.table, err)
			continue
		}
		if v.Valid != tt.valid || (!v.Valid && !strings.Contains(v.Reason, tt.reason)) {
			t.Errorf("LayOff(%s onto %s) = %v %q, want %v %q", tt.add, tt.table, v.Valid, v.Reason, tt.valid, tt.reason)
		}
	}
}

func TestSwap(t *testing.T) {
	tests := []struct {
		rules  Rules
		table  string
		card   string
		valid  bool
		after  string
		reason string
	}{
		{kidsJokers(), "7H 7S JK", "7D", true, "7H 7S 7D", ""}, // RULES.md 2
		{kidsJokers(), "7H 7S JK", "7C", true, "7H 7S 7C", ""},
		{kidsJokers(), "7H 7S JK", "8D", false, "", "stands for 7C or 7D, not 8D"},
		{kidsJokers(), "7H 7S JK", "7H", false, "", "stands for 7C or 7D, not 7H"},
		{kidsJokers(), "7H 7S 7D", "7C", false, "", "holds no joker"},
		{with(rummy500Rules(), func(r *Rules) { r.JokerSwap = true }), "5D JK 7D", "6D", true, "5D 6D 7D", ""},
		{with(rummy500Rules(), func(r *Rules) { r.JokerSwap = true }), "5D 6D JK", "8D", false, "", "not 8D"},
		{rummy500Rules(), "5D JK 7D", "6D", false, "", "rummy500 does not allow joker swaps"},
	}
	for _, tt := range tests {
		v, err := tt.rules.Swap(mustMeld(t, tt.table), mustCards(t, tt.card)[0])
		if err != nil {
			t.Errorf("Swap(%s into %s): %v", tt.card, tt.table, err)
			continue
		}
		if v.Valid != tt.valid || (!v.Valid && !strings.Contains(v.Reason, tt.reason)) {
			t.Errorf("Swap(%s into %s) = %v %q, want %v %q", tt.card, tt.table, v.Valid, v.Reason, tt.valid, tt.reason)
		}
		if v.Valid && FormatCards(v.Cards, false) != tt.after {
			t.Errorf("Swap(%s into %s) gives %s, want %s", tt.card, tt.table, FormatCards(v.Cards, false), tt.after)
		}
	}
}

func TestPoints(t *testing.T) {
	b := Basic().Values
	if got := b.Sum(mustCards(t, "KH QS 3D")); got != 23 { // RULES.md 8
		t.Errorf("KH QS 3D = %d, want 23", got)
	}
	r5 := rummy500Rules().Values
	for s, want := range map[string]int{"AS": 15, "KD": 10, "10C": 10, "7H": 7, "JK": 15} {
		if got := r5.Points(mustCards(t, s)[0]); got != want {
			t.Errorf("rummy500 %s = %d, want %d", s, got, want)
		}
	}
	five := Values{Ace: 15, Face: 10, Joker: 15, Pips: 5, AceLowRun: 5}
	for s, want := range map[string]int{"2S": 5, "9S": 5, "10S": 10, "QS": 10, "AS": 15} {
		if got := five.Points(mustCards(t, s)[0]); got != want {
			t.Errorf("5/10/15 %s = %d, want %d", s, got, want)
		}
	}
}

func TestCheckCounts(t *testing.T) {
	b := Basic()
	if err := b.CheckCounts(mustCards(t, "7H 8H"), mustCards(t, "7H")); err == nil || err.Error() != "7H appears 2 times, but 1 deck has only 1" {
		t.Errorf("got %v", err)
	}
	if err := b.CheckCounts(mustCards(t, "7H JK")); err == nil || err.Error() != "JK appears 1 time, but this variant is played without jokers" {
		t.Errorf("got %v", err)
	}
	two := with(b, func(r *Rules) { r.Decks, r.Jokers = 2, 4 })
	if err := two.CheckCounts(mustCards(t, "7H 7H JK JK JK JK")); err != nil {
		t.Errorf("two decks: %v", err)
	}
	if err := two.CheckCounts(mustCards(t, "7H 7H 7H")); err == nil || err.Error() != "7H appears 3 times, but 2 decks have only 2" {
		t.Errorf("got %v", err)
	}
}
