package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"

	"github.com/manifoldco/promptui"
)

// promptuiPrompter asks with promptui on a terminal. promptui v0.9.0 is
// unmaintained; its known faults are contained here: it would draw on
// stdout, so it draws on stderr; Select rings the bell on every arrow key,
// so the bell is filtered out; on a pipe it loses every answer but the
// first, so newPrompter uses it only when stdin and stderr are terminals;
// and its cursor code races, so the tests that drive it run a built binary
// under a pseudo-terminal, outside the -race run (play_pty_test.go).
type promptuiPrompter struct {
	ctx    context.Context // done: ask nothing more
	in     io.ReadCloser
	out    noBell
	prompt promptui.PromptTemplates
	menu   promptui.SelectTemplates
}

func newPromptuiPrompter(ctx context.Context, st *streams, colour bool) *promptuiPrompter {
	funcs := promptui.FuncMap
	if !colour {
		// Same names, no escape codes: promptui's templates call them.
		funcs = template.FuncMap{}
		for name := range promptui.FuncMap {
			funcs[name] = func(v any) string { return fmt.Sprint(v) }
		}
	}
	ask := `{{ "?" | blue }} {{ . | bold }}: `
	return &promptuiPrompter{
		ctx: ctx,
		in:  io.NopCloser(st.In), // promptui closes its input after each question
		out: noBell{st.Err},
		prompt: promptui.PromptTemplates{
			Prompt: ask, Valid: ask, Invalid: ask,
			Success:         `{{ . | faint }}: `,
			ValidationError: `{{ . | red }}`,
			FuncMap:         funcs,
		},
		menu: promptui.SelectTemplates{
			Label:    `{{ "?" | blue }} {{ . | bold }}`,
			Active:   `{{ ">" | cyan }} {{ . | cyan }}`,
			Inactive: `  {{ . }}`,
			Selected: `{{ . }}`,
			Help:     `{{ "(arrows, or type its number; enter to choose)" | faint }}`,
			FuncMap:  funcs,
		},
	}
}

func (p *promptuiPrompter) Ask(label, def string) (string, error) {
	if err := interrupted(p.ctx, label); err != nil {
		return "", err
	}
	tpl := p.prompt // promptui writes its parsed templates into the struct
	q := promptui.Prompt{Label: label, Default: def, AllowEdit: true, Templates: &tpl, Stdin: p.in, Stdout: p.out}
	s, err := q.Run()
	if err != nil {
		return "", promptuiError(label, err)
	}
	if s = strings.TrimSpace(s); s == "" {
		s = def
	}
	return s, nil
}

// Retry asks label again with the refused answer typed in the field, for
// the person to correct rather than type again. An emptied field is "".
func (p *promptuiPrompter) Retry(label, typed string) (string, error) {
	if err := interrupted(p.ctx, label); err != nil {
		return "", err
	}
	tpl := p.prompt
	q := promptui.Prompt{Label: label, Default: typed, AllowEdit: true, Templates: &tpl, Stdin: p.in, Stdout: p.out}
	s, err := q.Run()
	if err != nil {
		return "", promptuiError(label, err)
	}
	return strings.TrimSpace(s), nil
}

func (p *promptuiPrompter) Choose(label string, items []string, def int) (int, error) {
	if err := interrupted(p.ctx, label); err != nil {
		return 0, err
	}
	tpl := p.menu
	numbered := make([]string, len(items))
	for i, it := range items {
		numbered[i] = fmt.Sprintf("%d) %s", i+1, it)
	}
	sel := promptui.Select{
		Label: label, Items: numbered, Size: min(len(items), 12), CursorPos: max(def, 0),
		Templates: &tpl, HideSelected: true, Stdin: p.in, Stdout: p.out,
		// Typing an item's number (or the start of its text) picks it out,
		// as the line reader takes it; the arrows still move. promptui's
		// search starts at the first item, so a menu whose default is
		// another starts with the arrows, and / searches.
		Searcher:          menuSearcher(items),
		StartInSearchMode: def <= 0,
	}
	i, _, err := sel.Run()
	if err != nil {
		return 0, promptuiError(label, err)
	}
	// HideSelected clears the menu; leave the question and its answer.
	faint := p.menu.FuncMap["faint"].(func(any) string)
	fmt.Fprintf(p.out, "%s %s\n", faint(label+":"), items[i])
	return i, nil
}

func (p *promptuiPrompter) Say(format string, args ...any) {
	fmt.Fprintf(p.out, format+"\n", args...)
}

func promptuiError(label string, err error) error {
	switch {
	case errors.Is(err, promptui.ErrInterrupt):
		return &noAnswer{question: label, why: "interrupted"}
	case errors.Is(err, promptui.ErrEOF), errors.Is(err, io.EOF):
		return &noAnswer{question: label, why: "the input ended"}
	}
	return &noAnswer{question: label, why: err.Error()}
}

// noBell writes to w without the bell (\a) promptui's Select rings on
// every arrow key. promptui wants a WriteCloser; closing it leaves w open.
type noBell struct{ w io.Writer }

func (n noBell) Write(b []byte) (int, error) {
	if bytes.IndexByte(b, '\a') < 0 {
		return n.w.Write(b)
	}
	if _, err := n.w.Write(bytes.ReplaceAll(b, []byte{'\a'}, nil)); err != nil {
		return 0, err
	}
	return len(b), nil
}

func (noBell) Close() error { return nil }

// menuSearcher keeps the items a typed answer picks: the item of that
// number, else those whose text starts with it, ignoring case.
func menuSearcher(items []string) func(input string, index int) bool {
	return func(input string, index int) bool {
		in := strings.ToLower(strings.TrimSpace(input))
		if in == "" {
			return true
		}
		if n, err := strconv.Atoi(in); err == nil {
			return n == index+1
		}
		return strings.HasPrefix(strings.ToLower(items[index]), in)
	}
}
