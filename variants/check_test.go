package variants

import (
	"reflect"
	"testing"
)

func TestCheckZeroVariant(t *testing.T) {
	var v Variant
	got := problems(t, v.Check())
	want := []string{
		`name: "" is not a name: use lowercase letters, digits, - and _`,
		`players.min: 0 is out of range (1 to 20)`,
		`players.max: 0 is out of range (1 to 20)`,
		`decks: not set (want an int or a map from player count to int)`,
		`deal.cards: not set (want an int or a map from player count to int)`,
		`deal.rotation: not set (want left or winner)`,
		`runs.ace: not set (want low, high or either)`,
		`melds.min_size: 0 is out of range (2 to 13)`,
		`scoring.method: not set (want winner-takes-all, penalty, meld-points, single-round or knock)`,
		`scoring.rummy_multiplier: 0 is out of range (1 to 10)`,
		`scoring.target: not set (want an int or a map from player count to int)`,
		`scoring.ties: not set (want play-on or share)`,
		`seats.join_total: not set (want zero, trailing or average)`,
		`knock.ace_upcard: not set (want gin-only or 1)`,
		`knock.spade_multiplier: 0 is out of range (1 to 10)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestCheckByHand: a program that changes a Variant by hand learns what it
// broke, with the key named and no file.
func TestCheckByHand(t *testing.T) {
	v, _ := Builtin("kids")
	v.Players.Max = 8
	v.Decks = ByPlayers{2: 1, 9: 2}
	v.Scoring.Method = "points"
	v.Runs.Ace = 9
	want := []string{
		`runs.ace: "?" is not an ace position (low, high or either)`,
		`scoring.method: "points" is not a scoring method (winner-takes-all, penalty, meld-points, single-round or knock)`,
	}
	if got := problems(t, v.Check()); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	v.Scoring.Method, v.Runs.Ace = Penalty, 1
	want = []string{
		`decks: player count 9 is outside players.min..max (2 to 8)`,
		`deal.cards: dealing 7 cards to each of 8 players takes 56 cards, but 1 deck and 0 jokers hold 52`,
	}
	if got := problems(t, v.Check()); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestBuiltinFileHasNoBase(t *testing.T) {
	_, err := load("builtin/x.yaml", []byte("base: basic\nname: x\n"), true)
	want := "builtin/x.yaml:1: base: a built-in variant has no base"
	if got := problems(t, err); len(got) == 0 || got[0] != want {
		t.Errorf("got %q, want first %q", got, want)
	}
}

func TestSuggest(t *testing.T) {
	for key, want := range map[string]string{
		"runs.aces":           "runs.ace",
		"runs.Ace":            "runs.ace",
		"jokers.perdeck":      "jokers.per_deck",
		"jokers.per-deck":     "jokers.per_deck",
		"scoring.values.pip":  "scoring.values.pips",
		"scoring.pips":        "scoring.values.pips",
		"ace":                 "runs.ace",
		"min_size":            "melds.min_size",
		"stock.reshufles":     "stock.reshuffles",
		"going-out":           "going_out",
		"layoffs":             "layoff",
		"colour":              "",
		"scoring.values.king": "",
	} {
		if got := suggest(key); got != want {
			t.Errorf("suggest(%q) = %q, want %q", key, got, want)
		}
	}
}
