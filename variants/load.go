package variants

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Load reads a variant from the contents of a variant file (RULES.md 9).
// name is the file's name, used only in messages.
//
// Reading is strict: an unknown, duplicate or missing key, a value of the
// wrong type or out of range, a number written 010 or 1.5 where an int is
// wanted, yes/no for a bool, an anchor, alias or tag, more than one
// document, a file over 64 KiB or not UTF-8 are all refused. A file that
// names a base (base: basic) starts from that built-in and changes only the
// keys it gives, at any depth; a by-player-count map replaces the base's
// map whole. A file without base takes RULES.md's defaults (ruleDefaults)
// for the keys it leaves out and must give the others. Either way the result
// must pass Check.
//
// The error, when there is one, is Problems: every problem in the file,
// each placed as "file:line: key: message".
func Load(name string, data []byte) (*Variant, error) {
	return load(name, data, false)
}

// LoadFile reads the variant file at path, as Load does.
func LoadFile(path string) (*Variant, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One byte more than the limit is enough for Load to refuse the file,
	// without reading all of a huge one.
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Resolve returns the variant nameOrFile names: a built-in when it is the
// name of one, else the variant file at that path. A name that is neither
// is an error that lists the built-ins.
func Resolve(nameOrFile string) (*Variant, error) {
	if isBuiltin(nameOrFile) {
		return Builtin(nameOrFile)
	}
	v, err := LoadFile(nameOrFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("unknown variant %q: not a built-in (%s), nor a file", nameOrFile, orList(Builtins()))
	}
	return v, err
}

// reader holds what one Load learns while it walks a file.
type reader struct {
	lines   map[string]int  // dotted key or group the file gives → its line
	groups  map[string]bool // groups the file gives as maps, so walked
	asMap   map[string]bool // by-player-count keys the file gives as maps
	hasBase bool            // the file names a base, valid or not
	builtin bool            // a built-in file: every key must be given
	probs   []problem
	tooMany bool
}

func (r *reader) add(probs ...problem) {
	for _, p := range probs {
		if len(r.probs) == maxProblems {
			r.tooMany = true
			return
		}
		r.probs = append(r.probs, p)
	}
}

// LoadNode reads a variant from a YAML node already parsed by yamlfile,
// as Load reads a file: a match file holds its variant's rules as one of
// its keys, and problems name the lines of that file. name is the file's
// name, used only in messages.
func LoadNode(name string, root *yaml.Node) (*Variant, error) {
	return loadRoot(name, root, false)
}

func load(name string, data []byte, builtin bool) (*Variant, error) {
	root, probs := parse(data)
	if len(probs) > 0 {
		return nil, placeAll(name, probs, nil)
	}
	return loadRoot(name, root, builtin)
}

func loadRoot(name string, root *yaml.Node, builtin bool) (*Variant, error) {
	r := &reader{lines: map[string]int{}, groups: map[string]bool{}, asMap: map[string]bool{}}
	if root.Kind != yaml.MappingNode {
		r.add(problemf(root.Line, "", "want a map of keys (%s), got %s", strings.Join(sections[""], ", "), got(root)))
		return nil, r.placed(name)
	}
	r.builtin = builtin
	v := r.base(root, builtin)
	r.walk(root, "", v)
	if _, ok := r.lines["name"]; !ok && r.hasBase {
		r.add(problemf(root.Line, "name", "missing: every variant file names itself"))
	}
	if !r.hasBase {
		r.missing("", root.Line)
	}
	if len(r.probs) == 0 {
		// The base's maps follow a players range the file changed; the
		// maps the file wrote are checked as written, then made canonical.
		v.canonicalize(r.asMap)
		r.add(check(v)...)
		v.canonicalize(nil)
	}
	if len(r.probs) > 0 {
		return nil, r.placed(name)
	}
	return v, nil
}

// ruleDefaults are the values RULES.md gives where a variant says nothing
// (RULES.md 1 to 5a: distinct suits, ace low, no wrap, min_natural 2, no
// joker limit, lay off after one's own meld, no discard needed, ties play
// on, card points A 1, J Q K 10, joker 15, going rummy doubles, the deal
// to the left). A user's file without base may leave these out; it must
// give the rest: name, players, deal.cards, scoring.method and
// scoring.target, which no default could guess.
var ruleDefaults = map[string]string{
	"title":                      "",
	"description":                "",
	"decks":                      "1",
	"jokers.per_deck":            "0",
	"jokers.min_natural":         "2",
	"jokers.max_per_meld":        "0",
	"jokers.swap":                "false",
	"deal.rotation":              "left",
	"sets.enabled":               "true",
	"sets.distinct_suits":        "true",
	"runs.enabled":               "true",
	"runs.ace":                   "low",
	"runs.wrap":                  "false",
	"melds.min_size":             "3",
	"layoff.requires_own_meld":   "true",
	"going_out.discard_required": "false",
	"scoring.values.ace":         "1",
	"scoring.values.face":        "10",
	"scoring.values.joker":       "15",
	"scoring.values.pips":        "face",
	"scoring.ace_low_run":        "1",
	"scoring.rummy_multiplier":   "2",
	"scoring.rounds":             "0",
	"scoring.ties":               "play-on",
	"scoring.must_go_out_to_win": "false",
	"stock.reshuffles":           "-1",
	"checks.hand_points":         "true",
	"checks.out_melded":          "true",
	"checks.rummy_claim":         "true",
	"checks.round_endings":       "true",

	// The optional keys: match-end bonuses and knock scoring (gin rummy).
	// The knock values are the modern ones of the gin built-in.
	"seats.join_total":        "zero",
	"seats.left_can_win":      "false",
	"scoring.game_bonus":      "0",
	"scoring.box_bonus":       "0",
	"scoring.shutout":         "0",
	"knock.limit":             "10",
	"knock.limit_from_upcard": "false",
	"knock.ace_upcard":        "gin-only",
	"knock.spade_multiplier":  "1",
	"knock.gin_bonus":         "25",
	"knock.big_gin_bonus":     "31",
	"knock.undercut_bonus":    "25",
	"knock.undercut_on_tie":   "true",
	"knock.layoffs":           "true",
	"knock.layoff_after_gin":  "false",
	"knock.dead_hand_stock":   "2",
	"wild.ranks":              "[]",
	"wild.points":             "0",
}

// defaultRules holds ruleDefaults, for YAML to tell an optional key left
// at its default, and for every file without base to start from (a
// clone: reading them again for each file cost more than the file).
// optionalRules holds those of the optional keys, which a built-in file
// may leave out.
var (
	defaultRules  = withDefaults(false)
	optionalRules = withDefaults(true)
)

// withDefaults returns a Variant holding ruleDefaults, or only those of
// the optional keys.
func withDefaults(optionalOnly bool) *Variant {
	v := &Variant{}
	for key, val := range ruleDefaults {
		if val == "" || optionalOnly && !fieldByKey[key].optional {
			continue
		}
		n, probs := parse([]byte(val))
		if len(probs) > 0 {
			panic("variants: bad default for " + key)
		}
		if probs, _ := fieldByKey[key].read(n, v); len(probs) > 0 {
			panic(fmt.Sprintf("variants: bad default for %s: %v", key, probs))
		}
	}
	return v
}

// base returns the variant the file starts from: the built-in its base key
// names, or, for a user's file without base, RULES.md's defaults.
func (r *reader) base(root *yaml.Node, builtin bool) *Variant {
	v := defaultRules.clone()
	if builtin {
		v = optionalRules.clone()
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, val := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value != "base" {
			continue
		}
		if builtin {
			r.add(problemf(k.Line, "base", "a built-in variant has no base"))
			return v
		}
		r.hasBase = true
		if probs, _ := fieldByKey["base"].read(val, v); len(probs) > 0 {
			r.add(probs...)
			return v
		}
		b, err := Builtin(v.Base)
		if err != nil { // a built-in that does not load is a bug, but say so
			r.add(problemf(val.Line, "base", "%v", err))
			return v
		}
		b.Base = v.Base
		return b
	}
	return v
}

// plainKey reports whether a key needs no quotes in a message: letters,
// digits, _ . and - (a loop: every key of every file passes here).
func plainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return k != ""
}

