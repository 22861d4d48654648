package scoresheets

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
	"github.com/rummy-referee/rummy/variants/yamlfile"
	"go.yaml.in/yaml/v3"
)

// MaxFileSize is the largest match file Unmarshal and Load read, in bytes:
// far above any real match (a 1,000-round match is under 1 MiB), low
// enough that a hostile file cannot exhaust memory.
const MaxFileSize = 16 << 20

// ErrNotMatch marks a file that is not a match file at all: not a YAML
// mapping, or one without schema_version. List skips such files.
var ErrNotMatch = errors.New("not a match file")

// Unmarshal reads a match file; name (usually its path) starts every error
// message, with the line where the line is known: "match.yaml:12: ...".
//
// It is strict: unknown or repeated keys, values of the wrong type, bad
// cards (the token is named), unknown players, anchors and aliases, more
// than one YAML document, files over MaxFileSize and a schema_version other
// than 1 are errors. It then judges every round again with the referee,
// checks that each round was dealt by the player the rotation says, and
// refuses a file whose stored round scores disagree with the referee's,
// naming the round and the player, or that holds rounds after the match
// was over. Totals are never read from the file: Standing recomputes them.
func Unmarshal(name string, data []byte) (*Sheet, error) {
	d := &decoder{name: name, data: data}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: the file has %d bytes, more than a match file may hold (%d)", name, len(data), MaxFileSize)
	}
	if textVersion(data) >= 2 {
		// Before the YAML: a cut file is told it was cut, not that its
		// YAML ends oddly.
		if err := d.tail(); err != nil {
			return nil, err
		}
	}
	defer d.judging.wait() // on every return: no goroutine left judging
	root, err := d.parse()
	if err != nil {
		return nil, err
	}
	return d.sheet(root)
}

var versionLine = regexp.MustCompile(`^schema_version: *([0-9]+) *(#.*)?\r?$`)

// textVersion returns the schema_version of a file whose first line with
// text says it, as rummy writes it (comments and blank lines before it
// allowed), or 0.
func textVersion(data []byte) int {
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if m := versionLine.FindSubmatch(line); m != nil {
			v, _ := strconv.Atoi(string(m[1]))
			return v
		}
		return 0
	}
	return 0
}

type decoder struct {
	name  string
	data  []byte
	quiet bool // values are not named (sub)
	// The melds and cards read so far, by their text (parseMeld).
	meldText map[string]engine.Meld
	cardText map[string][]engine.Card
	// judged, when set, says which rounds were judged before and stand
	// unchanged: check does not judge them again.
	judged func(i int) bool

	// What the parser handed over item by item (yamlfile.ParseStream):
	// the rounds and audit entries, read with the header (players and
	// seats) of the keys before them.
	head     *Sheet
	headVar  *yaml.Node // the variant node head.Variant was read from
	judging  *judging   // judges the rounds as they are read
	streamed struct {
		off           bool // the header was not there to read rounds with
		rounds, audit bool
		entries       []Entry
		places        []place
		err           error
		audits        []Audit
		auditErr      error
		comments      map[string]comment
	}
}

// item reads a round or an audit entry as soon as the parser has read it
// (see yamlfile.ParseStream), so the rounds' nodes never all exist at
// once. It reports false when it has taken the item.
func (d *decoder) item(top *yaml.Node, key string, i int, n *yaml.Node) bool {
	st := &d.streamed
	switch {
	case st.off:
		return true
	case key == "rounds":
		if d.head == nil {
			// The players and seats, from the keys read so far; where a
			// hand edit put them after the rounds, the rounds are kept
			// and read as the rest of the file.
			h, err := d.header(top)
			if err != nil {
				st.off = true
				return true
			}
			d.head = h
			if h.Variant != nil {
				d.judging = d.startJudging(h.Variant)
			}
		}
		st.rounds = true
		if st.err == nil {
			seated := d.head.Players // all of them, unless seats change
			if len(d.head.Seats) > 0 {
				seated = d.head.Seated(i + 1)
			}
			e, at, err := d.entry(n, i+1, d.head.Players, seated)
			st.entries, st.places, st.err = append(st.entries, e), append(st.places, at), err
			if err == nil && d.judging != nil {
				d.judging.add(i, st.entries, st.places, seated)
			}
		}
	case key == "audit":
		st.audit = true
		if st.auditErr == nil {
			a, err := d.auditEntry(n, i)
			st.audits, st.auditErr = append(st.audits, a), err
		}
	default:
		return true
	}
	if commented(n) {
		st.comments = collectComments(n, "/"+key+"/"+strconv.Itoa(i+1), st.comments)
	}
	return false
}

// header reads, from the top-level keys read so far, what a round needs
// to be read: the players and the seats; and the variant, when it loads,
// to judge the rounds as they are read (sheet reads it again where it
// does not).
func (d *decoder) header(top *yaml.Node) (*Sheet, error) {
	f := fields{d: d, node: top, what: "the match", pairs: top.Content}
	s := &Sheet{}
	var err error
	if s.Players, err = d.players(f, nil); err != nil {
		return nil, err
	}
	if sn := f.opt("seats"); sn != nil {
		if s.Seats, err = d.seats(sn, s.Players); err != nil {
			return nil, err
		}
	}
	if vn := f.opt("variant"); vn != nil && vn.Kind == yaml.MappingNode {
		if v, err := d.variant(vn); err == nil {
			s.Variant, d.headVar = v, vn
		}
	}
	return s, nil
}

