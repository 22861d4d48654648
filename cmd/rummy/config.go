package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/rummy-referee/rummy/variants/yamlfile"
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

// configFile returns where the config file lives and whether the user
// named it: --config, else RUMMY_CONFIG, else rummy/config.yaml in the
// user's config folder.
func configFile(flags *pflag.FlagSet, getenv func(string) string) (file string, named bool) {
	if flags != nil {
		if f := flags.Lookup("config"); f != nil && f.Changed {
			return f.Value.String(), true
		}
	}
	if f := getenv("RUMMY_CONFIG"); f != "" {
		return f, true
	}
	dir := userConfigDir(getenv)
	if dir == "" {
		return "", false
	}
	return filepath.Join(dir, "rummy", "config.yaml"), false
}

// userConfigDir is os.UserConfigDir read from the environment given.
func userConfigDir(getenv func(string) string) string {
	switch runtime.GOOS {
	case "windows":
		return getenv("AppData")
	case "darwin":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Application Support")
		}
		return ""
	}
	if d := getenv("XDG_CONFIG_HOME"); filepath.IsAbs(d) {
		return d
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".config")
	}
	return ""
}

// defaultDataDir returns the user's data folder for rummy.
func defaultDataDir(getenv func(string) string) string {
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "rummy")
	}
	switch runtime.GOOS {
	case "windows":
		if d := getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "rummy")
		}
	case "darwin":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Application Support", "rummy")
		}
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "share", "rummy")
	}
	return "rummy-matches"
}

// settingDefaults are the settings when nothing sets them.
func settingDefaults(getenv func(string) string) map[string]string {
	return map[string]string{"variant": "basic", "players": "", "data_dir": defaultDataDir(getenv), "ascii": "false", "color": "auto"}
}

// loadSettings reads the settings with flags (those of the running command
// that it has) beating the environment, which beats the config file, which
// beats the defaults. viper reads the file; the layers above it are laid
// here, from the environment given, so that tests need not change the
// process's.
func loadSettings(flags *pflag.FlagSet, getenv func(string) string) (settings, error) {
	file, named := configFile(flags, getenv)
	s := settings{File: file, Sources: map[string]string{}}
	v := viper.New()
	if file != "" {
		if data, err := os.ReadFile(file); err == nil {
			if err := checkConfigFile(data, file); err != nil {
				return s, err
			}
		}
		v.SetConfigFile(file)
		v.SetConfigType("yaml")
		if err := v.ReadInConfig(); err != nil {
			var pe *fs.PathError
			switch {
			case !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist):
				return s, fmt.Errorf("config file %s: %v", file, err)
			case named:
				return s, fmt.Errorf("config file %s does not exist (it is named by %s): create it with 'rummy config init', or name another",
					file, configSource(flags))
			}
		}
	}
	defaults := settingDefaults(getenv)
	value := map[string]string{}
	for _, k := range settingKeys {
		env := "RUMMY_" + strings.ToUpper(k.key)
		var f *pflag.Flag
		if flags != nil {
			f = flags.Lookup(k.flag)
		}
		// --players 3 is a count, not the players' names.
		flagGiven := f != nil && f.Changed && (k.key != "players" || playerNames(f.Value) != nil)
		switch {
		case flagGiven && k.key == "players":
			value[k.key], s.Sources[k.key] = strings.Join(playerNames(f.Value), ","), "flag --"+k.flag
		case flagGiven:
			value[k.key], s.Sources[k.key] = f.Value.String(), "flag --"+k.flag
		case getenv(env) != "":
			value[k.key], s.Sources[k.key] = getenv(env), "env "+env
		case v.InConfig(k.key):
			value[k.key], s.Sources[k.key] = playersValue(v.Get(k.key)), "file "+file
		default:
			value[k.key], s.Sources[k.key] = defaults[k.key], "default"
		}
	}
	s.Variant = strings.TrimSpace(value["variant"])
	s.DataDir = value["data_dir"]
	if rest, ok := strings.CutPrefix(s.DataDir, "~"+string(filepath.Separator)); ok {
		if home := getenv("HOME"); home != "" {
			s.DataDir = filepath.Join(home, rest)
		}
	}
	s.Color = strings.ToLower(value["color"])
	if !slices.Contains([]string{"auto", "always", "never"}, s.Color) {
		return s, fmt.Errorf("color %q (from %s) is not auto, always or never", s.Color, s.Sources["color"])
	}
	ascii := strings.ToLower(value["ascii"])
	switch ascii {
	case "true", "1", "yes":
		s.ASCII = true
	case "false", "0", "no", "":
	default:
		return s, fmt.Errorf("ascii %q (from %s) is not true or false", ascii, s.Sources["ascii"])
	}
	s.Players = splitPlayers(value["players"])
	return s, nil
}

