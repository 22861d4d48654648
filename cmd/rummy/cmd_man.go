package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

type manOptions struct {
	dir string
}

func newManCmd(io *app) *cobra.Command {
	o := &manOptions{}
	c := &cobra.Command{
		Use:   "man DIR",
		Short: "Write a man page for every command into DIR",
		Long: `Write a man page (section 1) for rummy and for each of its commands into DIR,
made from the commands' own help: rummy.1, rummy-check.1, rummy-match-round.1
and so on. DIR is created when it does not exist. To read them, put DIR on
MANPATH or give a page to man: man ./DIR/rummy-check.1.

` + exitHelp("when written", "", "when DIR cannot be written"),
		Example: `  rummy man ./man && man ./man/rummy-match-round.1
  sudo rummy man /usr/local/share/man/man1`,
		Args: exactArgs(1, "the folder DIR to write the pages into"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = args[0]
			return runMan(cmd.Context(), io, cmd.Root(), o)
		},
	}
	return c
}

func runMan(ctx context.Context, io *app, root *cobra.Command, o *manOptions) error {
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return cannot("man: the folder %s cannot be made (%v): give a folder you can write, as in 'rummy man ./man'; nothing was written", o.dir, errors.Unwrap(err))
	}
	// A fixed date keeps the pages of one build the same wherever they are
	// made; the version says which rummy they describe.
	date := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	header := &doc.GenManHeader{Title: "RUMMY", Section: "1", Source: "rummy " + version(), Manual: "rummy manual", Date: &date}
	root.DisableAutoGenTag = true
	if err := doc.GenManTree(root, header, o.dir); err != nil {
		return cannot("man: %v", err)
	}
	pages, _ := filepath.Glob(filepath.Join(o.dir, "*.1"))
	fmt.Fprintf(io.Err, "wrote %d man pages in %s\n", len(pages), o.dir)
	return nil
}
