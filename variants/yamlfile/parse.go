package yamlfile

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// The parser reads the YAML that rummy's files use, and people write by
// hand: block mappings and lists, flow mappings and lists ({a: 1},
// [a, b]), plain, single- and double-quoted scalars (over several lines
// too), literal and folded block scalars (| and >), comments. It refuses
// what no rummy file needs (anchors, aliases, tags, complex keys,
// directives, several documents) with the line, and builds yaml.Node
// trees exactly as large as the file: its nodes come from an arena, and
// a list that the caller takes item by item (ParseStream) reuses the
// arena for each item.
//
// It is a hand-written recursive descent over the bytes, bounded by
// Limits.Depth, so no input can make it recurse deeply, and it counts
// nodes as it makes them, so no input can make it build more than
// Limits.Nodes.

type parser struct {
	src       string
	pos       int
	line      int // line of pos, from 1
	lineStart int // offset where pos's line starts
	lim       Limits
	nodes     int

	chunk []yaml.Node // the arena's current chunk
	used  int         // nodes of chunk handed out

	// The children of the collections being read wait on kids; a
	// collection read gets them as one slice of ptrs, exactly its size,
	// rather than a slice grown by appending for each of a file's
	// thousands of mappings.
	kids    []*yaml.Node
	ptrs    []*yaml.Node
	ptrUsed int

	head []string // comment lines read and not yet attached

	stream func(top *yaml.Node, key string, i int, item *yaml.Node) bool
	top    *yaml.Node // the top-level mapping, as far as it is read
	topKey string     // the top-level key whose list is being read
}

const chunkSize = 1024

// fail stops parsing with an error at line.
func (p *parser) fail(line int, format string, args ...any) {
	panic(&Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) node(kind yaml.Kind, tag string, line, col int) *yaml.Node {
	if p.nodes++; p.nodes > p.lim.Nodes {
		p.fail(line, "too many values for %s (more than %d)", p.lim.What, p.lim.Nodes)
	}
	if p.used == len(p.chunk) {
		// Small chunks first: most documents (a --rule value, a default)
		// are a few nodes.
		p.chunk = make([]yaml.Node, min(chunkSize, max(8, 2*len(p.chunk))))
		p.used = 0
	}
	n := &p.chunk[p.used]
	p.used++
	n.Kind, n.Tag, n.Line, n.Column = kind, tag, line, col+1
	return n
}

// open returns the mark of a new collection's first child on p.kids,
// or -1 for the top-level mapping (depth 1), whose Content grows as it
// is read: ParseStream hands it over as far as it is read.
func (p *parser) open(depth int) int {
	if depth == 1 {
		return -1
	}
	return len(p.kids)
}

// add adds children to n, a collection opened at base.
func (p *parser) add(n *yaml.Node, base int, kids ...*yaml.Node) {
	if base < 0 {
		n.Content = append(n.Content, kids...)
		return
	}
	p.kids = append(p.kids, kids...)
}

// close gives n, opened at base, its children, and returns it.
func (p *parser) close(n *yaml.Node, base int) *yaml.Node {
	if base < 0 || len(p.kids) == base {
		return n
	}
	k := len(p.kids) - base
	if p.ptrUsed+k > len(p.ptrs) {
		p.ptrs = make([]*yaml.Node, max(k, min(4*chunkSize, max(16, 2*len(p.ptrs)))))
		p.ptrUsed = 0
	}
	c := p.ptrs[p.ptrUsed : p.ptrUsed+k : p.ptrUsed+k]
	p.ptrUsed += k
	copy(c, p.kids[base:])
	clear(p.kids[base:])
	p.kids = p.kids[:base]
	n.Content = c
	return n
}

func (p *parser) col() int { return p.pos - p.lineStart }

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) peekAt(i int) byte {
	if p.pos+i < len(p.src) {
		return p.src[p.pos+i]
	}
	return 0
}

