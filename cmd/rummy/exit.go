package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rummy-referee/rummy/scoresheets"
)

// outcome is what a command came to. Its exit status comes from
// exitStatus alone (STYLE.md 16), as diff and grep give theirs.
type outcome int

const (
	done        outcome = iota + 1 // done, or the rules say yes
	ruleSaysNo                     // judged, and the rules say no: an invalid meld, a rejected round, a refused change
	cannotJudge                    // bad input, flag, file or command: nothing judged, nothing written
)

// exitStatus is the one map from outcomes to exit statuses.
func exitStatus(o outcome) int {
	switch o {
	case done:
		return 0
	case ruleSaysNo:
		return 1
	}
	return 2 // cannotJudge, and anything not known to be a judgement
}

// failure is an error that knows its outcome; its message goes to stderr.
type failure struct {
	outcome outcome
	msg     string
}

func (f *failure) Error() string { return f.msg }

// cannot returns an error that means rummy could not judge.
func cannot(format string, args ...any) error {
	return &failure{outcome: cannotJudge, msg: fmt.Sprintf(format, args...)}
}

// refuse returns an error that means the rules say no.
func refuse(format string, args ...any) error {
	return &failure{outcome: ruleSaysNo, msg: fmt.Sprintf(format, args...)}
}

// ruleNo is returned when the verdict saying why is already written.
var ruleNo = &failure{outcome: ruleSaysNo}

// outcomeOf says what a command's error means: nil is done, a refusal of
// the rules or a finished match says no, and anything else (a library's
// error included) is a failure to judge.
func outcomeOf(err error) outcome {
	var f *failure
	switch {
	case err == nil:
		return done
	case errors.As(err, &f):
		return f.outcome
	case errors.Is(err, scoresheets.ErrFinished):
		return ruleSaysNo
	}
	return cannotJudge
}

// exitHelp is the paragraph of a command's help that lists the statuses it
// can return: yes says what 0 means, no what 1 means ("" when the command
// never says no), and cant what 2 means.
func exitHelp(yes, no, cant string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Exit status: %d %s", exitStatus(done), yes)
	if no != "" {
		fmt.Fprintf(&b, "; %d %s", exitStatus(ruleSaysNo), no)
	}
	fmt.Fprintf(&b, "; %d %s.", exitStatus(cannotJudge), cant)
	return strings.TrimSuffix(wrap(b.String(), "", ""), "\n")
}
