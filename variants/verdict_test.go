package variants

import (
	"testing"

	"github.com/rummy-referee/rummy/engine"
)

// Each key of RULES.md 9 that changes a meld's verdict, changed with
// --rule on a built-in, changes the engine's verdict: the key reaches the
// engine's Rules under its contract name.
func TestKeysChangeVerdicts(t *testing.T) {
	tests := []struct {
		base   string
		rules  []string
		meld   string
		before bool // valid under the base
		after  bool // valid with the rules
	}{
		{"basic", []string{"sets.enabled=false"}, "7H 7S 7D", true, false},
		{"basic", []string{"runs.enabled=false"}, "7H 8H 9H", true, false},
		{"kids", []string{"runs.enabled=true"}, "3C 4C 5C", false, true},
		{"basic", []string{"decks=2", "sets.distinct_suits=false"}, "7H 7H 7S", false, true},
		{"basic", []string{"runs.ace=high"}, "QS KS AS", false, true},
		{"basic", []string{"runs.ace=high"}, "AS 2S 3S", true, false},
		{"basic", []string{"runs.ace=either"}, "QS KS AS", false, true},
		{"basic", []string{"runs.wrap=true"}, "KS AS 2S", false, true},
		{"basic", []string{"melds.min_size=4"}, "7H 7S 7D", true, false},
		{"basic", []string{"melds.min_size=2", "jokers.min_natural=2"}, "7H 7S", false, true},
		{"basic", []string{"jokers.per_deck=2"}, "7H 7S JK", false, true},
		{"rummy500", []string{"jokers.min_natural=1"}, "7H JK JK", false, true},
		{"rummy500", []string{"jokers.max_per_meld=1"}, "7H 8H JK JK", true, false},
	}
	for _, tt := range tests {
		v, err := Builtin(tt.base)
		if err != nil {
			t.Fatal(err)
		}
		cards, err := engine.ParseCards(tt.meld)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Rules(0).Judge(cards).Valid; got != tt.before {
			t.Errorf("%s: %s valid = %v before %v, want %v", tt.base, tt.meld, got, tt.rules, tt.before)
		}
		for _, r := range tt.rules {
			if err := v.Override(r); err != nil {
				t.Fatalf("%s: %v", r, err)
			}
		}
		if got := v.Rules(0).Judge(cards).Valid; got != tt.after {
			t.Errorf("%s with %v: %s valid = %v, want %v", tt.base, tt.rules, tt.meld, got, tt.after)
		}
	}
}

// jokers.swap reaches the engine: kids swaps, rummy500 does not.
func TestSwapKey(t *testing.T) {
	for name, want := range map[string]bool{"kids": true, "rummy500": false} {
		v, _ := Builtin(name)
		if err := v.Override("jokers.per_deck=2"); err != nil {
			t.Fatal(err)
		}
		m, _ := engine.ParseMeld("7H 7S JK")
		vd, err := v.Rules(2).Swap(m, engine.NewCard(engine.Seven, engine.Diamonds))
		if err != nil || vd.Valid != want {
			t.Errorf("%s: swap valid = %v (%v, %s), want %v", name, vd.Valid, err, vd.Reason, want)
		}
	}
}
