package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	goio "io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/scoresheets"
)

type statsOptions struct {
	dir    string
	asJSON bool
	format string // text, json or html
	out    string // -o: the file to write; "" is stdout
}

// statsFormats are the formats of rummy stats.
var statsFormats = []string{"text", "json", "html"}

func newStatsCmd(io *app) *cobra.Command {
	o := &statsOptions{}
	c := &cobra.Command{
		Use:   "stats",
		Short: "Each player's record across the matches in the data folder",
		Long: `Each player's record across the match files of the data folder's matches
(or --dir): matches played and won (a shared win counts), rounds played,
rounds they went out in and went rummy in. A player is known by name,
ignoring case.

Then the same for each variant on its own, with the average points a round
and the best round: points of different variants do not add up. Under
penalty scoring (Kids Rummy) the lowest total wins, so points count against
and the best round is the one that added the fewest. Single-round scoring
has no points: "-".

Last, head to head: for each pair of players, the matches they played
together, how many of those are finished, and how many each won while the
other did not (a win they share counts for neither).

--format html writes the same as one page to print or share, with a chart
of the matches each player played and won (self-contained: it loads nothing
and runs no script); -o FILE writes to FILE instead of stdout.

A file that is not a match, or does not load, is skipped with a note on
stderr.

` + exitHelp("when done (no matches is no error)", "", "when the folder given cannot be read"),
		Example: `  rummy stats
  rummy stats --json
  rummy stats --format html -o records.html
  rummy stats --dir examples`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runStats(cmd.Context(), io, o)
		},
	}
	c.Flags().StringVar(&o.dir, "dir", "", "the folder of match files (default: the data folder's matches)")
	c.Flags().BoolVar(&o.asJSON, "json", false, "write one JSON object (--format json)")
	c.Flags().StringVar(&o.format, "format", "text", "text, json, or html (a page to print or share, with a chart)")
	c.Flags().StringVarP(&o.out, "output", "o", "", "write to `FILE` instead of stdout")
	_ = c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(statsFormats, cobra.ShellCompDirectiveNoFileComp))
	_ = c.MarkFlagDirname("dir")
	return c
}

type statsJSON struct {
	Matches    int              `json:"matches"`
	Skipped    []skippedJSON    `json:"skipped"`
	Players    []playerJSON     `json:"players"`
	Variants   []variantJSON    `json:"variants"`
	HeadToHead []headToHeadJSON `json:"head_to_head"`
}

type skippedJSON struct {
	File string `json:"file"`
	Why  string `json:"why"`
}

type playerJSON struct {
	Player  string `json:"player"`
	Matches int    `json:"matches"`
	Won     int    `json:"won"`
	Rounds  int    `json:"rounds"`
	Out     int    `json:"out"`
	Rummy   int    `json:"rummy"`
}

type variantJSON struct {
	Variant    string              `json:"variant"`
	Title      string              `json:"title"`
	Scoring    string              `json:"scoring"`
	LowestWins bool                `json:"lowest_wins"`
	Matches    int                 `json:"matches"`
	Players    []variantPlayerJSON `json:"players"`
}

type variantPlayerJSON struct {
	playerJSON
	PointRounds int      `json:"point_rounds"`
	Points      int      `json:"points"`
	Average     *float64 `json:"average"` // null when no round counts points
	Best        *int     `json:"best"`
}

type headToHeadJSON struct {
	Players  [2]string `json:"players"`
	Matches  int       `json:"matches"`
	Finished int       `json:"finished"`
	Won      [2]int    `json:"won"`
}

func runStats(ctx context.Context, io *app, o *statsOptions) error {
	if !slices.Contains(statsFormats, o.format) {
		return cannot("stats: --format %q: choose %s", o.format, orList(statsFormats))
	}
	if o.asJSON {
		if io.cmd.Flags().Changed("format") && o.format != "json" {
			return cannot("stats: --json and --format %s ask for two formats: give one", o.format)
		}
		o.format = "json"
	}
	s, err := io.loadSettings()
	if err != nil {
		return err
	}
	dir := o.dir
	if dir == "" {
		dir = filepath.Join(s.DataDir, "matches")
	}
	list, err := scoresheets.List(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && o.dir != "":
		return cannot("stats: --dir %s: no such folder: give a folder of match files, as in --dir examples", o.dir)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return cannot("stats: the folder %s cannot be read (%v): give a folder of match files, as in --dir examples", dir, errors.Unwrap(err))
	}
	skipped := []skippedJSON{}
	var sheets []*scoresheets.Sheet
	for _, m := range list {
		if m.Note == "" {
			sh, _, err := scoresheets.Load(m.Path)
			if err == nil {
				sheets = append(sheets, sh)
				continue
			}
			m.Note = err.Error() // changed since List read it
		}
		fmt.Fprintf(io.Err, "stats: skipped %s: %s\n", m.Path, m.Note)
		skipped = append(skipped, skippedJSON{File: m.Path, Why: m.Note})
	}
	if len(sheets) == 0 && o.format == "text" {
		fmt.Fprintf(io.Err, "no matches in %s\n", dir)
		return nil
	}
	rec := scoresheets.Stats(sheets)
	return writeOutput(io.streams, o.out, func(w *bytes.Buffer) error {
		switch o.format {
		case "json":
			return writeJSON(w, statsToJSON(rec, skipped))
		case "html":
			return scoresheets.StatsHTML(rec, w)
		}
		return writeStats(w, rec)
	})
}

