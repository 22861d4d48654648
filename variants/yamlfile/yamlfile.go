// Package yamlfile is the one strict YAML reader of rummy's files: variant
// files and match files both come through Parse, and their values through
// Int and Bool.
//
// It decodes into a yaml.Node tree, never into Go values, so every value
// keeps its line. Before the tree is built, the text is checked against
// Limits (size, nesting, how many values it can hold), so a hostile file is
// refused in the time it takes to read its bytes. Anchors, aliases, tags and
// more than one document are refused, and line numbers count from 1 at the
// fault (the YAML parser's own errors count some lines from 0: they are
// corrected here).
//
// It is not a schema: a caller walks the tree and decides what each key
// means.
package yamlfile

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Limits bound what Parse reads. What names the kind of file in messages
// ("a variant file").
type Limits struct {
	What  string
	Size  int // bytes
	Depth int // nesting: a scalar at the top is 1, a key's value in the top mapping 2
	// Nodes bounds the values (scalars, lists and mappings, counting
	// keys) kept in the tree at once: list items that ParseStream hands
	// over and drops do not count. The bytes that may start a value are
	// bounded to 8 times as many, before anything is parsed.
	Nodes int
}

// Error is a problem that stops a file from being read: Line is where
// (from 1; 0 when it concerns the whole file).
type Error struct {
	Line int
	Msg  string
	err  error // ErrEmpty, ErrNotText or nil
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.err }

// ErrEmpty marks a file with no document, or only a null one.
var ErrEmpty = errors.New("empty file")

// ErrNotText marks a file that is not UTF-8 text, or holds a NUL byte.
var ErrNotText = errors.New("not a text file")

func errorAt(line int, format string, args ...any) *Error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Parse reads data as one YAML document and returns its root node. The
// error, when there is one, is an *Error; errors.Is(err, ErrEmpty) for a
// file that holds nothing.
func Parse(data []byte, lim Limits) (*yaml.Node, error) { return ParseStream(data, lim, nil) }

// ParseStream reads data as Parse does, and hands each item of a block
// list that is the value of a top-level key to stream, as soon as it is
// read, with the top-level mapping as far as it is read (the keys before
// this one), the key and the item's index from 0. When stream returns
// false the item is not kept in the tree (the list's node has only the
// items kept) and its nodes are reused: stream must keep no pointer into
// it. So a match file's thousands of rounds are read with the memory of
// one.
func ParseStream(data []byte, lim Limits, stream func(top *yaml.Node, key string, i int, item *yaml.Node) bool) (*yaml.Node, error) {
	if err := prescan(data, lim); err != nil {
		return nil, err
	}
	root, err := parse(data, lim, stream)
	if err != nil {
		return nil, err
	}
	if root == nil || root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, &Error{Msg: "empty file", err: ErrEmpty}
	}
	return root, nil
}

func joinComments(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}