// walk reads the keys of the group prefix ("" for the top) from n into v.
func (r *reader) walk(n *yaml.Node, prefix string, v *Variant) {
	if n.Kind != yaml.MappingNode {
		r.add(problemf(n.Line, prefix, "want a map of keys (%s), got %s", strings.Join(sections[prefix], ", "), got(n)))
		return
	}
	r.groups[prefix] = true
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content) && !r.tooMany; i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			r.add(problemf(k.Line, prefix, "want a key name, got %s", got(k)))
			continue
		}
		key := join(prefix, k.Value)
		if !plainKey(k.Value) {
			key = join(prefix, quote(k.Value))
		}
		if first, dup := seen[k.Value]; dup {
			r.add(problemf(k.Line, key, "duplicate key (first at line %d)", first))
			continue
		}
		seen[k.Value] = k.Line
		f := fieldByKey[key]
		_, isGroup := sections[key]
		switch {
		case strings.Contains(k.Value, ".") && (f != nil || isGroup):
			// runs.ace: either, written flat: the dotted names are for
			// --rule; a file nests them.
			parts := strings.Split(key, ".")
			r.add(problemf(k.Line, key, "unknown key: a file nests keys (%s: then %s: indented under it)",
				parts[0], strings.Join(parts[1:], ".")))
		case f != nil:
			r.lines[key] = k.Line
			if key == "base" {
				continue // read first, by r.base
			}
			probs, asMap := f.read(val, v)
			r.add(probs...)
			if asMap {
				r.asMap[key] = true
			}
		case isGroup && key != "":
			r.lines[key] = k.Line
			r.walk(val, key, v)
		default:
			msg := "unknown key"
			if s := suggest(key); s != "" {
				msg += " (did you mean " + s + "?)"
			}
			r.add(problemf(k.Line, key, "%s", msg))
		}
	}
}

