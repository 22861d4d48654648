package engine

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// readHands reads a hand file of testdata: one hand a line, and after a tab
// an optional number.
func readHands(t testing.TB, name string) (hands [][]Card, want []int) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, num, hasNum := strings.Cut(sc.Text(), "\t")
		cards, err := ParseCards(text)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		hands = append(hands, cards)
		if hasNum {
			n, err := strconv.Atoi(num)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			want = append(want, n)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return hands, want
}

func TestExpected(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"hands10.expected", "hands11.expected", "hands13m.expected"} {
		t.Run(name, func(t *testing.T) {
			hands, want := readHands(t, name)
			if len(hands) != 20000 || len(want) != len(hands) {
				t.Fatalf("%d hands, %d answers; want 20000 of each", len(hands), len(want))
			}
			r := Basic()
			bad := 0
			for i, h := range hands {
				a, err := r.Arrange(h, nil)
				if err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if a.Points != want[i] {
					if bad++; bad <= 10 {
						t.Errorf("line %d: %s leaves %d points, want %d (%v)", i+1, FormatCards(h, false), a.Points, want[i], a)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d hands wrong", bad, len(hands))
			}
		})
	}
}

// TestGeneralSolverExpected holds the general solver, with its
// transposition table on, to the published answers too.
func TestGeneralSolverExpected(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"hands10.expected", "hands11.expected"} {
		hands, want := readHands(t, name)
		step := 1
		if testing.Short() {
			step = 10
		}
		r := Basic()
		for i := 0; i < len(hands); i += step {
			a, err := r.arrangeGeneral(hands[i], nil, ttOn)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			if a.Points != want[i] {
				t.Fatalf("%s:%d: %s leaves %d points, want %d", name, i+1, FormatCards(hands[i], false), a.Points, want[i])
			}
		}
	}
}

// formatArrangement renders melds, lay-offs and deadwood for comparison:
// "6C 7C 8C | 6S 7S 8S", "0: 10H JH", "8D".
func formatArrangement(a Arrangement) (melds, layoffs, dead string) {
	var ms, ls []string
	for _, m := range a.Melds {
		ms = append(ms, FormatCards(m, false))
	}
	for _, l := range a.Layoffs {
		ls = append(ls, strconv.Itoa(l.Onto)+": "+FormatCards(l.Cards, false))
	}
	return strings.Join(ms, " | "), strings.Join(ls, " | "), FormatCards(a.Deadwood, false)
}

