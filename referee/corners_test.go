package referee

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

// with returns the built-in name with the --rule changes.
func with(t testing.TB, name string, rules ...string) *variants.Variant {
	t.Helper()
	v := builtin(t, name)
	if err := v.OverrideAll(rules); err != nil {
		t.Fatal(err)
	}
	return v
}

// The corners of RULES.md 10 that a round's verdict and scores decide,
// and the checks of what cannot happen at a real table, each with the key
// that turns it off.
func TestCorners(t *testing.T) {
	ab := []string{"Ann", "Bob"}
	run13 := "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
	tests := []struct {
		name    string
		variant *variants.Variant
		players []string
		round   Round
		want    map[string]int // the scores, when the round stands
		problem string         // a problem holding this, when it does not
	}{
		// 10.1: a table joker keeps the card it stands for.
		{"lay-off cannot move a joker", builtin(t, "rummy500"), ab, Round{
			Out: "Bob", Melds: []Meld{meld(t, "Ann", "7H JK 9H"), meld(t, "Bob", "QS QH QC")},
			Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "8H"), Onto: 1}}, Hands: []Hand{hand(t, "Ann", "2C")},
		}, nil, "the jokers on the table would have to stand for other cards"},
		{"lay-off at both ends cannot move a joker", builtin(t, "rummy500"), ab, Round{
			Out: "Bob", Melds: []Meld{meld(t, "Ann", "7H 8H JK"), meld(t, "Bob", "QS QH QC")},
			Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "6H 9H"), Onto: 1}}, Hands: []Hand{hand(t, "Ann", "2C")},
		}, nil, "the jokers on the table would have to stand for other cards"},
		{"lay-off beside a joker", builtin(t, "rummy500"), ab, Round{
			Out: "Bob", Melds: []Meld{meld(t, "Ann", "7H 8H JK=9H"), meld(t, "Bob", "QS QH QC")},
			Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "10H"), Onto: 1}}, Hands: []Hand{hand(t, "Ann", "2C")},
		}, map[string]int{"Ann": 30 - 2, "Bob": 40}, ""},

		// 10.3: the best reading for the melder: a 13-card A-K run read
		// high counts its ace 15, not ace_low_run.
		{"13-card run counts its ace 15", builtin(t, "rummy500"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", run13)}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 15 + 54 + 30, "Bob": -2}, ""},
		{"13-card run with a joker for the ace", builtin(t, "rummy500"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", "JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 15 + 54 + 30, "Bob": -2}, ""},
		{"low ace counts ace_low_run", builtin(t, "rummy500"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", "AS 2S 3S")}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 1 + 5, "Bob": -2}, ""},

		// 10.4: ace_low_run 0 is 0 points.
		{"ace_low_run 0 scores 0", with(t, "rummy500", "scoring.ace_low_run=0"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", "AS 2S 3S")}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 5, "Bob": -2}, ""},
		{"ace_low_run 0 on a laid-off ace", with(t, "rummy500", "scoring.ace_low_run=0"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Bob", "2S 3S 4S"), meld(t, "Ann", "7H 8H 9H")},
			Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "AS"), Onto: 1}}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 24, "Bob": 9 - 2}, ""},
		{"ace_low_run 0 leaves a high ace 15", with(t, "rummy500", "scoring.ace_low_run=0"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", "QS KS AS")}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 35, "Bob": -2}, ""},

		// 10.7: going rummy under each method.
		{"rummy doubles the winner under winner-takes-all", builtin(t, "basic"), abc, Round{
			Out: "Ann", Rummy: true, Hands: []Hand{hand(t, "Bob", "KH 3D"), hand(t, "Cy", "AS 2S")},
		}, map[string]int{"Ann": 32, "Bob": 0, "Cy": 0}, ""},
		{"rummy under penalty multiplies the others", with(t, "kids", "scoring.rummy_multiplier=2"), abc, Round{
			Out: "Ann", Rummy: true, Hands: []Hand{hand(t, "Bob", "KH 3D"), hand(t, "Cy", "AS 2S")},
		}, map[string]int{"Ann": 0, "Bob": 26, "Cy": 6}, ""},
		{"rummy under meld-points multiplies the player out", with(t, "rummy500", "scoring.rummy_multiplier=2"), ab, Round{
			Out: "Ann", Rummy: true, Melds: []Meld{meld(t, "Ann", "7H 8H 9H"), meld(t, "Bob", "QS QH QC")},
			Hands: []Hand{hand(t, "Bob", "KD")},
		}, map[string]int{"Ann": 48, "Bob": 20}, ""},
		{"rummy multiplier 1 is no bonus", builtin(t, "rummy500"), ab, Round{
			Out: "Ann", Rummy: true, Melds: []Meld{meld(t, "Ann", "7H 8H 9H")}, Hands: []Hand{hand(t, "Bob", "KD")},
		}, map[string]int{"Ann": 24, "Bob": -10}, ""},

		// 10.8: round endings follow the stock rule.
		{"kids: no stalemate", builtin(t, "kids"), abc, Round{Stalemate: true}, nil,
			"a round of kids cannot end with a stalemate: its stock is rebuilt"},
		{"kids: nobody out refused", builtin(t, "kids"), ab, Round{Hands: []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C")}}, nil,
			"a round of kids cannot end with nobody out"},
		{"kids: stalemate as a house rule", with(t, "kids", "checks.round_endings=false"), abc, Round{Stalemate: true},
			map[string]int{"Ann": 0, "Bob": 0, "Cy": 0}, ""},
		{"basic: stalemate", builtin(t, "basic"), abc, Round{Stalemate: true}, map[string]int{"Ann": 0, "Bob": 0, "Cy": 0}, ""},
		{"basic: nobody out refused", builtin(t, "basic"), ab, Round{Hands: []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C")}}, nil,
			"a round of basic cannot end with nobody out: when its stock runs out for good the round ends with a stalemate"},
		{"basic: nobody out as a house rule", with(t, "basic", "checks.round_endings=false"), ab,
			Round{Hands: []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C")}}, map[string]int{"Ann": 0, "Bob": 0}, ""},
		{"rummy500: nobody out", builtin(t, "rummy500"), ab, Round{
			Melds: []Meld{meld(t, "Ann", "7H 8H 9H")}, Hands: []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C")},
		}, map[string]int{"Ann": 22, "Bob": -3}, ""},
		{"rummy500: stalemate refused", builtin(t, "rummy500"), ab, Round{Stalemate: true}, nil,
			"a round of rummy500 cannot end with a stalemate: when its stock runs out for good the round ends with nobody out"},
		{"rummy500: stalemate as a house rule", with(t, "rummy500", "checks.round_endings=false"), ab, Round{Stalemate: true},
			map[string]int{"Ann": 0, "Bob": 0}, ""},
		{"rummy500 with the stock always rebuilt: nobody out refused", with(t, "rummy500", "stock.reshuffles=-1"), ab,
			Round{Hands: []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C")}}, nil, "its stock is rebuilt from the discards whenever it runs out"},

		// 10.9: a rummy claim contradicted by another player's lay-off.
		{"rummy claim contradicted", builtin(t, "basic"), abc, Round{
			Out: "Ann", Rummy: true, Melds: []Meld{meld(t, "Ann", "7H 8H 9H")},
			Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "10H"), Onto: 1}},
			Hands:   []Hand{hand(t, "Bob", "2C"), hand(t, "Cy", "3C")},
		}, nil, "Ann claims going rummy, but Bob laid off 10H onto Ann's meld 1"},
		{"rummy claim with the check off", with(t, "basic", "checks.rummy_claim=false"), abc, Round{
			Out: "Ann", Rummy: true, Melds: []Meld{meld(t, "Ann", "7H 8H 9H")},
			Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "10H"), Onto: 1}},
			Hands:   []Hand{hand(t, "Bob", "2C"), hand(t, "Cy", "3C")},
		}, map[string]int{"Ann": 10, "Bob": 0, "Cy": 0}, ""},
		{"rummy with the claimant's own lay-off", builtin(t, "basic"), abc, Round{
			Out: "Ann", Rummy: true, Melds: []Meld{meld(t, "Bob", "7H 8H 9H")},
			Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "10H JH QH"), Onto: 1}},
			Hands:   []Hand{hand(t, "Bob", "2C"), hand(t, "Cy", "3C")},
		}, map[string]int{"Ann": 10, "Bob": 0, "Cy": 0}, ""},

		// Issue 9: hands given as points must fit in the cards left.
		{"points beyond the deck", builtin(t, "basic"), abc, Round{
			Out: "Ann", Hands: []Hand{{Player: "Bob", Points: 4000, ByPoints: true}, hand(t, "Cy", "2C")},
		}, nil, "Bob's hand is given as 4000 points, but the cards not on the table hold at most 338: 1 deck, less what the round shows"},
		{"points together beyond the deck", builtin(t, "basic"), abc, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", "KH KS KD")},
			Hands: []Hand{{Player: "Bob", Points: 300, ByPoints: true}, {Player: "Cy", Points: 11, ByPoints: true}},
		}, nil, "the hands given as points (Bob 300, Cy 11) add up to 311, but the cards not on the table hold at most 310"},
		{"points that fit", builtin(t, "basic"), abc, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Ann", "KH KS KD")},
			Hands: []Hand{{Player: "Bob", Points: 300, ByPoints: true}, {Player: "Cy", Points: 10, ByPoints: true}},
		}, map[string]int{"Ann": 310, "Bob": 0, "Cy": 0}, ""},
		{"points with jokers and two decks", builtin(t, "rummy500"), []string{"A", "B", "C", "D", "E"}, Round{
			Out:   "A",
			Melds: []Meld{meld(t, "A", "7H 8H 9H")},
			Hands: []Hand{{Player: "B", Points: 2*(4*(15+54+30)) + 4*15 - 24, ByPoints: true},
				{Player: "C", Points: 0, ByPoints: true}, {Player: "D", Points: 0, ByPoints: true}, {Player: "E", Points: 0, ByPoints: true}},
		}, map[string]int{"A": 24, "B": -(2*(4*(15+54+30)) + 4*15 - 24), "C": 0, "D": 0, "E": 0}, ""},
		{"points beyond the deck as a house rule", with(t, "basic", "checks.hand_points=false"), abc, Round{
			Out: "Ann", Hands: []Hand{{Player: "Bob", Points: 4000, ByPoints: true}, hand(t, "Cy", "2C")},
		}, map[string]int{"Ann": 4002, "Bob": 0, "Cy": 0}, ""},

		// Issue 9: under meld-points nobody goes out without melding.
		{"out with nothing melded", builtin(t, "rummy500"), ab, Round{
			Out: "Ann", Hands: []Hand{hand(t, "Bob", "2C")},
		}, nil, "Ann went out with nothing melded or laid off"},
		{"out with a lay-off only", builtin(t, "rummy500"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Bob", "7H 8H 9H")},
			Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "10H"), Onto: 1}}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, nil, "Ann laid off 10H without a meld of their own"},
		{"out with a lay-off only, any time", with(t, "rummy500", "layoff.requires_own_meld=false"), ab, Round{
			Out: "Ann", Melds: []Meld{meld(t, "Bob", "7H 8H 9H")},
			Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "10H"), Onto: 1}}, Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 10, "Bob": 22}, ""},
		{"out with nothing melded as a house rule", with(t, "rummy500", "checks.out_melded=false"), ab, Round{
			Out: "Ann", Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 0, "Bob": -2}, ""},
		{"basic: out with nothing melded is fine", builtin(t, "basic"), ab, Round{
			Out: "Ann", Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 2, "Bob": 0}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vd, err := Judge(tt.variant, tt.players, tt.round)
			if err != nil {
				t.Fatal(err)
			}
			if tt.problem != "" {
				if vd.OK() {
					t.Fatalf("the round stands with %v, want a problem holding %q", vd.Totals(), tt.problem)
				}
				if !strings.Contains(strings.Join(vd.Problems, "\n"), tt.problem) {
					t.Fatalf("problems:\n%s\nwant one holding %q", strings.Join(vd.Problems, "\n"), tt.problem)
				}
				return
			}
			if !vd.OK() {
				t.Fatalf("problems: %q", vd.Problems)
			}
			if got := vd.Totals(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("scores %v, want %v", got, tt.want)
			}
		})
	}
}