// blankAt reports whether the byte at offset i is a space, tab, line end
// or the end of the text.
func (p *parser) blankAt(i int) bool {
	if i >= len(p.src) {
		return true
	}
	switch p.src[i] {
	case ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

func (p *parser) skipSpaces() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// atLineEnd reports whether only a comment or nothing is left on the line.
func (p *parser) atLineEnd() bool {
	c := p.peek()
	return p.eof() || c == '\n' || c == '\r' || c == '#'
}

// newline moves past the line break at pos (\n or \r\n).
func (p *parser) newline() {
	if p.peek() == '\r' {
		p.pos++
	}
	if p.peek() == '\n' {
		p.pos++
	}
	p.line++
	p.lineStart = p.pos
}

// restOfLine reads what is left of the line, which must be nothing or a
// comment, and returns the comment ("" for none). It stops at the line
// break.
func (p *parser) restOfLine() string {
	p.skipSpaces()
	if p.eof() {
		return ""
	}
	switch c := p.peek(); c {
	case '\n':
		return ""
	case '\r':
		if p.peekAt(1) == '\n' || p.pos+1 == len(p.src) {
			return ""
		}
	case '#':
		start := p.pos
		for !p.eof() && p.peek() != '\n' {
			p.pos++
		}
		return strings.TrimRight(p.src[start:p.pos], "\r")
	}
	p.fail(p.line, "unexpected %s after the value: one value a line (a comment starts with a space and #)", quoteRune(p.src[p.pos:]))
	return ""
}

func quoteRune(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	return strconv.QuoteRune(r)
}

// toContent moves from the start of a line (or the end of one) past blank
// and comment lines, keeping the comments in p.head, to the first
// character of the next line with content, and returns its column, or -1
// at the end of the text.
func (p *parser) toContent() int {
	for {
		if p.pos > p.lineStart {
			// Mid-line: the rest of this line first.
			p.skipSpaces()
			if !p.atLineEnd() {
				return p.col()
			}
			if !p.nextLine() {
				return -1
			}
			continue
		}
		for p.pos < len(p.src) && p.src[p.pos] == ' ' {
			p.pos++
		}
		if p.eof() {
			return -1
		}
		switch p.src[p.pos] {
		case '\t':
			// A tab before any text: YAML forbids tabs as indentation;
			// on a blank line they are harmless.
			j := p.pos
			for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
				j++
			}
			if j < len(p.src) && p.src[j] != '\n' && p.src[j] != '\r' && p.src[j] != '#' {
				p.fail(p.line, "a tab in the indentation: indent with spaces")
			}
			p.pos = j
		case '\n', '\r', '#':
			if !p.nextLine() {
				return -1
			}
		default:
			return p.col()
		}
	}
}

// nextLine keeps the comment left on the line, if any, and moves to the
// next line; it reports false at the end of the text.
func (p *parser) nextLine() bool {
	if c := p.restOfLine(); c != "" {
		p.head = append(p.head, c)
	}
	if p.eof() {
		return false
	}
	p.newline()
	return true
}

// takeHead returns the comments read since the last node, and forgets
// them.
func (p *parser) takeHead() string {
	if len(p.head) == 0 {
		return ""
	}
	s := strings.Join(p.head, "\n")
	p.head = p.head[:0]
	return s
}

func parse(data []byte, lim Limits, stream func(top *yaml.Node, key string, i int, item *yaml.Node) bool) (root *yaml.Node, err error) {
	p := &parser{src: string(data), line: 1, lim: lim, stream: stream}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				// A bug here must not bring rummy down on a bad file.
				e = &Error{Line: p.line, Msg: fmt.Sprintf("cannot read this YAML (a bug in rummy's reader: %v)", r)}
			}
			root, err = nil, e
		}
	}()
	return p.document(), nil
}

func (p *parser) isDocMarker(s string) bool {
	return p.col() == 0 && strings.HasPrefix(p.src[p.pos:], s) && p.blankAt(p.pos+3)
}

func (p *parser) document() *yaml.Node {
	if strings.HasPrefix(p.src, "\uFEFF") {
		p.pos = 3 // a byte-order mark
		p.lineStart = 3
	}
	col := p.toContent()
	if col == 0 && p.peek() == '%' {
		p.fail(p.line, "directives (%s) are not allowed: remove the line", strings.Fields(p.src[p.pos:])[0])
	}
	if col == 0 && p.isDocMarker("---") {
		p.pos += 3
		col = p.toContent()
	}
	if col < 0 || (col == 0 && (p.isDocMarker("...") || p.isDocMarker("---"))) {
		if col >= 0 && p.isDocMarker("---") {
			p.fail(p.line, "more than one document: %s holds one", p.lim.What)
		}
		return nil
	}
	head := p.takeHead()
	root := p.blockNode(-1, 1)
	if head != "" {
		root.HeadComment = joinComments(head, root.HeadComment)
	}
	col = p.toContent()
	if col >= 0 {
		switch {
		case p.isDocMarker("---"):
			p.fail(p.line, "more than one document: %s holds one", p.lim.What)
		case p.isDocMarker("..."):
			p.pos += 3
			if c := p.toContent(); c >= 0 {
				p.fail(p.line, "more than one document: %s holds one", p.lim.What)
			}
		default:
			p.fail(p.line, "unexpected text here: a file holds one value (a mapping of keys, for rummy)")
		}
	}
	root.FootComment = p.takeHead()
	return root
}

