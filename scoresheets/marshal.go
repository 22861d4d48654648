package scoresheets

import (
	"fmt"
	"strconv"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants/yamlfile"
	"go.yaml.in/yaml/v3"
)

// SchemaVersion is the version of the match file this package writes. It
// reads it and every older one: version 1 is version 2 without the last
// line, holds: {rounds: R, audit: A}, which lets a file cut short be told
// from a shorter match. A version 1 file becomes version 2 at its next
// save.
const SchemaVersion = 2

// Marshal returns the match file of s: YAML, schema_version first, cards in
// canonical ASCII, the variant's full rules nested so that a later change
// to a built-in cannot change an old match.
func Marshal(s *Sheet) []byte {
	root := mapping(false,
		"schema_version", number(SchemaVersion),
		"created", timestamp(s.Created),
		"variant", variantNode(s),
		"players", names(s.Players),
		"first_dealer", str(s.FirstDealer),
		"target", number(s.Target),
		"round_limit", number(s.RoundLimit),
	)
	if !s.Ended.IsZero() {
		add(root, "ended", timestamp(s.Ended))
	}
	if len(s.Seats) > 0 {
		seats := seq(false)
		for i, c := range s.Seats {
			m := mapping(true, "from", number(c.From))
			if c.Leave {
				add(m, "leave", str(c.Player))
			} else {
				add(m, "join", str(c.Player))
				if referee.IsNew(s.Seats, i) {
					add(m, "total", number(c.Start))
				}
			}
			seats.Content = append(seats.Content, m)
		}
		add(root, "seats", seats)
	}
	rounds := seq(false)
	for _, e := range s.Rounds {
		rounds.Content = append(rounds.Content, entryNode(s, e))
	}
	if len(s.Rounds) == 0 {
		rounds.Style = yaml.FlowStyle
	}
	add(root, "rounds", rounds)
	audit := seq(false)
	for _, a := range s.Audit {
		m := mapping(true, "time", timestamp(a.Time), "action", str(string(a.Action)))
		if a.Round > 0 {
			add(m, "round", number(a.Round))
		}
		add(m, "note", quoted(a.Note))
		audit.Content = append(audit.Content, m)
	}
	if len(s.Audit) == 0 {
		audit.Style = yaml.FlowStyle
	}
	add(root, "audit", audit)
	// The last line, after everything it counts: a file cut at any byte
	// lacks it, or has it cut.
	add(root, "holds", mapping(true, "rounds", number(len(s.Rounds)), "audit", number(len(s.Audit))))
	applyComments(root, s.comments)

	return yamlfile.Emit(root)
}

// variantNode returns the variant's rules as a mapping node.
func variantNode(s *Sheet) *yaml.Node {
	n, err := yamlfile.Parse(s.Variant.YAML(), limits)
	if err != nil {
		panic(fmt.Sprintf("scoresheets: variant %s writes rules it cannot read: %v", s.Variant.Name, err))
	}
	return n
}

func entryNode(s *Sheet, e Entry) *yaml.Node {
	r := e.Round
	m := mapping(false, "number", number(e.Number), "dealer", str(e.Dealer))
	switch {
	case r.Stalemate:
		add(m, "stalemate", boolean(true))
	case r.Out != "":
		add(m, "out", str(r.Out))
	}
	if r.Rummy {
		add(m, "rummy", boolean(true))
	}
	if r.Knock != "" {
		add(m, "knock", str(r.Knock))
	}
	if r.Upcard != 0 {
		add(m, "upcard", quoted(r.Upcard.String()))
	}
	if len(r.Melds) > 0 {
		melds := seq(false)
		for _, md := range r.Melds {
			melds.Content = append(melds.Content, mapping(true, "player", str(md.Player), "cards", quoted(md.Meld.String())))
		}
		add(m, "melds", melds)
	}
	if len(r.Layoffs) > 0 {
		lays := seq(false)
		for _, l := range r.Layoffs {
			lays.Content = append(lays.Content, mapping(true,
				"player", str(l.Player), "cards", quoted(engine.FormatCards(l.Cards, false)), "onto", number(l.Onto)))
		}
		add(m, "layoffs", lays)
	}
	if len(r.Hands) > 0 {
		hands := mapping(false)
		for _, h := range r.Hands {
			v := quoted(engine.FormatCards(h.Cards, false))
			if h.ByPoints {
				v = mapping(true, "points", number(h.Points))
			}
			add(hands, h.Player, v)
		}
		add(m, "hands", hands)
	}
	scores := mapping(true)
	for _, p := range s.Seated(e.Number) {
		add(scores, p, number(e.Scores[p]))
	}
	add(m, "scores", scores)
	return m
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func quoted(s string) *yaml.Node {
	n := str(s)
	n.Style = yaml.DoubleQuotedStyle
	return n
}

func number(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

func boolean(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

func timestamp(t time.Time) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!timestamp", Value: t.Format(time.RFC3339Nano)}
}

func names(list []string) *yaml.Node {
	n := seq(true)
	for _, p := range list {
		n.Content = append(n.Content, str(p))
	}
	return n
}

func seq(flow bool) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	if flow {
		n.Style = yaml.FlowStyle
	}
	return n
}

// mapping builds a mapping from key, value pairs (a string, then a node).
func mapping(flow bool, kv ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	if flow {
		n.Style = yaml.FlowStyle
	}
	for i := 0; i+1 < len(kv); i += 2 {
		add(n, kv[i].(string), kv[i+1].(*yaml.Node))
	}
	return n
}

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, str(key), v)
}