// Every check of what cannot happen at a real table names the key that
// turns it off.
func TestChecksNameTheirKey(t *testing.T) {
	vd, err := Judge(builtin(t, "basic"), abc, Round{
		Out: "Ann", Rummy: true, Melds: []Meld{meld(t, "Ann", "7H 8H 9H")},
		Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "10H"), Onto: 1}},
		Hands:   []Hand{{Player: "Bob", Points: 4000, ByPoints: true}, hand(t, "Cy", "3C")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"checks.rummy_claim", "checks.hand_points"} {
		if !strings.Contains(strings.Join(vd.Problems, "\n"), key+": false") {
			t.Errorf("no problem names %s: %q", key, vd.Problems)
		}
	}
}

// 10.1 and 10.2 are the engine's, under the variant's rules: a swap puts
// the natural card in the joker's place only under jokers.swap, and wrap
// makes the ace's position moot.
func TestCornersOfMelds(t *testing.T) {
	table, err := engine.ParseMeld("7H JK 9H")
	if err != nil {
		t.Fatal(err)
	}
	for _, swap := range []bool{false, true} {
		v := with(t, "rummy500", "jokers.swap="+map[bool]string{false: "false", true: "true"}[swap])
		vd, err := v.Rules(2).Swap(table, cards(t, "8H")[0])
		if err != nil {
			t.Fatal(err)
		}
		if vd.Valid != swap {
			t.Errorf("swap 8H into 7H JK 9H with jokers.swap %v: valid %v (%s)", swap, vd.Valid, vd.Reason)
		}
	}
	for _, ace := range []string{"low", "high", "either"} {
		for _, wrap := range []bool{false, true} {
			v := with(t, "basic", "runs.ace="+ace, "runs.wrap="+map[bool]string{false: "false", true: "true"}[wrap])
			for _, run := range []string{"QS KS AS", "AS 2S 3S", "KS AS 2S"} {
				want := wrap || run == "AS 2S 3S" && ace != "high" || run == "QS KS AS" && ace != "low"
				if got := v.Rules(2).Judge(cards(t, run)); got.Valid != want {
					t.Errorf("%s with runs.ace %s, wrap %v: valid %v, want %v (%s)", run, ace, wrap, got.Valid, want, got.Reason)
				}
			}
			if got := v.Rules(2).Judge(cards(t, "QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")); got.Valid {
				t.Errorf("a run holding a rank twice is valid with runs.ace %s, wrap %v", ace, wrap)
			}
		}
	}
}

