package yamlfile

import (
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzParse: Parse never fails with a bug of its own, and a document it
// reads, go.yaml.in/yaml/v3 reads the same: the same kinds, values and
// tags, node for node (block scalars aside); and what Emit writes of it,
// Parse reads back the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a: 1\nb: [x, 'y', \"z\"]\nc: {d: 2, e: ~}\n",
		"# c\nlist:\n  - k: v\n    n: 010\n  - - 1\n    - 2\n",
		"s: |\n  one\n  two\nt: >-\n  a\n  b\n\n  c\n",
		"q: \"a\\tb\\u00e9\"\nr: 'it''s'\np: plain text # c\n",
		"m:\n- 1\n- 2\nx: 2026-03-01T19:30:00Z\n",
	} {
		f.Add([]byte(s))
	}
	lim := Limits{What: "a fuzz file", Size: 1 << 16, Depth: 8, Nodes: 1 << 12}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data, lim)
		if err != nil {
			if strings.Contains(err.Error(), "a bug in rummy") {
				t.Fatalf("%q: %v", data, err)
			}
			return
		}
		// What Emit writes, Parse reads back the same. The read-back gets
		// room to nest deeper: Emit writes each level of a compact list
		// ("- - - x") or a list at its key's column on lines of its own,
		// which the depth count may see a level or two deeper.
		out := Emit(n)
		again, err := Parse(out, Limits{What: "a fuzz file", Size: 1 << 20, Depth: 12, Nodes: 1 << 13})
		if err != nil {
			t.Fatalf("%q: Emit wrote\n%s\nwhich Parse refuses: %v", data, out, err)
		}
		if msg := same(again, n); msg != "" {
			t.Fatalf("%q: Emit wrote\n%s\nwhich Parse reads otherwise: %s", data, out, msg)
		}
		var doc yaml.Node
		if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) != 1 {
			return // a document go.yaml.in/yaml/v3 refuses or reads as empty
		}
		if msg := same(n, doc.Content[0]); msg != "" {
			t.Fatalf("%q: %s", data, msg)
		}
	})
}

func same(a, b *yaml.Node) string {
	if a.Kind != b.Kind {
		return "kinds differ at line " + itoa(a.Line)
	}
	if a.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return "" // block scalars' corners (leading blank lines, indentation) are left to the unit tests
	}
	if a.ShortTag() == "!!null" && b.ShortTag() == "!!null" {
		return "" // ~, null and nothing are one value
	}
	if b.ShortTag() == "!!merge" {
		return "" // <<, a plain key here: rummy's files have no merge keys
	}
	if a.Kind == yaml.ScalarNode && (a.Value != b.Value || a.ShortTag() != b.ShortTag()) {
		return "scalars differ at line " + itoa(a.Line) + ": " + a.ShortTag() + " " + strquote(a.Value) + " vs " + b.ShortTag() + " " + strquote(b.Value)
	}
	if len(a.Content) != len(b.Content) {
		return "lengths differ at line " + itoa(a.Line)
	}
	for i := range a.Content {
		if m := same(a.Content[i], b.Content[i]); m != "" {
			return m
		}
	}
	return ""
}

func itoa(i int) string        { return strconv.Itoa(i) }
func strquote(s string) string { return strconv.Quote(s) }
