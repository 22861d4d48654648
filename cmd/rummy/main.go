// Command rummy is a referee and scorekeeper for real rummy games: it
// judges melds under a rule variant, finds the best play of a hand, and
// keeps a match's scoresheet to the target.
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
