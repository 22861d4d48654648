package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// streams are a command's input and output, injectable for tests.
type streams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	inTTY  bool // stdin is a terminal
	outTTY bool // stdout is a terminal
	errTTY bool // stderr is a terminal
	getenv func(string) string
}

func isTerminal(f any) bool {
	if file, ok := f.(*os.File); ok {
		return term.IsTerminal(int(file.Fd()))
	}
	return false
}

// run is the program: main only calls it and exits with what it returns.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runEnv(ctx, args, os.Getenv, stdin, stdout, stderr)
}

// runEnv is run with the environment given, so that tests need not change
// the process's own.
func runEnv(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	io := &streams{
		In: stdin, Out: stdout, Err: stderr,
		inTTY: isTerminal(stdin), outTTY: isTerminal(stdout), errTTY: isTerminal(stderr),
		getenv: getenv,
	}
	a := &app{streams: io}
	root := newRootCmd(a)
	root.SetFlagErrorFunc(flagError(args))
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := unknownBeforeHelp(root, args)
	if err == nil {
		err = root.ExecuteContext(context.WithValue(ctx, appKey{}, a))
	}
	if err != nil && err.Error() != "" {
		msg := err.Error()
		if _, ok := err.(*failure); !ok {
			// Cobra's own errors, in case one gets past the checks below.
			msg += "\nRun 'rummy --help' for usage."
		}
		fmt.Fprintln(stderr, "rummy: "+msg)
	}
	return exitStatus(outcomeOf(err))
}

// appKey keys the app in a command's context, for shell completion, which
// cobra runs without the command's RunE.
type appKey struct{}

func newRootCmd(io *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "rummy",
		Short: "A referee and scorekeeper for real rummy games",
		Long: `rummy referees real, physical rummy games: it checks melds against the rule
variant you play (Kids Rummy, Basic Rummy, Rummy 500, Gin Rummy, Oklahoma Gin
or your own house rules),
finds the best play of a hand, and keeps the match's scoresheet to the target.

Cards are written rank then suit (7H, 10S, QD, AC) or suit then rank (H7),
with suit symbols (7♥) if you like; a joker is JK.

` + exitHelp("when done, or when the rules say yes", "when the rules say no (an invalid meld, a rejected round, a refused change)",
			"when rummy cannot judge (a bad card, flag, file or command)"),
		Example: `  rummy check "QS KS AS"
  rummy check --variant rummy500 "QS KS AS" "5D JK 7D"
  rummy hand "6S 7S 8S 6C 7C 8C 8D"
  rummy match new --players "Ann,Bob,Cy"
  rummy match show --file examples/basic-match.yaml`,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate("rummy {{.Version}}\n")
	root.CompletionOptions.HiddenDefaultCmd = false
	addPersistentFlags(root, &io.global)
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		io.cmd = cmd
		return nil
	}
	root.AddCommand(
		newCheckCmd(io),
		newVariantsCmd(io),
		newSetupCmd(io),
		newHandCmd(io),
		newConfigCmd(io),
		newMatchCmd(io),
		newPlayCmd(io),
		newStatsCmd(io),
		newRulesCmd(io),
		newVersionCmd(io),
		newManCmd(io),
	)
	root.SetHelpCommand(newHelpCmd())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			for _, sh := range c.Commands() {
				sh.Args = noArgs
			}
		}
	}
	visit(root, func(c *cobra.Command) {
		if c.HasSubCommands() {
			parentCmd(c)
		}
		c.Flags().VisitAll(onceFlag)
		c.PersistentFlags().VisitAll(onceFlag)
	})
	return root
}

// onceValue is a flag that holds one value. pflag keeps the last of
// '--out Ann --out Bob' and drops the first without a word, a silent guess;
// the same value twice is harmless and allowed.
type onceValue struct {
	pflag.Value
	first string
	set   bool
}

func (o *onceValue) Set(s string) error {
	if o.set && s != o.first {
		return fmt.Errorf("given twice, first as %q: give it once", o.first)
	}
	o.first, o.set = s, true
	return o.Value.Set(s)
}

// onceFlag makes f refuse a second, different value, unless it is one of
// the flags meant to be repeated (--rule, --meld, --hand...).
func onceFlag(f *pflag.Flag) {
	if _, ok := f.Value.(*onceValue); ok {
		return
	}
	if _, ok := f.Value.(pflag.SliceValue); ok || f.Value.Type() == "count" {
		return
	}
	f.Value = &onceValue{Value: f.Value}
}

// flagValue is the value behind a flag, as its command declared it.
func flagValue(v pflag.Value) pflag.Value {
	if o, ok := v.(*onceValue); ok {
		return o.Value
	}
	return v
}

// newHelpCmd is 'rummy help [COMMAND]': cobra's own prints the top help,
// and exits 0, for a command that does not exist.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help about any command",
		Long:  "Help about any command: 'rummy help match round' is 'rummy match round --help'.",
		RunE:  func(c *cobra.Command, args []string) error { return runHelp(c.Context(), c.Root(), args) },
	}
}

// runHelp prints the help of the command args name under root.
func runHelp(ctx context.Context, root *cobra.Command, args []string) error {
	cmd, rest, err := root.Find(args)
	if err != nil {
		return cannot("%v", err)
	}
	if len(rest) > 0 {
		return unknownCommand(cmd, rest[0])
	}
	return cmd.Help()
}

// visit calls fn on c and every command under it.
func visit(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		visit(sub, fn)
	}
}

