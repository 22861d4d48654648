package yamlfile

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

var lim = Limits{What: "a test file", Size: 16 << 20, Depth: 6, Nodes: 200_000}

func got(n *yaml.Node) string { return n.ShortTag() + " " + n.Value }

func parseErr(t *testing.T, src string) *Error {
	t.Helper()
	_, err := Parse([]byte(src), lim)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse(%q) = %v, want an *Error", src, err)
	}
	return e
}

// Lines count from 1 at the fault, for the parser's errors (which
// go.yaml.in/yaml/v3 counts from 0) and the scanner's alike.
func TestErrorLines(t *testing.T) {
	for _, tt := range []struct {
		src  string
		line int
		msg  string
	}{
		{"a: 1\nb:\n  c: 2\n d: 3\n", 4, `this line is indented more than the key "b" above it (line 2): keys of one mapping line up`},
		{"a: 1\nb: [1, 2\nc: 3\n", 2, "the list that starts here ([) is not closed with ]"},
		{"a: 1\nb: {x: 1\n", 2, "the mapping that starts here ({) is not closed with }"},
		{"a: 1\nb: \"open\n", 2, `the value in quotes that starts here is not closed with "`},
		{"a: 1\n\tb: 2\n", 2, "a tab in the indentation: indent with spaces"},
		{"a: 1\n  b: 2\n", 2, "a key inside a value: this line goes on the value of line 1; indent it as a key of its own, or quote the value"},
		{"a: 1\nb: c: 2\n", 2, `a key inside a value: put the mapping on the lines below "b", indented, or in braces {}`},
		{"a: 1\nb\n", 2, `want a key (name: value), got "b" without a colon`},
		{"a:\n  - 1\n  x: 2\n", 3, `this line is indented more than the key "a" above it (line 1): keys of one mapping line up`},
		{"a: 1\n? b\n", 2, "complex keys (?) are not allowed: write name: value"},
		{"a: 1\nb: {?}\n", 2, "complex keys (?) are not allowed: write name: value"},
		{"a: {{}}\n", 1, "a list or mapping as a key is not allowed: keys are plain names"},
		{"a: {x, [1]}\n", 1, "a list or mapping as a key is not allowed: keys are plain names"},
		{"a: [1, ?]\n", 1, "complex keys (?) are not allowed: write name: value"},
		{"%YAML 1.2\na: 1\n", 1, "directives (%YAML) are not allowed: remove the line"},
		{"a: \"\\q\"\n", 1, `unknown escape \q in a value in double quotes`},
		{"a: 1\nb: &x 2\n", 2, "anchors are not allowed (&x): write the value out"},
		{"a: 1\nb: *x\n", 2, "aliases are not allowed (*x): write the value out"},
		{"a: 1\nb: !!int 2\n", 2, "tags are not allowed (!!int): write the plain value"},
		{"a: 1\n---\nb: 2\n", 2, "more than one document: a test file holds one"},
		{"a: caf\xe9\n", 1, "not UTF-8 text (byte 0xe9)"},
		{"a: 1\nb: x\x00\n", 2, "holds a NUL byte: not a text file"},
		{"a: 1\nb: 0\u0085\n", 2, `holds the invisible line separator U+0085: delete it, or write it as "\u0085" in double quotes`},
		{"a: 'x\u2028y'\n", 1, `holds the invisible line separator U+2028: delete it, or write it as "\u2028" in double quotes`},
		{"a: [[[[[[[1]]]]]]]\n", 1, "nested deeper than any key of a test file"},
	} {
		e := parseErr(t, tt.src)
		if e.Line != tt.line || e.Msg != tt.msg {
			t.Errorf("Parse(%q) = line %d %q, want line %d %q", tt.src, e.Line, e.Msg, tt.line, tt.msg)
		}
	}
	for _, src := range []string{"", "# only a comment\n", "---\n", "~\n"} {
		if _, err := Parse([]byte(src), lim); !errors.Is(err, ErrEmpty) {
			t.Errorf("Parse(%q) = %v, want ErrEmpty", src, err)
		}
	}
}

