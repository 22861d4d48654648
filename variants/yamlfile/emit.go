package yamlfile

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Emit writes the tree under root as YAML that Parse reads back to the
// same tree: block mappings and lists indented by two spaces, nodes with
// yaml.FlowStyle in flow style ({a: 1}, [a, b]), strings quoted where a
// plain one would read as something else, and the comments of every node
// (HeadComment above it, LineComment at the end of its line, FootComment
// below). It is the writer of match files, fast enough for thousands of
// rounds; comments are written as they were read, one "# ..." a line.
func Emit(root *yaml.Node) []byte {
	e := &emitter{}
	e.comment(root.HeadComment, 0)
	switch root.Kind {
	case yaml.MappingNode, yaml.SequenceNode:
		if root.Style&yaml.FlowStyle != 0 || len(root.Content) == 0 {
			e.flow(root)
			e.lineEnd(root.LineComment)
		} else {
			e.block(root, 0)
		}
	default:
		e.scalar(root, false)
		e.lineEnd(root.LineComment)
	}
	e.comment(root.FootComment, 0)
	return e.buf.Bytes()
}

type emitter struct{ buf bytes.Buffer }

// Stream writes a top-level block mapping a pair at a time, and the
// block list of a pair an item at a time, as Emit would write the whole
// tree: a long match file is written without building its tree.
type Stream struct{ e emitter }

// Grow makes room for n more bytes.
func (s *Stream) Grow(n int) { s.e.buf.Grow(n) }

// Comment writes comment lines at column 0 (the root's head or foot
// comment).
func (s *Stream) Comment(c string) { s.e.comment(c, 0) }

// Pair writes the top-level pair of key k and value v.
func (s *Stream) Pair(k, v *yaml.Node) {
	s.e.comment(k.HeadComment, 0)
	s.e.pair(k, v, 0)
}

// List starts the top-level pair of key k and the block list v, whose
// items Item writes and whose foot comment EndList writes. A list with no
// items is written by Pair, in flow style.
func (s *Stream) List(k, v *yaml.Node) {
	s.e.comment(k.HeadComment, 0)
	s.e.scalar(k, false)
	s.e.buf.WriteByte(':')
	s.e.lineEnd(joinLine(k.LineComment, v.LineComment))
	s.e.comment(v.HeadComment, 2)
}

// Item writes one item of the list List started.
func (s *Stream) Item(item *yaml.Node) { s.e.item(item, 2) }

// Append writes what o has written: items of the list List started,
// written apart (on another goroutine) and put back in their place.
func (s *Stream) Append(o *Stream) { s.e.buf.Write(o.e.buf.Bytes()) }

// EndList writes the foot comment of the list v List started.
func (s *Stream) EndList(v *yaml.Node) { s.e.comment(v.FootComment, 2) }

// Bytes returns what was written.
func (s *Stream) Bytes() []byte { return s.e.buf.Bytes() }

func (e *emitter) indent(n int) {
	for range n {
		e.buf.WriteByte(' ')
	}
}

// comment writes comment lines at column ind.
func (e *emitter) comment(c string, ind int) {
	if c == "" {
		return
	}
	for line := range strings.SplitSeq(c, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line[0] != '#' {
			line = "# " + line
		}
		e.indent(ind)
		e.buf.WriteString(line)
		e.buf.WriteByte('\n')
	}
}

func (e *emitter) lineEnd(c string) {
	if c != "" {
		c = strings.TrimSpace(strings.ReplaceAll(c, "\n", " "))
		if c[0] != '#' {
			c = "# " + c
		}
		e.buf.WriteString(" ")
		e.buf.WriteString(c)
	}
	e.buf.WriteByte('\n')
}

// inline reports whether n goes on its key's or dash's line.
func inline(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode || n.Style&yaml.FlowStyle != 0 || len(n.Content) == 0
}

// block writes a block mapping or list at column ind, from the start of
// a line.
func (e *emitter) block(n *yaml.Node, ind int) {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			e.comment(n.Content[i].HeadComment, ind)
			e.indent(ind)
			e.pair(n.Content[i], n.Content[i+1], ind)
		}
		return
	}
	for _, item := range n.Content {
		e.item(item, ind)
	}
}

// item writes one item of a block list at column ind.
func (e *emitter) item(item *yaml.Node, ind int) {
	e.comment(item.HeadComment, ind)
	switch {
	case inline(item):
		e.indent(ind)
		e.buf.WriteString("- ")
		e.node(item)
		e.lineEnd(item.LineComment)
	case item.Kind == yaml.MappingNode:
		// The first key on the dash's line (its comment above the
		// dash), the others under it.
		e.comment(item.Content[0].HeadComment, ind)
		e.indent(ind)
		e.buf.WriteString("- ")
		for i := 0; i+1 < len(item.Content); i += 2 {
			if i > 0 {
				e.comment(item.Content[i].HeadComment, ind+2)
				e.indent(ind + 2)
			}
			e.pair(item.Content[i], item.Content[i+1], ind+2)
		}
	default:
		e.indent(ind)
		e.buf.WriteString("-")
		e.lineEnd(item.LineComment)
		e.block(item, ind+2)
	}
	e.comment(item.FootComment, ind)
}

