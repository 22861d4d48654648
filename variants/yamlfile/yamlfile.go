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
	"io"
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
	Nodes int // values (scalars, lists and mappings), counting keys
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
func Parse(data []byte, lim Limits) (*yaml.Node, error) {
	if err := prescan(data, lim); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	switch err := decode(dec, &doc); {
	case errors.Is(err, io.EOF):
		return nil, &Error{Msg: "empty file", err: ErrEmpty}
	case err != nil:
		return nil, syntaxError(data, err)
	}
	var next yaml.Node
	if err := decode(dec, &next); !errors.Is(err, io.EOF) {
		e := errorAt(next.Line, "more than one document: %s holds one", lim.What)
		if err != nil {
			e.Line = syntaxError(data, err).Line
		}
		return nil, e
	}
	if len(doc.Content) != 1 {
		return nil, &Error{Msg: "empty file", err: ErrEmpty}
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null" && root.Style&yaml.TaggedStyle == 0 {
		return nil, &Error{Msg: "empty file", err: ErrEmpty}
	}
	// The document's own comments (before the first key, at the end)
	// belong to the file: keep them on the root.
	if doc.HeadComment != "" {
		root.HeadComment = joinComments(doc.HeadComment, root.HeadComment)
	}
	if doc.FootComment != "" {
		root.FootComment = joinComments(root.FootComment, doc.FootComment)
	}
	if err := scan(root, lim); err != nil {
		return nil, err
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
	// The flow depth allowed is the file's depth plus slack, so that a
	// value nested one level too deep still reaches scan and gets its
	// precise message; the block depth allows four indentation steps a
	// level and more (a block scalar's lines may step in further).
	maxFlow := lim.Depth + 12
	maxBlock := 4*lim.Depth + 20
	flow, line, nodes := 0, 1, 0
	indents := []int{} // columns of the open block levels
	lines := []int{}   // and the line each opened on
	lineStart := true
	col := 0
	for _, b := range data {
		if lineStart {
			if b == ' ' {
				col++
				continue
			}
			lineStart = false
			if b != '\n' && b != '#' && b != '\r' && flow == 0 {
				for len(indents) > 0 && indents[len(indents)-1] >= col {
					indents, lines = indents[:len(indents)-1], lines[:len(lines)-1]
				}
				indents, lines = append(indents, col), append(lines, line)
				if len(indents) > maxBlock {
					// Name the line where the levels first went deeper
					// than a key can be, as scan would.
					return errorAt(lines[max(lim.Depth-1, 0)], "nested deeper than any key of %s", lim.What)
				}
			}
		}
		switch b {
		case '\n':
			line++
			nodes++
			lineStart, col = true, 0
		case '[', '{':
			nodes++
			if flow++; flow > maxFlow {
				return errorAt(line, "nested deeper than any key of %s", lim.What)
			}
		case ']', '}':
			flow = max(flow-1, 0)
		case ',', ':', '-':
			nodes++
		}
		if nodes > 2*lim.Nodes {
			return errorAt(line, "too many values for %s (more than %d)", lim.What, lim.Nodes)
		}
	}
	return nil
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

// decode decodes the next document, turning a panic in the YAML package
// into an error: a bad file must never bring the program down.
func decode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	return dec.Decode(n)
}

var (
	yamlLine      = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	unknownAnchor = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)
)

// parserProblems are the messages of the YAML parser, as opposed to its
// scanner: go.yaml.in/yaml/v3 reports their lines counted from 0 (and
// leaves out line 0), so they get one added back.
var parserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// syntaxError places a YAML syntax error on its line.
func syntaxError(data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	if parserProblems[msg] {
		line++
	}
	if m := unknownAnchor.FindStringSubmatch(msg); m != nil {
		// An alias without its anchor: name the alias's line, and
		// refuse it as scan refuses any alias.
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			line = bytes.Count(data[:i], []byte("\n")) + 1
		}
		return errorAt(line, "aliases are not allowed (*%s): write the value out", Short(m[1]))
	}
	return errorAt(line, "not valid YAML: %s", msg)
}

// scan walks the whole tree, without recursion, and returns the first node
// no rummy file has: an anchor or alias (refused outright, so no alias
// bomb is ever expanded), an explicit tag, nesting deeper than lim.Depth,
// or more values than lim.Nodes.
func scan(root *yaml.Node, lim Limits) *Error {
	type item struct {
		n     *yaml.Node
		depth int
	}
	stack := []item{{root, 1}}
	count := 0
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if count++; count > lim.Nodes {
			return errorAt(n.Line, "too many values for %s (more than %d)", lim.What, lim.Nodes)
		}
		switch {
		case n.Kind == yaml.AliasNode:
			return errorAt(n.Line, "aliases are not allowed (*%s): write the value out", Short(n.Value))
		case n.Anchor != "":
			return errorAt(n.Line, "anchors are not allowed (&%s): write the value out", Short(n.Anchor))
		case n.Style&yaml.TaggedStyle != 0:
			return errorAt(n.Line, "tags are not allowed (%s): write the plain value", Short(n.Tag))
		case it.depth > lim.Depth:
			return errorAt(n.Line, "nested deeper than any key of %s", lim.What)
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Content[i], it.depth + 1})
		}
	}
	return nil
}

// Short returns s for a message, cut when it is long.
func Short(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return s
}

var plainInt = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

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
		case plainInt.MatchString(n.Value):
			x, err := strconv.ParseInt(n.Value, 10, 64)
			if err != nil || x < lo || x > hi {
				return 0, fmt.Sprintf("%s is out of range (%d to %d)", Short(n.Value), lo, hi)
			}
			return x, ""
		case tag == "!!int":
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