// parseMeld is engine.ParseMeld(text), kept by text for the rest of the
// load: a match puts down the same melds, and leaves the same cards in
// hand, round after round, and reading them was a third of reading a
// round. The rounds share the cards of one text, clipped so that an
// append copies them; nothing changes a round's cards in place.
func (d *decoder) parseMeld(text string) (engine.Meld, error) {
	if m, ok := d.meldText[text]; ok {
		return m, nil
	}
	m, err := engine.ParseMeld(text)
	if err != nil {
		return m, err
	}
	m.Cards, m.Named = slices.Clip(m.Cards), slices.Clip(m.Named)
	if d.meldText == nil {
		d.meldText = map[string]engine.Meld{}
	}
	d.meldText[text] = m
	return m, nil
}

// parseCards is engine.ParseCards(text), kept by text as parseMeld does.
func (d *decoder) parseCards(text string) ([]engine.Card, error) {
	if c, ok := d.cardText[text]; ok {
		return c, nil
	}
	c, err := engine.ParseCards(text)
	if err != nil {
		return c, err
	}
	c = slices.Clip(c)
	if d.cardText == nil {
		d.cardText = map[string][]engine.Card{}
	}
	d.cardText[text] = c
	return c, nil
}

// sub returns the name of a value in messages: what, a colon and the
// parts joined ("round 3: Ann's score"). While d.quiet it joins nothing
// and returns "": reading a round names a dozen values, and joining the
// names of every value of a long match took a tenth of its load, for
// messages that are almost never written. A round read quietly that
// fails is read again, with d.quiet false, for its message.
func (d *decoder) sub(what string, parts ...string) string {
	if d.quiet {
		return ""
	}
	return what + ": " + strings.Join(parts, "")
}

// nth returns the name of the n-th item (from 1) under what, as sub
// does: "round 3: meld 2", or "round 3" when what is "".
func (d *decoder) nth(what, item string, n int) string {
	switch {
	case d.quiet:
		return ""
	case what == "":
		return item + " " + strconv.Itoa(n)
	}
	return what + ": " + item + " " + strconv.Itoa(n)
}

// errorLine returns an error that starts with the file's name and line.
func (d *decoder) errorLine(line int, format string, args ...any) error {
	return d.errorf(&yaml.Node{Line: line}, format, args...)
}

// errorf returns an error that starts with the file's name and n's line.
// format may use %w.
func (d *decoder) errorf(n *yaml.Node, format string, args ...any) error {
	if n != nil && n.Line > 0 {
		return fmt.Errorf("%s:%d: "+format, append([]any{d.name, n.Line}, args...)...)
	}
	return fmt.Errorf("%s: "+format, append([]any{d.name}, args...)...)
}

// limits bound what the YAML reader takes from a match file: a round's
// deepest value (a hand given as {points: N}) is at depth 6, and the
// variant's at 5; one level more still gets a "want ..., got a list".
var limits = yamlfile.Limits{What: "a match file", Size: MaxFileSize, Depth: 7, Nodes: maxNodes}

// maxNodes is how many values a match file may hold outside its rounds
// and audit entries (read one at a time, they do not count): the variant
// is about 100, and a hostile list of 200,000 takes some 40 MB and a
// tenth of a second to find out. The bytes that may start a value are
// bounded to 1,600,000, some 25,000 rounds.
const maxNodes = 200_000

// parse reads the YAML document with the strict reader shared by every
// rummy file and checks that it is a mapping.
func (d *decoder) parse() (*yaml.Node, error) {
	root, err := yamlfile.ParseStream(d.data, limits, d.item)
	if err != nil {
		var e *yamlfile.Error
		switch {
		case errors.Is(err, yamlfile.ErrEmpty):
			return nil, fmt.Errorf("%s: the file is empty: %w", d.name, ErrNotMatch)
		case errors.Is(err, yamlfile.ErrNotText) && errors.As(err, &e):
			return nil, fmt.Errorf("%s: the file %s (%w)", d.placed(err), e.Msg, ErrNotMatch)
		case errors.As(err, &e) && e.Line > 0:
			return nil, fmt.Errorf("%s:%d: %s", d.name, e.Line, e.Msg)
		}
		return nil, fmt.Errorf("%s: %v", d.name, err)
	}
	if root.Kind != yaml.MappingNode {
		return nil, d.errorf(root, "%w: the file holds %s, and a match file is a mapping that starts with schema_version: %d", ErrNotMatch, describe(root), SchemaVersion)
	}
	return root, nil
}

// holdsLine is the start of a match file's last line (version 2 on).
var holdsLine = []byte("holds:")

