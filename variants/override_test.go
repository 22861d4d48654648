package variants

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
)

// TestOverride changes one key of each type, and checks that nothing else
// changed.
func TestOverride(t *testing.T) {
	tests := []struct {
		base   string
		rule   string
		change func(v *Variant)
	}{
		{"basic", "name=family", func(v *Variant) { v.Name = "family" }},
		{"basic", "title=Family Rummy", func(v *Variant) { v.Title = "Family Rummy" }},
		{"basic", `description="Ours: 2 jokers"`, func(v *Variant) { v.Description = "Ours: 2 jokers" }},
		{"basic", "players.min=3", func(v *Variant) {
			v.Players.Min = 3
			v.Decks = ByPlayers{3: 1}
			v.Deal.Cards = ByPlayers{3: 7, 5: 6}
			v.Scoring.Target = ByPlayers{3: 150, 4: 200, 5: 250, 6: 300}
		}},
		{"basic", "players.max=4", func(v *Variant) {
			v.Players.Max = 4
			v.Deal.Cards = ByPlayers{2: 10, 3: 7}
			v.Scoring.Target = ByPlayers{2: 100, 3: 150, 4: 200}
		}},
		{"basic", "decks=2", func(v *Variant) { v.Decks = ByPlayers{2: 2} }},
		{"basic", "decks={2: 1, 5: 2}", func(v *Variant) { v.Decks = ByPlayers{2: 1, 5: 2} }},
		{"basic", "decks={2: 1, 4: 1, 5: 2}", func(v *Variant) { v.Decks = ByPlayers{2: 1, 5: 2} }}, // 4: 1 says nothing new
		{"basic", "decks={3: 1, 5: 2}", func(v *Variant) { v.Decks = ByPlayers{2: 1, 5: 2} }},       // 3 is the first count, so it serves 2 as well
		{"basic", "jokers.per_deck=2", func(v *Variant) { v.Jokers.PerDeck = 2 }},
		{"basic", "jokers.min_natural=3", func(v *Variant) { v.Jokers.MinNatural = 3 }},
		{"basic", "jokers.max_per_meld=1", func(v *Variant) { v.Jokers.MaxPerMeld = 1 }},
		{"basic", "jokers.swap=true", func(v *Variant) { v.Jokers.Swap = true }},
		{"basic", "deal.cards={2: 7}", func(v *Variant) { v.Deal.Cards = ByPlayers{2: 7} }},
		{"basic", "deal.cards=7", func(v *Variant) { v.Deal.Cards = ByPlayers{2: 7} }},
		{"basic", "deal.rotation=winner", func(v *Variant) { v.Deal.Rotation = RotateWinner }},
		{"basic", "sets.enabled=false", func(v *Variant) { v.Sets.Enabled = false }},
		{"basic", "sets.distinct_suits=false", func(v *Variant) { v.Sets.DistinctSuits = false }},
		{"kids", "runs.enabled=true", func(v *Variant) { v.Runs.Enabled = true }},
		{"basic", "runs.ace=either", func(v *Variant) { v.Runs.Ace = engine.AceEither }},
		{"basic", " runs.ace = high ", func(v *Variant) { v.Runs.Ace = engine.AceHigh }},
		{"basic", "runs.wrap=true", func(v *Variant) { v.Runs.Wrap = true }},
		{"basic", "melds.min_size=4", func(v *Variant) { v.Melds.MinSize = 4 }},
		{"basic", "layoff.requires_own_meld=true", func(v *Variant) { v.Layoff.RequiresOwnMeld = true }},
		{"basic", "going_out.discard_required=true", func(v *Variant) { v.GoingOut.DiscardRequired = true }},
		{"basic", "scoring.method=penalty", func(v *Variant) { v.Scoring.Method = Penalty }},
		{"basic", "scoring.values.ace=15", func(v *Variant) { v.Scoring.Values.Ace = 15 }},
		{"basic", "scoring.values.face=5", func(v *Variant) { v.Scoring.Values.Face = 5 }},
		{"basic", "scoring.values.joker=25", func(v *Variant) { v.Scoring.Values.Joker = 25 }},
		{"basic", "scoring.values.pips=5", func(v *Variant) { v.Scoring.Values.Pips = 5 }},
		{"rummy500", "scoring.ace_low_run=5", func(v *Variant) { v.Scoring.Values.AceLowRun = 5 }},
		{"basic", "scoring.rummy_multiplier=1", func(v *Variant) { v.Scoring.RummyMultiplier = 1 }},
		{"basic", "scoring.target=0", func(v *Variant) { v.Scoring.Target = ByPlayers{2: 0} }},
		{"basic", "scoring.target={2: 50, 4: 100}", func(v *Variant) { v.Scoring.Target = ByPlayers{2: 50, 4: 100} }},
		{"basic", "scoring.rounds=10", func(v *Variant) { v.Scoring.Rounds = 10 }},
		{"basic", "scoring.ties=share", func(v *Variant) { v.Scoring.Ties = Share }},
		{"rummy500", "scoring.must_go_out_to_win=true", func(v *Variant) { v.Scoring.MustGoOutToWin = true }},
		{"basic", "stock.reshuffles=-1", func(v *Variant) { v.Stock.Reshuffles = -1 }},
	}
	for _, tt := range tests {
		v, _ := Builtin(tt.base)
		want, _ := Builtin(tt.base)
		tt.change(want)
		if err := v.Override(tt.rule); err != nil {
			t.Errorf("%s: Override(%q): %v", tt.base, tt.rule, err)
			continue
		}
		if !reflect.DeepEqual(v, want) {
			t.Errorf("%s: Override(%q) gives\n%s\nwant\n%s", tt.base, tt.rule, v.YAML(), want.YAML())
		}
		// The overridden variant is whole: it writes and reads back.
		if w, err := Load("x.yaml", v.YAML()); err != nil || !reflect.DeepEqual(w, v) {
			t.Errorf("%s: Override(%q), then YAML and Load: %v", tt.base, tt.rule, err)
		}
	}
}