// Endings, what rummy play offers besides a player out, are the endings
// Judge accepts (RULES.md 10.8), for each built-in and the stock keys.
func TestEndings(t *testing.T) {
	tests := []struct {
		name             string
		v                *variants.Variant
		stalemate, noOut bool
	}{
		{"kids", builtin(t, "kids"), false, false},
		{"basic", builtin(t, "basic"), true, false},
		{"rummy500", builtin(t, "rummy500"), false, true},
		{"basic, stock always rebuilt", with(t, "basic", "stock.reshuffles=-1"), false, false},
		{"kids, stock rebuilt once", with(t, "kids", "stock.reshuffles=1"), true, false},
		{"rummy500, checks off", with(t, "rummy500", "checks.round_endings=false"), true, true},
		{"kids, checks off", with(t, "kids", "checks.round_endings=false"), true, true},
	}
	for _, tt := range tests {
		stalemate, noOut := Endings(tt.v)
		if stalemate != tt.stalemate || noOut != tt.noOut {
			t.Errorf("%s: Endings = %v, %v; want %v, %v", tt.name, stalemate, noOut, tt.stalemate, tt.noOut)
		}
		for _, r := range []Round{{Stalemate: true}, {}} {
			want := r.Stalemate && stalemate || !r.Stalemate && noOut
			if got := !tt.v.Checks.RoundEndings || endingProblem(tt.v, r) == ""; got != want {
				t.Errorf("%s, stalemate %v: Judge accepts the ending: %v, Endings says %v", tt.name, r.Stalemate, got, want)
			}
		}
	}
}
