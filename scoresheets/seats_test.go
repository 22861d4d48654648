package scoresheets

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// reload marshals s and reads it back, as a save and a load do.
func reload(t *testing.T, s *Sheet) *Sheet {
	t.Helper()
	data := Marshal(s)
	got, err := Unmarshal("match.yaml", data)
	if err != nil {
		t.Fatalf("the file does not load back: %v\n%s", err, data)
	}
	if !bytes.Equal(Marshal(got), data) {
		t.Errorf("the file changes on a second save:\n%s\nthen\n%s", data, Marshal(got))
	}
	return got
}

func lastAudit(t *testing.T, s *Sheet, a Action, note string) {
	t.Helper()
	last := s.Audit[len(s.Audit)-1]
	if last.Action != a || !strings.Contains(last.Note, note) {
		t.Errorf("last audit = %+v, want %s with %q", last, a, note)
	}
}

func TestReopen(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	if err := s.Reopen(t0); err == nil || errors.Is(err, ErrFinished) {
		t.Errorf("Reopen of an open match: %v", err)
	}
	record(t, s, "out Ann; hand Bob KH; hand Cy 2C")
	if err := s.End(t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Reopen(t0); err != nil {
		t.Fatal(err)
	}
	lastAudit(t, s, ActionReopen, "reopened after round 1")
	check(t, s, map[string]int{"Ann": 12, "Bob": 0, "Cy": 0}, false, nil, "")
	record(t, s, "out Bob; hand Ann 3C; hand Cy 2C") // play goes on
	s = reload(t, s)
	if len(s.Rounds) != 2 || !s.Ended.IsZero() {
		t.Errorf("after reload: %d rounds, ended %v", len(s.Rounds), s.Ended)
	}
	if err := s.Undo(t0); err != nil {
		t.Errorf("Undo after a reopen: %v", err)
	}

	// A match over at its target was not ended by the players: undo reopens it.
	w := newSheet(t, variant(t, "basic"), ab, Options{Target: target(10)})
	record(t, w, "out Ann; hand Bob KH")
	if err := w.Reopen(t0); !errors.Is(err, ErrFinished) || !strings.Contains(err.Error(), "undo") {
		t.Errorf("Reopen at the target: %v", err)
	}
}

// The deal skips a player who left, a new player sits where named with the
// total seats.join_total gives, and seats.left_can_win decides the winner.
func TestSeats(t *testing.T) {
	for _, tc := range []struct {
		rules   []string
		start   int
		winners []string
	}{
		{[]string{"seats.join_total=average"}, 2, []string{"Dee"}},
		{[]string{"seats.join_total=trailing"}, 0, []string{"Dee"}},
		{[]string{"seats.join_total=average", "seats.left_can_win=true"}, 2, []string{"Bob"}},
		{nil, 0, []string{"Dee"}},
	} {
		t.Run(strings.Join(tc.rules, ","), func(t *testing.T) {
			s := newSheet(t, variant(t, "basic", tc.rules...), abc, Options{})
			record(t, s, "out Bob; hand Ann KH 3D; hand Cy AS 2S") // Bob 16; Ann dealt
			if err := s.Leave("Bob", t0); err != nil {
				t.Fatal(err)
			}
			lastAudit(t, s, ActionLeave, "Bob leaves from round 2, keeping a total of 16")
			if got := s.Standing().NextDealer; got != "Cy" {
				t.Errorf("next dealer = %s, want Cy (Bob left)", got)
			}
			// Bob's hand is not asked for: he is not at the table.
			record(t, s, "out Ann; hand Cy 5C") // Ann 5
			if vd, err := s.Record(rd(t, "out Ann; hand Bob 2C; hand Cy 5C"), t0); err == nil && vd.OK() {
				t.Error("a round with the hand of a player who left stands")
			}
			if err := s.Join("Dee", "Ann", t0); err != nil {
				t.Fatal(err)
			}
			lastAudit(t, s, ActionJoin, "Dee joins from round 3, seated between Ann and Bob")
			if want := []string{"Ann", "Dee", "Bob", "Cy"}; !reflect.DeepEqual(s.Players, want) {
				t.Errorf("players = %v, want %v", s.Players, want)
			}
			if got := s.Standing().Totals["Dee"]; got != tc.start {
				t.Errorf("Dee starts with %d, want %d", got, tc.start)
			}
			record(t, s, "out Dee; hand Ann 2C; hand Cy 3C") // Dee 5; Ann deals
			record(t, s, "out Dee; hand Ann 2D; hand Cy 3D") // Dee deals
			if got := dealers(s); got != "Ann Cy Ann Dee" {
				t.Errorf("dealers = %s", got)
			}
			s = reload(t, s)
			var out strings.Builder
			if err := Show(s, &out, ShowOptions{NoChart: true, Audit: true}); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"seats: Bob left from round 2", "audit:", "leave   Bob leaves from round 2", "   - 16"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("Show lacks %q:\n%s", want, out.String())
				}
			}
			if err := s.End(t0); err != nil {
				t.Fatal(err)
			}
			check(t, s, map[string]int{"Ann": 5, "Bob": 16, "Cy": 0, "Dee": tc.start + 10}, true, tc.winners, "ended")
		})
	}
}

