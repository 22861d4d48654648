package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

func newConfigCmd(io *app) *cobra.Command {
	c := &cobra.Command{
		Use:   "config",
		Short: "Show or start rummy's settings",
		Long: `rummy's settings come from, in order: a command's flag, a RUMMY_* environment
variable (RUMMY_VARIANT, RUMMY_PLAYERS, RUMMY_DATA_DIR, RUMMY_ASCII,
RUMMY_COLOR), the config file (rummy/config.yaml in your config folder, or
RUMMY_CONFIG), and the defaults.`,
		Example: `  rummy config show
  RUMMY_VARIANT=kids rummy config show
  rummy config init`,
	}
	c.AddCommand(newConfigShowCmd(io), newConfigInitCmd(io))
	return c
}

type configShowOptions struct {
	players playersArg
	json    bool
}

func newConfigShowCmd(io *app) *cobra.Command {
	o := &configShowOptions{}
	c := &cobra.Command{
		Use:   "show",
		Short: "Print the effective settings and where each came from",
		Long: "Print the effective settings and where each came from: a flag, a RUMMY_*\nvariable, the config file or the default.\n\n" +
			exitHelp("when shown", "", "when a setting is bad or the config file named cannot be read"),
		Example: `  rummy config show
  rummy config show --variant rummy500 --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runConfigShow(cmd.Context(), io, o) },
	}
	c.Flags().String("variant", "", "the variant to play")
	c.Flags().Var(&o.players, "players", "the usual players, comma-separated")
	addJSONFlag(c, &o.json)
	return c
}

// settingJSON is one setting of 'rummy config show --json'.
type settingJSON struct {
	Value  any    `json:"value"`
	Source string `json:"source"`
}

func runConfigShow(ctx context.Context, io *app, o *configShowOptions) error {
	s, err := io.loadSettings()
	if err != nil {
		return err
	}
	_, statErr := os.Stat(s.File)
	vals := map[string]any{
		"variant":  s.Variant,
		"players":  orEmpty(s.Players),
		"data_dir": s.DataDir,
		"ascii":    s.ASCII,
		"color":    s.Color,
	}
	if o.json {
		j := map[string]settingJSON{}
		for _, k := range settingKeys {
			j[k.key] = settingJSON{Value: vals[k.key], Source: s.Sources[k.key]}
		}
		return newOutput(io.streams, s).printJSON(map[string]any{"config_file": s.File, "found": statErr == nil, "settings": j})
	}
	found := "not found"
	if statErr == nil {
		found = "found"
	}
	vals["players"] = strings.Join(s.Players, ",")
	fmt.Fprintf(io.Out, "config file: %s (%s)\n", s.File, found)
	w := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', 0)
	for _, k := range settingKeys {
		fmt.Fprintf(w, "%s:\t%v\t(%s)\n", k.key, vals[k.key], s.Sources[k.key])
	}
	return w.Flush()
}

const starterConfig = `# rummy's settings. A command's flag beats a RUMMY_* environment variable,
# which beats this file, which beats the defaults. 'rummy config show' says
# which one each setting came from.

# The variant to play: kids, basic, rummy500, gin, oklahoma-gin, or the path of a variant file.
# variant: basic

# The usual players, in seating order, for new matches.
# players: [Ann, Bob, Cy]

# Where matches are kept (default: your data folder).
# data_dir: ~/rummy

# Write suits as letters (7H) rather than symbols (7♥).
# ascii: false

# Colour: auto (on a terminal, unless NO_COLOR is set), always or never.
# color: auto
`

type configInitOptions struct {
	file  string // where rummy reads its config
	force bool
}

func newConfigInitCmd(io *app) *cobra.Command {
	o := &configInitOptions{}
	c := &cobra.Command{
		Use:   "init",
		Short: "Write a commented starter config file",
		Long: "Write a commented starter config file where rummy reads it (--config, else\nRUMMY_CONFIG, else rummy/config.yaml in your config folder).\n\n" +
			exitHelp("when written", "", "when the file exists (without --force) or cannot be written"),
		Example: `  rummy config init`,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.file, _ = configFile(cmd.Flags(), io.getenv)
			return runConfigInit(cmd.Context(), io, o)
		},
	}
	c.Flags().BoolVar(&o.force, "force", false, "replace an existing config file")
	return c
}

func runConfigInit(ctx context.Context, io *app, o *configInitOptions) error {
	f := o.file
	if f == "" {
		return cannot("config init: no config folder (set HOME or RUMMY_CONFIG)")
	}
	if _, err := os.Stat(f); err == nil && !o.force {
		return cannot("config init: %s already exists (use --force to replace it)", f)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return cannot("config init: %v", err)
	}
	if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
		return cannot("config init: %v", err)
	}
	if err := writeFileAtomic(f, []byte(starterConfig), 0o644); err != nil {
		return cannot("config init: %v", err)
	}
	fmt.Fprintf(io.Err, "wrote %s\n", f)
	return nil
}

// writeFileAtomic writes a small file whole or not at all.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".rummy-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
