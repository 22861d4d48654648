package referee

import (
	"errors"
	"reflect"
	"testing"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

func builtin(t testing.TB, name string) *variants.Variant {
	t.Helper()
	v, err := variants.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func cards(t testing.TB, s string) []engine.Card {
	t.Helper()
	c, err := engine.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func meld(t testing.TB, player, s string) Meld {
	t.Helper()
	m, err := engine.ParseMeld(s)
	if err != nil {
		t.Fatal(err)
	}
	return Meld{Player: player, Meld: m}
}

func hand(t testing.TB, player, s string) Hand {
	return Hand{Player: player, Cards: cards(t, s)}
}

var abc = []string{"Ann", "Bob", "Cy"}

// The scoring rows of RULES.md 8.
func TestWorkedScores(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		players []string
		round   Round
		want    map[string]int
	}{
		{"500 low ace and lay-off", "rummy500", []string{"Ann", "Bob"}, Round{
			Out:     "Bob",
			Melds:   []Meld{meld(t, "Ann", "7H 8H 9H"), meld(t, "Ann", "AS 2S 3S"), meld(t, "Bob", "QS QH QC")},
			Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "QD"), Onto: 3}},
			Hands:   []Hand{hand(t, "Ann", "KD")},
		}, map[string]int{"Ann": 30, "Bob": 30}},
		{"basic winner takes all", "basic", abc, Round{
			Out:   "Ann",
			Hands: []Hand{hand(t, "Bob", "KH 3D"), hand(t, "Cy", "AS 2S")},
		}, map[string]int{"Ann": 16, "Bob": 0, "Cy": 0}},
		{"basic going rummy doubles", "basic", abc, Round{
			Out: "Ann", Rummy: true,
			Hands: []Hand{hand(t, "Bob", "KH 3D"), hand(t, "Cy", "AS 2S")},
		}, map[string]int{"Ann": 32, "Bob": 0, "Cy": 0}},
		{"kids penalty", "kids", abc, Round{
			Out:   "Ann",
			Hands: []Hand{hand(t, "Bob", "KH 3D"), hand(t, "Cy", "AS 2S")},
		}, map[string]int{"Ann": 0, "Bob": 13, "Cy": 3}},
		{"points instead of cards", "basic", abc, Round{
			Out:   "Cy",
			Hands: []Hand{{Player: "Ann", Points: 12, ByPoints: true}, hand(t, "Bob", "KH")},
		}, map[string]int{"Ann": 0, "Bob": 0, "Cy": 22}},
		{"stalemate", "basic", abc, Round{Stalemate: true}, map[string]int{"Ann": 0, "Bob": 0, "Cy": 0}},
		{"500 nobody out", "rummy500", []string{"Ann", "Bob"}, Round{
			Melds: []Meld{meld(t, "Ann", "5D JK 7D")},
			Hands: []Hand{hand(t, "Ann", "AS"), hand(t, "Bob", "KD 2C")},
		}, map[string]int{"Ann": 5 + 15 + 7 - 15, "Bob": -12}},
		{"500 ace high counts 15", "rummy500", []string{"Ann", "Bob"}, Round{
			Out:   "Ann",
			Melds: []Meld{meld(t, "Ann", "QS KS AS")},
			Hands: []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 35, "Bob": -2}},
		{"500 ace laid off low counts 1", "rummy500", []string{"Ann", "Bob"}, Round{
			Out:     "Ann",
			Melds:   []Meld{meld(t, "Ann", "2S 3S 4S")},
			Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "AS"), Onto: 1}},
			Hands:   []Hand{hand(t, "Bob", "2C")},
		}, map[string]int{"Ann": 10, "Bob": -2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vd, err := Judge(builtin(t, tt.variant), tt.players, tt.round)
			if err != nil {
				t.Fatal(err)
			}
			if !vd.OK() {
				t.Fatalf("problems: %q", vd.Problems)
			}
			if got := vd.Totals(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("scores = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFiveTenFifteen(t *testing.T) {
	v := builtin(t, "rummy500")
	for _, rule := range []string{"scoring.values.pips=5", "scoring.ace_low_run=5"} {
		if err := v.Override(rule); err != nil {
			t.Fatal(err)
		}
	}
	vd, err := Judge(v, []string{"Ann", "Bob"}, Round{
		Out:   "Ann",
		Melds: []Meld{meld(t, "Ann", "AS 2S 3S"), meld(t, "Ann", "10H JH QH"), meld(t, "Ann", "AD AC AH")},
		Hands: []Hand{hand(t, "Bob", "9C KC")},
	})
	if err != nil || !vd.OK() {
		t.Fatal(err, vd.Problems)
	}
	// A-2-3 low: 5+5+5; 10 J Q: 30; three aces: 45. Bob: 5+10.
	if got := vd.Totals(); got["Ann"] != 15+30+45 || got["Bob"] != -15 {
		t.Errorf("scores = %v", got)
	}
}

// A rejected round names every problem, not just the first.
func TestProblems(t *testing.T) {
	r := Round{
		Out:     "Ann",
		Melds:   []Meld{meld(t, "Ann", "QS KS AS"), meld(t, "Bob", "7H 7S 7D")},
		Layoffs: []Layoff{{Player: "Cy", Cards: cards(t, "6H"), Onto: 2}},
		Hands:   []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "7H")},
	}
	vd, err := Judge(builtin(t, "basic"), abc, r)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"meld 1 (Ann: QS KS AS) is not valid: QS KS AS is not a run in basic: aces are low",
		"Cy's lay-off of 6H onto meld 2 (7H 7S 7D) is not valid: a set is one rank: 6H is not a 7",
		"7H appears 2 times, but 1 deck has only 1 (in Bob's meld 2, Bob's hand)",
		"Ann went out, so their hand must be empty, but it holds 2C",
		"Cy's hand is not given: give the cards left (or their points)",
	}
	if !reflect.DeepEqual(vd.Problems, want) {
		t.Errorf("problems:\n got %q\nwant %q", vd.Problems, want)
	}

	kids := builtin(t, "kids")
	vd, _ = Judge(kids, abc, Round{
		Rummy:   true,
		Melds:   []Meld{meld(t, "Ann", "7H 7S 7D")},
		Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "7C"), Onto: 1}},
		Hands:   []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C"), hand(t, "Cy", "4C")},
	})
	want = []string{
		"Bob laid off 7C without a meld of their own, and kids lays off only after melding",
		"going rummy is claimed, but nobody went out: only the player who went out can go rummy",
		"a round of kids cannot end with nobody out: its stock is rebuilt from the discards whenever it runs out, so a round ends only with a player going out (a house rule turns this check off: checks.round_endings: false)",
	}
	if !reflect.DeepEqual(vd.Problems, want) {
		t.Errorf("problems:\n got %q\nwant %q", vd.Problems, want)
	}
}