func (p *parser) depth(line, depth int) {
	if depth > p.lim.Depth {
		p.fail(line, "nested deeper than any key of %s", p.lim.What)
	}
}

// seqMarker reports whether pos is at a block list's "- ".
func (p *parser) seqMarker() bool { return p.peek() == '-' && p.blankAt(p.pos+1) }

// blockNode reads the node that starts at pos, in block context; parent
// is the column of the node that holds it (-1 for the document).
func (p *parser) blockNode(parent, depth int) *yaml.Node {
	p.depth(p.line, depth)
	c := p.col()
	switch ch := p.peek(); {
	case p.seqMarker():
		return p.blockSeq(c, depth)
	case ch == '|' || ch == '>':
		return p.blockScalar(parent)
	case ch == '[' || ch == '{':
		n := p.flowNode(depth, parent)
		p.skipSpaces()
		if p.peek() == ':' && p.blankAt(p.pos+1) {
			p.fail(n.Line, "a list or mapping as a key is not allowed: keys are plain names")
		}
		n.LineComment = p.restOfLine()
		return n
	}
	key := p.scalar(false, parent, true)
	p.skipSpaces()
	if p.peek() == ':' && p.blankAt(p.pos+1) {
		return p.blockMap(c, key, depth)
	}
	if key.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		key.LineComment = p.restOfLine()
		return key
	}
	// A plain value that did not end at a key's colon: it may go on over
	// the following lines.
	p.continuePlain(key, parent)
	return key
}

// blockMap reads a block mapping whose keys sit at column c; key, its
// first key, has been read, and pos is at its colon.
func (p *parser) blockMap(c int, key *yaml.Node, depth int) *yaml.Node {
	m := p.node(yaml.MappingNode, "!!map", key.Line, c)
	if depth == 1 {
		p.top = m
	}
	base := p.open(depth)
	for {
		p.checkKey(key)
		key.HeadComment = p.takeHead()
		p.pos++ // the colon
		val := p.mapValue(c, key, depth+1)
		p.add(m, base, key, val)
		col := p.toContent()
		switch {
		case col < 0 || col < c:
			return p.close(m, base)
		case col > c:
			p.fail(p.line, "this line is indented more than the key %q above it (line %d): keys of one mapping line up", Short(key.Value), key.Line)
		case p.isDocMarker("---") || p.isDocMarker("..."):
			return p.close(m, base)
		case p.seqMarker():
			p.fail(p.line, "a list item where a key is expected: indent the list under its key")
		}
		key = p.scalar(false, c, true)
		p.skipSpaces()
		if p.peek() != ':' || !p.blankAt(p.pos+1) {
			p.fail(key.Line, "want a key (name: value), got %s without a colon", describeText(key.Value))
		}
	}
}

func describeText(s string) string {
	if s == "" {
		return "nothing"
	}
	return strconv.Quote(Short(s))
}

// checkKey refuses keys no rummy file has: lists, mappings, multi-line.
func (p *parser) checkKey(k *yaml.Node) {
	if k.Kind != yaml.ScalarNode {
		p.fail(k.Line, "a list or mapping as a key is not allowed: keys are plain names")
	}
}

