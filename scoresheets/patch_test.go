package scoresheets

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/referee"
)

func TestAmendKeepsTheRest(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, s, "out Ann; rummy; meld Ann 7H 8H 9H; meld Ann KS KD KC; hand Bob 5C; hand Cy 2D") // (5+2)*2
	hand := rd(t, "hand Bob KH").Hands
	a, err := s.Amend(1, Patch{Hands: hand}, t0)
	if err != nil || !a.Verdict.OK() {
		t.Fatal(err, a.Verdict.Problems)
	}
	r := s.Rounds[0].Round
	if !r.Rummy || len(r.Melds) != 2 || r.Out != "Ann" || r.Hands[1].Player != "Cy" {
		t.Errorf("the edit lost part of the round: %+v", r)
	}
	if a.Before["Ann"] != 14 || a.After["Ann"] != 24 || a.Old.Scores["Ann"] != 14 || a.New.Scores["Ann"] != 24 {
		t.Errorf("before %v after %v, scores %v then %v", a.Before, a.After, a.Old.Scores, a.New.Scores)
	}
	lastAudit(t, s, ActionEdit, "round 1 was Ann out (rummy): Ann 14")

	no := false
	if a, err = s.Amend(1, Patch{Rummy: &no}, t0); err != nil || a.After["Ann"] != 12 {
		t.Errorf("--no-rummy: %v, %v", err, a.After)
	}
	if _, err := s.Amend(1, Patch{}, t0); err == nil {
		t.Error("an empty patch: no error")
	}
	if _, err := s.Amend(2, Patch{Rummy: &no}, t0); err == nil {
		t.Error("a patch of a round not recorded: no error")
	}
}

func TestPatchApply(t *testing.T) {
	base := rd(t, "out Bob; meld Ann 7H 8H 9H; meld Ann KS KD KC; meld Bob 2C 3C 4C; lay Bob 10H onto 1; lay Ann 5C onto 3; hand Ann QD; hand Cy QH")
	for _, tc := range []struct {
		name  string
		patch Patch
		want  string
		err   string
	}{
		{"a meld replaced in place keeps the lay-offs onto it",
			Patch{Melds: rd(t, "meld Ann 6H 7H 8H 9H; meld Ann KS KD KH").Melds},
			"out Bob; meld Ann 6H 7H 8H 9H; meld Ann KS KD KH; meld Bob 2C 3C 4C; lay Bob 10H onto 1; lay Ann 5C onto 3; hand Ann QD; hand Cy QH", ""},
		{"a lay-off onto a meld taken away",
			Patch{Melds: rd(t, "meld Bob 2C 3C 4C; meld Bob 5D 6D 7D").Melds, Layoffs: rd(t, "lay Bob 10H onto 1").Layoffs},
			"out Bob; meld Ann 7H 8H 9H; meld Ann KS KD KC; meld Bob 2C 3C 4C; meld Bob 5D 6D 7D; lay Ann 5C onto 3; lay Bob 10H onto 1; hand Ann QD; hand Cy QH", ""},
		{"a lay-off onto a meld taken away",
			Patch{Melds: rd(t, "meld Ann 7H 8H 9H").Melds, Layoffs: rd(t, "lay Ann 5C onto 2").Layoffs},
			"", ""},
		{"lay-offs given again count the new melds",
			Patch{Melds: rd(t, "meld Ann 7H 8H 9H").Melds, Layoffs: rd(t, "lay Ann 5C onto 2").Layoffs},
			"out Bob; meld Ann 7H 8H 9H; meld Bob 2C 3C 4C; lay Bob 10H onto 1; lay Ann 5C onto 2; hand Ann QD; hand Cy QH", ""},
		{"a new player out drops their hand",
			Patch{Out: ptr("Cy"), Hands: rd(t, "hand Bob 2D").Hands},
			"out Cy; meld Ann 7H 8H 9H; meld Ann KS KD KC; meld Bob 2C 3C 4C; lay Bob 10H onto 1; lay Ann 5C onto 3; hand Ann QD; hand Bob 2D", ""},
		{"points for a hand",
			Patch{Hands: []referee.Hand{{Player: "Cy", Points: 7, ByPoints: true}}},
			"out Bob; meld Ann 7H 8H 9H; meld Ann KS KD KC; meld Bob 2C 3C 4C; lay Bob 10H onto 1; lay Ann 5C onto 3; hand Ann QD; points Cy 7", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.patch.Apply(base)
			if tc.want == "" {
				// Ann's second meld goes, and a kept lay-off was onto it.
				r := base
				r.Layoffs = append(r.Layoffs, referee.Layoff{Player: "Cy", Cards: rd(t, "hand Cy KH").Hands[0].Cards, Onto: 2})
				_, err = tc.patch.Apply(r)
				tc.err = "Cy's lay-off of KH was onto meld 2 (Ann's), which the edit takes away"
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := rd(t, tc.want); !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