// Integers in plain decimal only, and true/false only, with the reason.
func TestIntAndBool(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want int64
		msg  string
	}{
		{"0", 0, ""}, {"150", 150, ""}, {"-12", -12, ""},
		{"0100", 0, "0100 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"0x10", 0, "0x10 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"0o10", 0, "0o10 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"0b10", 0, "0b10 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"1_0", 0, "1_0 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"+1", 0, "+1 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"-01", 0, "-01 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)"},
		{"1.5", 0, "1.5 is not a whole number"},
		{"1e3", 0, "1e3 is not a whole number"},
		{"1001", 0, "1001 is out of range (-1000 to 1000)"},
		{"99999999999999999999", 0, "99999999999999999999 is out of range (-1000 to 1000)"},
		{`"12"`, 0, "want a number, got !!str 12"},
		{"twelve", 0, "want a number, got !!str twelve"},
	} {
		n := scalar(t, tt.src)
		x, msg := Int(n, -1000, 1000, "a number", got)
		if x != tt.want || msg != tt.msg {
			t.Errorf("Int(%s) = %d, %q; want %d, %q", tt.src, x, msg, tt.want, tt.msg)
		}
	}
	for _, tt := range []struct {
		src  string
		want bool
		msg  string
	}{
		{"true", true, ""}, {"false", false, ""}, {"True", true, ""}, {"FALSE", false, ""},
		{"yes", false, "yes is not a bool here: write true or false"},
		{"Off", false, "Off is not a bool here: write true or false"},
		{"y", false, "y is not a bool here: write true or false"},
		{"1", false, "want true or false, got !!int 1"},
		{`"true"`, false, "want true or false, got !!str true"},
	} {
		b, msg := Bool(scalar(t, tt.src), got)
		if b != tt.want || msg != tt.msg {
			t.Errorf("Bool(%s) = %v, %q; want %v, %q", tt.src, b, msg, tt.want, tt.msg)
		}
	}
}

func scalar(t *testing.T, src string) *yaml.Node {
	t.Helper()
	root, err := Parse([]byte("k: "+src+"\n"), lim)
	if err != nil {
		t.Fatal(err)
	}
	return root.Content[1]
}