// Lay-offs onto one meld stand in any order that works step by step: the
// referee cannot see whose turn came first.
func TestLayoffOrder(t *testing.T) {
	basic := builtin(t, "basic")
	r := Round{
		Out:     "Cy",
		Melds:   []Meld{meld(t, "Cy", "7H 8H 9H")},
		Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "JH"), Onto: 1}, {Player: "Ann", Cards: cards(t, "10H"), Onto: 1}},
		Hands:   []Hand{hand(t, "Ann", "2C"), hand(t, "Bob", "3C")},
	}
	vd, err := Judge(basic, abc, r)
	if err != nil || !vd.OK() {
		t.Fatalf("JH then 10H onto 7H 8H 9H: %v %q", err, vd.Problems)
	}
	r.Layoffs = []Layoff{{Player: "Bob", Cards: cards(t, "QH"), Onto: 1}, {Player: "Ann", Cards: cards(t, "10H"), Onto: 1}}
	vd, _ = Judge(basic, abc, r)
	want := []string{"the lay-offs onto meld 1 (7H 8H 9H) are not valid in any order: Bob's QH, Ann's 10H: a run needs consecutive ranks: JH is missing"}
	if !reflect.DeepEqual(vd.Problems, want) {
		t.Errorf("problems:\n got %q\nwant %q", vd.Problems, want)
	}
}