// mapValue reads the value after a key's colon: on the same line, or on
// the lines below, indented more (or a list at the key's own column).
func (p *parser) mapValue(c int, key *yaml.Node, depth int) *yaml.Node {
	p.depth(p.line, depth)
	p.skipSpaces()
	if p.atLineEnd() {
		key.LineComment = p.restOfLine()
		line := p.line
		col := p.toContent()
		var v *yaml.Node
		switch {
		case col > c:
			v = p.blockNodeAt(c, depth, key.Value)
		case col == c && p.seqMarker():
			v = p.blockSeqAt(c, depth, key.Value)
		default:
			return p.node(yaml.ScalarNode, "!!null", line, c+2)
		}
		return v
	}
	switch ch := p.peek(); {
	case ch == '|' || ch == '>':
		return p.blockScalar(c)
	case ch == '[' || ch == '{':
		p.depth(p.line, depth)
		n := p.flowNode(depth, c)
		n.LineComment = p.restOfLine()
		return n
	case p.seqMarker():
		p.fail(p.line, "a list item cannot start on its key's line: put it on the next line, indented")
	}
	v := p.scalar(false, c, false)
	p.skipSpaces()
	if p.peek() == ':' && p.blankAt(p.pos+1) {
		p.fail(v.Line, "a key inside a value: put the mapping on the lines below %q, indented, or in braces {}", Short(key.Value))
	}
	if v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		v.LineComment = p.restOfLine()
		return v
	}
	p.continuePlain(v, c)
	return v
}

// blockNodeAt reads a block node that is the value of the top-level key
// (for streaming its list items) or of any other.
func (p *parser) blockNodeAt(parent, depth int, key string) *yaml.Node {
	if depth == 2 && p.seqMarker() {
		return p.blockSeqAt(p.col(), depth, key)
	}
	return p.blockNode(parent, depth)
}

func (p *parser) blockSeqAt(c, depth int, key string) *yaml.Node {
	if depth == 2 {
		p.topKey = key
		defer func() { p.topKey = "" }()
	}
	p.depth(p.line, depth)
	return p.blockSeq(c, depth)
}

// blockSeq reads a block list whose "- " sit at column c.
func (p *parser) blockSeq(c, depth int) *yaml.Node {
	s := p.node(yaml.SequenceNode, "!!seq", p.line, c)
	stream := p.stream != nil && depth == 2 && p.topKey != ""
	base := -1 // a list of a top-level key, streamed or not, grows as it is read
	if depth > 2 {
		base = p.open(depth)
	}
	i := 0
	for {
		head := p.takeHead()
		markChunk, markUsed, markNodes := p.chunk, p.used, p.nodes
		markPtrs, markPtrUsed := p.ptrs, p.ptrUsed
		line := p.line
		p.pos++ // the dash
		p.skipSpaces()
		var item *yaml.Node
		if p.atLineEnd() {
			lc := p.restOfLine()
			col := p.toContent()
			if col > c && !p.isDocMarker("---") && !p.isDocMarker("...") {
				h := p.takeHead()
				item = p.blockNode(c, depth+1)
				if h != "" {
					item.HeadComment = joinComments(h, item.HeadComment)
				}
			} else {
				item = p.node(yaml.ScalarNode, "!!null", line, c+2)
			}
			if lc != "" {
				item.LineComment = joinComments(lc, item.LineComment)
			}
		} else {
			item = p.blockNode(c, depth+1)
		}
		if head != "" {
			item.HeadComment = joinComments(head, item.HeadComment)
		}
		if stream && !p.stream(p.top, p.topKey, i, item) {
			// Taken: its nodes are free again (those of its chunk).
			from := 0
			if len(markChunk) > 0 && &markChunk[0] == &p.chunk[0] {
				from = markUsed
			}
			clear(p.chunk[from:p.used])
			p.used = from
			from = 0
			if len(markPtrs) > 0 && &markPtrs[0] == &p.ptrs[0] {
				from = markPtrUsed
			}
			clear(p.ptrs[from:p.ptrUsed])
			p.ptrUsed = from
			p.nodes = markNodes // Limits.Nodes bounds the nodes kept
		} else {
			p.add(s, base, item)
		}
		i++
		col := p.toContent()
		switch {
		case col < 0 || col < c:
			return p.close(s, base)
		case col > c:
			p.fail(p.line, "this line is indented more than the list item above it (line %d): items of one list line up", line)
		case !p.seqMarker() || p.isDocMarker("---"):
			return p.close(s, base)
		}
	}
}

