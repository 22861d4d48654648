package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/rummy-referee/rummy/scoresheets"
)

// The exit statuses the README and every --help promise: swapping any two
// makes this fail.
func TestExitStatus(t *testing.T) {
	for _, c := range []struct {
		o    outcome
		want int
	}{
		{done, 0},
		{ruleSaysNo, 1},
		{cannotJudge, 2},
		{outcome(0), 2}, // an outcome nobody set is no judgement
	} {
		if got := exitStatus(c.o); got != c.want {
			t.Errorf("exitStatus(%d) = %d, want %d", c.o, got, c.want)
		}
	}
}

func TestOutcomeOf(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want outcome
	}{
		{"nil", nil, done},
		{"verdict written", ruleNo, ruleSaysNo},
		{"refusal", refuse("the match is over"), ruleSaysNo},
		{"wrapped refusal", fmt.Errorf("match round: %w", refuse("no")), ruleSaysNo},
		{"finished match", fmt.Errorf("%w: round 3 was the last", scoresheets.ErrFinished), ruleSaysNo},
		{"bad input", cannot("bad card"), cannotJudge},
		{"library error", errors.New(`strconv.Atoi: parsing "x": invalid syntax`), cannotJudge},
	} {
		if got := outcomeOf(c.err); got != c.want {
			t.Errorf("%s: outcomeOf(%v) = %d, want %d", c.name, c.err, got, c.want)
		}
	}
}

func TestExitHelp(t *testing.T) {
	got := exitHelp("when done", "when the rules refuse it", "when the input cannot be read")
	want := "Exit status: 0 when done; 1 when the rules refuse it; 2 when the input cannot\nbe read."
	if got != want {
		t.Errorf("exitHelp:\n got %q\nwant %q", got, want)
	}
}
