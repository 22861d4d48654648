package variants

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
)

// problems returns the lines of err, which must be Problems.
func problems(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v (%T) is not Problems", err, err)
	}
	return strings.Split(ps.Error(), "\n")
}

// abbrev cuts s for a test message.
func abbrev(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// head is a valid start for a file that changes one thing: its problems
// are on line 3 and after.
const head = "base: basic\nname: t\n"

func TestLoadRefuses(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		// Keys.
		{"unknown key", head + "runs:\n  aces: low\n",
			[]string{"t.yaml:4: runs.aces: unknown key (did you mean runs.ace?)"}},
		{"unknown key in another group", head + "wrap: true\n",
			[]string{"t.yaml:3: wrap: unknown key (did you mean runs.wrap?)"}},
		{"misspelt key", head + "jokers:\n  perdeck: 2\n",
			[]string{"t.yaml:4: jokers.perdeck: unknown key (did you mean jokers.per_deck?)"}},
		{"misspelt group", head + "scorng:\n  rounds: 2\n",
			[]string{"t.yaml:3: scorng: unknown key (did you mean scoring?)"}},
		{"unknown key, nothing near", head + "colour: red\n",
			[]string{"t.yaml:3: colour: unknown key"}},
		{"odd key", head + "\"a b\": 1\n",
			[]string{`t.yaml:3: "a b": unknown key`}},
		{"dotted key", head + "runs.ace: either\n",
			[]string{"t.yaml:3: runs.ace: unknown key: a file nests keys (runs: then ace: indented under it)"}},
		{"duplicate key", head + "runs:\n  ace: low\n  ace: high\n",
			[]string{"t.yaml:5: runs.ace: duplicate key (first at line 4)"}},
		{"duplicate group", head + "runs: {ace: low}\nruns: {wrap: true}\n",
			[]string{"t.yaml:4: runs: duplicate key (first at line 3)"}},
		{"map as key", head + "? {a: 1}\n: 2\n",
			[]string{"t.yaml:3: complex keys (?) are not allowed: write name: value"}},

		// Types.
		{"string for int", head + "players:\n  min: two\n",
			[]string{`t.yaml:4: players.min: want an int, got a string ("two")`}},
		{"quoted int", head + "players: {min: \"2\"}\n",
			[]string{`t.yaml:3: players.min: want an int, got a string ("2")`}},
		{"map for bool", head + "jokers:\n  swap: {a: 1}\n",
			[]string{"t.yaml:4: jokers.swap: want true or false, got a map"}},
		{"list for int", head + "melds: {min_size: [3]}\n",
			[]string{"t.yaml:3: melds.min_size: want an int, got a list"}},
		{"int for group", head + "runs: 5\n",
			[]string{"t.yaml:3: runs: want a map of keys (enabled, ace, wrap), got an int (5)"}},
		{"bool for string", head + "title: true\n",
			[]string{"t.yaml:3: title: want a string, got a bool (true): put it in quotes"}},
		{"date for string", head + "description: 2024-01-01\n",
			[]string{"t.yaml:3: description: want a string, got a date (2024-01-01): put it in quotes"}},
		{"list for enum", head + "runs: {ace: [low]}\n",
			[]string{"t.yaml:3: runs.ace: want low, high or either, got a list"}},
		{"list for by-players", head + "decks: [1, 2]\n",
			[]string{"t.yaml:3: decks: want an int or a map from player count to int, got a list"}},
		{"fraction", head + "melds:\n  min_size: 1.5\n",
			[]string{"t.yaml:4: melds.min_size: 1.5 is not a whole number"}},
		{"exponent", head + "scoring: {rounds: 1e3}\n",
			[]string{"t.yaml:3: scoring.rounds: 1e3 is not a whole number"}},
		{"octal", head + "scoring: {rounds: 010}\n",
			[]string{"t.yaml:3: scoring.rounds: 010 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"}},
		{"octal 0o", head + "scoring: {rounds: 0o10}\n",
			[]string{"t.yaml:3: scoring.rounds: 0o10 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"}},
		{"hex", head + "scoring: {rounds: 0x10}\n",
			[]string{"t.yaml:3: scoring.rounds: 0x10 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"}},
		{"underscore", head + "scoring: {target: 1_000}\n",
			[]string{"t.yaml:3: scoring.target: 1_000 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"}},
		{"plus sign", head + "scoring:\n  rounds: +1\n",
			[]string{"t.yaml:4: scoring.rounds: +1 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"}},
		{"0b", head + "decks: {2: 0b1}\n",
			[]string{"t.yaml:3: decks: for 2 players: 0b1 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"}},
		{"yes", head + "runs:\n  wrap: yes\n",
			[]string{"t.yaml:4: runs.wrap: yes is not a bool here: write true or false"}},
		{"off", head + "runs: {wrap: Off}\n",
			[]string{"t.yaml:3: runs.wrap: Off is not a bool here: write true or false"}},
		{"other string for bool", head + "runs: {wrap: maybe}\n",
			[]string{`t.yaml:3: runs.wrap: want true or false, got a string ("maybe")`}},
		{"null bool", head + "jokers:\n  swap:\n",
			[]string{"t.yaml:4: jokers.swap: want true or false, got no value"}},
		{"null enum", head + "runs: {ace: ~}\n",
			[]string{"t.yaml:3: runs.ace: want low, high or either, got no value"}},
		{"null group", head + "jokers:\nruns: {ace: low}\n",
			[]string{"t.yaml:3: jokers: want a map of keys (per_deck, min_natural, max_per_meld, swap), got no value"}},
		{"null name", "base: basic\nname:\n",
			[]string{"t.yaml:2: name: want a name, got no value"}},

		// Ranges and words.
		{"too many players", head + "players:\n  max: 30\n",
			[]string{"t.yaml:4: players.max: 30 is out of range (1 to 20)"}},
		{"negative", head + "jokers: {per_deck: -1}\n",
			[]string{"t.yaml:3: jokers.per_deck: -1 is out of range (0 to 8)"}},
		{"reshuffles below -1", head + "stock: {reshuffles: -2}\n",
			[]string{"t.yaml:3: stock.reshuffles: -2 is out of range (-1 to 100)"}},
		{"huge", head + "scoring: {rounds: 99999999999999999999}\n",
			[]string{"t.yaml:3: scoring.rounds: 99999999999999999999 is out of range (0 to 1000)"}},
		{"ace", head + "runs:\n  ace: sideways\n",
			[]string{`t.yaml:4: runs.ace: "sideways" is not an ace position (low, high or either)`}},
		{"ace as int", head + "runs: {ace: 1}\n",
			[]string{`t.yaml:3: runs.ace: "1" is not an ace position (low, high or either)`}},
		{"rotation", head + "deal: {rotation: right}\n",
			[]string{`t.yaml:3: deal.rotation: "right" is not a deal rotation (left or winner)`}},
		{"method", head + "scoring: {method: points}\n",
			[]string{`t.yaml:3: scoring.method: "points" is not a scoring method (winner-takes-all, penalty, meld-points, single-round or knock)`}},
		{"ties", head + "scoring: {ties: split}\n",
			[]string{`t.yaml:3: scoring.ties: "split" is not a tie rule (play-on or share)`}},
		{"pips word", head + "scoring:\n  values:\n    pips: fce\n",
			[]string{`t.yaml:5: scoring.values.pips: "fce" is not face or an int (1 to 10)`}},
		{"pips 0", head + "scoring: {values: {pips: 0}}\n",
			[]string{"t.yaml:3: scoring.values.pips: 0 is out of range (1 to 10)"}},
		{"name", "base: basic\nname: House Rules\n",
			[]string{`t.yaml:2: name: "House Rules" is not a name: use lowercase letters, digits, - and _`}},
		{"long name", "base: basic\nname: " + strings.Repeat("x", 41) + "\n",
			[]string{`t.yaml:2: name: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… is longer than 40 characters`}},
		{"two-line title", head + "title: \"a\\nb\"\n",
			[]string{`t.yaml:3: title: "a\nb" holds U+000A: write one line of plain text`}},

		// Maps by player count.
		{"empty map", head + "decks: {}\n",
			[]string{"t.yaml:3: decks: want at least one player count: {2: ...}"}},
		{"word as count", head + "decks: {two: 1}\n",
			[]string{`t.yaml:3: decks: want a player count, got a string ("two")`}},
		{"count out of range", head + "decks: {2: 1, 30: 2}\n",
			[]string{"t.yaml:3: decks: player count 30 is out of range (1 to 20)"}},
		{"count twice", head + "deal:\n  cards:\n    2: 10\n    2: 9\n",
			[]string{"t.yaml:6: deal.cards: player count 2 appears twice (first at line 5)"}},
		{"counts falling", head + "deal: {cards: {4: 7, 2: 10}}\n",
			[]string{"t.yaml:3: deal.cards: player count 2 comes after 4: list player counts in rising order"}},
		{"value out of range", head + "decks:\n  2: 1\n  5: 9\n",
			[]string{"t.yaml:5: decks: for 5 players: 9 is out of range (1 to 8)"}},
		{"value a list", head + "deal: {cards: {2: [10]}}\n",
			[]string{"t.yaml:3: deal.cards: for 2 players: want an int, got a list"}},
		{"count outside players", head + "players: {max: 4}\ndecks: {2: 1, 5: 2}\n",
			[]string{"t.yaml:4: decks: player count 5 is outside players.min..max (2 to 4)"}},

		// Base.
		{"unknown base", "base: fancy\nname: t\n",
			[]string{`t.yaml:1: base: "fancy" is not a built-in variant (basic, gin, kids, oklahoma-gin or rummy500)`}},
		{"base not a string", "base: 5\nname: t\n",
			[]string{"t.yaml:1: base: want a string, got an int (5): put it in quotes"}},
		{"base without name", "base: basic\nruns: {ace: either}\n",
			[]string{"t.yaml:1: name: missing: every variant file names itself"}},

		// Rules that contradict each other (Check), on the line of a key the file gives.
		{"no melds", head + "sets: {enabled: false}\nruns: {enabled: false}\n",
			[]string{"t.yaml:4: sets.enabled and runs.enabled are both false: no meld is possible"}},
		{"players reversed", head + "players:\n  min: 5\n  max: 3\n",
			[]string{"t.yaml:4: players.min: 5 is above players.max (3)"}},
		{"min natural", head + "jokers: {min_natural: 4}\n",
			[]string{"t.yaml:3: jokers.min_natural: 4 is more than melds.min_size (3): a meld of 3 cards could never hold enough natural cards"}},
		{"sets too small", "base: kids\nname: t\nmelds: {min_size: 5}\n",
			[]string{"t.yaml:3: melds.min_size: 5 is more cards than a set can hold (4: one card of each suit), and runs.enabled is false: no meld is possible"}},
		{"not enough cards", "base: kids\nname: t\n\nplayers:\n  max: 8\n",
			[]string{"t.yaml:5: deal.cards: dealing 7 cards to each of 8 players takes 56 cards, but 1 deck and 0 jokers hold 52"}},
		{"not enough cards, with jokers", "base: rummy500\nname: t\ndeal: {cards: 14}\n",
			[]string{"t.yaml:3: deal.cards: dealing 14 cards to each of 4 players takes 56 cards, but 1 deck and 2 jokers hold 54"}},

		// Whole files.
		{"empty", "", []string{"t.yaml: empty file: a variant file is a map of keys (name, players, ...)"}},
		{"comments only", "# nothing\n\n", []string{"t.yaml: empty file: a variant file is a map of keys (name, players, ...)"}},
		{"null document", "---\n", []string{"t.yaml: empty file: a variant file is a map of keys (name, players, ...)"}},
		{"list", "- a\n- b\n", []string{"t.yaml:1: want a map of keys (name, title, description, base, players, decks, jokers, wild, deal, sets, runs, melds, layoff, going_out, scoring, stock, checks, seats, knock), got a list"}},
		{"two documents", head + "---\nname: u\n", []string{"t.yaml:3: more than one document: a variant file holds one"}},
		{"syntax", head + "runs:\n  ace: low\n wrap: true\n", []string{`t.yaml:5: this line is indented more than the key "runs" above it (line 3): keys of one mapping line up`}},
		{"not UTF-8", head + "title: caf\xe9\n", []string{"t.yaml:3: not UTF-8 text (byte 0xe9)"}},
		{"too large", head + "description: " + strings.Repeat("x", 64<<10) + "\n", []string{"t.yaml: too large for a variant file (more than 64 KiB)"}},
		{"anchor", head + "runs: &r {ace: low}\n", []string{"t.yaml:3: anchors are not allowed (&r): write the value out"}},
		{"alias", head + "x: &a 1\nplayers: {min: *a}\n", []string{"t.yaml:3: anchors are not allowed (&a): write the value out"}},
		{"merge key", head + "runs:\n  <<: {ace: low}\n", []string{`t.yaml:4: runs."<<": unknown key`}},
		{"tag", head + "title: !!str 500\n", []string{"t.yaml:3: tags are not allowed (!!str): write the plain value"}},
		{"deep", head + "runs: {ace: [[[[1]]]]}\n", []string{"t.yaml:3: nested deeper than any key of a variant file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Load("t.yaml", []byte(tt.src))
			got := problems(t, err)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Load(%q)\ngot  %q\nwant %q", abbrev(tt.src), got, tt.want)
			}
			if v != nil {
				t.Errorf("Load returned a variant with its problems: %+v", v)
			}
		})
	}
}