// prescan checks data as bytes, before the YAML parser sees it: its size,
// that it is UTF-8 text without NUL, how deep its brackets and indentation
// nest, and how many values it could hold. Each count may only be too
// high (a bracket or comma in a string counts too), never too low, so what
// passes is bounded and scan gives the exact verdict on what is left.
func prescan(data []byte, lim Limits) *Error {
	if len(data) > lim.Size {
		return errorAt(0, "too large for %s (more than %s)", lim.What, size(lim.Size))
	}
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		e := errorAt(1+bytes.Count(data[:i], []byte("\n")), "not UTF-8 text (byte 0x%02x)", data[i])
		e.err = ErrNotText
		return e
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		e := errorAt(1+bytes.Count(data[:i], []byte("\n")), "holds a NUL byte: not a text file")
		e.err = ErrNotText
		return e
	}
	// U+0085, U+2028 and U+2029 end a line for some YAML readers and not
	// for others, and show as nothing: a file holds them only escaped in
	// double quotes ("\u2028"), as rummy writes them.
	for _, sep := range []string{"\u0085", "\u2028", "\u2029"} {
		if i := bytes.Index(data, []byte(sep)); i >= 0 {
			return errorAt(1+bytes.Count(data[:i], []byte("\n")), "holds the invisible line separator U+%04X: delete it, or write it as \"\\u%04X\" in double quotes", []rune(sep)[0], []rune(sep)[0])
		}
	}
	for i := bytes.IndexByte(data, '\r'); i >= 0; {
		if i+1 == len(data) || data[i+1] != '\n' {
			return errorAt(1+bytes.Count(data[:i], []byte("\n")), "a carriage return without a line feed: save the file with Unix (LF) or Windows (CRLF) line ends")
		}
		j := bytes.IndexByte(data[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	// Each line break, comma, colon, dash and bracket may start a value:
	// more than 8 times the values kept at once is more than a file of
	// streamed lists holds (a round of a match file is 48 values and 60
	// such bytes), and no file within the limits.
	if valueMarks(data) <= 8*lim.Nodes {
		return nil
	}
	// Name the line where there are too many, a block at a time.
	const block = 64 << 10
	seen := 0
	for i := 0; i < len(data); i += block {
		b := data[i:min(i+block, len(data))]
		if seen+valueMarks(b) <= 8*lim.Nodes {
			seen += valueMarks(b)
			continue
		}
		for j, c := range b {
			if bytes.IndexByte([]byte("\n,:-[{"), c) >= 0 {
				if seen++; seen > 8*lim.Nodes {
					return errorAt(1+bytes.Count(data[:i+j], []byte("\n")), "too many values for %s (more than %d)", lim.What, lim.Nodes)
				}
			}
		}
	}
	return errorAt(0, "too many values for %s (more than %d)", lim.What, lim.Nodes)
}

// valueMarks counts the bytes of data that may start a value.
func valueMarks(data []byte) int {
	n := 0
	for _, c := range []byte("\n,:-[{") {
		n += bytes.Count(data, []byte{c})
	}
	return n
}

func size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Short returns s for a message, cut when it is long.
func Short(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return s
}

var (
	looksInt = regexp.MustCompile(`^[-+]?(0[xXoObB][0-9a-fA-F_]*|[0-9][0-9_]*)$`)
)

// plainInt reports whether s is a whole number in plain decimal: -12, 0,
// 150 (not 012, +1 or 1_0).
func plainInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Int reads n as a whole number written in plain decimal (-12, 0, 150):
// YAML reads 010 as 8, 0x10 as 16 and 1_0 as 10, and nobody writing a
// house rule or a score by hand means that, so a leading zero, a + sign, a
// base prefix and underscores are refused, as are floats (1.5, 1e3) and
// numbers outside lo..hi. On failure the message says which; want is what
// a value of another type is told to be ("an int"), and got describes it.
func Int(n *yaml.Node, lo, hi int64, want string, got func(*yaml.Node) string) (int64, string) {
	if n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		tag := n.ShortTag()
		switch {
		case tag == "!!str" || tag == "!!null" || tag == "!!bool":
		case plainInt(n.Value):
			x, err := strconv.ParseInt(n.Value, 10, 64)
			if err != nil || x < lo || x > hi {
				return 0, fmt.Sprintf("%s is out of range (%d to %d)", Short(n.Value), lo, hi)
			}
			return x, ""
		case tag == "!!int" || looksInt.MatchString(n.Value):
			return 0, fmt.Sprintf("%s is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)", Short(n.Value))
		case tag == "!!float":
			return 0, fmt.Sprintf("%s is not a whole number", Short(n.Value))
		}
	}
	return 0, fmt.Sprintf("want %s, got %s", want, got(n))
}

// yesNo are the YAML 1.1 bools: YAML 1.2 reads them as strings, and rummy
// refuses them rather than guess (norway is not false).
var yesNo = map[string]bool{"yes": true, "no": true, "on": true, "off": true, "y": true, "n": true}

// Bool reads n as true or false, the only bools of a rummy file (True and
// TRUE are YAML's spellings of true, and pass). yes, no, on and off are
// refused by name; other values get "want true or false, got ...".
func Bool(n *yaml.Node, got func(*yaml.Node) string) (bool, string) {
	if n.Kind == yaml.ScalarNode {
		plain := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
		switch {
		case plain && n.ShortTag() == "!!bool":
			return strings.EqualFold(n.Value, "true"), ""
		case plain && yesNo[strings.ToLower(n.Value)]:
			return false, fmt.Sprintf("%s is not a bool here: write true or false", Short(n.Value))
		}
	}
	return false, fmt.Sprintf("want true or false, got %s", got(n))
}
