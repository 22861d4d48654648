package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// settings are rummy's effective configuration. Each comes from, in order
// of precedence, a flag, a RUMMY_* environment variable, the config file
// (rummy/config.yaml in the user's config folder), or the default
// (STYLE.md 9).
type settings struct {
	Variant string   // the variant to play
	Players []string // the usual players, for new matches
	DataDir string   // where matches are kept
	ASCII   bool     // letters, never suit symbols
	Color   string   // auto, always or never

	File    string            // the config file, found or not
	Sources map[string]string // where each setting came from
}

// settingKeys are the config file's keys, with the flag that overrides each
// where a command has one.
var settingKeys = []struct {
	key, flag, help string
}{
	{"variant", "variant", "the variant to play: a built-in name or a variant file"},
	{"players", "players", "the usual players, comma-separated, in seating order"},
	{"data_dir", "data-dir", "the folder where matches are kept"},
	{"ascii", "ascii", "write suits as letters (7H), never as symbols (7♥)"},
	{"color", "color", "colour: auto (on a terminal, unless NO_COLOR is set), always or never"},
}

// configFile returns where the config file lives: RUMMY_CONFIG when set,
// else rummy/config.yaml in the user's config folder.
func configFile() string {
	if f := os.Getenv("RUMMY_CONFIG"); f != "" {
		return f
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "rummy", "config.yaml")
}

// defaultDataDir returns the user's data folder for rummy.
func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "rummy")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "rummy-matches"
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "rummy")
		}
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "rummy")
	}
	return filepath.Join(home, ".local", "share", "rummy")
}

// loadSettings reads the settings with flags (those of the running command
// that it has) beating the environment, which beats the config file.
func loadSettings(flags *pflag.FlagSet) (settings, error) {
	v := viper.New()
	v.SetDefault("variant", "basic")
	v.SetDefault("players", "")
	v.SetDefault("data_dir", defaultDataDir())
	v.SetDefault("ascii", false)
	v.SetDefault("color", "auto")
	v.SetEnvPrefix("RUMMY")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_"))
	s := settings{File: configFile(), Sources: map[string]string{}}
	for _, k := range settingKeys {
		if err := v.BindEnv(k.key); err != nil {
			return s, err
		}
		if flags != nil {
			if f := flags.Lookup(k.flag); f != nil {
				if err := v.BindPFlag(k.key, f); err != nil {
					return s, err
				}
			}
		}
	}
	if s.File != "" {
		v.SetConfigFile(s.File)
		v.SetConfigType("yaml")
		if err := v.ReadInConfig(); err != nil {
			var pe *fs.PathError
			if !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) {
				return s, fmt.Errorf("config file %s: %v", s.File, err)
			}
		} else if err := checkConfigKeys(v, s.File); err != nil {
			return s, err
		}
	}
	for _, k := range settingKeys {
		switch {
		case flags != nil && flags.Lookup(k.flag) != nil && flags.Changed(k.flag):
			s.Sources[k.key] = "flag --" + k.flag
		case os.Getenv("RUMMY_"+strings.ToUpper(k.key)) != "":
			s.Sources[k.key] = "env RUMMY_" + strings.ToUpper(k.key)
		case v.InConfig(k.key):
			s.Sources[k.key] = "file " + s.File
		default:
			s.Sources[k.key] = "default"
		}
	}
	s.Variant = strings.TrimSpace(v.GetString("variant"))
	s.DataDir = v.GetString("data_dir")
	if rest, ok := strings.CutPrefix(s.DataDir, "~"+string(filepath.Separator)); ok {
		if home, err := os.UserHomeDir(); err == nil {
			s.DataDir = filepath.Join(home, rest)
		}
	}
	s.Color = strings.ToLower(v.GetString("color"))
	if !slices.Contains([]string{"auto", "always", "never"}, s.Color) {
		return s, fmt.Errorf("color %q (from %s) is not auto, always or never", s.Color, s.Sources["color"])
	}
	ascii := strings.ToLower(fmt.Sprint(v.Get("ascii")))
	switch ascii {
	case "true", "1", "yes":
		s.ASCII = true
	case "false", "0", "no", "":
	default:
		return s, fmt.Errorf("ascii %q (from %s) is not true or false", ascii, s.Sources["ascii"])
	}
	s.Players = splitPlayers(playersValue(v.Get("players")))
	return s, nil
}

// playersValue reads players given as a comma list or, in the config file,
// as a YAML list.
func playersValue(x any) string {
	switch p := x.(type) {
	case []any:
		parts := make([]string, len(p))
		for i, e := range p {
			parts[i] = fmt.Sprint(e)
		}
		return strings.Join(parts, ",")
	case []string:
		return strings.Join(p, ",")
	case nil:
		return ""
	}
	return fmt.Sprint(x)
}

// splitPlayers splits "Ann, Bob,Cy" into names.
func splitPlayers(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// checkConfigKeys refuses keys the config file should not have.
func checkConfigKeys(v *viper.Viper, file string) error {
	known := map[string]bool{}
	for _, k := range settingKeys {
		known[k.key] = true
	}
	var bad []string
	for _, k := range v.AllKeys() {
		if !known[k] && v.InConfig(k) {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return fmt.Errorf("config file %s: unknown %s %s (known: variant, players, data_dir, ascii, color)",
			file, plural(len(bad), "key", "keys"), strings.Join(bad, ", "))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// symbols reports whether output should use suit symbols: on a terminal
// with a UTF-8 locale, unless ascii is set (RULES.md 1).
func (s settings) symbols(io *streams) bool {
	return !s.ASCII && io.outTTY && utf8Locale(io.getenv)
}

// colour reports whether output should be coloured: never with NO_COLOR,
// else by the color setting, auto meaning on a terminal.
func (s settings) colour(io *streams) bool {
	if io.getenv("NO_COLOR") != "" {
		return false
	}
	switch s.Color {
	case "always":
		return true
	case "never":
		return false
	}
	return io.outTTY && io.getenv("TERM") != "dumb"
}

func utf8Locale(getenv func(string) string) bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := getenv(k); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return runtime.GOOS == "windows"
}
