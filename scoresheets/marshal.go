package scoresheets

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
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
	b := &builder{}
	root := b.mapping(false,
		"schema_version", b.number(SchemaVersion),
		"created", b.timestamp(s.Created),
		"variant", variantNode(s),
		"players", b.names(s.Players),
		"first_dealer", b.str(s.FirstDealer),
		"target", b.number(s.Target),
		"round_limit", b.number(s.RoundLimit),
	)
	if !s.Ended.IsZero() {
		b.add(root, "ended", b.timestamp(s.Ended))
	}
	if len(s.Seats) > 0 {
		seats := b.seq(false)
		for i, c := range s.Seats {
			m := b.mapping(true, "from", b.number(c.From))
			if c.Leave {
				b.add(m, "leave", b.str(c.Player))
			} else {
				b.add(m, "join", b.str(c.Player))
				if referee.IsNew(s.Seats, i) {
					b.add(m, "total", b.number(c.Start))
				}
			}
			seats.Content = append(seats.Content, m)
		}
		b.add(root, "seats", seats)
	}
	// The rounds and the audit are written an item at a time, each built
	// in nodes used again for the next: a long match is never one tree.
	b.add(root, "rounds", b.seq(len(s.Rounds) == 0))
	b.add(root, "audit", b.seq(len(s.Audit) == 0))
	// The last line, after everything it counts: a file cut at any byte
	// lacks it, or has it cut.
	b.add(root, "holds", b.mapping(true, "rounds", b.number(len(s.Rounds)), "audit", b.number(len(s.Audit))))
	applyComments(root, "", s.comments)
	items := commentedItems(s.comments)

	var out yamlfile.Stream
	out.Grow(4096 + 400*len(s.Rounds) + 120*len(s.Audit))
	out.Comment(root.HeadComment)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		var n int
		switch k.Value {
		case "rounds":
			n = len(s.Rounds)
		case "audit":
			n = len(s.Audit)
		}
		if n == 0 {
			out.Pair(k, v)
			continue
		}
		out.List(k, v)
		writeItems(&out, s, k.Value, n, items)
		out.EndList(v)
	}
	out.Comment(root.FootComment)
	return out.Bytes()
}

// parallelItems is the length of a list from which its items are shared
// out among the processors (inParts).
const parallelItems = 1024

// parts returns into how many runs inParts cuts n items: one a
// processor, of parallelItems/2 items at least, from parallelItems on.
func parts(n int) int {
	if n < parallelItems {
		return 1
	}
	return max(1, min(runtime.GOMAXPROCS(0), n/(parallelItems/2)))
}

// inParts calls do for each of the parts(n) runs of items 0 to n, the
// first on this goroutine and the others on goroutines of their own, and
// returns once all are done.
func inParts(n int, do func(part, from, to int)) {
	k := parts(n)
	var wg sync.WaitGroup
	for p := 1; p < k; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do(p, p*n/k, (p+1)*n/k)
		}()
	}
	do(0, 0, n/k)
	wg.Wait()
}

// writeItems writes the n items of the top-level list key ("rounds" or
// "audit") to out. A long list is cut into runs of items (inParts), each
// written apart and appended in order: the bytes are those one writer
// would write.
func writeItems(out *yamlfile.Stream, s *Sheet, key string, n int, items map[string]bool) {
	runs := make([]yamlfile.Stream, parts(n))
	inParts(n, func(p, from, to int) {
		run := out
		if p > 0 {
			run = &runs[p]
			run.Grow(400 * (to - from))
		}
		writeRun(run, s, key, from, to, items)
	})
	for p := 1; p < len(runs); p++ {
		out.Append(&runs[p])
	}
}

// writeRun writes items from to to (from 0) of the list key to out, each
// built in the nodes of one builder, used again for the next.
func writeRun(out *yamlfile.Stream, s *Sheet, key string, from, to int, items map[string]bool) {
	item := &builder{}
	for j := from; j < to; j++ {
		item.reset()
		var node *yaml.Node
		if key == "rounds" {
			node = item.entry(s, s.Rounds[j])
		} else {
			node = item.audit(s.Audit[j])
		}
		if items != nil {
			if path := "/" + key + "/" + strconv.Itoa(j+1); items[path] {
				applyComments(node, path, s.comments)
			}
		}
		out.Item(node)
	}
}

func (b *builder) audit(a Audit) *yaml.Node {
	m := b.mapping(true, "time", b.timestamp(a.Time), "action", b.str(string(a.Action)))
	if a.Round > 0 {
		b.add(m, "round", b.number(a.Round))
	}
	b.add(m, "note", b.quoted(a.Note))
	return m
}

// commentedItems returns the places of the rounds and audit entries
// (/rounds/3) that have a comment on them or under them.
func commentedItems(comments map[string]comment) map[string]bool {
	if len(comments) == 0 {
		return nil
	}
	items := map[string]bool{}
	for p := range comments {
		// /rounds/3/hands/Ann@key: up to the third slash, and no key
		// comment of the list itself.
		n := 0
		end := strings.IndexFunc(p, func(r rune) bool {
			if r == '/' {
				n++
			}
			return n == 3 || r == '@'
		})
		if end < 0 {
			end = len(p)
		}
		items[p[:end]] = true
	}
	return items
}

// variantNode returns the variant's rules as a mapping node.
func variantNode(s *Sheet) *yaml.Node {
	n, err := yamlfile.Parse(s.Variant.YAML(), limits)
	if err != nil {
		panic(fmt.Sprintf("scoresheets: variant %s writes rules it cannot read: %v", s.Variant.Name, err))
	}
	return n
}