// blockScalar reads a literal (|) or folded (>) block scalar; parent is
// the column of the key or item that holds it.
func (p *parser) blockScalar(parent int) *yaml.Node {
	line := p.line
	style := yaml.LiteralStyle
	if p.peek() == '>' {
		style = yaml.FoldedStyle
	}
	p.pos++
	chomp, indent := byte(0), 0
	for i := 0; i < 2; i++ {
		switch ch := p.peek(); {
		case (ch == '-' || ch == '+') && chomp == 0:
			chomp = ch
			p.pos++
		case ch >= '1' && ch <= '9' && indent == 0:
			indent = max(parent, 0) + int(ch-'0')
			p.pos++
		}
	}
	n := p.node(yaml.ScalarNode, "!!str", line, p.col())
	n.Style = style
	n.LineComment = p.restOfLine()
	if p.eof() {
		return n
	}
	p.newline()
	var lines []string
	noBreak := false
	for !p.eof() {
		// Measure the line's indentation.
		j := p.pos
		for j < len(p.src) && p.src[j] == ' ' {
			j++
		}
		end := strings.IndexByte(p.src[j:], '\n')
		if end < 0 {
			end = len(p.src)
		} else {
			end += j
		}
		text := strings.TrimRight(p.src[j:end], "\r")
		ind := j - p.pos
		if text == "" {
			lines = append(lines, "")
		} else {
			if indent == 0 {
				if ind <= max(parent, 0) {
					break
				}
				indent = ind
			}
			if ind < indent {
				break
			}
			lines = append(lines, strings.Repeat(" ", ind-indent)+text)
		}
		p.pos = end
		if p.eof() {
			noBreak = true // the last line has no line break
			break
		}
		p.newline()
	}
	// Trailing blank lines belong to the chomping, and the lines after
	// the scalar start where the loop stopped.
	content := len(lines)
	for content > 0 && lines[content-1] == "" {
		content--
	}
	var b strings.Builder
	for i, l := range lines[:content] {
		if i > 0 {
			prev := lines[i-1]
			if style == yaml.FoldedStyle && prev != "" && l != "" && prev[0] != ' ' && l[0] != ' ' {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
		}
		b.WriteString(l)
	}
	if style == yaml.FoldedStyle {
		// Folding: a single line break between text lines is a space,
		// each blank line a line break.
		s := b.String()
		s = strings.ReplaceAll(s, "\n\n", "\n")
		b.Reset()
		b.WriteString(s)
	}
	breaks := len(lines) - content + 1 // line breaks after the text
	if noBreak {
		breaks--
	}
	switch {
	case content == 0:
	case chomp == '-':
	case chomp == '+':
		b.WriteString(strings.Repeat("\n", breaks))
	case breaks > 0:
		b.WriteByte('\n')
	}
	n.Value = b.String()
	return n
}

// scalar reads a plain or quoted scalar at pos, on one line (quoted ones
// may go on over several); key says it may be a mapping key, which ends
// a plain scalar at ": ".
func (p *parser) scalar(flow bool, parent int, key bool) *yaml.Node {
	line, col := p.line, p.col()
	switch ch := p.peek(); ch {
	case '"', '\'':
		n := p.node(yaml.ScalarNode, "!!str", line, col)
		n.Value = p.quoted(ch, parent)
		n.Style = yaml.DoubleQuotedStyle
		if ch == '\'' {
			n.Style = yaml.SingleQuotedStyle
		}
		return n
	case '&':
		p.fail(line, "anchors are not allowed (&%s): write the value out", Short(p.word(1)))
	case '*':
		p.fail(line, "aliases are not allowed (*%s): write the value out", Short(p.word(1)))
	case '!':
		p.fail(line, "tags are not allowed (%s): write the plain value", Short(p.word(0)))
	case '?':
		if p.blankAt(p.pos+1) || flow && strings.IndexByte(",[]{}", p.peekAt(1)) >= 0 {
			p.fail(line, "complex keys (?) are not allowed: write name: value")
		}
	case '@', '`', '%':
		p.fail(line, "%q cannot start a value: put the value in quotes", ch)
	case '|', '>':
		if flow {
			p.fail(line, "%q cannot start a value here: put the value in quotes", ch)
		}
	case '-':
		if p.blankAt(p.pos + 1) {
			p.fail(line, "a list item here is not allowed: put the list on its own lines")
		}
	case ',', ']', '}', '[', '{':
		if !flow {
			break
		}
		p.fail(line, "want a value, got %q", ch)
	}
	start := p.pos
scan:
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '\n', '\r':
			break scan
		case ':':
			if p.blankAt(p.pos + 1) {
				break scan
			}
		case '#':
			if p.pos > start && (p.src[p.pos-1] == ' ' || p.src[p.pos-1] == '\t') {
				break scan
			}
		case ',', '[', ']', '{', '}':
			if flow {
				break scan
			}
		}
	}
	end := p.pos
	for end > start && (p.src[end-1] == ' ' || p.src[end-1] == '\t') {
		end--
	}
	v := p.src[start:end]
	n := p.node(yaml.ScalarNode, "", line, col)
	n.Value = v
	n.Tag = resolve(v)
	return n
}

