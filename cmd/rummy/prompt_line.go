package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// linePrompter asks on stderr and reads one answer a line from stdin: the
// prompter of a pipe or a file (`rummy play < answers.txt`), and of a
// terminal whose stderr is not one. It reads no further than the answer it
// needs.
type linePrompter struct {
	ctx  context.Context // done: ask nothing more
	in   *bufio.Reader
	err  io.Writer
	echo bool // write each answer after its prompt, so a log reads as a dialogue
	// strict stops at the first refused answer (a *badAnswer): from a
	// pipe or a file nobody can correct one, and asking again would give
	// the next line, meant for the next question, to this one.
	strict bool
	lines  int    // the lines read so far: the last answer's line number
	last   string // the last question asked
	answer string // its answer
}

func newLinePrompter(ctx context.Context, st *streams) *linePrompter {
	return &linePrompter{ctx: ctx, in: bufio.NewReader(st.In), err: st.Err, echo: !st.inTTY, strict: !st.inTTY}
}

// badAnswer is an answer refused where it cannot be asked again: the input
// line, the question and why.
type badAnswer struct {
	line     int
	question string
	answer   string
	why      string
}

func (e *badAnswer) Error() string {
	return fmt.Sprintf("input line %d: %q, the answer to %q, is refused: %s", e.line, e.answer, e.question, e.why)
}

// refused returns the *badAnswer of the last answer, or nil where the
// question can be asked again.
func (p *linePrompter) refused(why string) error {
	if !p.strict {
		return nil
	}
	return &badAnswer{line: p.lines, question: p.last, answer: p.answer, why: why}
}

// line reads the next answer. At the end of the input it returns a
// *noAnswer naming the question.
func (p *linePrompter) line(question string) (string, error) {
	p.last = question
	if err := interrupted(p.ctx, question); err != nil {
		return "", err
	}
	s, err := p.in.ReadString('\n')
	if s != "" {
		p.lines++
	}
	if err != nil && (!errors.Is(err, io.EOF) || s == "") {
		why := "the input ended"
		if !errors.Is(err, io.EOF) {
			why = err.Error()
		}
		if p.echo {
			fmt.Fprintln(p.err)
		}
		return "", &noAnswer{question: question, why: why}
	}
	s = strings.TrimSpace(s)
	p.answer = s
	if p.echo {
		fmt.Fprintln(p.err, s)
	}
	return s, nil
}

func (p *linePrompter) Ask(label, def string) (string, error) {
	if def != "" {
		fmt.Fprintf(p.err, "%s [%s]: ", label, def)
	} else {
		fmt.Fprintf(p.err, "%s: ", label)
	}
	s, err := p.line(label)
	if s == "" {
		s = def
	}
	return s, err
}

func (p *linePrompter) Choose(label string, items []string, def int) (int, error) {
	fmt.Fprintln(p.err, label)
	for i, it := range items {
		fmt.Fprintf(p.err, "  %d) %s\n", i+1, it)
	}
	for {
		if def >= 0 {
			fmt.Fprintf(p.err, "choose 1-%d [%d]: ", len(items), def+1)
		} else {
			fmt.Fprintf(p.err, "choose 1-%d: ", len(items))
		}
		s, err := p.line(label)
		if err != nil {
			return 0, err
		}
		if s == "" && def >= 0 {
			return def, nil
		}
		if i, ok := pick(s, items); ok {
			return i, nil
		}
		if err := p.refused(fmt.Sprintf("not one of %d choices (give its number, 1 to %d, or the start of its name)", len(items), len(items))); err != nil {
			return 0, err
		}
		fmt.Fprintf(p.err, "%q is not one of these: give its number, or the start of its name\n", s)

	}
}

func (p *linePrompter) Say(format string, args ...any) {
	fmt.Fprintf(p.err, format+"\n", args...)
}
