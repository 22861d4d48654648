package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestPick(t *testing.T) {
	items := []string{"Ann", "Anna", "Bob", "stalemate: the stock ran out", "2"}
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"Ann", 0, true},  // exact, though also the start of Anna
		{"anna", 1, true}, // case does not matter
		{"b", 2, true},
		{"stale", 3, true},
		{"2", 4, true}, // an item's text beats a number
		{"3", 2, true},
		{"6", 0, false},
		{"0", 0, false},
		{"an", 0, false}, // Ann or Anna
		{"", 0, false},
		{"zed", 0, false},
	} {
		got, ok := pick(tc.in, items)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("pick(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func newTestLinePrompter(in string) (*linePrompter, *bytes.Buffer) {
	var errb bytes.Buffer
	return newLinePrompter(context.Background(), &streams{In: strings.NewReader(in), Err: &errb}), &errb
}

func TestLinePrompter(t *testing.T) {
	p, errb := newTestLinePrompter("  Ann,Bob  \n\nmaybe\n7\nn\r\nlast")
	p.strict = false // a person typing at a terminal whose stderr is not one
	if got, err := p.Ask("Players", "Cy,Dee"); got != "Ann,Bob" || err != nil {
		t.Errorf("Ask = %q, %v; want the answer trimmed", got, err)
	}
	if got, err := p.Ask("Target", "150"); got != "150" || err != nil {
		t.Errorf("Ask of an empty line = %q, %v; want the default", got, err)
	}
	// A wrong choice is asked again, in the prompter.
	if got, err := p.Choose("Go on?", []string{"yes", "no"}, 0); got != 1 || err != nil {
		t.Errorf("Choose = %d, %v; want 1 (no) after two wrong answers", got, err)
	}
	// The last line needs no newline.
	if got, err := p.Ask("Meld", ""); got != "last" || err != nil {
		t.Errorf("Ask = %q, %v", got, err)
	}
	_, err := p.Choose("Who went out?", []string{"Ann", "Bob"}, -1)
	var na *noAnswer
	if !errors.As(err, &na) || na.question != "Who went out?" || na.why != "the input ended" {
		t.Errorf("Choose at the end of the input: %v; want a noAnswer naming the question", err)
	}
	want := "Players [Cy,Dee]: Ann,Bob\n" +
		"Target [150]: \n" +
		"Go on?\n  1) yes\n  2) no\n" +
		"choose 1-2 [1]: maybe\n" + `"maybe" is not one of these: give its number, or the start of its name` + "\n" +
		"choose 1-2 [1]: 7\n" + `"7" is not one of these: give its number, or the start of its name` + "\n" +
		"choose 1-2 [1]: n\n" +
		"Meld: last\n" +
		"Who went out?\n  1) Ann\n  2) Bob\nchoose 1-2: \n"
	if got := errb.String(); got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
}

// From a pipe or a file a refused answer stops at once, naming its line:
// asking again would read the next line, meant for the next question.
func TestLinePrompterStrict(t *testing.T) {
	p, _ := newTestLinePrompter("Ann\n\nmaybe\nno\n")
	if _, err := p.Ask("Players", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Ask("Target", "150"); err != nil {
		t.Fatal(err)
	}
	_, err := p.Choose("Go on?", []string{"yes", "no"}, 0)
	var ba *badAnswer
	if !errors.As(err, &ba) || ba.line != 3 || ba.question != "Go on?" || ba.answer != "maybe" {
		t.Fatalf("Choose of a wrong answer: %v; want a badAnswer at line 3", err)
	}
	if want := `input line 3: "maybe", the answer to "Go on?", is refused: not one of 2 choices`; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q, want it to start %q", err, want)
	}
}

func TestNoBell(t *testing.T) {
	var b bytes.Buffer
	w := noBell{&b}
	for _, s := range []string{"\a", "a\ab\a", "plain"} {
		if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
			t.Errorf("Write(%q) = %d, %v; want %d, nil", s, n, err, len(s))
		}
	}
	if got := b.String(); got != "abplain" {
		t.Errorf("wrote %q, want the bells left out", got)
	}
}

func TestNewPrompter(t *testing.T) {
	env := map[string]string{}
	st := &streams{In: strings.NewReader(""), Err: &bytes.Buffer{}, getenv: func(k string) string { return env[k] }}
	if _, ok := newPrompter(context.Background(), st, true, false).(refusePrompter); !ok {
		t.Error("--no-input: want the refusal")
	}
	env["CI"] = "true"
	if _, ok := newPrompter(context.Background(), st, false, false).(refusePrompter); !ok {
		t.Error("CI=true: want the refusal")
	}
	env["CI"] = "false"
	if _, ok := newPrompter(context.Background(), st, false, false).(*linePrompter); !ok {
		t.Error("CI=false, not a terminal: want the line reader")
	}
	st.inTTY = true
	if _, ok := newPrompter(context.Background(), st, false, false).(*linePrompter); !ok {
		t.Error("stdin a terminal, stderr not: want the line reader")
	}
	st.errTTY = true
	if _, ok := newPrompter(context.Background(), st, false, false).(*promptuiPrompter); !ok {
		t.Error("stdin and stderr terminals: want promptui")
	}
}
