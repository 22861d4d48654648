package variants

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
)

func TestBuiltins(t *testing.T) {
	got := Builtins()
	want := []string{"basic", "gin", "kids", "oklahoma-gin", "rummy500"}
	if !slices.Equal(got, want) {
		t.Fatalf("Builtins() = %v, want %v", got, want)
	}
	for _, name := range got {
		v, err := Builtin(name)
		if err != nil {
			t.Fatalf("Builtin(%q): %v", name, err)
		}
		if v.Name != name || v.Base != "" {
			t.Errorf("Builtin(%q): name %q, base %q; want the file's name and no base", name, v.Name, v.Base)
		}
		if err := v.Check(); err != nil {
			t.Errorf("Builtin(%q).Check(): %v", name, err)
		}
	}
	if _, err := Builtin("fancy"); err == nil || err.Error() != `"fancy" is not a built-in variant (basic, gin, kids, oklahoma-gin or rummy500)` {
		t.Errorf("Builtin(fancy) = %v", err)
	}
}

func TestBuiltinReturnsACopy(t *testing.T) {
	a, _ := Builtin("rummy500")
	a.Decks[5] = 3
	a.Name = "changed"
	b, _ := Builtin("rummy500")
	if b.Decks[5] != 2 || b.Name != "rummy500" {
		t.Errorf("a change to one Builtin result shows in the next: %+v", b)
	}
}

// TestBuiltinRules pins each built-in to the table of RULES.md 6 (and the
// targets of RULES.md 5), through the Rules the engine judges with.
func TestBuiltinRules(t *testing.T) {
	basic := engine.Basic()
	basic.Values.AceLowRun = 1 // basic.yaml says 1, the ace's own value; engine.Basic leaves it 0, which means the same

	kids := basic
	kids.Name, kids.Runs, kids.JokerSwap = "kids", false, true

	r500 := basic
	r500.Name, r500.Ace, r500.Jokers = "rummy500", engine.AceEither, 2
	r500.Values.Ace = 15
	r500x2 := r500
	r500x2.Decks, r500x2.Jokers = 2, 4

	tests := []struct {
		variant string
		players int
		rules   engine.Rules
		cards   int // dealt to each player
		target  int
	}{
		{"basic", 2, basic, 10, 100},
		{"basic", 3, basic, 7, 150},
		{"basic", 4, basic, 7, 200},
		{"basic", 5, basic, 6, 250},
		{"basic", 6, basic, 6, 300},
		{"kids", 2, kids, 10, 100},
		{"kids", 3, kids, 7, 300},
		{"kids", 4, kids, 7, 300},
		{"kids", 6, kids, 7, 300},
		{"rummy500", 2, r500, 13, 500},
		{"rummy500", 3, r500, 7, 500},
		{"rummy500", 4, r500, 7, 500},
		{"rummy500", 5, r500x2, 7, 500},
		{"rummy500", 8, r500x2, 7, 500},
		{"rummy500", 0, r500x2, 13, 500}, // players unknown: the most decks ever in play
	}
	for _, tt := range tests {
		v, err := Builtin(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Rules(tt.players); got != tt.rules {
			t.Errorf("%s.Rules(%d) =\n%+v, want\n%+v", tt.variant, tt.players, got, tt.rules)
		}
		if tt.players == 0 {
			continue
		}
		if got := v.Deal.Cards.At(tt.players); got != tt.cards {
			t.Errorf("%s: %d players are dealt %d cards, want %d", tt.variant, tt.players, got, tt.cards)
		}
		if got := v.Target(tt.players); got != tt.target {
			t.Errorf("%s: target for %d players is %d, want %d", tt.variant, tt.players, got, tt.target)
		}
	}
}

// TestBuiltinMatchRules pins what Rules leaves out: players, deal, lay-off,
// scoring and stock (RULES.md 6).
func TestBuiltinMatchRules(t *testing.T) {
	type match struct {
		Min, Max        int
		RequiresOwnMeld bool
		Method          Method
		Multiplier      int
		Reshuffles      int
		Rotation        Rotation
		Ties            Ties
	}
	want := map[string]match{
		"kids":     {2, 6, true, Penalty, 1, -1, RotateLeft, PlayOn},
		"basic":    {2, 6, false, WinnerTakesAll, 2, 1, RotateLeft, PlayOn},
		"rummy500": {2, 8, true, MeldPoints, 1, 0, RotateLeft, PlayOn},
	}
	for name, w := range want {
		v, _ := Builtin(name)
		got := match{v.Players.Min, v.Players.Max, v.Layoff.RequiresOwnMeld, v.Scoring.Method,
			v.Scoring.RummyMultiplier, v.Stock.Reshuffles, v.Deal.Rotation, v.Scoring.Ties}
		if got != w {
			t.Errorf("%s: %+v, want %+v", name, got, w)
		}
	}
}

// TestBuiltinFilesAreYAMLOutput: each built-in file, comments aside, is
// exactly what YAML writes for it, which pins YAML's key order to the files.
func TestBuiltinFilesAreYAMLOutput(t *testing.T) {
	for _, name := range Builtins() {
		data, err := builtinFS.ReadFile("builtin/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.SplitAfter(string(data), "\n") {
			if !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		v, _ := Builtin(name)
		if got, want := string(v.YAML()), strings.Join(lines, ""); got != want {
			t.Errorf("%s: YAML() =\n%s\nwant the file without comments:\n%s", name, got, want)
		}
		w, err := Load("round-trip.yaml", v.YAML())
		if err != nil || !reflect.DeepEqual(w, v) {
			t.Errorf("%s: Load(YAML()) = %+v, %v; want %+v", name, w, err, v)
		}
	}
}
