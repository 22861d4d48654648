package scoresheets

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/referee"
)

var ab = []string{"Ann", "Bob"}
var abc = []string{"Ann", "Bob", "Cy"}

// check compares the standing with what a test expects.
func check(t *testing.T, s *Sheet, totals map[string]int, finished bool, winners []string, why string) {
	t.Helper()
	st := s.Standing()
	if !reflect.DeepEqual(st.Totals, totals) {
		t.Errorf("totals = %v, want %v", st.Totals, totals)
	}
	if st.Finished != finished || !reflect.DeepEqual(st.Winners, winners) || st.Why != why {
		t.Errorf("finished=%v winners=%v why=%q, want %v %v %q", st.Finished, st.Winners, st.Why, finished, winners, why)
	}
}

func dealers(s *Sheet) string {
	var d []string
	for _, e := range s.Rounds {
		d = append(d, e.Dealer)
	}
	return strings.Join(d, " ")
}

// Kids Rummy: penalty scoring, the target is a limit and the lowest total
// wins (RULES.md 5).
func TestKidsLowestWins(t *testing.T) {
	s := newSheet(t, variant(t, "kids"), ab, Options{})
	if s.Target != 100 {
		t.Fatalf("target = %d, want kids' 100 for 2 players", s.Target)
	}
	record(t, s, "out Ann; meld Ann 7H 7S 7D; hand Bob KH QH JH") // Bob 30
	record(t, s, "out Bob; meld Bob 9C 9D 9H; hand Ann 9S 8C")    // Ann 17
	record(t, s, "out Ann; hand Bob KS QS JS 10S")                // Bob 70
	record(t, s, "out Ann; meld Bob 5H 5S 5C; hand Bob KD QD 5D") // Bob 95
	check(t, s, map[string]int{"Ann": 17, "Bob": 95}, false, nil, "")
	record(t, s, "out Ann; hand Bob 5C 3C") // Bob 103: over the limit
	check(t, s, map[string]int{"Ann": 17, "Bob": 103}, true, []string{"Ann"}, "target")
	if got := dealers(s); got != "Ann Bob Ann Bob Ann" {
		t.Errorf("dealers = %s", got)
	}
	_, err := s.Record(rd(t, "out Ann; hand Bob 2C"), t0)
	want := "the match is over: the target of 100 was reached in round 5, and Ann won; no round can be added (undo the last round to reopen it)"
	if !errors.Is(err, ErrFinished) || err.Error() != want || len(s.Rounds) != 5 {
		t.Errorf("recording after the end: err = %v, %d rounds", err, len(s.Rounds))
	}
}

// Rummy 500: meld points, a low ace counting 1, a high ace 15, jokers 15, a
// round nobody went out of, negative totals.
func TestRummy500NegativeTotals(t *testing.T) {
	s := newSheet(t, variant(t, "rummy500"), ab, Options{Target: target(50)})
	vd := record(t, s, "out Ann; meld Ann AS 2S 3S; meld Ann 7H 8H 9H; meld Bob QC QD QH; hand Bob KS AH JK")
	if got := vd.Totals(); got["Ann"] != 6+24 || got["Bob"] != 30-40 {
		t.Fatalf("round 1 = %v, want Ann 30 (A-2-3 low is 6), Bob -10", got)
	}
	record(t, s, "meld Bob 5D JK 7D; hand Ann KD QS JS 10C AC; hand Bob 2C") // nobody out: Ann -55, Bob 27-2
	check(t, s, map[string]int{"Ann": -25, "Bob": 15}, false, nil, "")
	if st := s.Standing(); !reflect.DeepEqual(st.Leaders, []string{"Bob"}) {
		t.Errorf("leaders = %v", st.Leaders)
	}
	record(t, s, "out Bob; meld Bob QS KS AS; lay Bob JS onto 1; hand Ann 3C") // Bob 35+10, Ann -3
	check(t, s, map[string]int{"Ann": -28, "Bob": 60}, true, []string{"Bob"}, "target")
}