// TestLoadReportsEveryProblem: a file with many problems gets them all, in
// line order, not just the first.
func TestLoadReportsEveryProblem(t *testing.T) {
	src := `name: House
base: basic
runs:
  aces: low
  wrap: yes
  enabled: 1.5
decks: {2: 1, 30: 2, 3: 010}
scoring:
  values: {pips: fce}
  target: 0x10
jokers:
  per_deck: 2
  per_deck: 3
wrap: true
title: 500
`
	want := []string{
		`house.yaml:1: name: "House" is not a name: use lowercase letters, digits, - and _`,
		`house.yaml:4: runs.aces: unknown key (did you mean runs.ace?)`,
		`house.yaml:5: runs.wrap: yes is not a bool here: write true or false`,
		`house.yaml:6: runs.enabled: want true or false, got a number (1.5)`,
		`house.yaml:7: decks: player count 30 is out of range (1 to 20)`,
		`house.yaml:7: decks: for 3 players: 010 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)`,
		`house.yaml:9: scoring.values.pips: "fce" is not face or an int (1 to 10)`,
		`house.yaml:10: scoring.target: 0x10 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)`,
		`house.yaml:13: jokers.per_deck: duplicate key (first at line 12)`,
		`house.yaml:14: wrap: unknown key (did you mean runs.wrap?)`,
		`house.yaml:15: title: want a string, got an int (500): put it in quotes`,
	}
	_, err := Load("house.yaml", []byte(src))
	if got := problems(t, err); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var ps Problems
	errors.As(err, &ps)
	if p := ps[1]; p.File != "house.yaml" || p.Line != 4 || p.Key != "runs.aces" || p.Msg != "unknown key (did you mean runs.ace?)" {
		t.Errorf("Problem fields = %+v", p)
	}
}