func statsToJSON(rec scoresheets.Records, skipped []skippedJSON) statsJSON {
	j := statsJSON{Matches: rec.Matches, Skipped: skipped, Players: []playerJSON{},
		Variants: []variantJSON{}, HeadToHead: []headToHeadJSON{}}
	player := func(p scoresheets.PlayerStats) playerJSON {
		return playerJSON{Player: p.Player, Matches: p.Matches, Won: p.Won, Rounds: p.Rounds, Out: p.Out, Rummy: p.Rummy}
	}
	for _, p := range rec.Players {
		j.Players = append(j.Players, player(p))
	}
	for _, v := range rec.Variants {
		vj := variantJSON{Variant: v.Variant, Title: v.Title, Scoring: string(v.Method),
			LowestWins: v.LowestWins(), Matches: v.Matches, Players: []variantPlayerJSON{}}
		for _, p := range v.Players {
			pj := variantPlayerJSON{playerJSON: player(p), PointRounds: p.PointRounds, Points: p.Points}
			if avg, ok := p.Average(); ok {
				avg = math.Round(avg*100) / 100
				best := p.Best
				pj.Average, pj.Best = &avg, &best
			}
			vj.Players = append(vj.Players, pj)
		}
		j.Variants = append(j.Variants, vj)
	}
	for _, h := range rec.HeadToHead {
		j.HeadToHead = append(j.HeadToHead, headToHeadJSON(h))
	}
	return j
}

// writeStats writes the records as tables: every variant together, each
// variant with its points, then head to head.
func writeStats(out goio.Writer, rec scoresheets.Records) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "all variants: %d %s\n", rec.Matches, plural(rec.Matches, "match", "matches"))
	fmt.Fprintln(w, "PLAYER\tMATCHES\tWON\tROUNDS\tOUT\tRUMMY")
	for _, p := range rec.Players {
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\n", p.Player, p.Matches, p.Won, p.Rounds, p.Out, p.Rummy)
	}
	for _, v := range rec.Variants {
		how := "the highest total wins"
		if v.LowestWins() {
			how = "the lowest total wins: points count against, the best round adds the fewest"
		}
		fmt.Fprintf(w, "\n%s (%s, %s; %s): %d %s\n", v.Variant, v.Title, v.Method, how, v.Matches, plural(v.Matches, "match", "matches"))
		fmt.Fprintln(w, "PLAYER\tMATCHES\tWON\tROUNDS\tOUT\tRUMMY\tAVG/ROUND\tBEST")
		for _, p := range v.Players {
			avg, best := "-", "-"
			if a, ok := p.Average(); ok {
				avg, best = strconv.FormatFloat(a, 'f', 1, 64), strconv.Itoa(p.Best)
			}
			fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\n", p.Player, p.Matches, p.Won, p.Rounds, p.Out, p.Rummy, avg, best)
		}
	}
	if len(rec.HeadToHead) > 0 {
		fmt.Fprintln(w, "\nhead to head (finished matches one of the two won and the other did not)")
		fmt.Fprintln(w, "PLAYERS\tTOGETHER\tFINISHED\tWON")
		for _, h := range rec.HeadToHead {
			fmt.Fprintf(w, "%s v %s\t%d\t%d\t%s %d, %s %d\n", h.Players[0], h.Players[1], h.Matches, h.Finished,
				h.Players[0], h.Won[0], h.Players[1], h.Won[1])
		}
	}
	return w.Flush()
}

// writeOutput renders a command's whole output, then writes it to stdout
// or, given -o FILE, to FILE: a failed render writes nothing, and FILE is
// replaced whole (written beside it, then renamed over it), never left
// half written.
func writeOutput(io *streams, file string, render func(w *bytes.Buffer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return cannot("%v", err)
	}
	if file == "" {
		_, err := io.Out.Write(b.Bytes())
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*")
	if err != nil {
		return cannot("-o %s: %v", file, errors.Unwrap(err))
	}
	_, err = tmp.Write(b.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return cannot("-o %s: %v", file, err)
	}
	fmt.Fprintf(io.Err, "wrote %s\n", file)
	return nil
}