// tail checks, on the bytes, that the file ends as rummy ends every match
// file: with the line holds: {rounds: R, audit: A} and a line break, only
// comments or blank lines after it. A file cut at any byte fails this,
// so it is refused, never read as a shorter match.
func (d *decoder) tail() error {
	data := d.data
	lines := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return fmt.Errorf("%s:%d: the file ends in the middle of this line, without a line break: it was cut short "+
			"(a match file ends with the line holds: {rounds: R, audit: A} and a line break); "+
			"the previous version may be in %s.bak, and if you edited the file by hand, end it with a line break",
			d.name, lines+1, d.name)
	}
	last := 0
	for rest := data; len(rest) > 0; {
		i := bytes.LastIndexByte(rest[:len(rest)-1], '\n') + 1
		line := bytes.TrimSpace(rest[i:])
		if len(line) > 0 && line[0] != '#' {
			last = bytes.Count(data[:i], []byte("\n")) + 1
			if bytes.HasPrefix(rest[i:], holdsLine) {
				d.expect(rest[i:])
				return nil
			}
			break
		}
		rest = rest[:i]
	}
	return fmt.Errorf("%s:%d: the file ends here, without its last line holds: {rounds: R, audit: A}: "+
		"it was cut short, so rounds or audit entries may be missing; the previous version may be in %s.bak "+
		"(if you removed that line by hand, put it back with the counts of rounds and audit entries)",
		d.name, max(last, 1), d.name)
}

var holdsCounts = regexp.MustCompile(`rounds: *([0-9]{1,7}), *audit: *([0-9]{1,7})`)

// expect makes room for the rounds and audit entries the holds line
// counts, so reading them does not grow the lists again and again (no
// more than the file's size could hold: the line is not checked yet).
func (d *decoder) expect(line []byte) {
	m := holdsCounts.FindSubmatch(line)
	if m == nil || d.streamed.entries != nil {
		return
	}
	r, _ := strconv.Atoi(string(m[1]))
	a, _ := strconv.Atoi(string(m[2]))
	r, a = min(r, len(d.data)/64), min(a, len(d.data)/64)
	d.streamed.entries = make([]Entry, 0, r)
	d.streamed.places = make([]place, 0, r)
	d.streamed.audits = make([]Audit, 0, a)
}

// holds checks the counts the file states on its last line against the
// rounds and audit entries it holds.
func (d *decoder) holds(root *yaml.Node, top fields, s *Sheet) error {
	hn, err := top.need("holds")
	if err != nil {
		return err
	}
	if k := root.Content[len(root.Content)-2]; k.Value != "holds" {
		return d.errorf(k, "%s comes after holds: holds: {rounds: R, audit: A} must be the file's last key", k.Value)
	}
	f, err := d.fields(hn, "holds", "rounds", "audit")
	if err != nil {
		return err
	}
	for _, c := range []struct {
		key, what string
		have      int
	}{
		{"rounds", "rounds", len(s.Rounds)},
		{"audit", "audit entries", len(s.Audit)},
	} {
		n, err := f.need(c.key)
		if err != nil {
			return err
		}
		want, err := d.count(n, "holds: "+c.key)
		if err != nil {
			return err
		}
		if want != c.have {
			return d.errorf(n, "holds: the file says it holds %d %s, but it has %d: %s, or this count is wrong "+
				"(if you removed or added them by hand on purpose, write %s: %d here)",
				want, c.what, c.have, missingWhat(c.what, want, c.have), c.key, c.have)
		}
	}
	return nil
}

func missingWhat(what string, want, have int) string {
	if have < want {
		return fmt.Sprintf("%d %s are missing", want-have, what)
	}
	return fmt.Sprintf("%d %s more than it says", have-want, what)
}

// placed returns the file's name with the line of a yamlfile error.
func (d *decoder) placed(err error) string {
	var e *yamlfile.Error
	if errors.As(err, &e) && e.Line > 0 {
		return fmt.Sprintf("%s:%d", d.name, e.Line)
	}
	return d.name
}