func TestArrange(t *testing.T) {
	jok := with(Basic(), func(r *Rules) { r.Jokers = 2 })
	dr := with(Basic(), func(r *Rules) { r.DiscardRequired = true })
	tests := []struct {
		name    string
		rules   Rules
		hand    string
		table   []string
		points  int
		goOut   bool
		melds   string // when not "-"
		layoffs string
		dead    string
	}{
		// The greedy answer melds the three 8s and leaves 26 points.
		{"greedy set is wrong", Basic(), "6S 7S 8S 6C 7C 8C 8D", nil, 8, true, "6C 7C 8C | 6S 7S 8S", "", "8D"},
		{"melds by lowest card", Basic(), "KS KH KC 2D 3D 4D", nil, 0, true, "KC KH KS | 2D 3D 4D", "", ""},
		{"melds by lowest card, jokers", rummy500Big(), "KS KH KC 2D 3D 4D JK", nil, 0, true, "KC KH KS | 2D 3D 4D JK", "", ""},
		{"RULES.md 8: hand left", Basic(), "KH QS 3D", nil, 23, false, "", "", "3D KH QS"},
		{"run from the low end", Basic(), "5H 3H 4H 6H 2H AH", nil, 0, true, "AH 2H 3H 4H 5H 6H", "", ""},
		{"four of a kind", Basic(), "7S 7H 7C 7D", nil, 0, true, "7C 7D 7H 7S", "", ""},
		{"ace high", rummy500Rules(), "KS AS QS", nil, 0, true, "QS KS AS", "", ""},
		{"ace low in 500", rummy500Rules(), "3S AS 2S", nil, 0, true, "AS 2S 3S", "", ""},
		{"no Q-K-A in basic", Basic(), "QS KS AS", nil, 21, false, "", "", "AS QS KS"},
		{"wrap", with(Basic(), func(r *Rules) { r.Wrap = true }), "2S KS AS", nil, 0, true, "KS AS 2S", "", ""},
		{"joker fills a gap", rummy500Rules(), "7D JK 5D", nil, 0, true, "5D JK 7D", "", ""},
		{"jokers fill a set", with(jok, func(r *Rules) { r.MinNatural = 1 }), "JK 9C JK", nil, 0, true, "-", "", ""},
		{"sets only", kidsRules(), "3C 4C 5C 7H 7S 7D", nil, 12, false, "7D 7H 7S", "", "3C 4C 5C"},
		{"runs only", with(Basic(), func(r *Rules) { r.Sets = false }), "3C 4C 5C 7H 7S 7D", nil, 21, false, "3C 4C 5C", "", "7D 7H 7S"},
		{"min size 4", with(Basic(), func(r *Rules) { r.MinSize = 4 }), "3C 4C 5C 7H 7S 7D 7C", nil, 12, false, "7C 7D 7H 7S", "", "3C 4C 5C"},
		{"one joker a meld", with(jok, func(r *Rules) { r.MaxJokers = 1 }), "7H 8H JK JK", nil, 15, true, "-", "", "JK"},
		{"two decks, suits may repeat", with(Basic(), func(r *Rules) { r.Decks, r.DistinctSuits = 2, false }), "7H 7H 7S", nil, 0, true, "7H 7H 7S", "", ""},
		{"two decks, suits differ", with(Basic(), func(r *Rules) { r.Decks = 2 }), "7H 7H 7S", nil, 21, false, "", "", "7H 7H 7S"},
		// Both plays leave 6 points; the run leaves fewer cards.
		{"a tie goes to fewer cards", with(Basic(), func(r *Rules) { r.Values.Ace = 0 }), "AS 2S 3S 3H 3D 4S", nil, 6, false, "AS 2S 3S 4S", "", "3D 3H"},

		// Lay-offs (RULES.md 3 and 8).
		{"lay off two cards together", Basic(), "10H JH", []string{"7H 8H 9H"}, 0, true, "", "0: 10H JH", ""},
		{"lay off at both ends", Basic(), "6H 10H 2C", []string{"7H 8H 9H"}, 2, true, "", "0: 6H 10H", "2C"},
		{"no 6H onto a set of 7s", Basic(), "6H", []string{"7H 7S 7D"}, 6, true, "", "", "6H"},
		{"onto the meld that takes it", Basic(), "7H KD", []string{"2C 3C 4C", "7S 7D 7C"}, 10, true, "", "1: 7H", "KD"},
		{"a joker laid off", jok, "JK 2C", []string{"7H 8H 9H"}, 2, true, "", "0: JK", "2C"},
		{"a joker with nowhere to go", jok, "JK", []string{"7H 7S 7D 7C"}, 15, true, "", "", "JK"},
		{"a table joker keeps its card", jok, "7H", []string{"6H JK 8H"}, 7, true, "", "", "7H"},
		{"a named joker stays", jok, "9H 10H", []string{"7H 8H JK=9H"}, 9, true, "", "0: 10H", "9H"},

		// Going out (RULES.md 4, going_out.discard_required).
		{"empty hand", Basic(), "", nil, 0, true, "", "", ""},
		{"empty hand, discard required", dr, "", nil, 0, false, "", "", ""},
		{"a meld and no discard", dr, "7H 7S 7D", nil, 0, false, "7D 7H 7S", "", ""},
		{"four of a kind keeps one back", dr, "7H 7S 7D 7C", nil, 0, true, "7C 7D 7H 7S", "", ""},
		{"a long run keeps one back", dr, "3C 4C 5C 6C", nil, 0, true, "3C 4C 5C 6C", "", ""},
		{"a lay-off keeps one back", dr, "10H 9S 9C 9D", []string{"7H 8H 9H"}, 0, true, "9C 9D 9S", "0: 10H", ""},
		{"one card is the discard", dr, "KH", nil, 10, true, "", "", "KH"},
		// The best play (Q-JK-A, ace high) leaves 2C 3C; going out is
		// A-2-3-JK with QC the discard.
		{"going out is another play", rummy500Big(), "AC 2C 3C QC JK", nil, 5, true, "QC JK AC", "", "2C 3C"},
		// The best play (8D-JK-10D, 8C 8H 8S) leaves 4C 5C, 9 points;
		// going out (4C 5C JK, the four 8s) leaves 10D alone, a point
		// more, the least a card left alone can weigh.
		{"going out leaves a point more", rummy500Big(), "4C 5C 8C 8D 8H 8S 10D JK", nil, 9, true, "-", "", "4C 5C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hand := mustCards(t, tt.hand)
			var table []Meld
			for _, m := range tt.table {
				table = append(table, mustMeld(t, m))
			}
			a, err := tt.rules.Arrange(hand, table)
			if err != nil {
				t.Fatal(err)
			}
			checkArrangement(t, tt.rules, hand, table, a)
			melds, layoffs, dead := formatArrangement(a)
			if a.Points != tt.points || a.CanGoOut != tt.goOut {
				t.Errorf("%s: got %d points, go out %v; want %d, %v", tt.hand, a.Points, a.CanGoOut, tt.points, tt.goOut)
			}
			if tt.melds != "-" && melds != tt.melds || layoffs != tt.layoffs || dead != tt.dead {
				t.Errorf("%s: got melds %q lay-offs %q deadwood %q\nwant melds %q lay-offs %q deadwood %q",
					tt.hand, melds, layoffs, dead, tt.melds, tt.layoffs, tt.dead)
			}
		})
	}
}