// pair writes key k and its value v; k's line is indented already.
func (e *emitter) pair(k, v *yaml.Node, ind int) {
	e.scalar(k, false)
	e.buf.WriteByte(':')
	if inline(v) {
		e.buf.WriteByte(' ')
		e.node(v)
		e.lineEnd(joinLine(k.LineComment, v.LineComment))
		return
	}
	e.lineEnd(joinLine(k.LineComment, v.LineComment))
	e.comment(v.HeadComment, ind+2)
	e.block(v, ind+2)
	e.comment(v.FootComment, ind+2)
}

func joinLine(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + " " + b
}

// node writes a scalar or a flow collection.
func (e *emitter) node(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode {
		e.scalar(n, false)
		return
	}
	e.flow(n)
}

func (e *emitter) flow(n *yaml.Node) {
	if n.Kind == yaml.MappingNode {
		e.buf.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				e.buf.WriteString(", ")
			}
			e.flowItem(n.Content[i])
			e.buf.WriteString(": ")
			e.flowItem(n.Content[i+1])
		}
		e.buf.WriteByte('}')
		return
	}
	e.buf.WriteByte('[')
	for i, c := range n.Content {
		if i > 0 {
			e.buf.WriteString(", ")
		}
		e.flowItem(c)
	}
	e.buf.WriteByte(']')
}

func (e *emitter) flowItem(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode {
		e.scalar(n, true)
		return
	}
	e.flow(n)
}

// scalar writes n as its style says, or plain when that reads back the
// same (the same value and tag), else in quotes.
func (e *emitter) scalar(n *yaml.Node, flow bool) {
	v := n.Value
	tag := n.Tag
	if len(tag) < 3 || tag[:2] != "!!" {
		tag = n.ShortTag() // a tag to resolve or shorten; "!!str" is short
	}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0 || !printableASCII(v) && (strings.ContainsAny(v, "\n\r") || !printable(v)):
		e.quote(v)
	case n.Style&yaml.SingleQuotedStyle != 0:
		e.single(v)
	case tag == "!!str" && !plainOK(v, flow):
		if strings.ContainsAny(v, `'\`) || resolve(v) != "!!str" {
			e.quote(v)
		} else {
			e.single(v)
		}
	case tag == "!!null" && v == "":
		e.buf.WriteString("null")
	case flow && strings.Contains(v, ":"):
		e.single(v) // a time in a flow mapping, as go.yaml.in/yaml/v3 writes it
	default:
		e.buf.WriteString(v)
	}
}

// quote writes v in double quotes, escaped as Go does.
func (e *emitter) quote(v string) {
	if quotable(v) {
		// Nothing to escape (a meld's cards): what strconv.Quote writes.
		e.buf.WriteByte('"')
		e.buf.WriteString(v)
		e.buf.WriteByte('"')
		return
	}
	e.buf.Write(strconv.AppendQuote(e.buf.AvailableBuffer(), v))
}

func (e *emitter) single(v string) {
	e.buf.WriteByte('\'')
	e.buf.WriteString(strings.ReplaceAll(v, "'", "''"))
	e.buf.WriteByte('\'')
}

// quotable reports whether s is printable ASCII without " or a backslash, which
// strconv.Quote writes between quotes as it is.
func quotable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' || s[i] == '"' || s[i] == '\\' {
			return false
		}
	}
	return true
}

// printableASCII reports whether s is printable ASCII (spaces allowed),
// which is printable and holds no line break, in one pass over its bytes.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// yes11 reports whether s is one of YAML 1.1's bools, quoted so no older
// reader takes them as bools.
func yes11(s string) bool {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF":
		return true
	}
	return false
}

// word reports whether s is a letter, then letters, digits and _.
func word(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '_')) {
			return false
		}
	}
	return true
}

// plainOK reports whether s written plain reads back as the string s.
func plainOK(s string, flow bool) bool {
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		return false // at the start of a line, a document marker
	}
	if word(s) {
		// No space, mark or colon: only what it reads as counts. Most
		// strings of a match file (keys, names) are words.
		return resolve(s) == "!!str" && !yes11(s)
	}
	if s == "" || resolve(s) != "!!str" || yes11(s) || s != strings.TrimSpace(s) {
		return false
	}
	if strings.IndexByte("-?:,[]{}#&*!|>'\"%@`", s[0]) >= 0 || s == "<<" {
		return false
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") || strings.Contains(s, "\t") {
		return false
	}
	if flow && strings.ContainsAny(s, ",[]{}:#") {
		return false
	}
	return true
}
