package referee

import (
	"reflect"
	"testing"

	"github.com/rummy-referee/rummy/variants"
)

func results(dealers, outs string, scores ...map[string]int) []Result {
	var rs []Result
	for i, s := range scores {
		r := Result{Scores: s}
		if i < len(dealers) {
			r.Dealer = []string{"Ann", "Bob", "Cy"}[dealers[i]-'a']
		}
		if i < len(outs) && outs[i] != '-' {
			r.Out = []string{"Ann", "Bob", "Cy"}[outs[i]-'a']
		}
		rs = append(rs, r)
	}
	return rs
}

func TestStand(t *testing.T) {
	basic := func(t *testing.T) *variants.Variant { return builtin(t, "basic") }
	over := func(t *testing.T, name string, rules ...string) *variants.Variant {
		v := builtin(t, name)
		for _, r := range rules {
			if err := v.Override(r); err != nil {
				t.Fatal(err)
			}
		}
		return v
	}
	tests := []struct {
		name     string
		match    func(t *testing.T) Match
		results  []Result
		finished bool
		winners  []string
		why      string
		next     string
	}{
		{"basic reaches the target", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 150}
		}, results("abc", "bac", map[string]int{"Bob": 90}, map[string]int{"Ann": 40}, map[string]int{"Bob": 70}),
			true, []string{"Bob"}, "target", "Ann"},
		{"below the target", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 150}
		}, results("ab", "ba", map[string]int{"Bob": 90}, map[string]int{"Ann": 40}),
			false, nil, "", "Cy"},
		{"kids: lowest wins", func(t *testing.T) Match {
			return Match{Variant: builtin(t, "kids"), Players: abc, Target: 300}
		}, results("ab", "ab", map[string]int{"Bob": 200, "Cy": 50}, map[string]int{"Ann": 20, "Cy": 260}),
			true, []string{"Ann"}, "target", "Cy"},
		{"tie at the target plays on", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 100}
		}, results("ab", "ab", map[string]int{"Ann": 60, "Bob": 60}, map[string]int{"Ann": 40, "Bob": 40}),
			false, nil, "", "Cy"},
		{"tie broken next round", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 100}
		}, results("abc", "abb", map[string]int{"Ann": 60, "Bob": 60}, map[string]int{"Ann": 40, "Bob": 40}, map[string]int{"Bob": 5}),
			true, []string{"Bob"}, "target", "Ann"},
		{"tie shared", func(t *testing.T) Match {
			return Match{Variant: over(t, "basic", "scoring.ties=share"), Players: abc, Target: 100}
		}, results("ab", "ab", map[string]int{"Ann": 60, "Bob": 60}, map[string]int{"Ann": 40, "Bob": 40}),
			true, []string{"Ann", "Bob"}, "target", "Cy"},
		{"must go out to win: not out", func(t *testing.T) Match {
			return Match{Variant: over(t, "rummy500", "scoring.must_go_out_to_win=true"), Players: abc, Target: 500}
		}, results("ab", "ab", map[string]int{"Ann": 400, "Bob": 100}, map[string]int{"Ann": 120, "Bob": 90}),
			false, nil, "", "Cy"},
		{"must go out to win: out", func(t *testing.T) Match {
			return Match{Variant: over(t, "rummy500", "scoring.must_go_out_to_win=true"), Players: abc, Target: 500}
		}, results("abc", "abb", map[string]int{"Ann": 400, "Bob": 100}, map[string]int{"Ann": 120, "Bob": 90}, map[string]int{"Bob": 400, "Ann": -10}),
			true, []string{"Bob"}, "target", "Ann"},
		// RULES.md 10.5: the player who went out wins at the target, even
		// behind a player who did not go out.
		{"must go out to win: out, behind one not out", func(t *testing.T) Match {
			return Match{Variant: over(t, "rummy500", "scoring.must_go_out_to_win=true"), Players: abc, Target: 500}
		}, results("ab", "ab", map[string]int{"Ann": 450, "Bob": 300}, map[string]int{"Ann": 100, "Bob": 210}),
			true, []string{"Bob"}, "target", "Cy"},
		{"must go out to win: out, below the target", func(t *testing.T) Match {
			return Match{Variant: over(t, "rummy500", "scoring.must_go_out_to_win=true"), Players: abc, Target: 500}
		}, results("ab", "ab", map[string]int{"Ann": 450, "Bob": 300}, map[string]int{"Ann": 100, "Bob": 10}),
			false, nil, "", "Cy"},
		// RULES.md 10.6: under winner deals, a round nobody won is dealt
		// again by the same dealer.
		{"winner deals", func(t *testing.T) Match {
			return Match{Variant: over(t, "basic", "deal.rotation=winner"), Players: abc, Target: 500}
		}, results("a", "c", map[string]int{"Cy": 10}), false, nil, "", "Cy"},
		{"winner deals: stalemate deals again", func(t *testing.T) Match {
			return Match{Variant: over(t, "basic", "deal.rotation=winner"), Players: abc, Target: 500}
		}, results("ab", "b-", map[string]int{"Bob": 10}, map[string]int{}), false, nil, "", "Bob"},
		{"left: stalemate passes the deal", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 500}
		}, results("ab", "b-", map[string]int{"Bob": 10}, map[string]int{}), false, nil, "", "Cy"},
		{"negative totals", func(t *testing.T) Match {
			return Match{Variant: builtin(t, "rummy500"), Players: abc, Target: 100}
		}, results("ab", "a-", map[string]int{"Ann": 60, "Bob": -30, "Cy": -5}, map[string]int{"Ann": 45, "Bob": -20, "Cy": 10}),
			true, []string{"Ann"}, "target", "Cy"},
		{"fixed rounds", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 150, Rounds: 2}
		}, results("ab", "ab", map[string]int{"Ann": 10}, map[string]int{"Bob": 30}),
			true, []string{"Bob"}, "rounds", "Cy"},
		{"fixed rounds tie shared", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Rounds: 2}
		}, results("ab", "ab", map[string]int{"Ann": 30}, map[string]int{"Bob": 30}),
			true, []string{"Ann", "Bob"}, "rounds", "Cy"},
		{"ended by the players", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 150, Ended: true}
		}, results("a", "c", map[string]int{"Cy": 30}),
			true, []string{"Cy"}, "ended", "Bob"},
		{"stalemate scores nothing", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, Target: 100}
		}, results("ab", "--", map[string]int{}, map[string]int{}),
			false, nil, "", "Cy"},
		{"single round", func(t *testing.T) Match {
			return Match{Variant: over(t, "kids", "scoring.method=single-round"), Players: abc}
		}, results("ab", "-c", map[string]int{}, map[string]int{}),
			true, []string{"Cy"}, "out", "Cy"},
		{"winner deals", func(t *testing.T) Match {
			return Match{Variant: over(t, "basic", "deal.rotation=winner"), Players: abc, Target: 100}
		}, results("a", "c", map[string]int{"Cy": 10}),
			false, nil, "", "Cy"},
		{"first dealer", func(t *testing.T) Match {
			return Match{Variant: basic(t), Players: abc, FirstDealer: "Cy"}
		}, nil, false, nil, "", "Cy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := tt.match(t).Stand(tt.results)
			if st.Finished != tt.finished || !reflect.DeepEqual(st.Winners, tt.winners) || st.Why != tt.why || st.NextDealer != tt.next {
				t.Errorf("got finished=%v winners=%v why=%q next=%s, want %v %v %q %s (totals %v)",
					st.Finished, st.Winners, st.Why, st.NextDealer, tt.finished, tt.winners, tt.why, tt.next, st.Totals)
			}
		})
	}
}