func TestArrangeFullDoubleDeck(t *testing.T) {
	for _, discard := range []bool{false, true} {
		r := rummy500Big()
		r.DiscardRequired = discard
		hand := fullDoubleDeck()
		a, err := r.Arrange(hand, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkArrangement(t, r, hand, nil, a)
		if a.Points != 0 || len(a.Deadwood) != 0 || !a.CanGoOut {
			t.Errorf("discard required %v: got %d points, %d cards left, go out %v; want 0, 0, true",
				discard, a.Points, len(a.Deadwood), a.CanGoOut)
		}
	}
}

func TestArrangeErrors(t *testing.T) {
	jok := with(Basic(), func(r *Rules) { r.Jokers = 2 })
	tests := []struct {
		name  string
		rules Rules
		hand  []Card
		table []string
		want  string
	}{
		{"a card twice", Basic(), mustCards(t, "7H 8C 7H"), nil, "7H appears 2 times, but 1 deck has only 1"},
		{"hand and table share a card", Basic(), mustCards(t, "7H"), []string{"7H 8H 9H"}, "7H appears 2 times, but 1 deck has only 1"},
		{"a joker in basic", Basic(), mustCards(t, "JK 7H"), nil, "JK appears 1 time, but this variant is played without jokers"},
		{"three jokers of two", jok, mustCards(t, "JK JK"), []string{"7H 8H JK"}, "JK appears 3 times, but only 2 jokers are in play"},
		{"an invalid table meld", Basic(), mustCards(t, "JH"), []string{"QH KH AH"}, "the table meld QH KH AH is not valid"},
		{"not a card", Basic(), []Card{NewCard(Seven, Hearts), 0x05}, nil, "card 2 of the hand (0x5) is not a card"},
		{"rules out of range", Rules{}, nil, nil, "decks is 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var table []Meld
			for _, m := range tt.table {
				table = append(table, mustMeld(t, m))
			}
			_, err := tt.rules.Arrange(tt.hand, table)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got error %v, want one containing %q", err, tt.want)
			}
		})
	}
	var ce *CountError
	if _, err := Basic().Arrange(mustCards(t, "7H 7H"), nil); !errors.As(err, &ce) {
		t.Errorf("a card twice: got %T, want a *CountError", err)
	}
	var te *TableError
	if _, err := Basic().Arrange(nil, []Meld{mustMeld(t, "QH KH AH")}); !errors.As(err, &te) {
		t.Errorf("an invalid table meld: got %T, want a *TableError", err)
	}
}

func TestRankWeights(t *testing.T) {
	for _, v := range []Values{Basic().Values, {Ace: 15, Face: 10, Joker: 15}, {Ace: 15, Face: 10, Pips: 5}, {Ace: 0, Face: 7, Pips: 3}} {
		w := rankWeights(v)
		for _, c := range Deck() {
			if w[c.Rank()] != weight(&Rules{Values: v}, c) {
				t.Errorf("%+v: rankWeights says %s weighs %d, weight says %d", v, c, w[c.Rank()], weight(&Rules{Values: v}, c))
			}
		}
	}
}

// TestArrangeConcurrent solves hands from several goroutines at once, under
// several rules (so tables are built concurrently), and wants the very
// answers a lone caller gets: Arrange is safe for concurrent use and
// deterministic.
func TestArrangeConcurrent(t *testing.T) {
	// Hands with jokers, and hands of distinct naturals, which take the
	// path that reads the rules prepared last (bitRulesFor).
	hands, _ := readHands(t, "hands13j.txt")
	plain, _ := readHands(t, "hands10.txt")
	hands = append(hands[:200:200], plain[:200]...)
	rules := []Rules{Basic(), rummy500Big(), with(Basic(), func(r *Rules) { r.Decks, r.MinSize = 2, 4 }),
		with(rummy500Big(), func(r *Rules) { r.Wrap, r.DiscardRequired = true, true })}
	arrangers := make([]*Arranger, len(rules))
	want := make([][]Arrangement, len(rules))
	for i, r := range rules {
		var err error
		if arrangers[i], err = NewArranger(r); err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			a, err := r.Arrange(h, nil)
			if err != nil && !errors.As(err, new(*CountError)) {
				t.Fatal(err)
			}
			want[i] = append(want[i], a)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var into Arrangement
			for k := range hands {
				i := (k + w) % len(rules)
				got, _ := rules[i].Arrange(hands[k], nil)
				if !reflect.DeepEqual(got, want[i][k]) {
					errs <- fmt.Sprintf("rules %d, hand %s: got %+v, alone %+v", i, FormatCards(hands[k], false), got, want[i][k])
					return
				}
				_ = arrangers[i].ArrangeInto(&into, hands[k], nil)
				if !reflect.DeepEqual(emptyToNil(into), emptyToNil(want[i][k])) {
					errs <- fmt.Sprintf("rules %d, hand %s: ArrangeInto %+v, alone %+v", i, FormatCards(hands[k], false), into, want[i][k])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestStandardLibraryOnly: engine imports nothing outside the standard
// library (STYLE.md), whose import paths have no dot in their first part.
func TestStandardLibraryOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
				t.Errorf("%s imports %s, which is not in the standard library", name, path)
			}
		}
	}
}