func (p *parser) word(skip int) string {
	start := p.pos + skip
	end := start
	for end < len(p.src) && !p.blankAt(end) && strings.IndexByte(",[]{}", p.src[end]) < 0 {
		end++
	}
	return p.src[start:end]
}

// continuePlain reads the lines that go on a plain scalar n: lines
// indented more than parent, up to a comment or a line that is not.
func (p *parser) continuePlain(n *yaml.Node, parent int) {
	n.LineComment = p.restOfLine()
	if n.LineComment != "" {
		return
	}
	var more []string
	blank := 0
	for {
		save, saveLine, saveStart := p.pos, p.line, p.lineStart
		if p.eof() {
			break
		}
		p.newline()
		j := p.pos
		for j < len(p.src) && p.src[j] == ' ' {
			j++
		}
		k := j
		for k < len(p.src) && (p.src[k] == ' ' || p.src[k] == '\t') {
			k++
		}
		if k == len(p.src) || p.src[k] == '\n' || p.src[k] == '\r' {
			p.pos = k
			blank++
			continue
		}
		if j-p.pos <= parent || p.src[k] == '#' || (j-p.pos == 0 && (strings.HasPrefix(p.src[j:], "---") || strings.HasPrefix(p.src[j:], "..."))) {
			p.pos, p.line, p.lineStart = save, saveLine, saveStart
			break
		}
		p.pos = k
		start := p.pos
		for !p.eof() && p.peek() != '\n' && p.peek() != '\r' {
			if p.peek() == ':' && p.blankAt(p.pos+1) {
				p.fail(p.line, "a key inside a value: this line goes on the value of line %d; indent it as a key of its own, or quote the value", n.Line)
			}
			if p.peek() == '#' && (p.src[p.pos-1] == ' ' || p.src[p.pos-1] == '\t') {
				break
			}
			p.pos++
		}
		text := strings.TrimRight(p.src[start:p.pos], " \t")
		if blank > 0 {
			more = append(more, strings.Repeat("\n", blank)+text)
		} else {
			more = append(more, " "+text)
		}
		blank = 0
		if c := p.restOfLine(); c != "" {
			n.LineComment = c
			break
		}
	}
	if len(more) > 0 {
		n.Value += strings.Join(more, "")
		n.Tag = "!!str"
	}
}

// quoted reads a single- or double-quoted scalar, folding its line breaks
// as YAML does.
func (p *parser) quoted(q byte, parent int) string {
	line := p.line
	p.pos++
	// Most values in quotes (the cards of a match file) hold no escape
	// and no line break: they are the text between the quotes.
scan:
	for i := p.pos; i < len(p.src); i++ {
		switch c := p.src[i]; {
		case c == q && (q == '"' || i+1 == len(p.src) || p.src[i+1] != '\''):
			v := p.src[p.pos:i]
			p.pos = i + 1
			return v
		case c == q, c == '\\' && q == '"', c == '\n', c == '\r':
			break scan // an escape or a line break: read below
		}
	}
	var b strings.Builder
	kept := 0 // b's text up to here holds no space a line break trims
	for {
		if p.eof() {
			p.fail(line, "the value in quotes that starts here is not closed with %c", q)
		}
		ch := p.src[p.pos]
		switch {
		case ch == q && q == '\'' && p.peekAt(1) == '\'':
			b.WriteByte('\'')
			p.pos += 2
		case ch == q:
			p.pos++
			return b.String()
		case ch == '\\' && q == '"':
			p.escape(&b, line)
			kept = b.Len()
		case ch == '\n' || ch == '\r':
			// Trailing spaces go, but not escaped ones; one line break is
			// a space; each blank line is a line break.
			s := b.String()
			s = s[:kept] + strings.TrimRight(s[kept:], " \t")
			b.Reset()
			b.WriteString(s)
			breaks := 0
			for !p.eof() && (p.peek() == '\n' || p.peek() == '\r') {
				p.newline()
				breaks++
				p.skipSpaces()
			}
			if breaks == 1 {
				b.WriteByte(' ')
			} else {
				b.WriteString(strings.Repeat("\n", breaks-1))
			}
		default:
			b.WriteByte(ch)
			p.pos++
		}
	}
}

