package variants

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Reading YAML strictly (STYLE.md 8): the file is decoded into a yaml.Node
// tree, never into Go values, and walked key by key, so every problem keeps
// its line and the walk never expands an alias or descends further than the
// schema does.

// maxFileSize is the largest variant file: the built-ins are about 1 KiB,
// and a limit keeps a hostile file from costing time or memory.
const maxFileSize = 64 << 10

// maxDepth is how deep a file may nest nodes: the schema's deepest value
// (scoring.values.ace, or a count in scoring.target) is at depth 4, and one
// level more still gets a "want an int, got a list" message.
const maxDepth = 5

// parse checks data as text, decodes its one YAML document and refuses
// what no variant file holds (anchors, aliases, tags, deep nesting). It
// returns the document's root node, or the problems that stop reading.
func parse(data []byte) (*yaml.Node, []problem) {
	if len(data) > maxFileSize {
		return nil, []problem{{msg: "too large for a variant file (more than 64 KiB)"}}
	}
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			i += size
		}
		return nil, []problem{{line: 1 + bytes.Count(data[:i], []byte("\n")),
			msg: fmt.Sprintf("not UTF-8 text (byte 0x%02x)", data[i])}}
	}
	if line := flowTooDeep(data); line > 0 {
		return nil, []problem{{line: line, msg: "nested deeper than any key of a variant file"}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	switch err := decode(dec, &doc); {
	case errors.Is(err, io.EOF):
		return nil, []problem{{msg: "empty file: a variant file is a map of keys (name, players, ...)"}}
	case err != nil:
		return nil, []problem{syntaxProblem(err)}
	}
	var next yaml.Node
	if err := decode(dec, &next); !errors.Is(err, io.EOF) {
		p := problem{line: next.Line, msg: "more than one document: a variant file holds one"}
		if err != nil {
			p.line = syntaxProblem(err).line
		}
		return nil, []problem{p}
	}
	if len(doc.Content) != 1 {
		return nil, []problem{{msg: "empty file: a variant file is a map of keys (name, players, ...)"}}
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null" && root.Style&yaml.TaggedStyle == 0 {
		return nil, []problem{{msg: "empty file: a variant file is a map of keys (name, players, ...)"}}
	}
	if p := scan(root); p != nil {
		return nil, []problem{*p}
	}
	return root, nil
}

// maxFlowDepth is how many brackets ([ or {) may be open at once before a
// file is refused unparsed. A whole variant file written in flow style
// opens 3; the YAML parser takes tens of milliseconds to wade through
// 10,000 before it gives up.
const maxFlowDepth = 16

// flowTooDeep returns the line where more than maxFlowDepth brackets are
// open, or 0. It reads bytes, not YAML, so a bracket in a string or comment
// counts too: only text with more than 16 unclosed brackets could be
// refused wrongly, and any nesting it lets through is caught by scan.
func flowTooDeep(data []byte) int {
	depth, line := 0, 1
	for _, b := range data {
		switch b {
		case '\n':
			line++
		case '[', '{':
			if depth++; depth > maxFlowDepth {
				return line
			}
		case ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return 0
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

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxProblem places a YAML syntax error on its line.
func syntaxProblem(err error) problem {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return problem{line: line, msg: "not valid YAML: " + m[2]}
	}
	return problem{msg: "not valid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

// scan walks the whole tree, without recursion, and returns the first node
// no variant file has: an anchor or alias (refused outright, so no alias
// bomb is ever expanded), an explicit tag, or nesting deeper than maxDepth.
func scan(root *yaml.Node) *problem {
	type item struct {
		n     *yaml.Node
		depth int
	}
	stack := []item{{root, 1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		switch {
		case n.Kind == yaml.AliasNode:
			return &problem{line: n.Line, msg: fmt.Sprintf("aliases are not allowed (*%s): write the value out", short(n.Value))}
		case n.Anchor != "":
			return &problem{line: n.Line, msg: fmt.Sprintf("anchors are not allowed (&%s): write the value out", short(n.Anchor))}
		case n.Style&yaml.TaggedStyle != 0:
			return &problem{line: n.Line, msg: fmt.Sprintf("tags are not allowed (%s): write the plain value", short(n.Tag))}
		case it.depth > maxDepth:
			return &problem{line: n.Line, msg: "nested deeper than any key of a variant file"}
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Content[i], it.depth + 1})
		}
	}
	return nil
}

// short returns s for a message, cut when it is long.
func short(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return s
}

// quote returns s quoted for a message, cut when long.
func quote(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		return strconv.Quote(string([]rune(s)[:max])) + "…"
	}
	return strconv.Quote(s)
}

// got describes a node for "want X, got Y" messages.
func got(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a map"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "no value"
		case "!!str":
			return "a string (" + quote(n.Value) + ")"
		case "!!int":
			return "an int (" + short(n.Value) + ")"
		case "!!float":
			return "a number (" + short(n.Value) + ")"
		case "!!bool":
			return "a bool (" + short(n.Value) + ")"
		case "!!timestamp":
			return "a date (" + short(n.Value) + ")"
		}
	}
	return "something else"
}

var plainInt = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// readInt reads n as a plain decimal int in lo..hi. On failure it returns
// a message; what names the number in it ("player count ") and want is what
// a value of the wrong type is told to be.
func readInt(n *yaml.Node, what, want string, lo, hi int) (int, string) {
	if n.Kind == yaml.ScalarNode {
		switch n.ShortTag() {
		case "!!int":
			if !plainInt.MatchString(n.Value) {
				// YAML reads 010 as 8 and 0x10 as 16: nobody writing a
				// house rule means that, so only plain decimals pass.
				return 0, fmt.Sprintf("%s%s is not a plain decimal number (no leading 0, 0o, 0x, 0b or _)", what, short(n.Value))
			}
			x, err := strconv.Atoi(n.Value)
			if err != nil || x < lo || x > hi {
				return 0, fmt.Sprintf("%s%s is out of range (%d to %d)", what, short(n.Value), lo, hi)
			}
			return x, ""
		case "!!float":
			if plainInt.MatchString(n.Value) { // too large for an int
				return 0, fmt.Sprintf("%s%s is out of range (%d to %d)", what, short(n.Value), lo, hi)
			}
			return 0, fmt.Sprintf("%s%s is not a whole number", what, short(n.Value))
		}
	}
	return 0, fmt.Sprintf("want %s, got %s", want, got(n))
}

// yesNo are the YAML 1.1 bools: YAML 1.2 reads them as strings, and a
// variant file refuses them rather than guess (norway is not false).
var yesNo = map[string]bool{"yes": true, "no": true, "on": true, "off": true, "y": true, "n": true}

var namePattern = regexp.MustCompile(`^[a-z0-9_-]+$`)

// read decodes n as f's value into v. It reports whether the value was
// written as a map from player count (whose keys Check must see as written).
func (f *field) read(n *yaml.Node, v *Variant) (probs []problem, asMap bool) {
	bad := func(line int, format string, args ...any) {
		probs = append(probs, problemf(line, f.key, format, args...))
	}
	wrongType := func() { bad(n.Line, "want %s, got %s", f.want(), got(n)) }
	isStr := n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"

	switch f.kind {
	case kindName, kindText, kindBase:
		if !isStr {
			if n.Kind == yaml.ScalarNode && n.ShortTag() != "!!null" {
				bad(n.Line, "want %s, got %s: put it in quotes", f.want(), got(n))
			} else {
				wrongType()
			}
			return
		}
		s := n.Value
		if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			s = strings.TrimRight(s, "\n") // a block scalar's final line break
		}
		if msg := checkString(f, s); msg != "" {
			bad(n.Line, "%s", msg)
			return
		}
		*f.str(v) = s

	case kindInt:
		x, msg := readInt(n, "", f.want(), f.lo, f.hi)
		if msg != "" {
			bad(n.Line, "%s", msg)
			return
		}
		*f.num(v) = x

	case kindPips:
		if isStr && n.Value == "face" {
			*f.num(v) = 0 // engine.Values: 0 is face value
			return
		}
		if isStr {
			bad(n.Line, "%s is not face or an int (%d to %d)", quote(n.Value), f.lo, f.hi)
			return
		}
		x, msg := readInt(n, "", f.want(), f.lo, f.hi)
		if msg != "" {
			bad(n.Line, "%s", msg)
			return
		}
		*f.num(v) = x

	case kindBool:
		switch {
		case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool":
			*f.flag(v) = strings.EqualFold(n.Value, "true")
		case isStr && yesNo[strings.ToLower(n.Value)]:
			bad(n.Line, "%s is not a bool here: write true or false", short(n.Value))
		default:
			wrongType()
		}

	case kindEnum:
		if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
			wrongType()
			return
		}
		if err := f.enum.set(v, n.Value); err != nil {
			bad(n.Line, "%s", err.Error())
		}

	case kindByPlayers:
		switch n.Kind {
		case yaml.ScalarNode:
			x, msg := readInt(n, "", f.want(), f.lo, f.hi)
			if msg != "" {
				bad(n.Line, "%s", msg)
				return
			}
			// One number for every count; canonical makes it {players.min: x}.
			*f.by(v) = ByPlayers{0: x}
		case yaml.MappingNode:
			b, ps := f.readMap(n)
			if len(ps) > 0 {
				return ps, true
			}
			*f.by(v) = b
			return nil, true
		default:
			wrongType()
		}
	}
	return probs, false
}