// sheet reads the top-level mapping and checks the match it describes.
func (d *decoder) sheet(root *yaml.Node) (*Sheet, error) {
	var ver *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "schema_version" {
			ver = root.Content[i+1]
			break
		}
	}
	if ver == nil {
		return nil, d.errorf(root, "%w: it has no schema_version (a match file starts with schema_version: %d)", ErrNotMatch, SchemaVersion)
	}
	v, err := d.integer(ver, "schema_version")
	if err != nil {
		return nil, err
	}
	if v < 1 || v > SchemaVersion {
		hint := ""
		if v > SchemaVersion {
			hint = "; it was written by a newer rummy"
		}
		return nil, d.errorf(ver, "schema_version %d: this rummy reads versions 1 to %d only%s", v, SchemaVersion, hint)
	}
	known := []string{"schema_version", "created", "variant", "players", "first_dealer",
		"target", "round_limit", "ended", "seats", "rounds", "audit"}
	if v >= 2 {
		// Version 2 closes the file with holds: {rounds: R, audit: A}.
		if err := d.tail(); err != nil {
			return nil, err
		}
		known = append(known, "holds")
	}
	top, err := d.fields(root, "the match", known...)
	if err != nil {
		return nil, err
	}
	s := &Sheet{}
	n, err := top.need("created")
	if err != nil {
		return nil, err
	}
	if s.Created, err = d.time(n, "created"); err != nil {
		return nil, err
	}
	vn, err := top.need("variant")
	if err != nil {
		return nil, err
	}
	if vn.Kind != yaml.MappingNode {
		return nil, d.errorf(vn, "variant: want the variant's rules as a mapping, got %s", describe(vn))
	}
	if d.head != nil && d.headVar == vn {
		s.Variant = d.head.Variant // read from this node already
	} else if s.Variant, err = d.variant(vn); err != nil {
		return nil, err
	}
	if s.Players, err = d.players(top, s.Variant); err != nil {
		return nil, err
	}
	sn := top.opt("seats")
	if sn != nil {
		if s.Seats, err = d.seats(sn, s.Players); err != nil {
			return nil, err
		}
	} else if err := checkPlayers(s.Variant, s.Players); err != nil {
		return nil, d.errorf(top.get("players"), "players: %v", err)
	}
	if n, err = top.need("first_dealer"); err != nil {
		return nil, err
	}
	if s.FirstDealer, err = d.player(n, "first_dealer", s.Players); err != nil {
		return nil, err
	}
	if n, err = top.need("target"); err != nil {
		return nil, err
	}
	if s.Target, err = d.count(n, "target"); err != nil {
		return nil, err
	}
	if n, err = top.need("round_limit"); err != nil {
		return nil, err
	}
	if s.RoundLimit, err = d.count(n, "round_limit"); err != nil {
		return nil, err
	}
	ended := top.opt("ended")
	if ended != nil {
		if s.Ended, err = d.time(ended, "ended"); err != nil {
			return nil, err
		}
	}
	if n, err = top.need("rounds"); err != nil {
		return nil, err
	}
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "rounds: want a list of rounds, got %s", describe(n))
	}
	var places []place
	if d.streamed.rounds {
		// Read as the parser went: the header they were read with must
		// be the one just read.
		if !slices.Equal(d.head.Players, s.Players) || !slices.Equal(d.head.Seats, s.Seats) {
			return nil, d.errorf(n, "rounds: the players changed while the file was read")
		}
		if d.streamed.err != nil {
			return nil, d.streamed.err
		}
		s.Rounds, places = d.streamed.entries, d.streamed.places
	} else {
		places = make([]place, len(n.Content))
		s.Rounds = make([]Entry, len(n.Content))
		for i, rn := range n.Content {
			if s.Rounds[i], places[i], err = d.entry(rn, i+1, s.Players, s.Seated(i+1)); err != nil {
				return nil, err
			}
		}
	}
	if an := top.opt("audit"); an != nil {
		if d.streamed.audit {
			if d.streamed.auditErr != nil {
				return nil, d.streamed.auditErr
			}
			s.Audit = d.streamed.audits
		} else if s.Audit, err = d.audit(an); err != nil {
			return nil, err
		}
	}
	if v >= 2 {
		if err := d.holds(root, top, s); err != nil {
			return nil, err
		}
	}
	if err := d.checkSeats(s, sn); err != nil {
		return nil, err
	}
	if err := d.check(s, places); err != nil {
		return nil, err
	}
	s.comments = collectComments(root, "", d.streamed.comments)
	if ended != nil && len(s.Rounds) == 0 {
		return nil, d.errorf(ended, "ended is set, but no round is recorded: a match ends after a round")
	}
	return s, nil
}

// check judges every round again and checks the dealers, the stored scores
// and that no round follows the end of the match.
func (d *decoder) check(s *Sheet, places []place) error {
	if places == nil {
		// A sheet in memory: no lines to name.
		places = make([]place, len(s.Rounds))
	}
	memo := &referee.Memo{} // a match puts down the same melds again and again
	seated := s.Seated(1)
	d.judging.wait()
	pre := d.judging
	if pre != nil && (pre.variant != s.Variant || d.judged != nil) {
		pre = nil // judged under other rules: not this sheet's verdicts
	}
	for i := range s.Rounds {
		e, at := &s.Rounds[i], places[i]
		var want string
		if i == 0 {
			want = s.Match().Stand(nil).NextDealer // the first dealer, or the next at the table
		} else {
			want = s.nextDealer(s.Rounds[i-1])
		}
		if e.Dealer != want {
			why := fmt.Sprintf("the first dealer is %s", want)
			if i > 0 {
				why = fmt.Sprintf("the deal passes to %s after round %d (deal.rotation: %s)", want, i, s.Variant.Deal.Rotation)
			}
			return d.errorLine(at.dealer, "round %d: the dealer is %s, but %s", e.Number, e.Dealer, why)
		}
		if d.judged != nil && d.judged(i) {
			continue
		}
		if err, ok := pre.verdict(i); ok {
			if err != nil {
				return err
			}
			continue
		}
		if len(s.Seats) > 0 {
			seated = s.Seated(i + 1)
		}
		if err := d.judgeRound(memo, s.Variant, seated, e, at); err != nil {
			return err
		}
	}
	// A match once over stays over: only when it was over before its
	// last round is there a round too many, and only then is it searched
	// for (one standing of the match, not one for each halving).
	m := s.Match()
	m.Ended = false
	n := len(s.Rounds)
	if n < 2 || !m.Stand(results(s.Rounds[:n-1])).Finished {
		return nil
	}
	if k, why := s.finishedAt(s.Rounds); k > 0 && k < len(s.Rounds) {
		return d.errorLine(places[k].node, "round %d is recorded after the match was over: it ended with round %d (%s)", k+1, k, why)
	}
	return nil
}

// place keeps the lines of a round's parts, for later errors (the round's
// nodes may be gone: rounds are read one at a time).
type place struct {
	node, dealer int
	scores       []int // by seat in the round, as Seated gives them
}

