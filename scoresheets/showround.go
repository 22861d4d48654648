package scoresheets

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
)

// ShowRound writes round n (1-based) as it was entered: who dealt, how it
// ended, its melds (numbered, as lay-offs name them), lay-offs and hands;
// then the referee's verdict on it again, each seated player's score and
// the totals after it. symbols writes suits as symbols (7♥).
func ShowRound(s *Sheet, w io.Writer, n int, symbols bool) error {
	if n < 1 || n > len(s.Rounds) {
		return fmt.Errorf("there is no round %d (the match has %d %s)", n, len(s.Rounds), plural(len(s.Rounds), "round", "rounds"))
	}
	e := s.Rounds[n-1]
	r := e.Round
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "round %d of %d, dealt by %s\n", n, len(s.Rounds), e.Dealer)
	seated := s.Seated(n)
	fmt.Fprintf(bw, "players: %s\n", strings.Join(seated, ", "))
	switch {
	case r.Knock != "":
		fmt.Fprintf(bw, "ended: %s knocked\n", r.Knock)
	case r.Stalemate:
		fmt.Fprintln(bw, "ended: stalemate")
	case r.Out != "" && r.Rummy:
		fmt.Fprintf(bw, "ended: %s went out, rummy\n", r.Out)
	case r.Out != "":
		fmt.Fprintf(bw, "ended: %s went out\n", r.Out)
	default:
		fmt.Fprintln(bw, "ended: nobody out")
	}
	if r.Upcard != 0 {
		fmt.Fprintf(bw, "upcard: %s\n", r.Upcard.Format(symbols))
	}
	for i, m := range r.Melds {
		fmt.Fprintf(bw, "meld %d: %s: %s\n", i+1, m.Player, m.Meld.Format(symbols))
	}
	for _, l := range r.Layoffs {
		fmt.Fprintf(bw, "lay-off: %s: %s onto meld %d\n", l.Player, engine.FormatCards(l.Cards, symbols), l.Onto)
	}
	for _, h := range r.Hands {
		if h.ByPoints {
			fmt.Fprintf(bw, "hand: %s: %d points\n", h.Player, h.Points)
		} else {
			fmt.Fprintf(bw, "hand: %s: %s\n", h.Player, engine.FormatCards(h.Cards, symbols))
		}
	}
	vd, err := referee.Judge(s.Variant, seated, r)
	switch {
	case err != nil:
		fmt.Fprintf(bw, "verdict: cannot be judged: %v\n", err)
	case !vd.OK():
		fmt.Fprintf(bw, "verdict: breaks the rules: %s\n", strings.Join(vd.Problems, "; "))
	default:
		fmt.Fprintln(bw, "verdict: stands")
		if vd.Knock != nil {
			for _, l := range vd.Knock.Summary(symbols) {
				fmt.Fprintln(bw, "  "+l)
			}
		}
	}
	var parts []string
	for _, sc := range vd.Scores {
		part := fmt.Sprintf("%s %+d", sc.Player, sc.Total)
		var why []string
		if sc.Melded != 0 {
			why = append(why, fmt.Sprintf("melded %d", sc.Melded))
		}
		if sc.LaidOff != 0 {
			why = append(why, fmt.Sprintf("laid off %d", sc.LaidOff))
		}
		if sc.Hand != 0 {
			why = append(why, fmt.Sprintf("hand %d", sc.Hand))
		}
		if len(why) > 0 {
			part += " (" + strings.Join(why, ", ") + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) > 0 {
		fmt.Fprintf(bw, "scores: %s\n", strings.Join(parts, ", "))
	}
	m := s.Match()
	m.Ended = false
	m.Seats = nil // the changes up to round n only, so a later join's start is not counted yet
	for _, c := range s.Seats {
		if c.From <= n {
			m.Seats = append(m.Seats, c)
		}
	}
	st := m.Stand(results(s.Rounds[:n]))
	fmt.Fprintf(bw, "totals after round %d: %s\n", n, totalsText(s.Players, st.Totals))
	return bw.Flush()
}
