package scoresheets

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ExportFormats lists the formats Export writes.
var ExportFormats = []string{"csv", "json", "markdown", "html"}

// Export writes s in format:
//
//   - csv: a row a round (round, dealer, out, rummy, each player's score,
//     each player's running total) and a final row of totals, safe to open
//     in a spreadsheet: a text cell starting with = + - @, a tab or a
//     carriage return is prefixed with a single quote so it cannot run as a
//     formula, while numbers, negative ones too, stay numbers;
//   - json: the object of ShowJSON, each round with its full entry added
//     (stalemate, rummy, melds, layoffs, hands);
//   - markdown (or md): a table of the rounds with running totals, and the
//     result;
//   - html: one self-contained page to print or share (ExportHTML).
//
// A player not at the table in a round (joined later, or had left) has no
// score that round, as in Show: an empty CSV cell, "-" in markdown and HTML,
// and no key in the round's JSON scores.
func Export(s *Sheet, format string, w io.Writer) error {
	switch strings.ToLower(format) {
	case "csv":
		return exportCSV(s, w)
	case "json":
		return writeJSON(s, w, true)
	case "markdown", "md":
		return exportMarkdown(s, w)
	case "html":
		return ExportHTML(s, w)
	}
	return fmt.Errorf("unknown export format %q (want %s)", format, strings.Join(ExportFormats, ", "))
}

func exportCSV(s *Sheet, w io.Writer) error {
	cw := csv.NewWriter(w)
	head := []string{"round", "dealer", "out", "rummy"}
	for _, p := range s.Players {
		head = append(head, cell(p))
	}
	for _, p := range s.Players {
		head = append(head, cell(p+" total"))
	}
	cw.Write(head)
	running := runningTotals(s)
	for i, e := range s.Rounds {
		out := e.Round.Out
		if e.Round.Stalemate || e.Round.Knock != "" {
			out = outText(e.Round)
		}
		rummy := ""
		if e.Round.Rummy {
			rummy = "yes"
		}
		row := []string{strconv.Itoa(e.Number), cell(e.Dealer), cell(out), rummy}
		for _, p := range s.Players {
			row = append(row, roundScore(e, p, strconv.Itoa, ""))
		}
		for j := range s.Players {
			row = append(row, strconv.Itoa(running[i][j]))
		}
		cw.Write(row)
	}
	st := s.Standing()
	cur := running0(running, len(s.Players))
	for _, b := range bonusRows(s, st) {
		row := []string{"bonus", "", b.label, ""}
		for _, p := range s.Players {
			row = append(row, strconv.Itoa(b.points[p]))
		}
		for j, p := range s.Players {
			cur[j] += b.points[p]
			row = append(row, strconv.Itoa(cur[j]))
		}
		cw.Write(row)
	}
	row := []string{"total", "", "", ""}
	for range s.Players {
		row = append(row, "")
	}
	for _, p := range s.Players {
		row = append(row, strconv.Itoa(st.Totals[p]))
	}
	cw.Write(row)
	cw.Flush()
	return cw.Error()
}

// cell makes a text cell safe for a spreadsheet (CSV injection): one that
// starts with = + - @, a tab or a carriage return gets a leading quote.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func exportMarkdown(s *Sheet, w io.Writer) error {
	bw := bufio.NewWriter(w)
	st := s.Standing()
	fmt.Fprintf(bw, "# %s: %s\n\n", mdEscape(s.Variant.Name), mdEscape(strings.Join(s.Players, ", ")))
	limits := s.limits()
	fmt.Fprintf(bw, "%s%s. Each player's cell: the round's score (the running total).\n\n", strings.ToUpper(limits[:1]), limits[1:])
	bw.WriteString("| Round | Dealer | Out |")
	for _, p := range s.Players {
		fmt.Fprintf(bw, " %s |", mdEscape(p))
	}
	bw.WriteString("\n| ---: | --- | --- |")
	for range s.Players {
		bw.WriteString(" ---: |")
	}
	bw.WriteString("\n")
	running := runningTotals(s)
	for i, e := range s.Rounds {
		fmt.Fprintf(bw, "| %d | %s | %s |", e.Number, mdEscape(e.Dealer), mdEscape(outText(e.Round)))
		for j, p := range s.Players {
			fmt.Fprintf(bw, " %s (%d) |", roundScore(e, p, signed, absent), running[i][j])
		}
		bw.WriteString("\n")
	}
	cur := running0(running, len(s.Players))
	for _, b := range bonusRows(s, st) {
		fmt.Fprintf(bw, "| | | %s |", mdEscape(b.label))
		for j, p := range s.Players {
			cur[j] += b.points[p]
			fmt.Fprintf(bw, " %s (%d) |", signed(b.points[p]), cur[j])
		}
		bw.WriteString("\n")
	}
	bw.WriteString("| **Total** | | |")
	for _, p := range s.Players {
		fmt.Fprintf(bw, " **%d** |", st.Totals[p])
	}
	bw.WriteString("\n\n")
	if st.Finished {
		r := s.result(st)
		fmt.Fprintf(bw, "%s%s.\n", strings.ToUpper(r[:1]), mdEscape(r[1:]))
	} else {
		fmt.Fprintf(bw, "Leader: %s. Next dealer: %s.\n", mdEscape(joinAnd(st.Leaders)), mdEscape(st.NextDealer))
	}
	return bw.Flush()
}

var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "#", `\#`)

func mdEscape(s string) string { return mdEscaper.Replace(s) }
