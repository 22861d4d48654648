package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// prompter asks the people at the table for what a command needs
// (STYLE.md 5). Questions, menus and remarks go to stderr; stdout stays for
// data. Three kinds answer to it, picked by newPrompter:
//
//   - promptui, when stdin and stderr are terminals (prompt_promptui.go);
//   - a line reader, when stdin is a pipe or a file: one answer a line, the
//     same questions in the same order, so `rummy play < answers.txt`
//     records a match exactly (prompt_line.go);
//   - a refusal, under --no-input or CI=true, which fails at the first
//     question (prompt_refuse.go).
//
// A prompter only asks: judging an answer, and asking again when it is
// wrong, is the caller's, so every kind asks the same questions.
type prompter interface {
	// Ask asks for one line of text and returns it trimmed of spaces; an
	// empty answer means def.
	Ask(label, def string) (string, error)
	// Choose offers items and returns the index of the one chosen. def is
	// the index an empty answer picks, or -1 when an answer is needed.
	Choose(label string, items []string, def int) (int, error)
	// Say tells the table something between questions: a verdict, a
	// summary. It ends the line itself.
	Say(format string, args ...any)
}

// noAnswer is the error of a question left without an answer: the input
// ended, or the person interrupted.
type noAnswer struct {
	question string
	why      string // "the input ended"
}

// interrupted is the *noAnswer of a question not asked because ctx is done
// (the command was interrupted), or nil.
func interrupted(ctx context.Context, question string) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return &noAnswer{question: question, why: "interrupted"}
}

func (e *noAnswer) Error() string {
	return fmt.Sprintf("no answer to %q: %s", e.question, e.why)
}

// newPrompter picks how to ask: never under --no-input or CI=true, with
// promptui when both stdin and stderr are terminals (promptui on a pipe
// loses every answer but the first), and line by line otherwise. colour
// says whether promptui may colour its prompts.
func newPrompter(ctx context.Context, io *streams, noInput bool, colour bool) prompter {
	if noInput {
		return refusePrompter{io: io, why: "--no-input"}
	}
	if ci, err := strconv.ParseBool(io.getenv("CI")); err == nil && ci {
		return refusePrompter{io: io, why: "CI=" + io.getenv("CI")}
	}
	if io.inTTY && io.errTTY {
		return newPromptuiPrompter(ctx, io, colour)
	}
	return newLinePrompter(ctx, io)
}

// promptColour reports whether prompts on stderr may be coloured: not
// under NO_COLOR, color never or TERM=dumb.
func promptColour(io *streams, s settings) bool {
	return io.getenv("NO_COLOR") == "" && s.Color != "never" && io.getenv("TERM") != "dumb"
}

// yesNo asks a question answered yes or no, as a choice of the two.
func yesNo(p prompter, label string, def bool) (bool, error) {
	d := 1
	if def {
		d = 0
	}
	i, err := p.Choose(label, []string{"yes", "no"}, d)
	return i == 0, err
}

// pick finds a typed answer among items: an item's text, ignoring case;
// else its number, counting from 1; else the start of exactly one item
// ("undo" for "undo the last round", "y" for "yes").
func pick(answer string, items []string) (int, bool) {
	a := strings.ToLower(strings.TrimSpace(answer))
	if a == "" {
		return 0, false
	}
	for i, it := range items {
		if strings.ToLower(it) == a {
			return i, true
		}
	}
	if n, err := strconv.Atoi(a); err == nil {
		return n - 1, n >= 1 && n <= len(items)
	}
	found := -1
	for i, it := range items {
		if strings.HasPrefix(strings.ToLower(it), a) {
			if found >= 0 {
				return 0, false
			}
			found = i
		}
	}
	return found, found >= 0
}
