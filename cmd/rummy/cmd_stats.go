package main

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/scoresheets"
)

type statsOptions struct {
	dir    string
	asJSON bool
}

func newStatsCmd(io *streams) *cobra.Command {
	o := &statsOptions{}
	c := &cobra.Command{
		Use:   "stats",
		Short: "Each player's record across the matches in the data folder",
		Long: `Each player's record across the match files of the data folder's matches
(or --dir): matches played and won (a shared win counts), rounds played,
rounds they went out in and went rummy in, their average points a round and
their best round. A player is known by name, ignoring case.

Points count only in matches where points are good, the highest total
winning (Basic Rummy, Rummy 500): under penalty scoring (Kids Rummy) points
count against, and single-round scoring has none. A player with no such
round shows "-".

A file that is not a match, or does not load, is skipped with a note on
stderr.`,
		Example: `  rummy stats
  rummy stats --json
  rummy stats --dir examples`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runStats(io, cmd, o)
		},
	}
	c.Flags().StringVar(&o.dir, "dir", "", "the folder of match files (default: the data folder's matches)")
	c.Flags().BoolVar(&o.asJSON, "json", false, "write one JSON object")
	_ = c.MarkFlagDirname("dir")
	return c
}

type statsJSON struct {
	Matches int               `json:"matches"`
	Skipped []skippedJSON     `json:"skipped"`
	Players []playerStatsJSON `json:"players"`
}

type skippedJSON struct {
	File string `json:"file"`
	Why  string `json:"why"`
}

type playerStatsJSON struct {
	Player      string   `json:"player"`
	Matches     int      `json:"matches"`
	Won         int      `json:"won"`
	Rounds      int      `json:"rounds"`
	Out         int      `json:"out"`
	Rummy       int      `json:"rummy"`
	PointRounds int      `json:"point_rounds"`
	Points      int      `json:"points"`
	Average     *float64 `json:"average"` // null when no round counts points
	Best        *int     `json:"best"`
}

func runStats(io *streams, cmd *cobra.Command, o *statsOptions) error {
	s, err := loadSettings(cmd.Flags())
	if err != nil {
		return cannot("%v", err)
	}
	dir := o.dir
	if dir == "" {
		dir = filepath.Join(s.DataDir, "matches")
	}
	list, err := scoresheets.List(dir)
	if err != nil && !(errors.Is(err, fs.ErrNotExist) && o.dir == "") {
		return cannot("stats: %v", err)
	}
	j := statsJSON{Skipped: []skippedJSON{}, Players: []playerStatsJSON{}}
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
		j.Skipped = append(j.Skipped, skippedJSON{File: m.Path, Why: m.Note})
	}
	j.Matches = len(sheets)
	if len(sheets) == 0 && !o.asJSON {
		fmt.Fprintf(io.Err, "no matches in %s\n", dir)
		return nil
	}
	stats := scoresheets.Stats(sheets)
	if o.asJSON {
		for _, p := range stats {
			pj := playerStatsJSON{Player: p.Player, Matches: p.Matches, Won: p.Won, Rounds: p.Rounds,
				Out: p.Out, Rummy: p.Rummy, PointRounds: p.PointRounds, Points: p.Points}
			if avg, ok := p.Average(); ok {
				avg = math.Round(avg*100) / 100
				best := p.Best
				pj.Average, pj.Best = &avg, &best
			}
			j.Players = append(j.Players, pj)
		}
		return newOutput(io, s).printJSON(j)
	}
	w := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "PLAYER\tMATCHES\tWON\tROUNDS\tOUT\tRUMMY\tAVG/ROUND\tBEST")
	for _, p := range stats {
		avg, best := "-", "-"
		if a, ok := p.Average(); ok {
			avg, best = strconv.FormatFloat(a, 'f', 1, 64), strconv.Itoa(p.Best)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\n", p.Player, p.Matches, p.Won, p.Rounds, p.Out, p.Rummy, avg, best)
	}
	return w.Flush()
}