func (d *decoder) players(top fields, v *variants.Variant) ([]string, error) {
	n, err := top.need("players")
	if err != nil {
		return nil, err
	}
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "players: want a list of names, got %s", describe(n))
	}
	players := make([]string, len(n.Content))
	for i, pn := range n.Content {
		if players[i], err = d.str(pn, "players: player "+strconv.Itoa(i+1)); err != nil {
			return nil, err
		}
	}
	// How many sit at the table is checked round by round (checkSeats):
	// players joining and leaving change it.
	if err := checkNames(players); err != nil {
		return nil, d.errorf(n, "players: %v", err)
	}
	return players, nil
}

// entry reads the round at position num (1-based). It reads it quietly
// first (see sub), and again, naming every value, only to say what is
// wrong with it.
func (d *decoder) entry(n *yaml.Node, num int, players, seated []string) (Entry, place, error) {
	d.quiet = true
	e, at, err := d.readEntry(n, num, players, seated)
	d.quiet = false
	if err != nil {
		return d.readEntry(n, num, players, seated)
	}
	return e, at, nil
}

func (d *decoder) readEntry(n *yaml.Node, num int, players, seated []string) (Entry, place, error) {
	what := d.nth("", "round", num)
	at := place{node: n.Line}
	f, err := d.fields(n, what, "number", "dealer", "out", "stalemate", "rummy", "knock", "upcard", "melds", "layoffs", "hands", "scores")
	if err != nil {
		return Entry{}, at, err
	}
	e := Entry{}
	nn, err := f.need("number")
	if err != nil {
		return e, at, err
	}
	if e.Number, err = d.integer(nn, d.sub(what, "number")); err != nil {
		return e, at, err
	}
	if e.Number != num {
		return e, at, d.errorf(nn, "%s is numbered %d: rounds are numbered 1, 2, 3, ... in the order played", what, e.Number)
	}
	dn, err := f.need("dealer")
	if err != nil {
		return e, at, err
	}
	at.dealer = dn.Line
	if e.Dealer, err = d.player(dn, d.sub(what, "dealer"), players); err != nil {
		return e, at, err
	}
	if e.Round, err = d.round(f, what, players); err != nil {
		return e, at, err
	}
	sn, err := f.need("scores")
	if err != nil {
		return e, at, err
	}
	e.Scores = make(map[string]int, len(seated))
	at.scores = make([]int, len(seated))
	err = d.byPlayer(sn, d.sub(what, "scores"), seated, func(p string, k, v *yaml.Node) error {
		n, err := d.integer(v, d.sub(what, p, "'s score"))
		if err == nil && (n < -maxNumber || n > maxNumber) {
			err = d.errorf(v, "%s: %s's score %d is out of range", what, p, n)
		}
		e.Scores[p], at.scores[slices.Index(seated, p)] = n, v.Line
		return err
	})
	if err != nil {
		return e, at, err
	}
	for i, p := range seated {
		if at.scores[i] == 0 {
			return e, at, d.errorf(sn, "%s: scores: %s's score is missing", what, p)
		}
	}
	return e, at, nil
}

// round reads what the players report of a round (out or stalemate,
// rummy, melds, lay-offs, hands) from the mapping f, which may hold other
// keys its caller reads.
func (d *decoder) round(f fields, what string, players []string) (referee.Round, error) {
	var r referee.Round
	var err error
	if on := f.opt("out"); on != nil {
		if r.Out, err = d.player(on, d.sub(what, "out"), players); err != nil {
			return r, err
		}
	}
	if sn := f.opt("stalemate"); sn != nil {
		if r.Stalemate, err = d.boolean(sn, d.sub(what, "stalemate")); err != nil {
			return r, err
		}
		if r.Stalemate && r.Out != "" {
			return r, d.errorf(sn, "%s: a round cannot both have a player out and be a stalemate", what)
		}
	}
	if rn := f.opt("rummy"); rn != nil {
		if r.Rummy, err = d.boolean(rn, d.sub(what, "rummy")); err != nil {
			return r, err
		}
	}
	if kn := f.opt("knock"); kn != nil { // a gin hand: who knocked
		if r.Knock, err = d.player(kn, d.sub(what, "knock"), players); err != nil {
			return r, err
		}
		if r.Out != "" || r.Stalemate {
			return r, d.errorf(kn, "%s: a hand that was knocked has no player out and is not dead", what)
		}
	}
	if un := f.opt("upcard"); un != nil { // a gin hand's first upcard
		text, err := d.str(un, d.sub(what, "upcard"))
		if err != nil {
			return r, err
		}
		if r.Upcard, err = engine.ParseCard(text); err != nil {
			return r, d.errorf(un, "%s: upcard: %v", what, err)
		}
	}
	if mn := f.opt("melds"); mn != nil {
		if r.Melds, err = d.melds(mn, what, players); err != nil {
			return r, err
		}
	}
	if ln := f.opt("layoffs"); ln != nil {
		if r.Layoffs, err = d.layoffs(ln, what, players, len(r.Melds)); err != nil {
			return r, err
		}
	}
	if hn := f.opt("hands"); hn != nil {
		if r.Hands, err = d.hands(hn, what, players); err != nil {
			return r, err
		}
	}
	return r, nil
}