// A hostile 16 MiB file, one long flow list, is refused before the YAML
// parser builds its tree: within 0.5 s and 200 MB of allocations.
func TestHostile16MiB(t *testing.T) {
	for name, src := range map[string][]byte{
		"flow list":   []byte("a: [" + strings.Repeat("1,", 8<<20-4) + "1]\n"),
		"block list":  []byte("a:\n" + strings.Repeat("- 1\n", 4<<20-1)),
		"deep lists":  []byte("a: " + strings.Repeat("[", 16<<20-4) + "\n"),
		"many keys":   []byte(strings.Repeat("k: v\n", 16<<20/5)),
		"sparse list": []byte("a: [" + strings.Repeat("11111111, ", 16<<20/10-1) + "1]\n"),
		"few keys":    []byte(strings.Repeat("kkkkkkkkkkkkkkkkkkkkkkkkkkk: vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\n", 16<<20/70)),
	} {
		if len(src) > 16<<20 {
			t.Fatalf("%s: %d bytes", name, len(src))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		// The best of three: the time a refusal takes, not a busy
		// machine's pause.
		var err error
		took, runs := time.Duration(1<<62), uint64(0)
		for range 3 {
			runs++
			start := time.Now()
			_, err = Parse(src, lim)
			took = min(took, time.Since(start))
			if took < 500*time.Millisecond {
				break
			}
		}
		runtime.ReadMemStats(&after)
		var e *Error
		if !errors.As(err, &e) || e.Line == 0 {
			t.Errorf("%s: got %v, want a refusal with a line", name, err)
		}
		if alloc := (after.TotalAlloc - before.TotalAlloc) / runs; alloc > 200<<20 {
			t.Errorf("%s: refused after allocating %d MB", name, alloc>>20)
		}
		if took > 500*time.Millisecond && !raceEnabled {
			t.Errorf("%s: refused after %v", name, took)
		}
		t.Logf("%s: %v, %s", name, took, e)
	}
}

// Plain scalars get the tags go.yaml.in/yaml/v3 gives them, numbers in
// every form included (the reader's shortcut for plain decimals among
// them), in block and flow context.
func TestScalarTags(t *testing.T) {
	for _, v := range []string{
		"0", "-0", "7", "-12", "150", "08", "010", "0x1F", "0o17", "0b101", "1_000", "+5", "--1", "-x", "1-2",
		"123456789012345678", "-123456789012345678", "1234567890123456789", "9223372036854775807",
		"9223372036854775808", "18446744073709551615", "18446744073709551616", "1.5", "1e3", ".5", "-.inf",
		"2026-03-01", "2026-03-01T19:30:00Z", "Ann", "7H 8H", "true", "True", "null", "~", "yes", "a:b", "x#y",
	} {
		readsAsYAMLDoes(t, "k: "+v+"\n")
		readsAsYAMLDoes(t, "k: ["+v+"]\n")
	}
}

// TestReadsAsYAMLDoes holds corners FuzzParse found to go.yaml.in/yaml/v3:
// a line whose first text is a comment ends a plain scalar, whatever spaces
// or tabs come before the # ("00\n\t#" was read as the string "00 "); and
// an escaped space or tab before a line break in double quotes stays
// ("\\ \n" lost it to the trimming of trailing spaces); a blank line
// after an escaped line break is a line break; a number too large for a
// float is text; after a dot, a float is what Go reads as one; 0b and 0o
// take a sign after the prefix.
func TestReadsAsYAMLDoes(t *testing.T) {
	for _, doc := range []string{
		"\"\\ \n\"",
		"\"\\\n\n\"",
		"k: \"a\\\n\n\n  b\"\n",
		"k: \"a\\t\n  b\"\n",
		"k: \"a \\  \n\n  b\"\n",
		"00\n\t#",
		"00\n\t# c\n",
		"k: 7\n \t# c\n",
		"k: 7\n  # c\n",
		"- 12\n \t #\n",
		"1e400\n",
		"k: -1e400\n",
		"k: 0" + strings.Repeat("5", 400) + "\n",
		".0_\n",
		"k: [.5, .5e3, ._5]\n",
		"k: [0b+0, 0b+1_0, -0b-1, -0b101, 0o+7, -0o17, 0o-1, 0b2]\n",
	} {
		readsAsYAMLDoes(t, doc)
	}
}

// readsAsYAMLDoes checks that Parse reads doc as go.yaml.in/yaml/v3 does.
func readsAsYAMLDoes(t *testing.T, doc string) {
	t.Helper()
	var want yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &want); err != nil {
		t.Fatalf("%q: %v", doc, err)
	}
	got, err := Parse([]byte(doc), Limits{What: "a test", Size: 1 << 10, Depth: 4, Nodes: 16})
	if err != nil {
		t.Errorf("%q: %v", doc, err)
		return
	}
	if msg := same(got, want.Content[0]); msg != "" {
		t.Errorf("%q: %s", doc, msg)
	}
}

// TestEmitReadsBack: what Emit writes, Parse reads back the same, for the
// values FuzzParse found it writing wrong: text that starts like a
// document marker (" ..." was written plain at the start of a line, where
// it ends the document).
func TestEmitReadsBack(t *testing.T) {
	for _, doc := range []string{" ...", "'---'", "--- x", "k: ...x\n", "- '...'\n- '--- '\n"} {
		n, err := Parse([]byte(doc), Limits{What: "a test", Size: 1 << 10, Depth: 4, Nodes: 16})
		if err != nil {
			t.Errorf("%q: %v", doc, err)
			continue
		}
		out := Emit(n)
		again, err := Parse(out, Limits{What: "a test", Size: 1 << 10, Depth: 4, Nodes: 16})
		if err != nil {
			t.Errorf("%q: Emit wrote %q, which Parse refuses: %v", doc, out, err)
			continue
		}
		if msg := same(again, n); msg != "" {
			t.Errorf("%q: Emit wrote %q, read otherwise: %s", doc, out, msg)
		}
	}
}