var simpleEscapes = map[byte]string{'0': "\x00", 'a': "\a", 'b': "\b", 't': "\t", '\t': "\t", 'n': "\n", 'v': "\v", 'f': "\f",
	'r': "\r", 'e': "\x1b", ' ': " ", '"': "\"", '/': "/", '\\': "\\", 'N': "\u0085", '_': "\u00a0", 'L': "\u2028", 'P': "\u2029"}

func (p *parser) escape(b *strings.Builder, line int) {
	p.pos++ // the backslash
	if p.eof() {
		p.fail(line, "the value in quotes that starts here is not closed with \"")
	}
	ch := p.src[p.pos]
	p.pos++
	if s, ok := simpleEscapes[ch]; ok {
		b.WriteString(s)
		return
	}
	size := map[byte]int{'x': 2, 'u': 4, 'U': 8}[ch]
	switch {
	case ch == '\n' || ch == '\r':
		// An escaped line break: the lines join with nothing between,
		// and each blank line after it is a line break.
		p.pos--
		p.newline()
		p.skipSpaces()
		for !p.eof() && (p.peek() == '\n' || p.peek() == '\r') {
			p.newline()
			p.skipSpaces()
			b.WriteByte('\n')
		}
		return
	case size == 0:
		p.fail(p.line, "unknown escape \\%c in a value in double quotes", ch)
	}
	if p.pos+size > len(p.src) {
		p.fail(p.line, "escape \\%c needs %d hex digits", ch, size)
	}
	x, err := strconv.ParseUint(p.src[p.pos:p.pos+size], 16, 32)
	if err != nil || (size > 2 && !utf8.ValidRune(rune(x))) {
		p.fail(p.line, "escape \\%c%s is not a character", ch, p.src[p.pos:p.pos+size])
	}
	p.pos += size
	b.WriteRune(rune(x))
}

// skipFlowSpace moves past spaces, line breaks and comments inside a flow
// collection. It reports false where a line goes on the collection
// without being indented more than min, the column of the key or item
// that holds it: the collection was not closed.
func (p *parser) skipFlowSpace(min int) bool {
	for !p.eof() {
		switch p.peek() {
		case ' ', '\t':
			p.pos++
		case '\n', '\r':
			p.newline()
			j := p.pos
			for j < len(p.src) && p.src[j] == ' ' {
				j++
			}
			if j < len(p.src) && j-p.pos <= min && p.src[j] != '\n' && p.src[j] != '\r' && p.src[j] != '#' {
				return false
			}
		case '#':
			if p.pos > 0 && !p.blankAt(p.pos-1) {
				return true
			}
			for !p.eof() && p.peek() != '\n' {
				p.pos++
			}
		default:
			return true
		}
	}
	return true
}