func (d *decoder) melds(n *yaml.Node, what string, players []string) ([]referee.Meld, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "%s: melds: want a list of {player, cards}, got %s", what, describe(n))
	}
	melds := make([]referee.Meld, len(n.Content))
	for i, mn := range n.Content {
		w := d.nth(what, "meld", i+1)
		f, err := d.fields(mn, w, "player", "cards")
		if err != nil {
			return nil, err
		}
		pn, err := f.need("player")
		if err != nil {
			return nil, err
		}
		if melds[i].Player, err = d.player(pn, d.sub(w, "player"), players); err != nil {
			return nil, err
		}
		cn, err := f.need("cards")
		if err != nil {
			return nil, err
		}
		text, err := d.str(cn, d.sub(w, "cards"))
		if err != nil {
			return nil, err
		}
		if melds[i].Meld, err = d.parseMeld(text); err != nil {
			return nil, d.errorf(cn, "%s: %v", w, err)
		}
		if len(melds[i].Meld.Cards) == 0 {
			return nil, d.errorf(cn, "%s: no cards", w)
		}
	}
	return melds, nil
}

func (d *decoder) layoffs(n *yaml.Node, what string, players []string, melds int) ([]referee.Layoff, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "%s: layoffs: want a list of {player, cards, onto}, got %s", what, describe(n))
	}
	lays := make([]referee.Layoff, len(n.Content))
	for i, ln := range n.Content {
		w := d.nth(what, "lay-off", i+1)
		f, err := d.fields(ln, w, "player", "cards", "onto")
		if err != nil {
			return nil, err
		}
		pn, err := f.need("player")
		if err != nil {
			return nil, err
		}
		if lays[i].Player, err = d.player(pn, d.sub(w, "player"), players); err != nil {
			return nil, err
		}
		if lays[i].Cards, err = d.cards(f, "cards", w); err != nil {
			return nil, err
		}
		if len(lays[i].Cards) == 0 {
			return nil, d.errorf(f.get("cards"), "%s: no cards", w)
		}
		on, err := f.need("onto")
		if err != nil {
			return nil, err
		}
		if lays[i].Onto, err = d.integer(on, d.sub(w, "onto")); err != nil {
			return nil, err
		}
		if lays[i].Onto < 1 || lays[i].Onto > melds {
			return nil, d.errorf(on, "%s: onto %d, but the round has %d %s (onto counts the round's melds from 1)",
				w, lays[i].Onto, melds, plural(melds, "meld", "melds"))
		}
	}
	return lays, nil
}

func (d *decoder) hands(n *yaml.Node, what string, players []string) ([]referee.Hand, error) {
	var hands []referee.Hand
	if n.Kind == yaml.MappingNode && len(n.Content) > 0 {
		hands = make([]referee.Hand, 0, len(n.Content)/2)
	}
	err := d.byPlayer(n, d.sub(what, "hands"), players, func(p string, k, v *yaml.Node) error {
		w := d.sub(what, p, "'s hand")
		h := referee.Hand{Player: p}
		switch v.Kind {
		case yaml.MappingNode:
			f, err := d.fields(v, w, "points")
			if err != nil {
				return err
			}
			pn, err := f.need("points")
			if err != nil {
				return err
			}
			if h.Points, err = d.count(pn, d.sub(w, "points")); err != nil {
				return err
			}
			h.ByPoints = true
		default:
			text, err := d.strOr(v, w, `cards as a string ("KH 3D") or {points: N}`)
			if err != nil {
				return err
			}
			if h.Cards, err = d.parseCards(text); err != nil {
				return d.errorf(v, "%s: %v", w, err)
			}
		}
		hands = append(hands, h)
		return nil
	})
	return hands, err
}

func (d *decoder) cards(f fields, key, what string) ([]engine.Card, error) {
	n, err := f.need(key)
	if err != nil {
		return nil, err
	}
	text, err := d.str(n, d.sub(what, key))
	if err != nil {
		return nil, err
	}
	cards, err := d.parseCards(text)
	if err != nil {
		return nil, d.errorf(n, "%s: %v", what, err)
	}
	return cards, nil
}

