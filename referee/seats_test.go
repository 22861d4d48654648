package referee

import (
	"reflect"
	"testing"
)

func TestSeated(t *testing.T) {
	v := builtin(t, "basic")
	m := Match{Variant: v, Players: []string{"Ann", "Dee", "Bob", "Cy"}, Seats: []Seat{
		{From: 2, Player: "Bob", Leave: true},
		{From: 3, Player: "Dee", Start: 4},
		{From: 5, Player: "Bob"},
	}}
	for n, want := range map[int][]string{
		1: {"Ann", "Bob", "Cy"},
		2: {"Ann", "Cy"},
		3: {"Ann", "Dee", "Cy"},
		5: {"Ann", "Dee", "Bob", "Cy"},
	} {
		if got := m.Seated(n); !reflect.DeepEqual(got, want) {
			t.Errorf("Seated(%d) = %v, want %v", n, got, want)
		}
	}
	// The deal passes to the next player at the table.
	for _, tc := range []struct {
		dealer string
		n      int
		want   string
	}{
		{"Ann", 1, "Cy"}, // Bob left from round 2
		{"Cy", 2, "Ann"},
		{"Ann", 2, "Dee"}, // Dee joins from round 3
		{"Cy", 4, "Ann"},
		{"Ann", 4, "Dee"},
		{"Dee", 4, "Bob"}, // Bob is back from round 5
	} {
		if got := m.NextDealer(Result{Dealer: tc.dealer}, tc.n); got != tc.want {
			t.Errorf("after round %d dealt by %s: %s deals, want %s", tc.n, tc.dealer, got, tc.want)
		}
	}
	// Under rotation winner the winner deals, or, gone, the next at the table.
	w := builtin(t, "basic")
	if err := w.Override("deal.rotation=winner"); err != nil {
		t.Fatal(err)
	}
	mw := m
	mw.Variant = w
	if got := mw.NextDealer(Result{Dealer: "Ann", Out: "Bob"}, 1); got != "Cy" {
		t.Errorf("rotation winner, Bob out and gone: %s deals, want Cy", got)
	}
	if got := mw.NextDealer(Result{Dealer: "Cy", Out: "Ann"}, 2); got != "Ann" {
		t.Errorf("rotation winner, Ann out: %s deals, want Ann", got)
	}
	st := m.Stand(nil)
	if st.Totals["Dee"] != 4 {
		t.Errorf("Dee's total before any round = %d, want her starting 4", st.Totals["Dee"])
	}
	totals := map[string]int{"Ann": 10, "Bob": 30, "Cy": 3}
	for jt, want := range map[string]int{"zero": 0, "trailing": 3, "average": 14} {
		w := builtin(t, "basic")
		if err := w.Override("seats.join_total=" + jt); err != nil {
			t.Fatal(err)
		}
		m := Match{Variant: w, Players: []string{"Ann", "Bob", "Cy", "Dee"}, Seats: []Seat{{From: 2, Player: "Dee"}}}
		if got := m.StartTotal(totals, 2, "Dee"); got != want {
			t.Errorf("join_total %s: %d, want %d", jt, got, want)
		}
	}
	p := builtin(t, "kids") // penalty: the player furthest behind has the most
	if err := p.Override("seats.join_total=trailing"); err != nil {
		t.Fatal(err)
	}
	m = Match{Variant: p, Players: []string{"Ann", "Bob", "Cy", "Dee"}}
	if got := m.StartTotal(totals, 2, "Dee"); got != 30 {
		t.Errorf("trailing under penalty: %d, want 30", got)
	}
	if err := p.Override("seats.join_total=average"); err != nil {
		t.Fatal(err)
	}
	m.Players = []string{"Ann", "Bob", "Cy"}
	if got := m.StartTotal(map[string]int{"Ann": -7, "Bob": 0}, 2, "Cy"); got != -4 {
		t.Errorf("average of -7 and 0: %d, want -4 (rounded down)", got)
	}
}