func TestLoadStopsListingAfterMany(t *testing.T) {
	src := head + strings.Repeat("colour: red\n", 200)
	got := problems(t, func() error { _, err := Load("t.yaml", []byte(src)); return err }())
	if len(got) != maxProblems+1 || got[maxProblems] != "t.yaml: too many problems: stopped after 50" {
		t.Errorf("got %d problems, the last %q", len(got), got[len(got)-1])
	}
}

// TestLoadWithoutBase: a file without base takes RULES.md's defaults for
// the keys it leaves out, and must give the keys no default could guess,
// each missing one named.
func TestLoadWithoutBase(t *testing.T) {
	basic, _ := Builtin("basic")
	full := string(basic.YAML())
	v, err := Load("full.yaml", []byte(full))
	if err != nil || !reflect.DeepEqual(v, basic) {
		t.Fatalf("a full file: %v, %v", v, err)
	}

	// Keys with a default may be left out.
	cut := strings.Replace(full, "  wrap: false\n", "", 1)
	cut = strings.Replace(cut, "stock:\n  reshuffles: 1\n", "", 1)
	cut = strings.Replace(cut, "    pips: face\n", "", 1)
	v, err = Load("cut.yaml", []byte(cut))
	if err != nil {
		t.Fatal(err)
	}
	if v.Runs.Wrap || v.Stock.Reshuffles != -1 || v.Scoring.Values.Pips != 0 {
		t.Errorf("defaults: wrap %v, reshuffles %d, pips %d", v.Runs.Wrap, v.Stock.Reshuffles, v.Scoring.Values.Pips)
	}

	// A few lines make a whole variant.
	mini := "name: mini\nplayers: {min: 2, max: 4}\ndeal: {cards: 7}\nscoring: {method: winner-takes-all, target: 100}\nruns: {ace: high}\n"
	v, err = Load("mini.yaml", []byte(mini))
	if err != nil {
		t.Fatal(err)
	}
	r := v.Rules(3)
	if r.Ace != engine.AceHigh || r.MinNatural != 2 || !r.DistinctSuits || r.MinSize != 3 || r.Decks != 1 ||
		!v.Layoff.RequiresOwnMeld || v.Scoring.Ties != PlayOn || v.Scoring.RummyMultiplier != 2 || r.Values.Ace != 1 {
		t.Errorf("mini: %+v", v)
	}

	// What no default can guess must be given.
	_, err = Load("bare.yaml", []byte("name: bare\nruns: {ace: high}\n"))
	want := []string{
		"bare.yaml:1: players.min: missing: give it, or start from a built-in with base: (the rule book, docs/rules.md, gives no default for it)",
		"bare.yaml:1: players.max: missing: give it, or start from a built-in with base: (the rule book, docs/rules.md, gives no default for it)",
		"bare.yaml:1: deal.cards: missing: give it, or start from a built-in with base: (the rule book, docs/rules.md, gives no default for it)",
		"bare.yaml:1: scoring.method: missing: give it, or start from a built-in with base: (the rule book, docs/rules.md, gives no default for it)",
		"bare.yaml:1: scoring.target: missing: give it, or start from a built-in with base: (the rule book, docs/rules.md, gives no default for it)",
	}
	if got := problems(t, err); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBaseInheritance: a three-line house file changes its keys and keeps
// the rest of its base, at any depth.
func TestBaseInheritance(t *testing.T) {
	v, err := Load("house.yaml", []byte("base: rummy500\nname: house\nscoring: {values: {pips: 5}, ace_low_run: 5}\n"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Builtin("rummy500")
	want.Name, want.Base = "house", "rummy500"
	want.Scoring.Values.Pips, want.Scoring.Values.AceLowRun = 5, 5
	if !reflect.DeepEqual(v, want) {
		t.Errorf("got\n%s\nwant\n%s", v.YAML(), want.YAML())
	}
}

// TestBasePlayersTrimMaps: changing players over a base trims the base's
// maps by player count to the new range, rather than refusing them.
func TestBasePlayersTrimMaps(t *testing.T) {
	v, err := Load("small.yaml", []byte("base: basic\nname: small\nplayers: {min: 3, max: 4}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (ByPlayers{3: 7}); !reflect.DeepEqual(v.Deal.Cards, want) {
		t.Errorf("deal.cards = %v, want %v", v.Deal.Cards, want)
	}
	if want := (ByPlayers{3: 150, 4: 200}); !reflect.DeepEqual(v.Scoring.Target, want) {
		t.Errorf("scoring.target = %v, want %v", v.Scoring.Target, want)
	}
	if want := (ByPlayers{3: 1}); !reflect.DeepEqual(v.Decks, want) {
		t.Errorf("decks = %v, want %v", v.Decks, want)
	}
}

func TestLoadFileAndResolve(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.yaml")
	if err := os.WriteFile(path, []byte("base: kids\nname: mine\njokers: {per_deck: 2}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := Resolve(path)
	if err != nil || v.Name != "mine" || v.Jokers.PerDeck != 2 || !v.Jokers.Swap {
		t.Fatalf("Resolve(%s) = %+v, %v", path, v, err)
	}
	v, err = Resolve("rummy500")
	if err != nil || v.Name != "rummy500" {
		t.Fatalf("Resolve(rummy500) = %+v, %v", v, err)
	}
	_, err = Resolve("fancy")
	if err == nil || err.Error() != `unknown variant "fancy": not a built-in (basic, gin, kids, oklahoma-gin or rummy500), nor a file` {
		t.Errorf("Resolve(fancy) = %v", err)
	}

	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadFile(big)
	if got := problems(t, err); !reflect.DeepEqual(got, []string{big + ": too large for a variant file (more than 64 KiB)"}) {
		t.Errorf("LoadFile(big) = %q", got)
	}

	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("base: kids\nname: bad\nruns: {ace: sideways}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Resolve(bad)
	if got := problems(t, err); !reflect.DeepEqual(got, []string{bad + `:3: runs.ace: "sideways" is not an ace position (low, high or either)`}) {
		t.Errorf("Resolve(bad) = %q", got)
	}
}

// TestExampleHouseRules loads the example a user copies, by the relative
// path a user in the repository would type.
func TestExampleHouseRules(t *testing.T) {
	v, err := LoadFile("../examples/house-rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Builtin("basic")
	want.Name, want.Base = "house", "basic"
	want.Title = "House Rules"
	want.Description = "Basic rummy with two jokers a deck and the ace at either end of a run."
	want.Jokers.PerDeck, want.Jokers.MinNatural = 2, 2
	want.Runs.Ace = engine.AceEither
	if !reflect.DeepEqual(v, want) {
		t.Errorf("got\n%s\nwant\n%s", v.YAML(), want.YAML())
	}
	if r := v.Rules(4); r.Jokers != 2 || r.Decks != 1 {
		t.Errorf("Rules(4): %d decks and %d jokers, want 1 and 2", r.Decks, r.Jokers)
	}
}