func (d *decoder) audit(n *yaml.Node) ([]Audit, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "audit: want a list, got %s", describe(n))
	}
	out := make([]Audit, len(n.Content))
	for i, an := range n.Content {
		var err error
		if out[i], err = d.auditEntry(an, i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// auditEntry reads the audit entry at position i (from 0), quietly first
// as entry does.
func (d *decoder) auditEntry(an *yaml.Node, i int) (Audit, error) {
	d.quiet = true
	a, err := d.readAudit(an, i)
	d.quiet = false
	if err != nil {
		return d.readAudit(an, i)
	}
	return a, nil
}

func (d *decoder) readAudit(an *yaml.Node, i int) (Audit, error) {
	var a Audit
	w := d.nth("", "audit entry", i+1)
	f, err := d.fields(an, w, "time", "action", "round", "note")
	if err != nil {
		return a, err
	}
	tn, err := f.need("time")
	if err != nil {
		return a, err
	}
	if a.Time, err = d.time(tn, d.sub(w, "time")); err != nil {
		return a, err
	}
	acn, err := f.need("action")
	if err != nil {
		return a, err
	}
	act, err := d.str(acn, d.sub(w, "action"))
	if err != nil {
		return a, err
	}
	a.Action = Action(act)
	if !slices.Contains(actions, a.Action) {
		return a, d.errorf(acn, "%s: unknown action %q (%s)", w, act, actionList())
	}
	if rn := f.opt("round"); rn != nil {
		if a.Round, err = d.count(rn, d.sub(w, "round")); err != nil {
			return a, err
		}
	}
	if nn := f.opt("note"); nn != nil {
		if a.Note, err = d.str(nn, d.sub(w, "note")); err != nil {
			return a, err
		}
	}
	return a, nil
}

// variant loads the variant mapping vn with variants.LoadNode, so that its
// problems name the match file's lines.
func (d *decoder) variant(vn *yaml.Node) (*variants.Variant, error) {
	return variants.LoadNode(d.name, vn)
}

// fields is a mapping read strictly: known keys only, each once. It keeps
// the pairs in a slice, as a mapping of a match file has a few keys.
type fields struct {
	d     *decoder
	node  *yaml.Node
	what  string
	pairs []*yaml.Node // key, value, key, value...
}

func (d *decoder) fields(n *yaml.Node, what string, known ...string) (fields, error) {
	f := fields{d: d, node: n, what: what}
	if n.Kind != yaml.MappingNode {
		return f, d.errorf(n, "%s: want a mapping, got %s", what, describe(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode {
			return f, d.errorf(k, "%s: a key must be a plain word, not %s", what, describe(k))
		}
		if !slices.Contains(known, k.Value) {
			return f, d.errorf(k, "%s: unknown key %q (known keys: %s)", what, k.Value, strings.Join(known, ", "))
		}
		for j := 0; j < i; j += 2 {
			if prev := n.Content[j]; prev.Value == k.Value {
				return f, d.errorf(k, "%s: key %q is repeated (first at line %d)", what, k.Value, prev.Line)
			}
		}
	}
	f.pairs = n.Content
	return f, nil
}

// get returns the value of key, or nil when it is absent.
func (f fields) get(key string) *yaml.Node {
	for i := 0; i+1 < len(f.pairs); i += 2 {
		if f.pairs[i].Value == key {
			return f.pairs[i+1]
		}
	}
	return nil
}

// need returns the value of key, which must be present and not null.
func (f fields) need(key string) (*yaml.Node, error) {
	n := f.get(key)
	if n == nil {
		return nil, f.d.errorf(f.node, "%s: the key %s is missing", f.what, key)
	}
	if isNull(n) {
		return nil, f.d.errorf(n, "%s: %s has no value", f.what, key)
	}
	return n, nil
}

// opt returns the value of key, or nil when it is absent or null.
func (f fields) opt(key string) *yaml.Node {
	n := f.get(key)
	if n == nil || isNull(n) {
		return nil
	}
	return n
}

// byPlayer reads a mapping keyed by player names, each once.
func (d *decoder) byPlayer(n *yaml.Node, what string, players []string, each func(p string, k, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return d.errorf(n, "%s: want a mapping from player to value, got %s", what, describe(n))
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		p, err := d.player(k, what, players)
		if err != nil {
			return err
		}
		if prev, dup := seen[p]; dup {
			return d.errorf(k, "%s: %s is repeated (first at line %d)", what, p, prev.Line)
		}
		seen[p] = k
		if err := each(p, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (d *decoder) player(n *yaml.Node, what string, players []string) (string, error) {
	p, err := d.str(n, what)
	if err != nil {
		return "", err
	}
	if !slices.Contains(players, p) {
		return "", d.errorf(n, "%s: %q is not a player (players: %s)", what, p, strings.Join(players, ", "))
	}
	return p, nil
}

func (d *decoder) str(n *yaml.Node, what string) (string, error) { return d.strOr(n, what, "a string") }

func (d *decoder) strOr(n *yaml.Node, what, want string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return "", d.errorf(n, "%s: want %s, got %s", what, want, describe(n))
	}
	return n.Value, nil
}

// integer reads a whole number in plain decimal (yamlfile.Int), within
// ±maxNumber.
func (d *decoder) integer(n *yaml.Node, what string) (int, error) {
	i, msg := yamlfile.Int(n, -maxNumber, maxNumber, "a whole number", describe)
	if msg != "" {
		return 0, d.errorf(n, "%s: %s", what, msg)
	}
	return int(i), nil
}

// count reads a whole number from 0 to maxNumber.
func (d *decoder) count(n *yaml.Node, what string) (int, error) {
	i, err := d.integer(n, what)
	if err == nil && i < 0 {
		err = d.errorf(n, "%s: %d is negative", what, i)
	}
	return i, err
}

func (d *decoder) boolean(n *yaml.Node, what string) (bool, error) {
	b, msg := yamlfile.Bool(n, describe)
	if msg != "" {
		return false, d.errorf(n, "%s: %s", what, msg)
	}
	return b, nil
}

func (d *decoder) time(n *yaml.Node, what string) (time.Time, error) {
	var t time.Time
	var err error
	switch {
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!timestamp":
		err = n.Decode(&t)
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str":
		t, err = time.Parse(time.RFC3339Nano, n.Value)
	default:
		err = errors.New("not a time")
	}
	if err != nil || t.Year() < 1 || t.Year() > 9999 {
		return time.Time{}, d.errorf(n, "%s: want a time such as 2026-03-01T19:30:00Z, got %s", what, describe(n))
	}
	return t, nil
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

// describe names what a node holds, for "want X, got Y" errors.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	}
	v := n.Value
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	switch n.ShortTag() {
	case "!!null":
		return "nothing"
	case "!!str":
		return fmt.Sprintf("the text %q", v)
	case "!!int", "!!float":
		return "the number " + v
	case "!!bool":
		return v
	}
	return fmt.Sprintf("%q (%s)", v, n.ShortTag())
}

func actionList() string {
	names := make([]string, len(actions))
	for i, a := range actions {
		names[i] = string(a)
	}
	return strings.Join(names, ", ")
}

// seats reads the list of seat changes: {from: N, join: NAME, total: T}
// (total for a player's first join only) or {from: N, leave: NAME}.
func (d *decoder) seats(n *yaml.Node, players []string) ([]referee.Seat, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "seats: want a list of {from, join, total} or {from, leave}, got %s", describe(n))
	}
	out := make([]referee.Seat, len(n.Content))
	for i, cn := range n.Content {
		w := "seat change " + strconv.Itoa(i+1)
		f, err := d.fields(cn, w, "from", "join", "leave", "total")
		if err != nil {
			return nil, err
		}
		c := &out[i]
		fn, err := f.need("from")
		if err != nil {
			return nil, err
		}
		if c.From, err = d.count(fn, w+": from"); err != nil {
			return nil, err
		}
		if c.From < 1 {
			return nil, d.errorf(fn, "%s: from 0: rounds count from 1", w)
		}
		if i > 0 && c.From < out[i-1].From {
			return nil, d.errorf(fn, "%s: from %d comes after a change from round %d: seat changes are listed in the order made", w, c.From, out[i-1].From)
		}
		jn, ln := f.opt("join"), f.opt("leave")
		switch {
		case jn != nil && ln != nil:
			return nil, d.errorf(ln, "%s: a change either joins or leaves, not both", w)
		case jn == nil && ln == nil:
			return nil, d.errorf(cn, "%s: give join: NAME or leave: NAME", w)
		case ln != nil:
			c.Leave = true
			if c.Player, err = d.player(ln, w+": leave", players); err != nil {
				return nil, err
			}
			if tn := f.opt("total"); tn != nil {
				return nil, d.errorf(tn, "%s: a player who leaves keeps their total, so total has no place here", w)
			}
		default:
			if c.Player, err = d.player(jn, w+": join", players); err != nil {
				return nil, err
			}
			tn := f.opt("total")
			switch {
			case referee.IsNew(out[:i+1], i) && tn == nil:
				return nil, d.errorf(cn, "%s: %s joins for the first time, so the starting total is needed (total: N)", w, c.Player)
			case !referee.IsNew(out[:i+1], i) && tn != nil:
				return nil, d.errorf(tn, "%s: %s comes back with their own total, so total has no place here", w, c.Player)
			case tn != nil:
				if c.Start, err = d.integer(tn, w+": total"); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// checkSeats checks who sits at the table: every seat change joins a
// player not at the table or takes one who is, no later than the round
// after the last; every round has as many players as the variant allows;
// the first dealer plays the first round; each new player's starting
// total is what seats.join_total gives.
func (d *decoder) checkSeats(s *Sheet, sn *yaml.Node) error {
	v := s.Variant
	count := func(at *yaml.Node, n int) error {
		k := len(s.Seated(n))
		if k < max(v.Players.Min, 2) || k > v.Players.Max {
			return d.errorf(at, "round %d would have %d %s at the table, and %s is played by %d to %d", n, k, plural(k, "player", "players"), v.Name, max(v.Players.Min, 2), v.Players.Max)
		}
		return nil
	}
	pn := sn
	if pn == nil {
		pn = &yaml.Node{}
	}
	if err := count(pn, 1); err != nil {
		return err
	}
	if len(s.Seats) == 0 {
		return nil
	}
	m := s.Match()
	for i, c := range s.Seats {
		at := sn.Content[i]
		if c.From > len(s.Rounds)+1 {
			return d.errorf(at, "seat change %d: from round %d, but the match has %d %s: a change applies from the next round at the latest",
				i+1, c.From, len(s.Rounds), plural(len(s.Rounds), "round", "rounds"))
		}
		m.Seats = s.Seats[:i]
		was := slices.Contains(m.Seated(c.From), c.Player)
		switch {
		case c.Leave && !was:
			return d.errorf(at, "seat change %d: %s leaves from round %d, but is not at the table then", i+1, c.Player, c.From)
		case !c.Leave && was && !referee.IsNew(s.Seats, i):
			return d.errorf(at, "seat change %d: %s joins from round %d, but is at the table already", i+1, c.Player, c.From)
		}
		if err := count(at, c.From); err != nil {
			return err
		}
		if referee.IsNew(s.Seats, i) {
			if want := s.wantStart(i); c.Start != want {
				return d.errorf(at, "seat change %d: %s's starting total is %d, but seats.join_total: %s gives %d", i+1, c.Player, c.Start, v.Seats.JoinTotal, want)
			}
		}
	}
	return nil
}