// missing reports the keys of the group prefix that a file without base
// left out; line is where the group starts.
func (r *reader) missing(prefix string, line int) {
	for _, name := range sections[prefix] {
		key := join(prefix, name)
		l, given := r.lines[key]
		switch {
		case key == "base":
		case !given && sections[key] != nil:
			r.missing(key, line) // a group left out: only its keys without a default are missing
		case !given:
			if _, ok := ruleDefaults[key]; ok && (!r.builtin || fieldByKey[key].optional) {
				continue
			}
			r.add(problemf(line, key, "missing: give it, or start from a built-in with base: (the rule book, docs/rules.md, gives no default for it)"))
		case r.groups[key]:
			r.missing(key, l)
		}
	}
}

// placed returns the reader's problems placed in file name, in line order.
func (r *reader) placed(name string) Problems {
	ps := placeAll(name, r.probs, r)
	if r.tooMany {
		ps = append(ps, Problem{File: name, Msg: fmt.Sprintf("too many problems: stopped after %d", maxProblems)})
	}
	return ps
}

// placeAll turns problems into Problems of file name. A problem without a
// line (from Check) goes on the line of its key, or of a related key, or
// of base when the file left them all to its base.
func placeAll(name string, probs []problem, r *reader) Problems {
	out := make(Problems, 0, len(probs))
	for _, p := range probs {
		line := p.line
		if line == 0 && r != nil {
			for _, key := range append([]string{p.key}, p.related...) {
				if l, ok := r.lines[key]; ok && key != "" {
					line = l
					break
				}
			}
			if line == 0 {
				line = r.lines["base"]
			}
		}
		out = append(out, Problem{File: name, Line: line, Key: p.key, Msg: p.msg})
	}
	slices.SortStableFunc(out, func(a, b Problem) int { return a.Line - b.Line })
	return out
}