func TestSeatsRefused(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), ab, Options{})
	if err := s.Leave("Bob", t0); err == nil || !strings.Contains(err.Error(), "at least 2") {
		t.Errorf("leave to one player: %v", err)
	}
	if err := s.Join("ann", "", t0); err == nil {
		t.Error("join of a name already taken: no error")
	}
	if err := s.Join("Cy", "Zed", t0); err == nil {
		t.Error("join after a player who is not one: no error")
	}
	record(t, s, "out Ann; hand Bob KH")
	if err := s.Join("Cy", "", t0); err != nil {
		t.Fatal(err)
	}
	// A change waiting for the next round blocks undo, and is taken back
	// by the opposite change.
	if err := s.Undo(t0); err == nil || !strings.Contains(err.Error(), "Cy joins") {
		t.Errorf("undo with a join waiting: %v", err)
	}
	if err := s.Leave("Cy", t0); err != nil {
		t.Fatal(err)
	}
	if len(s.Players) != 2 || len(s.Seats) != 0 {
		t.Errorf("after taking the join back: players %v, seats %v", s.Players, s.Seats)
	}
	if err := s.Undo(t0); err != nil {
		t.Error(err)
	}
}

// A starting total the file states wrongly is refused.
func TestSeatsFileChecked(t *testing.T) {
	s := newSheet(t, variant(t, "basic", "seats.join_total=trailing"), ab, Options{})
	record(t, s, "out Ann; hand Bob KH")
	record(t, s, "out Bob; hand Ann 2C")
	if err := s.Join("Cy", "", t0); err != nil {
		t.Fatal(err)
	}
	data := string(Marshal(s))
	if !strings.Contains(data, "{from: 3, join: Cy, total: 2}") {
		t.Fatalf("the file lacks the join:\n%s", data)
	}
	_, err := Unmarshal("m.yaml", []byte(strings.Replace(data, "total: 2}", "total: 20}", 1)))
	if err == nil || !strings.Contains(err.Error(), "seats.join_total: trailing gives 2") {
		t.Errorf("a wrong starting total: %v", err)
	}
	// An edit before the join moves the starting total with it.
	if _, err := s.Edit(2, rd(t, "out Bob; hand Ann 5C"), t0); err != nil {
		t.Fatal(err)
	}
	lastAudit(t, s, ActionEdit, "Cy's starting total is now 5, was 2")
	reload(t, s)
}

func TestRename(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{Dealer: "Bob"})
	record(t, s, "out Bob; meld Bob 7H 8H 9H; lay Ann 10H onto 1; hand Ann KH 3D; hand Cy AS 2S")
	if err := s.Rename("Bob", "Rob", t0); err != nil {
		t.Fatal(err)
	}
	lastAudit(t, s, ActionRename, "Bob is now called Rob")
	s = reload(t, s)
	r := s.Rounds[0]
	if s.FirstDealer != "Rob" || r.Dealer != "Rob" || r.Round.Out != "Rob" || r.Round.Melds[0].Player != "Rob" || r.Scores["Rob"] == 0 {
		t.Errorf("after the rename: %+v", r)
	}
	if err := s.Rename("Rob", "ann", t0); err == nil {
		t.Error("rename to a name taken: no error")
	}
}
