package variants

import (
	"strconv"
	"strings"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants/yamlfile"
	"go.yaml.in/yaml/v3"
)

// YAML returns v as a variant file: every key present, in the order of
// RULES.md 9 and the built-in files, base only when v has one, maps by
// player count in flow style ({2: 10, 3: 7}) or as one number when one value
// serves every count, pips as face or its number. For a variant from Load,
// Builtin or Override, Load(name, v.YAML()) returns a Variant equal to v.
func (v *Variant) YAML() []byte {
	top := &yaml.Node{Kind: yaml.MappingNode}
	groups := map[string]*yaml.Node{"": top}
	var group func(key string) *yaml.Node
	group = func(key string) *yaml.Node {
		if g, ok := groups[key]; ok {
			return g
		}
		parent, name := splitKey(key)
		g := &yaml.Node{Kind: yaml.MappingNode}
		p := group(parent)
		p.Content = append(p.Content, str(name), g)
		groups[key] = g
		return g
	}
	for _, f := range fields {
		if f.kind == kindBase && v.Base == "" || f.omitted(v) {
			continue
		}
		parent, name := splitKey(f.key)
		g := group(parent)
		g.Content = append(g.Content, str(name), f.node(v))
	}
	return yamlfile.Emit(top)
}

// splitKey splits a dotted key into its group and its name.
func splitKey(key string) (group, name string) {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[:i], key[i+1:]
	}
	return "", key
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func integer(n int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(n)}
}

// node returns f's value in v as a YAML node.
func (f *field) node(v *Variant) *yaml.Node {
	switch f.kind {
	case kindName, kindText, kindBase:
		return str(*f.str(v))
	case kindInt:
		return integer(*f.num(v))
	case kindPips, kindShutout:
		if word, wordValue := f.word(); *f.num(v) == wordValue {
			return str(word)
		}
		return integer(*f.num(v))
	case kindBool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(*f.flag(v))}
	case kindEnum:
		return str(f.enum.get(v))
	case kindRanks:
		m := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, rk := range f.ranks(v).Ranks() {
			if rk >= engine.Two && rk <= engine.Ten {
				m.Content = append(m.Content, integer(int(rk)))
			} else {
				m.Content = append(m.Content, str(rk.String()))
			}
		}
		return m
	case kindByPlayers:
		b := *f.by(v)
		keys := b.keys()
		if len(keys) == 1 {
			return integer(b[keys[0]])
		}
		m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		for _, k := range keys {
			m.Content = append(m.Content, integer(k), integer(b[k]))
		}
		return m
	}
	panic("variants: no YAML for key " + f.key)
}

// omitted reports whether YAML leaves f out of v: an optional key at its
// default in a variant that does not score by knocking (the seats and wild
// keys at their defaults in any variant). Load gives such a key its default again,
// so the round trip holds.
func (f *field) omitted(v *Variant) bool {
	if !f.optional || v.Scoring.Method == Knock && !strings.HasPrefix(f.key, "seats.") && !strings.HasPrefix(f.key, "wild.") {
		return false
	}
	if f.kind == kindRanks {
		return *f.ranks(v) == *f.ranks(defaultRules)
	}
	return f.node(v).Value == f.node(defaultRules).Value
}
