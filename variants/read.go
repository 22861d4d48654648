package variants

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants/yamlfile"
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

// limits are a variant file's bounds for the YAML reader: a 64 KiB file
// cannot hold more values than this anyway, so only the bytes of a
// hostile one are read.
var limits = yamlfile.Limits{What: "a variant file", Size: maxFileSize, Depth: maxDepth, Nodes: 1 << 15}

// parse decodes data's one YAML document with the strict reader shared by
// every rummy file, and returns its root node or the problem that stops
// reading.
func parse(data []byte) (*yaml.Node, []problem) {
	root, err := yamlfile.Parse(data, limits)
	if err != nil {
		return nil, []problem{fromYAML(err)}
	}
	return root, nil
}

// fromYAML turns a yamlfile error into a problem on its line.
func fromYAML(err error) problem {
	if errors.Is(err, yamlfile.ErrEmpty) {
		return problem{msg: "empty file: a variant file is a map of keys (name, players, ...)"}
	}
	var e *yamlfile.Error
	if errors.As(err, &e) {
		return problem{line: e.Line, msg: e.Msg}
	}
	return problem{msg: err.Error()}
}

func short(s string) string { return yamlfile.Short(s) }

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

// readInt reads n as a plain decimal int in lo..hi (yamlfile.Int). On
// failure it returns a message; what names the number in it ("player
// count ") and want is what a value of the wrong type is told to be.
func readInt(n *yaml.Node, what, want string, lo, hi int) (int, string) {
	x, msg := yamlfile.Int(n, int64(lo), int64(hi), want, got)
	if msg != "" {
		if !strings.HasPrefix(msg, "want ") {
			msg = what + msg
		}
		return 0, msg
	}
	return int(x), ""
}

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

	case kindPips, kindShutout:
		word, wordValue := f.word()
		if isStr && n.Value == word {
			*f.num(v) = wordValue
			return
		}
		if isStr {
			bad(n.Line, "%s is not %s or an int (%d to %d)", quote(n.Value), word, f.lo, f.hi)
			return
		}
		x, msg := readInt(n, "", f.want(), f.lo, f.hi)
		if msg != "" {
			bad(n.Line, "%s", msg)
			return
		}
		*f.num(v) = x

	case kindRanks:
		if n.Kind != yaml.SequenceNode {
			wrongType()
			return
		}
		var set engine.RankSet
		for _, item := range n.Content {
			rk, ok := rankOf(item)
			if !ok {
				bad(item.Line, "%s is not a rank: want A, 2 to 10, J, Q or K, such as [2]", quote(item.Value))
				return
			}
			if set.Has(rk) {
				bad(item.Line, "%s is listed twice", rk)
				return
			}
			set |= engine.NewRankSet(rk)
		}
		*f.ranks(v) = set

	case kindBool:
		b, msg := yamlfile.Bool(n, got)
		if msg != "" {
			bad(n.Line, "%s", msg)
			return
		}
		*f.flag(v) = b

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

// rankOf reads one rank of a list of ranks: A, 2 to 10, J, Q or K (an int
// or a string, any case).
func rankOf(n *yaml.Node) (engine.Rank, bool) {
	if n.Kind != yaml.ScalarNode {
		return 0, false
	}
	for rk := engine.Ace; rk <= engine.King; rk++ {
		if strings.EqualFold(n.Value, rk.String()) {
			return rk, true
		}
	}
	return 0, false
}