// readMap reads a map from player count to int ({2: 1, 5: 2}), whose
// counts must rise.
func (f *field) readMap(n *yaml.Node) (ByPlayers, []problem) {
	var probs []problem
	if len(n.Content) == 0 {
		return nil, []problem{problemf(n.Line, f.key, "want at least one player count: {2: ...}")}
	}
	b := ByPlayers{}
	lines := map[int]int{}
	prev := 0
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		count, msg := readInt(k, "player count ", "a player count", 1, maxPlayers)
		if msg != "" {
			probs = append(probs, problemf(k.Line, f.key, "%s", msg))
			continue
		}
		if first, dup := lines[count]; dup {
			probs = append(probs, problemf(k.Line, f.key, "player count %d appears twice (first at line %d)", count, first))
			continue
		}
		lines[count] = k.Line
		if count < prev {
			probs = append(probs, problemf(k.Line, f.key, "player count %d comes after %d: list player counts in rising order", count, prev))
		}
		prev = max(prev, count)
		x, msg := readInt(val, "", "an int", f.lo, f.hi)
		if msg != "" {
			probs = append(probs, problemf(val.Line, f.key, "for %d players: %s", count, msg))
			continue
		}
		b[count] = x
	}
	return b, probs
}

// checkString returns what is wrong with s as the value of a string key, or
// "".
func checkString(f *field, s string) string {
	switch f.kind {
	case kindName:
		switch {
		case !namePattern.MatchString(s):
			return fmt.Sprintf("%s is not a name: use lowercase letters, digits, - and _", quote(s))
		case len(s) > maxName:
			return fmt.Sprintf("%s is longer than %d characters", quote(s), maxName)
		}
	case kindText:
		if utf8.RuneCountInString(s) > maxText {
			return fmt.Sprintf("longer than %d characters", maxText)
		}
		for _, r := range s {
			// One line of text: no control characters, line or paragraph
			// separators, or format characters such as a stray BOM.
			if !unicode.IsGraphic(r) || unicode.In(r, unicode.Zl, unicode.Zp) {
				return fmt.Sprintf("%s holds %U: write one line of plain text", quote(s), r)
			}
		}
	case kindBase:
		if !isBuiltin(s) {
			return fmt.Sprintf("%s is not a built-in variant (%s)", quote(s), orList(Builtins()))
		}
	}
	return ""
}