// The 500 "5/10/15" option: 2 to 9 count 5, a low ace 5 (RULES.md 7).
func TestFiveTenFifteen(t *testing.T) {
	s := newSheet(t, variant(t, "rummy500", "scoring.values.pips=5", "scoring.ace_low_run=5"), ab, Options{Target: target(40)})
	record(t, s, "out Ann; meld Ann AS 2S 3S; meld Ann 10H JH QH; hand Bob 9C KC")
	check(t, s, map[string]int{"Ann": 15 + 30, "Bob": -15}, true, []string{"Ann"}, "target")
}

// A tie for the win at the target: play-on plays another round, share ends
// the match with both winning (RULES.md 5).
func TestTies(t *testing.T) {
	rounds := []string{
		"out Ann; hand Bob KH QH JH 10H 10S 10D; hand Cy KC QC", // Bob 60, Cy 20
		"out Cy; hand Ann KD QD; hand Bob KS QS JS 10C 5C",      // Ann 20, Bob 105
		"out Ann; hand Bob 5H; hand Cy 3H",                      // Bob 110, Cy 23
	}
	t.Run("play-on", func(t *testing.T) {
		s := newSheet(t, variant(t, "kids"), abc, Options{Target: target(100)})
		record(t, s, rounds[0])
		record(t, s, rounds[1])
		check(t, s, map[string]int{"Ann": 20, "Bob": 105, "Cy": 20}, false, nil, "")
		record(t, s, rounds[2])
		check(t, s, map[string]int{"Ann": 20, "Bob": 110, "Cy": 23}, true, []string{"Ann"}, "target")
	})
	t.Run("share", func(t *testing.T) {
		s := newSheet(t, variant(t, "kids", "scoring.ties=share"), abc, Options{Target: target(100)})
		record(t, s, rounds[0])
		record(t, s, rounds[1])
		check(t, s, map[string]int{"Ann": 20, "Bob": 105, "Cy": 20}, true, []string{"Ann", "Cy"}, "target")
	})
}

// A stalemate scores nothing, and the deal still passes.
func TestStalemate(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{Dealer: "Cy"})
	record(t, s, "out Bob; hand Ann KH 3D; points Cy 12")
	record(t, s, "stalemate")
	check(t, s, map[string]int{"Ann": 0, "Bob": 25, "Cy": 0}, false, nil, "")
	if got := dealers(s); got != "Cy Ann" {
		t.Errorf("dealers = %s", got)
	}
	if e := s.Rounds[1]; !e.Round.Stalemate || e.Scores["Bob"] != 0 {
		t.Errorf("round 2 = %+v", e)
	}
	if st := s.Standing(); st.NextDealer != "Bob" {
		t.Errorf("next dealer = %s", st.NextDealer)
	}
}

// must_go_out_to_win: a player over the target wins only in a round they
// went out in (RULES.md 5).
func TestMustGoOutToWin(t *testing.T) {
	s := newSheet(t, variant(t, "rummy500", "scoring.must_go_out_to_win=true"), ab, Options{Target: target(50)})
	record(t, s, "meld Ann KH KS KD; meld Ann QH QS QD; hand Ann 2C; hand Bob 3C 4C") // nobody out: Ann 58
	check(t, s, map[string]int{"Ann": 58, "Bob": -7}, false, nil, "")
	record(t, s, "out Bob; meld Bob 5S 6S 7S; hand Ann 2D") // Bob out, but under the target
	check(t, s, map[string]int{"Ann": 56, "Bob": 11}, false, nil, "")
	record(t, s, "out Ann; meld Ann 9C 9D 9H; hand Bob 4D")
	check(t, s, map[string]int{"Ann": 83, "Bob": 7}, true, []string{"Ann"}, "target")

	// Without the option the first round ends the match.
	plain := newSheet(t, variant(t, "rummy500"), ab, Options{Target: target(50)})
	record(t, plain, "meld Ann KH KS KD; meld Ann QH QS QD; hand Ann 2C; hand Bob 3C 4C")
	check(t, plain, map[string]int{"Ann": 58, "Bob": -7}, true, []string{"Ann"}, "target")
}

