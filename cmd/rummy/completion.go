package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/scoresheets"
)

// currentPlayers returns the players of the match a command would use,
// for completion: --file when given, else the current match.
func currentPlayers(cmd *cobra.Command) []string {
	a, ok := cmd.Context().Value(appKey{}).(*app)
	if !ok {
		return nil
	}
	a.cmd = cmd
	file := ""
	if fl := cmd.Flags().Lookup("file"); fl != nil {
		file = fl.Value.String()
	}
	_, sh, err := a.openMatch(file)
	if err != nil {
		return nil
	}
	return sh.Players
}

func completePlayers(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, p := range currentPlayers(cmd) {
		if strings.HasPrefix(strings.ToLower(p), strings.ToLower(toComplete)) {
			out = append(out, p)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completePlayersEq completes "NAME=" for the flags that take NAME=CARDS.
func completePlayersEq(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, p := range currentPlayers(cmd) {
		if strings.HasPrefix(strings.ToLower(p), strings.ToLower(toComplete)) {
			out = append(out, p+"=")
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

func writeMatchList(io *streams, list []scoresheets.Summary, current string) error {
	w := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "MATCH\tVARIANT\tPLAYERS\tROUNDS\tSTATE")
	for _, m := range list {
		mark := ""
		if m.Path == current {
			mark = " (current)"
		}
		if m.Note != "" {
			fmt.Fprintf(w, "%s\t-\t-\t-\tskipped: %s\n", m.Path, m.Note)
			continue
		}
		state := "leader " + joinNames(m.Leaders)
		if m.Finished {
			state = "finished, won by " + joinNames(m.Winners)
			if len(m.Winners) == 0 {
				state = "finished, no winner"
			}
		}
		if len(m.Leaders) > 0 && !m.Finished {
			state += fmt.Sprintf(" (%d)", m.Totals[m.Leaders[0]])
		}
		fmt.Fprintf(w, "%s%s\t%s\t%s\t%d\t%s\n", m.Path, mark, m.Variant, strings.Join(m.Players, ","), m.Rounds, state)
	}
	return w.Flush()
}