// entryNode returns the node of round e.
func entryNode(s *Sheet, e Entry) *yaml.Node { return new(builder).entry(s, e) }

func (b *builder) entry(s *Sheet, e Entry) *yaml.Node {
	r := e.Round
	m := b.mapping(false, "number", b.number(e.Number), "dealer", b.str(e.Dealer))
	switch {
	case r.Stalemate:
		b.add(m, "stalemate", b.boolean(true))
	case r.Out != "":
		b.add(m, "out", b.str(r.Out))
	}
	if r.Rummy {
		b.add(m, "rummy", b.boolean(true))
	}
	if r.Knock != "" {
		b.add(m, "knock", b.str(r.Knock))
	}
	if r.Upcard != 0 {
		b.add(m, "upcard", b.quoted(r.Upcard.String()))
	}
	if len(r.Melds) > 0 {
		melds := b.seq(false)
		for _, md := range r.Melds {
			melds.Content = append(melds.Content, b.mapping(true, "player", b.str(md.Player), "cards", b.quoted(b.text(md.Meld.Cards, md.Meld.Named))))
		}
		b.add(m, "melds", melds)
	}
	if len(r.Layoffs) > 0 {
		lays := b.seq(false)
		for _, l := range r.Layoffs {
			lays.Content = append(lays.Content, b.mapping(true,
				"player", b.str(l.Player), "cards", b.quoted(b.text(l.Cards, nil)), "onto", b.number(l.Onto)))
		}
		b.add(m, "layoffs", lays)
	}
	if len(r.Hands) > 0 {
		hands := b.mapping(false)
		for _, h := range r.Hands {
			v := b.quoted(b.text(h.Cards, nil))
			if h.ByPoints {
				v = b.mapping(true, "points", b.number(h.Points))
			}
			b.add(hands, h.Player, v)
		}
		b.add(m, "hands", hands)
	}
	scores := b.mapping(true)
	seated := s.Players
	if len(s.Seats) > 0 {
		seated = s.Seated(e.Number)
	}
	for _, p := range seated {
		b.add(scores, p, b.number(e.Scores[p]))
	}
	b.add(m, "scores", scores)
	return m
}

// builder makes the nodes of a tree from chunks it uses again after
// reset: writing a round allocates nothing once the first is written.
type builder struct {
	chunks [][]yaml.Node
	used   int // nodes handed out since reset
	texts  map[cardsAt]string
}

// cardsAt names cards by their memory: the rounds of a loaded match that
// were written alike share their cards (decoder.parseMeld), and each text
// is written once.
type cardsAt struct {
	cards, named *engine.Card
	nc, nn       int
}

// text returns the canonical text of a meld's cards and named jokers
// (engine.Meld.String; engine.FormatCards when named is nil).
func (b *builder) text(cards, named []engine.Card) string {
	if len(cards) == 0 {
		return ""
	}
	k := cardsAt{cards: &cards[0], nc: len(cards), nn: len(named)}
	if len(named) > 0 {
		k.named = &named[0]
	}
	if t, ok := b.texts[k]; ok {
		return t
	}
	t := engine.Meld{Cards: cards, Named: named}.String()
	if b.texts == nil {
		b.texts = map[cardsAt]string{}
	}
	b.texts[k] = t
	return t
}

const chunkNodes = 64

func (b *builder) reset() { b.used = 0 }

func (b *builder) node(kind yaml.Kind, tag, value string) *yaml.Node {
	c, i := b.used/chunkNodes, b.used%chunkNodes
	if c == len(b.chunks) {
		b.chunks = append(b.chunks, make([]yaml.Node, chunkNodes))
	}
	b.used++
	n := &b.chunks[c][i]
	// Field by field, and the comments only where a node had some: a
	// whole yaml.Node written over is a dozen pointers each time.
	n.Kind, n.Style, n.Tag, n.Value, n.Content = kind, 0, tag, value, n.Content[:0]
	if n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
		n.HeadComment, n.LineComment, n.FootComment = "", "", ""
	}
	return n
}

func (b *builder) str(s string) *yaml.Node { return b.node(yaml.ScalarNode, "!!str", s) }

func (b *builder) quoted(s string) *yaml.Node {
	n := b.str(s)
	n.Style = yaml.DoubleQuotedStyle
	return n
}

func (b *builder) number(i int) *yaml.Node {
	return b.node(yaml.ScalarNode, "!!int", strconv.Itoa(i))
}

func (b *builder) boolean(v bool) *yaml.Node {
	return b.node(yaml.ScalarNode, "!!bool", strconv.FormatBool(v))
}

func (b *builder) timestamp(t time.Time) *yaml.Node {
	return b.node(yaml.ScalarNode, "!!timestamp", t.Format(time.RFC3339Nano))
}

func (b *builder) names(list []string) *yaml.Node {
	n := b.seq(true)
	for _, p := range list {
		n.Content = append(n.Content, b.str(p))
	}
	return n
}

func (b *builder) seq(flow bool) *yaml.Node {
	n := b.node(yaml.SequenceNode, "!!seq", "")
	if flow {
		n.Style = yaml.FlowStyle
	}
	return n
}

// mapping builds a mapping from key, value pairs (a string, then a node).
func (b *builder) mapping(flow bool, kv ...any) *yaml.Node {
	n := b.node(yaml.MappingNode, "!!map", "")
	if flow {
		n.Style = yaml.FlowStyle
	}
	for i := 0; i+1 < len(kv); i += 2 {
		b.add(n, kv[i].(string), kv[i+1].(*yaml.Node))
	}
	return n
}

func (b *builder) add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, b.str(key), v)
}