// parentCmd makes a command that only groups others refuse a word that is
// none of them, with a suggestion, where cobra would print the help and
// exit 0 ('rummy match shwo').
func parentCmd(c *cobra.Command) {
	c.Args = cobra.ArbitraryArgs
	c.SuggestionsMinimumDistance = 2
	c.RunE = func(cmd *cobra.Command, args []string) error { return runGroup(cmd.Context(), cmd, args) }
}

// runGroup is a command that only groups others: its help, or the word
// given that is none of them refused.
func runGroup(ctx context.Context, cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmd.Help()
	}
	return unknownCommand(cmd, args[0])
}

// unknownBeforeHelp refuses a word that is none of the commands of the
// command it follows when --help is asked too ('rummy match shwo --help'):
// cobra prints the help of 'rummy match' for it, and exits 0, before any
// command of rummy's sees the word.
func unknownBeforeHelp(root *cobra.Command, args []string) error {
	help := false
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" || strings.HasPrefix(a, "--help=") {
			help = true
		}
	}
	if !help {
		return nil
	}
	c, _, err := root.Find(args)
	if err != nil || !c.HasSubCommands() {
		return nil
	}
	if word := firstWord(c, args); word != "" {
		return unknownCommand(c, word)
	}
	return nil
}

// unknownCommand says that word is none of cmd's commands, suggesting the
// nearest.
func unknownCommand(cmd *cobra.Command, word string) error {
	var names []string
	for _, sub := range cmd.Commands() {
		if sub.IsAvailableCommand() {
			names = append(names, sub.Name())
		}
	}
	msg := fmt.Sprintf("%q is not a command of '%s'", word, cmd.CommandPath())
	// A word with letters left out ("rnd") means the command it is in;
	// else the nearest by spelling ("shwo").
	var near []string
	for _, n := range names {
		if isSubsequence(strings.ToLower(word), n) {
			near = append(near, n)
		}
	}
	if len(near) == 0 {
		near = cmd.SuggestionsFor(word)
	}
	if len(near) > 0 {
		msg += fmt.Sprintf("; did you mean '%s %s'?", cmd.CommandPath(), near[0])
	}
	return cannot("%s\nits commands: %s (see '%s --help')", msg, strings.Join(names, ", "), cmd.CommandPath())
}

// isSubsequence reports whether the letters of a appear in b in order.
func isSubsequence(a, b string) bool {
	for _, r := range a {
		i := strings.IndexRune(b, r)
		if i < 0 {
			return false
		}
		b = b[i+1:]
	}
	return a != ""
}

// flagError is the error of a flag cobra could not parse. Under a command
// that groups others, the flag usually belongs to a command mistyped
// before it ('rummy match rnd --out Ann'): that word is what is wrong.
func flagError(args []string) func(*cobra.Command, error) error {
	return func(c *cobra.Command, err error) error {
		if c.HasSubCommands() {
			if word := firstWord(c, args); word != "" {
				return unknownCommand(c, word)
			}
		}
		where := ""
		if c.HasParent() {
			where = strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ") + ": "
		}
		return cannot("%s%s (see '%s --help')", where, flagErrorText(err), c.CommandPath())
	}
}

// firstWord is the first argument given to c that is neither a flag nor a
// flag's value, if any.
func firstWord(c *cobra.Command, args []string) string {
	_, rest, err := c.Root().Find(args)
	if err != nil {
		return ""
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			return a
		}
		if strings.Contains(a, "=") || !strings.HasPrefix(a, "--") {
			continue
		}
		f := c.Flags().Lookup(a[2:])
		if f == nil {
			f = c.InheritedFlags().Lookup(a[2:])
		}
		if f != nil && f.NoOptDefVal == "" {
			i++ // its value
		}
	}
	return ""
}

// flagErrorText says pflag's errors in rummy's words: pflag names the flag
// but quotes strconv ('invalid argument "abc" for "--target" flag:
// strconv.ParseInt: parsing "abc": invalid syntax').
func flagErrorText(err error) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "invalid argument "); ok {
		value, rest, _ := strings.Cut(rest, " for ")
		flag, rest, _ := strings.Cut(rest, " flag: ")
		flag = strings.Trim(flag, `"`)
		if _, name, ok := strings.Cut(flag, ", "); ok { // "-p, --players"
			flag = name
		}
		var want string
		switch {
		case strings.Contains(rest, "ParseInt"), strings.Contains(rest, "ParseUint"):
			want = "a whole number, as in " + flag + " 3"
		case strings.Contains(rest, "ParseBool"):
			want = "true or false, as in " + flag + "=false"
		case strings.Contains(rest, "ParseDuration"), strings.Contains(rest, "time: "):
			want = "a duration, as in " + flag + " 10s"
		default:
			return fmt.Sprintf("%s %s: %s", flag, value, rest)
		}
		return fmt.Sprintf("%s %s: give %s", flag, value, want)
	}
	if flag, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		flag = strings.Trim(flag, "'")
		return fmt.Sprintf("%s needs a value after it, as its help says", flag)
	}
	return msg
}

// version is the module version and commit rummy was built from.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (commit " + rev + modified + ")"
	}
	return v
}

func newVersionCmd(io *app) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print rummy's version and the commit it was built from",
		Long: "Print rummy's module version and the commit it was built from, as the Go\nbuild information records them.\n\n" +
			exitHelp("always", "", "on a bad flag"),
		Example: `  rummy version
  rummy --version`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runVersion(cmd.Context(), io) },
	}
}

func runVersion(ctx context.Context, io *app) error {
	_, err := fmt.Fprintf(io.Out, "rummy %s\n", version())
	return err
}