// A fixed number of rounds, with no target: the best total after the last.
func TestFixedRounds(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{Target: target(0), Rounds: 3})
	if s.Target != 0 || s.RoundLimit != 3 {
		t.Fatalf("target %d, limit %d", s.Target, s.RoundLimit)
	}
	record(t, s, "out Ann; hand Bob KH; hand Cy 2C")
	record(t, s, "out Bob; hand Ann KD QD; hand Cy 3C")
	check(t, s, map[string]int{"Ann": 12, "Bob": 23, "Cy": 0}, false, nil, "")
	record(t, s, "out Cy; rummy; hand Ann 4C; hand Bob 5C") // Cy 18
	check(t, s, map[string]int{"Ann": 12, "Bob": 23, "Cy": 18}, true, []string{"Bob"}, "rounds")
	if _, err := s.Record(rd(t, "stalemate"), t0); !errors.Is(err, ErrFinished) {
		t.Errorf("a fourth round: err = %v", err)
	}
}

// The players agree to stop: the match closes as it stands, a tie shared.
func TestEnded(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	if err := s.End(t0); err == nil {
		t.Error("End with no rounds: no error")
	}
	record(t, s, "out Ann; hand Bob KH; hand Cy 2C")
	record(t, s, "out Bob; hand Ann KD 2D; points Cy 0")
	if err := s.End(t0); err != nil {
		t.Fatal(err)
	}
	check(t, s, map[string]int{"Ann": 12, "Bob": 12, "Cy": 0}, true, []string{"Ann", "Bob"}, "ended")
	if err := s.End(t0); !errors.Is(err, ErrFinished) {
		t.Errorf("End twice: %v", err)
	}
	if _, err := s.Record(rd(t, "stalemate"), t0); !errors.Is(err, ErrFinished) {
		t.Errorf("Record after End: %v", err)
	}
	if err := s.Undo(t0); !errors.Is(err, ErrFinished) || len(s.Rounds) != 2 {
		t.Errorf("Undo after End: %v, %d rounds", err, len(s.Rounds))
	}
	// A correction is still possible, and the match stays ended.
	if _, err := s.Edit(2, rd(t, "out Bob; hand Ann KD 3D; points Cy 0"), t0); err != nil {
		t.Fatal(err)
	}
	check(t, s, map[string]int{"Ann": 12, "Bob": 13, "Cy": 0}, true, []string{"Bob"}, "ended")
	if last := s.Audit[len(s.Audit)-1]; last.Action != ActionEdit {
		t.Errorf("last audit = %+v", last)
	}
}

func TestUndo(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), ab, Options{})
	if err := s.Undo(t0); err == nil {
		t.Error("Undo with no rounds: no error")
	}
	record(t, s, "out Ann; hand Bob KH QH JH 10H 10S 10D") // Ann 60
	record(t, s, "out Ann; hand Bob KD QD JD 10C 9C")      // Ann 109: she wins
	check(t, s, map[string]int{"Ann": 109, "Bob": 0}, true, []string{"Ann"}, "target")
	if err := s.Undo(t0); err != nil {
		t.Fatal(err)
	}
	check(t, s, map[string]int{"Ann": 60, "Bob": 0}, false, nil, "")
	a := s.Audit[len(s.Audit)-1]
	if a.Action != ActionUndo || a.Round != 2 || !strings.Contains(a.Note, "Ann 49, Bob 0") || !strings.Contains(a.Note, "open again") {
		t.Errorf("audit = %+v", a)
	}
	record(t, s, "out Bob; hand Ann 2C") // the match goes on, dealt by Bob
	if got := dealers(s); got != "Ann Bob" {
		t.Errorf("dealers = %s", got)
	}
}

