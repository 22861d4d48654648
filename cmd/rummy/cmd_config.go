package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

func newConfigCmd(io *streams) *cobra.Command {
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

func newConfigShowCmd(io *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "show",
		Short: "Print the effective settings and where each came from",
		Example: `  rummy config show
  rummy config show --variant rummy500`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := loadSettings(cmd.Flags())
			if err != nil {
				return cannot("%v", err)
			}
			found := "not found"
			if _, err := os.Stat(s.File); err == nil {
				found = "found"
			}
			fmt.Fprintf(io.Out, "config file: %s (%s)\n", s.File, found)
			w := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', 0)
			vals := map[string]string{
				"variant":  s.Variant,
				"players":  strings.Join(s.Players, ","),
				"data_dir": s.DataDir,
				"ascii":    fmt.Sprint(s.ASCII),
				"color":    s.Color,
			}
			for _, k := range settingKeys {
				fmt.Fprintf(w, "%s:\t%s\t(%s)\n", k.key, vals[k.key], s.Sources[k.key])
			}
			return w.Flush()
		},
	}
	c.Flags().String("variant", "", "the variant to play")
	c.Flags().String("players", "", "the usual players, comma-separated")
	c.Flags().String("data-dir", "", "the folder where matches are kept")
	c.Flags().Bool("ascii", false, "write suits as letters")
	c.Flags().String("color", "", "auto, always or never")
	return c
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

func newConfigInitCmd(io *streams) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:     "init",
		Short:   "Write a commented starter config file",
		Example: `  rummy config init`,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := configFile()
			if f == "" {
				return cannot("config init: no config folder (set HOME or RUMMY_CONFIG)")
			}
			if _, err := os.Stat(f); err == nil && !force {
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
		},
	}
	c.Flags().BoolVar(&force, "force", false, "replace an existing config file")
	return c
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