// A lay-off scores its own cards under meld-points: laying the king onto
// a low A-Q run earns the king's 10, whatever the ace could be read as.
func TestLayoffPointsOwnCards(t *testing.T) {
	vd, err := Judge(builtin(t, "rummy500"), []string{"Ann", "Bob"}, Round{
		Out:     "Ann",
		Melds:   []Meld{meld(t, "Bob", "2S 3S 4S"), meld(t, "Ann", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")},
		Layoffs: []Layoff{{Player: "Bob", Cards: cards(t, "KH"), Onto: 2}},
		Hands:   []Hand{hand(t, "Bob", "9C")},
	})
	if err != nil || !vd.OK() {
		t.Fatal(err, vd.Problems)
	}
	// Ann: ace low 1 + 2..10 (54) + J Q (20) = 75. Bob: 9 + 10 - 9 = 10.
	if got := vd.Totals(); got["Ann"] != 75 || got["Bob"] != 10 {
		t.Errorf("scores = %v, want Ann 75, Bob 10", got)
	}
}

func TestEmptyHandNotOut(t *testing.T) {
	vd, err := Judge(builtin(t, "basic"), abc, Round{Out: "Ann", Hands: []Hand{{Player: "Bob"}, hand(t, "Cy", "2C")}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Bob's hand is given empty, but only the player who went out has no cards left"}
	if !reflect.DeepEqual(vd.Problems, want) {
		t.Errorf("problems = %q, want %q", vd.Problems, want)
	}
}

func TestUnreadable(t *testing.T) {
	basic := builtin(t, "basic")
	for _, r := range []Round{
		{Out: "Dee"},
		{Out: "Ann", Melds: []Meld{meld(t, "Ann", "7H 8H 9H")}, Layoffs: []Layoff{{Player: "Ann", Cards: cards(t, "10H"), Onto: 2}}},
		{Out: "Ann", Hands: []Hand{hand(t, "Bob", "2C"), hand(t, "Bob", "3C")}},
		{Out: "Ann", Stalemate: true},
	} {
		_, err := Judge(basic, abc, r)
		if !errors.Is(err, ErrUnreadable) {
			t.Errorf("Judge(%+v) error = %v, want ErrUnreadable", r, err)
		}
	}
}

func TestMeldPointsNeedsNoMeld(t *testing.T) {
	// Under meld-points a player who melded nothing just loses their hand.
	vd, err := Judge(builtin(t, "rummy500"), []string{"Ann", "Bob"}, Round{
		Out: "Ann", Melds: []Meld{meld(t, "Ann", "7H 8H 9H")}, Hands: []Hand{hand(t, "Bob", "KS QS")},
	})
	if err != nil || !vd.OK() {
		t.Fatal(err, vd.Problems)
	}
	if got := vd.Totals(); got["Ann"] != 24 || got["Bob"] != -20 {
		t.Errorf("scores = %v", got)
	}
}

// A Memo judges as Judge does, whatever it judged before: the same cards
// with a joker named otherwise, or under other rules, get their own
// verdict.
func TestMemoJudgesAsJudge(t *testing.T) {
	basic, wrap := builtin(t, "basic"), builtin(t, "basic")
	if err := wrap.Override("runs.wrap=true"); err != nil {
		t.Fatal(err)
	}
	r500 := builtin(t, "rummy500")
	out := func(melds ...Meld) Round {
		return Round{Out: "Ann", Melds: melds, Hands: []Hand{hand(t, "Bob", "KD"), hand(t, "Cy", "3C 4D")}}
	}
	steps := []struct {
		v     *variants.Variant
		round Round
	}{
		{r500, out(meld(t, "Ann", "7H 8H JK"))},
		{r500, out(meld(t, "Ann", "7H 8H JK=2C"))}, // named otherwise: not a run
		{r500, out(meld(t, "Ann", "7H 8H JK=9H"))},
		{r500, out(meld(t, "Ann", "7H 8H JK"))},
		{basic, out(meld(t, "Ann", "KH AH 2H"))}, // no wrap: not a run
		{wrap, out(meld(t, "Ann", "KH AH 2H"))},
		{basic, out(meld(t, "Ann", "KH AH 2H"))},
		{basic, out(meld(t, "Ann", "5S 6S 7S"), meld(t, "Ann", "5S 6S 7S"))}, // one deck: a card twice
		{basic, out(meld(t, "Ann", "5S 6S 7S"))},
	}
	memo := &Memo{}
	for i, st := range steps {
		want, werr := Judge(st.v, abc, st.round)
		got, err := memo.Judge(st.v, abc, st.round)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, werr) {
			t.Errorf("step %d (%s, %v): memo gives %+v, %v; Judge gives %+v, %v", i+1, st.v.Name, st.round.Melds, got, err, want, werr)
		}
	}
	if n := len(memo.verdicts); n != 2 {
		t.Errorf("the memo holds %d verdicts after the basic rounds, want 2 (KH AH 2H, 5S 6S 7S)", n)
	}
}