func TestEdit(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, s, "out Bob; hand Ann KH 3D; hand Cy AS 2S") // Bob 16
	record(t, s, "out Cy; hand Ann 5C; hand Bob 4C")       // Cy 9
	record(t, s, "out Ann; hand Bob 7C; hand Cy 8C")       // Ann 15
	record(t, s, "out Bob; hand Ann 9C; hand Cy 10C")      // Bob 19
	check(t, s, map[string]int{"Ann": 15, "Bob": 35, "Cy": 9}, false, nil, "")

	// Round 1 was Ann's, not Bob's: every later total follows.
	vd, err := s.Edit(1, rd(t, "out Ann; rummy; hand Bob KH 3D; hand Cy AS 2S"), t0)
	if err != nil || !vd.OK() {
		t.Fatal(err, vd.Problems)
	}
	check(t, s, map[string]int{"Ann": 47, "Bob": 19, "Cy": 9}, false, nil, "")
	if got := dealers(s); got != "Ann Bob Cy Ann" {
		t.Errorf("dealers = %s", got)
	}
	a := s.Audit[len(s.Audit)-1]
	if a.Action != ActionEdit || a.Round != 1 || !strings.Contains(a.Note, "was Bob out: Ann 0, Bob 16, Cy 0") {
		t.Errorf("audit = %+v", a)
	}

	// A round that breaks a rule is a verdict, and nothing changes.
	before := fmt.Sprintf("%+v %+v", s.Rounds, s.Audit)
	vd, err = s.Edit(2, rd(t, "out Cy; meld Cy 7H 7H 7S; hand Ann 5C; hand Bob 4C"), t0)
	if err != nil || vd.OK() {
		t.Errorf("a bad edit: err %v, problems %q", err, vd.Problems)
	}
	// An edit that would end the match before later rounds is refused.
	_, err = s.Edit(2, rd(t, "out Cy; hand Ann KH QH JH 10H 10S 10D 10C 9C 9D 9H 9S 8C 8D 8H 8S; hand Bob KC QC JC"), t0)
	if err == nil || !strings.Contains(err.Error(), "end after round 2") || !strings.Contains(err.Error(), "rounds 3 to 4 are recorded") {
		t.Errorf("an edit finishing the match early: %v", err)
	}
	if _, err := s.Edit(5, rd(t, "stalemate"), t0); err == nil {
		t.Error("editing round 5 of 4: no error")
	}
	if _, err := s.Edit(1, rd(t, "out Zed"), t0); !errors.Is(err, referee.ErrUnreadable) {
		t.Errorf("an unreadable edit: %v", err)
	}
	if fmt.Sprintf("%+v %+v", s.Rounds, s.Audit) != before {
		t.Error("a refused edit changed the sheet")
	}

	// The last round may finish the match.
	if _, err := s.Edit(4, rd(t, "out Bob; hand Ann KH QH JH 10H 10S 10D 10C 9C 9D 9H 9S 8C; hand Cy KC QC JC KD"), t0); err != nil {
		t.Fatal(err)
	}
	check(t, s, map[string]int{"Ann": 47, "Bob": 154, "Cy": 9}, true, []string{"Bob"}, "target")
}

// Under deal.rotation winner the player out deals next, and after a
// stalemate the same dealer deals again (RULES.md 10.6), so an edit of who
// went out moves the later deals.
func TestEditRedeals(t *testing.T) {
	s := newSheet(t, variant(t, "basic", "deal.rotation=winner"), abc, Options{})
	record(t, s, "out Bob; hand Ann 2C; hand Cy 3C")
	record(t, s, "stalemate")
	record(t, s, "out Ann; hand Bob 2D; hand Cy 3D")
	if got := dealers(s); got != "Ann Bob Bob" {
		t.Fatalf("dealers = %s", got)
	}
	if _, err := s.Edit(1, rd(t, "out Cy; hand Ann 2C; hand Bob 3C"), t0); err != nil {
		t.Fatal(err)
	}
	if got := dealers(s); got != "Ann Cy Cy" {
		t.Errorf("dealers after the edit = %s, want Ann Cy Cy", got)
	}
	if a := s.Audit[len(s.Audit)-1]; !strings.Contains(a.Note, "the deal of 2 later rounds changed") {
		t.Errorf("audit = %+v", a)
	}
}