func TestOverridePips(t *testing.T) {
	v, _ := Builtin("rummy500")
	for _, rule := range []string{"scoring.values.pips=5", "scoring.ace_low_run=5"} {
		if err := v.Override(rule); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(string(v.YAML()), "    pips: 5\n  ace_low_run: 5\n") {
		t.Errorf("YAML() after the 5/10/15 option:\n%s", v.YAML())
	}
	if err := v.Override("scoring.values.pips=face"); err != nil || v.Scoring.Values.Pips != 0 {
		t.Errorf("pips=face: %v, pips %d", err, v.Scoring.Values.Pips)
	}
}

func TestOverrideRefuses(t *testing.T) {
	tests := []struct {
		base, rule string
		want       []string
	}{
		{"basic", "runs.ace=sideways", []string{`--rule runs.ace=sideways: "sideways" is not an ace position (low, high or either)`}},
		{"basic", "runs.aces=low", []string{`--rule runs.aces=low: unknown key (did you mean runs.ace?)`}},
		{"basic", "colour=red", []string{`--rule colour=red: unknown key`}},
		{"basic", "runs.ace", []string{`--rule runs.ace: want KEY=VALUE, such as runs.ace=either`}},
		{"basic", "runs=low", []string{`--rule runs=low: runs is a group of keys: give one of runs.enabled, runs.ace or runs.wrap`}},
		{"basic", "base=kids", []string{`--rule base=kids: base names the built-in a file starts from; a --rule cannot change it`}},
		{"basic", "runs.ace=", []string{`--rule runs.ace=: want low, high or either, got no value`}},
		{"basic", "players.max=30", []string{`--rule players.max=30: 30 is out of range (1 to 20)`}},
		{"basic", "players.max=two", []string{`--rule players.max=two: want an int, got a string ("two")`}},
		{"basic", "players.max=010", []string{`--rule players.max=010: 010 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)`}},
		{"basic", "melds.min_size=3.5", []string{`--rule melds.min_size=3.5: 3.5 is not a whole number`}},
		{"basic", "runs.wrap=yes", []string{`--rule runs.wrap=yes: yes is not a bool here: write true or false`}},
		{"basic", "runs.wrap={a: 1}", []string{`--rule runs.wrap={a: 1}: want true or false, got a map`}},
		{"basic", "scoring.values.pips=0", []string{`--rule scoring.values.pips=0: 0 is out of range (1 to 10)`}},
		{"basic", "name=My Rules", []string{`--rule name=My Rules: "My Rules" is not a name: use lowercase letters, digits, - and _`}},
		{"basic", "decks={2: 1, 9: 2}", []string{`--rule decks={2: 1, 9: 2}: player count 9 is outside players.min..max (2 to 6)`}},
		{"basic", "decks={2: 1, 5: 9, 4: 2}", []string{
			`--rule decks={2: 1, 5: 9, 4: 2}: for 5 players: 9 is out of range (1 to 8)`,
			`--rule decks={2: 1, 5: 9, 4: 2}: player count 4 comes after 5: list player counts in rising order`,
		}},
		{"basic", "decks={2: 1", []string{`--rule decks={2: 1: the mapping that starts here ({) is not closed with }`}},
		{"basic", "decks=&a 1", []string{`--rule decks=&a 1: anchors are not allowed (&a): write the value out`}},
		{"basic", "players.max=20", []string{`--rule players.max=20: deal.cards: dealing 6 cards to each of 9 players takes 54 cards, but 1 deck and 0 jokers hold 52`}},
		{"kids", "sets.enabled=false", []string{`--rule sets.enabled=false: sets.enabled and runs.enabled are both false: no meld is possible`}},
		{"basic", "players.min=7", []string{`--rule players.min=7: 7 is above players.max (6)`}},
	}
	for _, tt := range tests {
		v, _ := Builtin(tt.base)
		err := v.Override(tt.rule)
		if got := problems(t, err); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Override(%q)\ngot  %q\nwant %q", tt.base, tt.rule, got, tt.want)
		}
		if fresh, _ := Builtin(tt.base); !reflect.DeepEqual(v, fresh) {
			t.Errorf("%s: a refused Override(%q) changed the variant", tt.base, tt.rule)
		}
	}
}

// Rules given together are checked together, in any order: one deck for a
// Rummy 500 of up to four.
func TestOverrideAll(t *testing.T) {
	for _, rules := range [][]string{{"decks=1", "players.max=4"}, {"players.max=4", "decks=1"}} {
		v, _ := Builtin("rummy500")
		if err := v.OverrideAll(rules); err != nil {
			t.Errorf("OverrideAll(%q): %v", rules, err)
			continue
		}
		if r := v.Rules(4); r.Decks != 1 || r.Jokers != 2 || v.Players.Max != 4 {
			t.Errorf("OverrideAll(%q): %d decks, %d jokers, max %d players", rules, r.Decks, r.Jokers, v.Players.Max)
		}
	}
	v, _ := Builtin("rummy500")
	err := v.OverrideAll([]string{"decks=1"})
	want := []string{"--rule decks=1: deal.cards: dealing 7 cards to each of 8 players takes 56 cards, but 1 deck and 2 jokers hold 54"}
	if got := problems(t, err); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
