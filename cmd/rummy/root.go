package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Exit statuses, as diff and grep use them (STYLE.md 6).
const (
	exitOK      = 0 // judged, and the rules say yes
	exitNo      = 1 // judged, and a rule says no
	exitCannot  = 2 // could not judge: bad card, bad file, bad flag
	exitsHelp   = "Exit status: 0 when every meld is valid, 1 when a rule says no, 2 when rummy\ncannot judge (a bad card, an unknown variant, a bad flag)."
	exitsRecord = "Exit status: 0 when done, 1 when the rules refuse it, 2 when the input cannot\nbe read; either way nothing is written."
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

// exitError carries an exit status and a message for stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// ruleNo is returned when the command judged and a rule says no: exit 1,
// with the verdict already written.
var ruleNo = &exitError{code: exitNo}

// cannot returns an error that exits 2 with a message.
func cannot(format string, args ...any) error {
	return &exitError{code: exitCannot, msg: fmt.Sprintf(format, args...)}
}

// run is the program: main only calls it and exits with what it returns.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	io := &streams{
		In: stdin, Out: stdout, Err: stderr,
		inTTY: isTerminal(stdin), outTTY: isTerminal(stdout), errTTY: isTerminal(stderr),
		getenv: os.Getenv,
	}
	root := newRootCmd(io)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(stderr, "rummy: "+ee.msg)
		}
		return ee.code
	}
	// Cobra's own errors: unknown flags and commands, bad arguments.
	fmt.Fprintln(stderr, "rummy: "+err.Error())
	if !strings.Contains(err.Error(), "--help") {
		fmt.Fprintln(stderr, "Run 'rummy --help' for usage.")
	}
	return exitCannot
}

func newRootCmd(io *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "rummy",
		Short: "A referee and scorekeeper for real rummy games",
		Long: `rummy referees real, physical rummy games: it checks melds against the rule
variant you play (Kids Rummy, Basic Rummy, Rummy 500, Gin Rummy, Oklahoma Gin
or your own house rules),
finds the best play of a hand, and keeps the match's scoresheet to the target.

Cards are written rank then suit (7H, 10S, QD, AC) or suit then rank (H7),
with suit symbols (7♥) if you like; a joker is JK.`,
		Example: `  rummy check "QS KS AS"
  rummy check --variant rummy500 "QS KS AS" "5D JK 7D"
  rummy hand "6S 7S 8S 6C 7C 8C 8D"
  rummy match new --players "Ann,Bob,Cy"
  rummy match show --file examples/basic-match.yaml`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.CompletionOptions.HiddenDefaultCmd = false
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
	)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return cannot("%s: %v (see 'rummy %s --help')", c.Name(), err, strings.TrimPrefix(c.CommandPath(), "rummy "))
	})
	return root
}