func TestRecordRefuses(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	vd, err := s.Record(rd(t, "out Ann; hand Bob 7H 7H"), t0)
	if err != nil || vd.OK() || len(s.Rounds) != 0 {
		t.Errorf("a round with a card twice: err %v, problems %q, %d rounds", err, vd.Problems, len(s.Rounds))
	}
	_, err = s.Record(rd(t, "out Zed"), t0)
	if !errors.Is(err, referee.ErrUnreadable) || len(s.Rounds) != 0 {
		t.Errorf("an unknown player: err %v", err)
	}
	if len(s.Audit) != 1 {
		t.Errorf("refused rounds reached the audit: %+v", s.Audit)
	}
	// The sheet keeps its own copy of a recorded round.
	r := rd(t, "out Ann; hand Bob KH; hand Cy 2C")
	record(t, s, "out Ann; hand Bob KH; hand Cy 2C")
	if _, err := s.Record(r, t0); err != nil {
		t.Fatal(err)
	}
	r.Hands[0].Cards[0] = r.Hands[1].Cards[0]
	if s.Rounds[1].Round.Hands[0].Cards[0].String() != "KH" {
		t.Error("changing the caller's round changed the recorded one")
	}
}

func TestNew(t *testing.T) {
	basic := variant(t, "basic")
	tests := []struct {
		name    string
		players []string
		opts    Options
		want    string // an error's text, or "" for none
	}{
		{"one player", []string{"Ann"}, Options{}, "at least 2 players"},
		{"too many", []string{"A", "B", "C", "D", "E", "F", "G"}, Options{}, "2 to 6 players, not 7"},
		{"same name", []string{"Ann", "Bob", "ann"}, Options{}, `player 3: "ann" is already a player`},
		{"empty name", []string{"Ann", ""}, Options{}, "player 2: a player's name cannot be empty"},
		{"equals", []string{"Ann", "B=b"}, Options{}, `contains '='`},
		{"comma", []string{"Ann", "B,b"}, Options{}, `contains ','`},
		{"at", []string{"Ann", "@bob"}, Options{}, `contains '@'`},
		{"control", []string{"Ann", "Bo\tb"}, Options{}, "control character"},
		{"newline", []string{"Ann", "Bo\nb"}, Options{}, "control character"},
		{"spaces", []string{"Ann", " Bob"}, Options{}, "starts or ends with a space"},
		{"long", []string{"Ann", strings.Repeat("b", 41)}, Options{}, "longer than 40"},
		{"dealer", abc, Options{Dealer: "Zed"}, `first dealer "Zed" is not a player`},
		{"negative target", abc, Options{Target: target(-1)}, "target -1"},
		{"negative rounds", abc, Options{Rounds: -2}, "rounds -2"},
		{"fine", []string{"Ann", "Bob", "Cy", "Dee"}, Options{Dealer: "Cy"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(basic, tt.players, tt.opts)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.want == "" && err != nil || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if err == nil && (s.Target != 200 || s.FirstDealer != "Cy" || s.Standing().NextDealer != "Cy") {
				t.Errorf("target %d, first dealer %s", s.Target, s.FirstDealer)
			}
		})
	}
	// The sheet's rules are its own: changing the variant later does not
	// reach it.
	v := variant(t, "basic")
	s := newSheet(t, v, ab, Options{})
	if err := v.Override("scoring.method=penalty"); err != nil {
		t.Fatal(err)
	}
	if s.Variant.Scoring.Method != "winner-takes-all" {
		t.Error("the sheet shares its variant with the caller")
	}
}
