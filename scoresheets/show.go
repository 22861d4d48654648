package scoresheets

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
)

// ShowOptions tune Show. The zero value shows the table and the chart.
type ShowOptions struct {
	NoChart     bool // leave out the chart of running totals
	ChartWidth  int  // the chart's width in columns; 0: 60
	ChartHeight int  // the chart's height in rows; 0: 8
	Audit       bool // add the audit trail: every change, oldest first
}

// Show writes s as plain text, with no colour: a table of the rounds (its
// number, the dealer, who went out or "stalemate" or "nobody", and for each
// player the round's score then the running total), the totals, the leader,
// the next dealer or, once the match is over, the winner; then a small
// ASCII chart of the running totals.
func Show(s *Sheet, w io.Writer, opts ShowOptions) error {
	bw := bufio.NewWriter(w)
	st := s.Standing()
	running := runningTotals(s)

	fmt.Fprintf(bw, "%s: %s; %s\n\n", s.Variant.Name, strings.Join(s.Players, ", "), s.limits())

	// Column widths.
	numW, dealW, outW := len("round"), len("dealer"), len("out")
	numW = max(numW, len(strconv.Itoa(len(s.Rounds))))
	scoreW := make([]int, len(s.Players)) // the round's signed score
	totalW := make([]int, len(s.Players)) // the running total
	for j := range s.Players {
		scoreW[j], totalW[j] = 2, len(strconv.Itoa(st.Totals[s.Players[j]]))
	}
	bonuses := bonusRows(s, st)
	for _, b := range bonuses {
		outW = max(outW, width(b.label))
		for j, p := range s.Players {
			scoreW[j] = max(scoreW[j], len(signed(b.points[p])))
		}
	}
	for i, e := range s.Rounds {
		dealW = max(dealW, width(e.Dealer))
		outW = max(outW, width(outText(e.Round)))
		for j, p := range s.Players {
			scoreW[j] = max(scoreW[j], 1+intLen(abs(e.Scores[p])))
			totalW[j] = max(totalW[j], intLen(running[i][j]))
		}
	}
	cellW := make([]int, len(s.Players))
	for j, p := range s.Players {
		cellW[j] = max(width(p), scoreW[j]+1+totalW[j])
	}

	fmt.Fprintf(bw, "%*s  %s  %s", numW, "round", pad("dealer", dealW), pad("out", outW))
	for j, p := range s.Players {
		fmt.Fprintf(bw, "  %s", padLeft(p, cellW[j]))
	}
	bw.WriteString("\n")
	// A line at a time in one buffer: a long match has tens of thousands
	// of cells.
	var line, sc []byte
	for i, e := range s.Rounds {
		line = appendPadLeft(line[:0], strconv.AppendInt(sc[:0], int64(e.Number), 10), numW)
		line = append(line, "  "...)
		line = appendPad(line, e.Dealer, dealW)
		line = append(line, "  "...)
		line = appendPad(line, outText(e.Round), outW)
		for j, p := range s.Players {
			sc = append(sc[:0], absent...)
			if n, ok := e.Scores[p]; ok {
				sc = appendSigned(sc[:0], n)
			}
			line = appendCell(line, sc, scoreW[j], running[i][j], totalW[j], cellW[j])
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	cur := running0(running, len(s.Players))
	for _, b := range bonuses {
		line = appendPad(line[:0], "", numW)
		line = append(line, "  "...)
		line = appendPad(line, "", dealW)
		line = append(line, "  "...)
		line = appendPad(line, b.label, outW)
		for j, p := range s.Players {
			cur[j] += b.points[p]
			line = appendCell(line, appendSigned(sc[:0], b.points[p]), scoreW[j], cur[j], totalW[j], cellW[j])
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	fmt.Fprintf(bw, "%s  %s  %s", pad("total", numW), pad("", dealW), pad("", outW))
	for j, p := range s.Players {
		fmt.Fprintf(bw, "  %*d", cellW[j], st.Totals[p])
	}
	bw.WriteString("\n")
	if len(s.Rounds) > 0 {
		bw.WriteString("(each player: the round's score, then the running total)\n")
	}
	bw.WriteString("\n")

	for _, c := range s.Seats {
		switch {
		case c.Leave:
			fmt.Fprintf(bw, "seats: %s left from round %d\n", c.Player, c.From)
		case c.Start != 0:
			fmt.Fprintf(bw, "seats: %s joined from round %d, starting with %d\n", c.Player, c.From, c.Start)
		default:
			fmt.Fprintf(bw, "seats: %s joined from round %d\n", c.Player, c.From)
		}
	}
	fmt.Fprintf(bw, "totals: %s\n", totalsText(s.Players, st.Totals))
	fmt.Fprintf(bw, "leader: %s\n", joinAnd(st.Leaders))
	if st.Finished {
		fmt.Fprintf(bw, "%s\n", s.result(st))
	} else {
		fmt.Fprintf(bw, "next dealer: %s\n", st.NextDealer)
	}
	if !opts.NoChart && len(s.Rounds) > 0 {
		bw.WriteString("\n")
		chart(bw, s.Players, running, opts.ChartWidth, opts.ChartHeight)
	}
	if opts.Audit {
		bw.WriteString("\naudit:\n")
		for _, a := range s.Audit {
			fmt.Fprintf(bw, "  %s  %-6s  %s\n", a.Time.UTC().Format("2006-01-02 15:04:05"), a.Action, a.Note)
		}
	}
	return bw.Flush()
}

// result says who won a finished match and how it ended: "winner: Bob
// (the target of 150 was reached in round 7)".
func (s *Sheet) result(st referee.Standing) string {
	switch len(st.Winners) {
	case 0:
		return "winner: nobody (" + s.ending(st) + ")"
	case 1:
		return "winner: " + st.Winners[0] + " (" + s.ending(st) + ")"
	}
	return "winners: " + joinAnd(st.Winners) + ", sharing the win (" + s.ending(st) + ")"
}

// runningTotals returns each player's total after each round, in seating
// order.
func runningTotals(s *Sheet) [][]int {
	out := make([][]int, len(s.Rounds))
	cur := make([]int, len(s.Players))
	for i, e := range s.Rounds {
		for _, c := range s.Seats {
			if c.From == i+1 {
				cur[slices.Index(s.Players, c.Player)] += c.Start
			}
		}
		for j, p := range s.Players {
			cur[j] += e.Scores[p]
		}
		out[i] = append([]int(nil), cur...)
	}
	return out
}

// running0 returns a copy of the last running totals, or zeros.
func running0(running [][]int, n int) []int {
	if len(running) == 0 {
		return make([]int, n)
	}
	return append([]int(nil), running[len(running)-1]...)
}

func outText(r referee.Round) string {
	switch {
	case r.Knock != "":
		return r.Knock + " knocked"
	case r.Stalemate:
		return "stalemate"
	case r.Out == "":
		return "nobody"
	case r.Rummy:
		return r.Out + " (rummy)"
	}
	return r.Out
}

// bonusRow is one line of match-end bonuses on a scoresheet: a kind of
// bonus and what it adds to each player.
type bonusRow struct {
	label  string
	points map[string]int
}

// bonusRows returns the match-end bonuses of st as lines, one a kind
// (game, box, shutout) in that order, for a match finished at its target.
func bonusRows(s *Sheet, st referee.Standing) []bonusRow {
	var rows []bonusRow
	for _, kind := range []referee.BonusKind{referee.GameBonus, referee.BoxBonus, referee.ShutoutBonus} {
		row := bonusRow{label: string(kind) + " bonus", points: map[string]int{}}
		for _, p := range s.Players {
			for _, b := range st.Bonuses[p] {
				if b.Kind == kind {
					row.points[p] += b.Points
				}
			}
		}
		if len(row.points) > 0 {
			if kind == referee.BoxBonus {
				row.label = fmt.Sprintf("box bonus (%d a hand won)", s.Variant.Scoring.BoxBonus)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

func upcardText(r referee.Round) string {
	if r.Upcard == 0 {
		return ""
	}
	return r.Upcard.String()
}

func totalsText(players []string, totals map[string]int) string {
	parts := make([]string, len(players))
	for i, p := range players {
		parts[i] = fmt.Sprintf("%s %d", p, totals[p])
	}
	return strings.Join(parts, ", ")
}

func signed(n int) string { return string(appendSigned(nil, n)) }

// appendSigned appends n with its sign, + for 0 and up (fmt's %+d).
func appendSigned(b []byte, n int) []byte {
	if n >= 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// appendCell appends a player's cell of a scoresheet line: two spaces,
// then, right-aligned in cellW, the round's score sc right-aligned in
// scoreW, a space and the running total right-aligned in totalW.
func appendCell(b, sc []byte, scoreW, total, totalW, cellW int) []byte {
	w := max(scoreW, len(sc)) + 1 + max(totalW, intLen(total))
	b = append(b, "  "...)
	b = appendSpaces(b, cellW-w)
	b = appendPadLeft(b, sc, scoreW)
	b = append(b, ' ')
	var num [20]byte
	return appendPadLeft(b, strconv.AppendInt(num[:0], int64(total), 10), totalW)
}

// intLen is len(strconv.Itoa(n)).
func intLen(n int) int {
	k := 1
	if n < 0 {
		k++
	}
	for n /= 10; n != 0; n /= 10 {
		k++
	}
	return k
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// absent marks, in show, markdown and HTML, the score of a player not at
// the table that round; CSV leaves the cell empty, and JSON leaves the
// player out of the round's scores.
const absent = "-"

// roundScore is p's score in round e as format writes it, or missing when
// p was not at the table that round (joined later, or had left): every
// rendering of the rounds says so the same way, never as a score of 0.
func roundScore(e Entry, p string, format func(int) string, missing string) string {
	sc, ok := e.Scores[p]
	if !ok {
		return missing
	}
	return format(sc)
}

func width(s string) int { return utf8.RuneCountInString(s) }

func pad(s string, w int) string { return s + strings.Repeat(" ", max(w-width(s), 0)) }

func appendSpaces(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
}

// appendPad appends s, then spaces to w runes (pad).
func appendPad(b []byte, s string, w int) []byte { return appendSpaces(append(b, s...), w-width(s)) }

// appendPadLeft appends spaces to w runes, then s (padLeft), ASCII s.
func appendPadLeft(b, s []byte, w int) []byte { return append(appendSpaces(b, w-len(s)), s...) }

func padLeft(s string, w int) string { return strings.Repeat(" ", max(w-width(s), 0)) + s }

// chart draws the running totals as a few rows of an ASCII line chart:
// one marker a player (the initial of their name where initials differ),
// a column a round (sampled when there are more rounds than columns), a
// row labelled 0 drawn with dashes when totals go below zero.
func chart(w *bufio.Writer, players []string, running [][]int, cols, rows int) {
	if cols <= 0 {
		cols = 60
	}
	if rows <= 0 {
		rows = 8
	}
	rows = max(rows, 2)
	// Points: the start (all 0) and each round.
	n := len(running) + 1
	at := func(k int) []int {
		if k == 0 {
			return make([]int, len(players))
		}
		return running[k-1]
	}
	cols = max(min(cols, n), 2)
	step := max(1, min(3, 60/cols)) // spread a short match out a little
	lo, hi := 0, 0
	for _, r := range running {
		for _, v := range r {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo == hi {
		hi = lo + 1
	}
	row := func(v int) int { // 0 is the top row
		return rows - 1 - int((int64(v-lo)*int64(rows-1)+int64(hi-lo)/2)/int64(hi-lo))
	}
	marks := markers(players)
	grid := make([][]byte, rows)
	for i := range grid {
		grid[i] = []byte(strings.Repeat(" ", (cols-1)*step+1))
	}
	zero := row(0)
	if lo < 0 {
		for x := range grid[zero] {
			grid[zero][x] = '-'
		}
	}
	for c := 0; c < cols; c++ {
		k := c * (n - 1) / (cols - 1) // the point this column shows
		for j, v := range at(k) {
			y, x := row(v), c*step
			switch grid[y][x] {
			case ' ', '-':
				grid[y][x] = marks[j]
			default:
				if grid[y][x] != marks[j] {
					grid[y][x] = '*'
				}
			}
		}
	}
	labels := make([]string, rows)
	labels[0], labels[rows-1] = strconv.Itoa(hi), strconv.Itoa(lo)
	if zero != 0 && zero != rows-1 {
		labels[zero] = "0"
	}
	lw := max(len(labels[0]), len(labels[rows-1]))
	w.WriteString("running totals\n")
	for y := range grid {
		axis := "|"
		if y == zero {
			axis = "+"
		}
		fmt.Fprintf(w, "%*s %s%s\n", lw, labels[y], axis, strings.TrimRight(string(grid[y]), " "))
	}
	last := strconv.Itoa(n - 1)
	span := (cols-1)*step + 1
	fmt.Fprintf(w, "%*s  %s%*s  (rounds)\n", lw, "", "0", max(span-1, len(last)), last)
	var legend []string
	for j, p := range players {
		legend = append(legend, fmt.Sprintf("%c %s", marks[j], p))
	}
	fmt.Fprintf(w, "%*s  %s; * where lines meet\n", lw, "", strings.Join(legend, ", "))
}

// markers returns a chart marker for each player: the upper-case initials
// when they are distinct ASCII letters or digits, else a, b, c...
func markers(players []string) []byte {
	out := make([]byte, len(players))
	seen := map[byte]bool{}
	ok := true
	for i, p := range players {
		c := strings.ToUpper(p)[0]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') || seen[c] {
			ok = false
			break
		}
		seen[c], out[i] = true, c
	}
	if !ok {
		for i := range out {
			out[i] = byte('a' + i%26)
		}
	}
	return out
}

// ShowJSON writes the standing of s as exactly one JSON object:
//
//	{"variant": "basic", "players": ["Ann","Bob"], "target": 100,
//	 "rounds": [{"number": 1, "dealer": "Ann", "out": "Bob", "scores": {"Ann": 0, "Bob": 41}}],
//	 "totals": {"Ann": 0, "Bob": 41}, "next_dealer": "Bob",
//	 "finished": false, "winner": null, "winners": [], "bonuses": {"Ann": [], "Bob": []}}
//
// out is null for a stalemate or when nobody went out; winner is the
// winner's name once the match is over, null while it goes on and when
// the win is shared (or nobody won), and winners lists every winner.
// bonuses lists each player's match-end bonuses ({"kind": "game" | "box"
// | "shutout", "count": hands won for a box, "points": N}) once the match
// is won at its target; totals then include them. A gin hand's round has
// "knock": NAME. Scores and totals list the players in seating order.
// Each round also has what was entered, as Export's JSON has it: melds,
// lay-offs (onto counting the round's melds from 1, as the match file
// does) and hands, their cards arrays of canonical strings.
func ShowJSON(s *Sheet, w io.Writer) error { return writeJSON(s, w, true) }

type jsonShow struct {
	Variant    string      `json:"variant"`
	Players    []string    `json:"players"`
	Target     int         `json:"target"`
	Rounds     []jsonRound `json:"rounds"`
	Totals     byPlayer    `json:"totals"`
	NextDealer string      `json:"next_dealer"`
	Finished   bool        `json:"finished"`
	Winner     *string     `json:"winner"`
	Winners    []string    `json:"winners"`
	// Bonuses are the match-end bonuses by player (game, box, shutout),
	// once the match is finished at its target; Totals include them.
	Bonuses bonusesByPlayer `json:"bonuses"`
	// Seats are the players joining and leaving between rounds, once
	// there are any; a round's scores name only the players at the table.
	Seats []jsonSeat `json:"seats,omitempty"`
}

// jsonSeat is one seat change: from round From, Player joins (starting
// with Start, a first join) or leaves.
type jsonSeat struct {
	From   int    `json:"from"`
	Player string `json:"player"`
	Change string `json:"change"` // join or leave
	Start  *int   `json:"start,omitempty"`
}

type jsonBonus struct {
	Kind   referee.BonusKind `json:"kind"`
	Count  int               `json:"count,omitempty"` // hands won, for a box bonus
	Points int               `json:"points"`
}

// bonusesByPlayer keeps seating order in JSON, every player listed.
type bonusesByPlayer struct {
	players []string
	m       map[string][]referee.Bonus
}

func (b bonusesByPlayer) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, p := range b.players {
		if i > 0 {
			buf = append(buf, ',')
		}
		list := []jsonBonus{}
		for _, x := range b.m[p] {
			list = append(list, jsonBonus{x.Kind, x.Count, x.Points})
		}
		k, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(list)
		if err != nil {
			return nil, err
		}
		buf = append(append(append(buf, k...), ':'), v...)
	}
	return append(buf, '}'), nil
}

type jsonRound struct {
	Number int      `json:"number"`
	Dealer string   `json:"dealer"`
	Out    *string  `json:"out"`
	Knock  string   `json:"knock,omitempty"` // a gin hand: who knocked
	Scores byPlayer `json:"scores"`
	*jsonDetail
}

// jsonDetail is the rest of a round's entry, for Export's json.
type jsonDetail struct {
	Stalemate bool         `json:"stalemate"`
	Rummy     bool         `json:"rummy"`
	Upcard    string       `json:"upcard,omitempty"` // a gin hand's first upcard
	Melds     []jsonMeld   `json:"melds"`
	Layoffs   []jsonLayoff `json:"layoffs"`
	Hands     []jsonHand   `json:"hands"`
}

// Cards are arrays of canonical card strings, as in every JSON rummy
// writes; a named joker is one card, "JK=9H".
type jsonMeld struct {
	Player string   `json:"player"`
	Cards  []string `json:"cards"`
}

// Onto counts the round's melds from 1, as the match file and every text
// does.
type jsonLayoff struct {
	Player string   `json:"player"`
	Cards  []string `json:"cards"`
	Onto   int      `json:"onto"`
}

type jsonHand struct {
	Player string    `json:"player"`
	Cards  *[]string `json:"cards,omitempty"` // an empty hand is [], a hand given as points has none
	Points *int      `json:"points,omitempty"`
}

// byPlayer is a score by player that keeps seating order in JSON.
type byPlayer struct {
	players []string
	m       map[string]int
}

func (b byPlayer) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, p := range b.players {
		if i > 0 {
			buf = append(buf, ',')
		}
		k, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		buf = append(buf, k...)
		buf = append(buf, ':')
		buf = strconv.AppendInt(buf, int64(b.m[p]), 10)
	}
	return append(buf, '}'), nil
}

func writeJSON(s *Sheet, w io.Writer, full bool) error {
	st := s.Standing()
	out := jsonShow{
		Variant:    s.Variant.Name,
		Players:    s.Players,
		Target:     s.Target,
		Rounds:     make([]jsonRound, len(s.Rounds)),
		Totals:     byPlayer{s.Players, st.Totals},
		NextDealer: st.NextDealer,
		Finished:   st.Finished,
		Winners:    []string{},
		Bonuses:    bonusesByPlayer{s.Players, st.Bonuses},
	}
	if st.Finished {
		out.Winners = append(out.Winners, st.Winners...)
		if len(st.Winners) == 1 {
			out.Winner = &st.Winners[0]
		}
	}
	for i, e := range s.Rounds {
		jr := jsonRound{Number: e.Number, Dealer: e.Dealer, Knock: e.Round.Knock, Scores: byPlayer{s.Seated(e.Number), e.Scores}}
		if e.Round.Out != "" {
			out := e.Round.Out
			jr.Out = &out
		}
		if full {
			jr.jsonDetail = detail(e.Round)
		}
		out.Rounds[i] = jr
	}
	for i, c := range s.Seats {
		js := jsonSeat{From: c.From, Player: c.Player, Change: "join"}
		if c.Leave {
			js.Change = "leave"
		} else if referee.IsNew(s.Seats, i) {
			js.Start = &s.Seats[i].Start
		}
		out.Seats = append(out.Seats, js)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func detail(r referee.Round) *jsonDetail {
	d := &jsonDetail{Stalemate: r.Stalemate, Rummy: r.Rummy, Upcard: upcardText(r),
		Melds: []jsonMeld{}, Layoffs: []jsonLayoff{}, Hands: []jsonHand{}}
	for _, m := range r.Melds {
		d.Melds = append(d.Melds, jsonMeld{m.Player, strings.Fields(m.Meld.String())})
	}
	for _, l := range r.Layoffs {
		d.Layoffs = append(d.Layoffs, jsonLayoff{l.Player, engine.Strings(l.Cards), l.Onto})
	}
	for _, h := range r.Hands {
		jh := jsonHand{Player: h.Player}
		if h.ByPoints {
			jh.Points = &h.Points
		} else {
			cards := engine.Strings(h.Cards)
			jh.Cards = &cards
		}
		d.Hands = append(d.Hands, jh)
	}
	return d
}
