package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// The argument checks of rummy's commands, in rummy's words: cobra's own
// ("accepts 1 arg(s), received 4") name neither the command nor the right
// form.

// noArgs refuses arguments to a command that takes none.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	return cannot("%s takes no arguments, but was given %s%s", commandName(cmd), quoteArgs(args), exampleHint(cmd))
}

// exactArgs wants n arguments, each a what ("a variant NAME or FILE").
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == n:
			return nil
		case len(args) < n:
			return cannot("%s needs %s%s", commandName(cmd), what, exampleHint(cmd))
		}
		return cannot("%s takes %s, but was given %d arguments: %s%s", commandName(cmd), what, len(args), quoteArgs(args), exampleHint(cmd))
	}
}

// minArgs wants at least one argument, a what.
func minArgs(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cannot("%s needs %s%s", commandName(cmd), what, exampleHint(cmd))
		}
		return nil
	}
}

// commandName is the command as typed: "rummy match round".
func commandName(cmd *cobra.Command) string { return "'" + cmd.CommandPath() + "'" }

// exampleHint is the first line of a command's examples, as in ", as in:
// rummy hand "6S 7S 8S"".
func exampleHint(cmd *cobra.Command) string {
	first, _, _ := strings.Cut(strings.TrimSpace(cmd.Example), "\n")
	if first == "" {
		return ""
	}
	if i := strings.Index(first, "  #"); i > 0 {
		first = strings.TrimSpace(first[:i])
	}
	return ", as in: " + first
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = fmt.Sprintf("%q", a)
	}
	return strings.Join(q, " ")
}