// configSource says what named the config file.
func configSource(flags *pflag.FlagSet) string {
	if flags != nil {
		if f := flags.Lookup("config"); f != nil && f.Changed {
			return "--config"
		}
	}
	return "RUMMY_CONFIG"
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
	case string:
		return p
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

// configLimits bound a config file: a handful of settings.
var configLimits = yamlfile.Limits{What: "a config file", Size: 64 << 10, Depth: 3, Nodes: 1000}

// checkConfigFile reads the config file as strictly as every rummy file
// (STYLE.md 8 and 17), before viper takes its values: a YAML error, an
// unknown or repeated key, a list or map where a setting is one value, and
// yes or no for a bool are refused with file:line, every problem at once.
// viper alone would quote its YAML library ("While parsing config: yaml:
// ...") and take ascii: yes as true.
func checkConfigFile(data []byte, file string) error {
	root, err := yamlfile.Parse(data, configLimits)
	if errors.Is(err, yamlfile.ErrEmpty) {
		return nil // no settings: the defaults
	}
	var e *yamlfile.Error
	if errors.As(err, &e) && e.Line > 0 {
		return fmt.Errorf("%s:%d: %s", file, e.Line, e.Msg)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: a config file holds settings, one a line, as in: variant: basic", file, root.Line)
	}
	var names []string
	for _, k := range settingKeys {
		names = append(names, k.key)
	}
	var problems []string
	bad := func(n *yaml.Node, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s:%d: ", file, n.Line)+fmt.Sprintf(format, args...))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, val := root.Content[i], root.Content[i+1]
		if first, ok := seen[k.Value]; ok {
			bad(k, "%s: duplicate key (first at line %d)", k.Value, first)
			continue
		}
		seen[k.Value] = k.Line
		switch {
		case !slices.Contains(names, k.Value):
			bad(k, "%s: unknown key (known: %s)", yamlfile.Short(k.Value), strings.Join(names, ", "))
		case k.Value == "ascii":
			if _, msg := yamlfile.Bool(val, configGot); msg != "" {
				bad(val, "ascii: %s", msg)
			}
		case k.Value == "players" && val.Kind == yaml.SequenceNode:
			for _, p := range val.Content {
				if p.Kind != yaml.ScalarNode {
					bad(p, "players: each player is a name, got %s", nodeKind[p.Kind])
				}
			}
			if len(val.Content) == 1 {
				bad(val, "players: one name is no table: give the usual players' names, as in %s", configExample["players"])
			}
		case k.Value == "players" && val.Kind == yaml.ScalarNode && len(splitPlayers(val.Value)) == 1:
			// "players: 4" is not a count: the file names the usual players.
			bad(val, "players: %s is one name, and one name is no table: give the usual players' names, as in %s", strconv.Quote(yamlfile.Short(val.Value)), configExample["players"])
		case val.Kind != yaml.ScalarNode:
			bad(val, "%s: want one value, as in %s, got %s", k.Value, configExample[k.Value], nodeKind[val.Kind])
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// configExample is a right form of each setting, for messages.
var configExample = map[string]string{
	"variant":  "variant: rummy500",
	"players":  "players: Ann,Bob,Cy",
	"data_dir": "data_dir: ~/rummy",
	"color":    "color: never",
}

// nodeKind names a list or a map, what a setting cannot be.
var nodeKind = map[yaml.Kind]string{yaml.SequenceNode: "a list", yaml.MappingNode: "a map"}

// configGot describes a value for "got ..." messages.
func configGot(n *yaml.Node) string {
	if kind, ok := nodeKind[n.Kind]; ok {
		return kind
	}
	return strconv.Quote(yamlfile.Short(n.Value))
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

// playersArg is the --players flag of every command that has one: a count
// ("3") or the players' names in seating order ("Ann,Bob,Cy"), whose count
// is how many play.
type playersArg struct {
	n     int
	names []string
	raw   string
}

func (p *playersArg) String() string { return p.raw }
func (p *playersArg) Type() string   { return "N|NAMES" }

func (p *playersArg) Set(s string) error {
	p.raw = s
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		if n < 1 {
			return fmt.Errorf("give how many play (1 or more) or their names, as in --players 3 or --players \"Ann,Bob,Cy\"")
		}
		p.n, p.names = n, nil
		return nil
	}
	p.names = splitPlayers(s)
	if len(p.names) == 0 {
		return fmt.Errorf("give how many play or their names, as in --players 3 or --players \"Ann,Bob,Cy\"")
	}
	p.n = len(p.names)
	return nil
}

// playerNames are the names a --players flag gave, nil for a count.
func playerNames(v pflag.Value) []string {
	if p, ok := flagValue(v).(*playersArg); ok {
		return p.names
	}
	return splitPlayers(v.String())
}