// flowNode reads a flow list or mapping at pos.
func (p *parser) flowNode(depth, min int) *yaml.Node {
	p.depth(p.line, depth)
	open := p.peek()
	line := p.line
	kind, tag, close := yaml.SequenceNode, "!!seq", byte(']')
	if open == '{' {
		kind, tag, close = yaml.MappingNode, "!!map", '}'
	}
	n := p.node(kind, tag, line, p.col())
	n.Style = yaml.FlowStyle
	base := p.open(depth + 1)
	p.pos++
	what := "list"
	if open == '{' {
		what = "mapping"
	}
	notClosed := func() {
		p.fail(line, "the %s that starts here (%c) is not closed with %c", what, open, close)
	}
	space := func() {
		if !p.skipFlowSpace(min) {
			notClosed()
		}
	}
	for {
		space()
		if p.eof() {
			notClosed()
		}
		if p.peek() == close {
			p.pos++
			return p.close(n, base)
		}
		p.depth(p.line, depth+1)
		var k *yaml.Node
		if c := p.peek(); c == '[' || c == '{' {
			k = p.flowNode(depth+1, min)
		} else {
			k = p.scalar(true, -1, true)
		}
		space()
		if p.peek() == ':' {
			if k.Kind != yaml.ScalarNode {
				p.fail(k.Line, "a list or mapping as a key is not allowed: keys are plain names")
			}
			p.pos++
			space()
			var v *yaml.Node
			switch c := p.peek(); {
			case c == ',' || c == close:
				v = p.node(yaml.ScalarNode, "!!null", p.line, p.col())
			case c == '[' || c == '{':
				v = p.flowNode(depth+1, min)
			case p.eof():
				notClosed()
			default:
				v = p.scalar(true, -1, false)
			}
			if open == '[' {
				pair := p.node(yaml.MappingNode, "!!map", k.Line, k.Column-1)
				pair.Style = yaml.FlowStyle
				pb := p.open(depth + 2)
				p.add(pair, pb, k, v)
				p.add(n, base, p.close(pair, pb))
			} else {
				p.add(n, base, k, v)
			}
		} else if open == '{' {
			if k.Kind != yaml.ScalarNode {
				p.fail(k.Line, "a list or mapping as a key is not allowed: keys are plain names")
			}
			p.add(n, base, k, p.node(yaml.ScalarNode, "!!null", k.Line, k.Column-1))
		} else {
			p.add(n, base, k)
		}
		space()
		switch {
		case p.eof():
			notClosed()
		case p.peek() == ',':
			p.pos++
		case p.peek() == close:
		default:
			p.fail(p.line, "want , or %c in the %s that starts on line %d, got %s", close, what, line, quoteRune(p.src[p.pos:]))
		}
	}
}

// resolve returns the tag YAML 1.2 (as go.yaml.in/yaml/v3 reads it)
// gives a plain scalar.
func resolve(v string) string {
	if v == "" {
		return "!!null"
	}
	switch v {
	case "~", "null", "Null", "NULL":
		return "!!null"
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool"
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
		return "!!float"
	}
	c := v[0]
	if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.') {
		return "!!str"
	}
	if decimal(v) {
		return "!!int" // the numbers of a match file, without the parsing below
	}
	if c == '.' {
		// As go.yaml.in/yaml/v3 does: after a dot, a float as Go reads
		// one, underscores and all.
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return "!!float"
		}
		return "!!str"
	}
	// As go.yaml.in/yaml/v3 does: underscores dropped, any Go base.
	plain := strings.ReplaceAll(v, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return "!!int"
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return "!!int"
	}
	if isFloat(plain) {
		return "!!float"
	}
	if baseInt(plain, "0b", 2) || baseInt(plain, "0o", 8) {
		return "!!int"
	}
	if isTimestamp(v) {
		return "!!timestamp"
	}
	return "!!str"
}

// baseInt reports whether go.yaml.in/yaml/v3 reads v as an int written
// with prefix (0b, 0o) in base: the digits after it as Go reads them in
// that base, a sign after the prefix allowed ("0b+1"), and a minus before
// it.
func baseInt(v, prefix string, base int) bool {
	if rest, ok := strings.CutPrefix(v, prefix); ok {
		_, err := strconv.ParseInt(rest, base, 64)
		_, err2 := strconv.ParseUint(rest, base, 64)
		return err == nil || err2 == nil
	}
	if rest, ok := strings.CutPrefix(v, "-"+prefix); ok {
		_, err := strconv.ParseInt("-"+rest, base, 64)
		return err == nil
	}
	return false
}

// decimal reports whether v is 0, or up to 18 digits not starting with 0,
// with or without a minus sign: an int in any base YAML reads.
func decimal(v string) bool {
	if v != "" && v[0] == '-' {
		v = v[1:]
	}
	if v == "0" {
		return true
	}
	if v == "" || len(v) > 18 || v[0] == '0' {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return false
		}
	}
	return true
}

func isFloat(v string) bool {
	i := 0
	if i < len(v) && (v[i] == '-' || v[i] == '+') {
		i++
	}
	digits := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
		digits++
	}
	if i < len(v) && v[i] == '.' {
		i++
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '-' || v[i] == '+') {
			i++
		}
		exp := 0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	if i != len(v) {
		return false
	}
	_, err := strconv.ParseFloat(v, 64)
	return err == nil // out of range is text, as go.yaml.in/yaml/v3 reads it
}

var timestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

func isTimestamp(v string) bool {
	if len(v) < 8 || v[4] != '-' {
		return false
	}
	for _, f := range timestampFormats {
		if _, err := time.Parse(f, v); err == nil {
			return true
		}
	}
	return false
}
