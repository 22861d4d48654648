package variants

import (
	"slices"
	"strings"
	"testing"
)

// Each --rule changes the lines that state its key, and no others: the
// Changed marks say exactly what a house rule changed from its base.
func TestDescribeChanged(t *testing.T) {
	tests := []struct {
		base, rule string
		want       []string // texts of the changed lines hold these, in order
	}{
		{"basic", "runs.ace=either", []string{"low or high"}},
		{"basic", "runs.wrap=true", []string{"turn the corner"}},
		{"basic", "sets.distinct_suits=false", []string{"may repeat a suit"}},
		{"basic", "jokers.per_deck=2", []string{"2 jokers in play"}},
		{"basic", "layoff.requires_own_meld=true", []string{"once they have melded"}},
		{"basic", "going_out.discard_required=true", []string{"as a discard"}},
		{"basic", "scoring.values.ace=15", []string{"Card points: A 15"}},
		{"basic", "scoring.rummy_multiplier=3", []string{"by 3"}},
		{"basic", "scoring.target=500", []string{"target: 500"}},
		{"basic", "scoring.ties=share", []string{"is shared"}},
		{"basic", "scoring.must_go_out_to_win=true", []string{"must go out to win"}},
		{"basic", "deal.cards=8", []string{"8 cards each"}},
		{"basic", "deal.rotation=winner", []string{"same dealer deals again"}},
		{"basic", "stock.reshuffles=-1", []string{"whenever it runs out"}},
		{"basic", "players.max=4", []string{"2 to 4 players"}}, // the maps follow the range; nothing else differs
		{"rummy500", "scoring.ace_low_run=0", []string{"scores 0 instead of 15"}},
		{"rummy500", "decks=2", []string{"2 decks of 52 cards."}}, // the jokers follow, but their rule is the same
		{"basic", "checks.hand_points=false", []string{"taken as given"}},
		{"basic", "checks.rummy_claim=false", []string{"a rummy claim stands"}},
		{"basic", "checks.round_endings=false", []string{"the referee accepts it"}},
		{"rummy500", "checks.out_melded=false", []string{"with nothing melded or laid off"}},
		{"kids", "scoring.rummy_multiplier=2", []string{"every other player's points for the round by 2"}},
		{"basic", "seats.join_total=trailing", []string{"the player furthest behind"}},
		{"kids", "seats.join_total=average", []string{"the average of the totals at the table"}},
		{"basic", "seats.left_can_win=true", []string{"can still win on the total they left with"}},
	}
	for _, tt := range tests {
		t.Run(tt.base+" "+tt.rule, func(t *testing.T) {
			v, err := Load("house.yaml", []byte("base: "+tt.base+"\nname: house\n"))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range Describe(v) {
				for _, l := range s.Lines {
					if l.Changed {
						t.Fatalf("before %s: %q is marked changed", tt.rule, l.Text)
					}
				}
			}
			if err := v.Override(tt.rule); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range Describe(v) {
				for _, l := range s.Lines {
					if l.Changed {
						got = append(got, l.Text)
					}
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("changed lines:\n%s\nwant %d holding %q", strings.Join(got, "\n"), len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(strings.ToLower(got[i]), strings.ToLower(w)) {
					t.Errorf("changed line %d = %q, want it to hold %q", i+1, got[i], w)
				}
			}
		})
	}
}

// Every line names a key of the schema or none, and the sections are the
// ones rummy rules and the scoresheets print, for every built-in.
func TestDescribeKeysAndSections(t *testing.T) {
	wantTitles := []string{"Players and decks", "Melds", "Aces", "Jokers", "Laying off", "Going out", "Scoring", "Target", "Dealing"}
	for _, name := range Builtins() {
		v, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, s := range Describe(v) {
			titles = append(titles, s.Title)
			if len(s.Lines) == 0 {
				t.Errorf("%s: section %s has no lines", name, s.Title)
			}
			for _, l := range s.Lines {
				if l.Key != "" && fieldByKey[l.Key] == nil {
					t.Errorf("%s: line %q names unknown key %q", name, l.Text, l.Key)
				}
			}
		}
		if !slices.Equal(titles, wantTitles) {
			t.Errorf("%s: sections %q, want %q", name, titles, wantTitles)
		}
	}
}

// The corners decided for this project are said where they apply.
func TestDescribeDecisions(t *testing.T) {
	tests := []struct {
		variant string
		rules   []string
		want    string
		absent  bool
	}{
		{"basic", []string{"runs.wrap=true", "runs.ace=high"}, "K A 2, Q K A and A 2 3 are all runs whatever the ace's place", false},
		{"rummy500", nil, "a 13-card run from A to K counts its ace 15, read high", false},
		{"basic", nil, "13-card run", true},
		{"rummy500", []string{"scoring.ace_low_run=0"}, "An ace melded low in a run (A 2 3) scores 0 instead of 15.", false},
		{"basic", []string{"scoring.must_go_out_to_win=true"}, "only the player who went out can win", false},
		{"basic", []string{"deal.rotation=winner"}, "after a round nobody won (a stalemate, nobody out) the same dealer deals again", false},
		{"kids", []string{"scoring.rummy_multiplier=2"}, "Going rummy multiplies every other player's points for the round by 2.", false},
		{"rummy500", []string{"scoring.rummy_multiplier=2"}, "Going rummy multiplies the round score of the player who went out by 2.", false},
		{"basic", nil, "Going rummy multiplies the winner's score for the round by 2.", false},
		{"kids", nil, "A round that ends any other way (a stalemate, nobody out) is refused.", false},
		{"basic", nil, "the round is a stalemate and scores 0 for everyone.\nA round that ends any other way (nobody out without a stalemate) is refused.", false},
		{"rummy500", nil, "a round may also end with nobody out, the next player not wanting the discard: it is scored as it stands.\nA round that ends any other way (a stalemate) is refused.", false},
		{"rummy500", []string{"checks.round_endings=false"}, "House rule: a round may also end any other way (a stalemate): the referee accepts it.", false},
		{"basic", nil, "the whole pack holds 340 points)", false},
		{"rummy500", nil, "the whole pack holds 426 points for 2 to 4 players; 852 points for 5 to 8 players)", false},
		{"rummy500", nil, "The player who goes out must have melded or laid off something", false},
		{"basic", nil, "must have melded or laid off", true},
		{"gin", nil, "A hand given as a points total", true}, // a gin hand is judged from whole hands
		{"rummy500", nil, "A joker on the table keeps the card it stands for", false},
		{"basic", nil, "A rummy claim is refused when another player laid off onto the claimant's melds", false},
		{"gin", nil, "left after the discard is at most 10.", false},
		{"gin", nil, "Going rummy", true},
		{"gin", nil, "Undercut: when the defender's deadwood is less than or equal to the knocker's, the defender scores the difference plus 25.", false},
		{"gin", nil, "Shutout: when the loser won no hand, the winner's total, bonuses included, is doubled.", false},
		{"gin", []string{"knock.undercut_on_tie=false"}, "Equal deadwood is no undercut", false},
		{"oklahoma-gin", nil, "An ace as the first upcard allows no knock: gin only.", false},
		{"oklahoma-gin", nil, "multiplies everything the hand scores, bonuses included, by 2.", false},
		{"oklahoma-gin", []string{"knock.ace_upcard=1"}, "allows a knock with at most 1 point", false},
		{"basic", nil, "Game bonus", true},
	}
	for _, tt := range tests {
		v, err := Builtin(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.OverrideAll(tt.rules); err != nil {
			t.Fatal(err)
		}
		var all []string
		for _, s := range Describe(v) {
			for _, l := range s.Lines {
				all = append(all, l.Text)
			}
		}
		text := strings.Join(all, "\n")
		if got := strings.Contains(text, tt.want); got == tt.absent {
			t.Errorf("%s %v: holds %q: %v, want %v; text:\n%s", tt.variant, tt.rules, tt.want, got, !tt.absent, text)
		}
	}
}
