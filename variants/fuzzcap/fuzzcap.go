// Package fuzzcap bounds the fuzzer's minimising of each new input, for the
// TestMain of a package with fuzz targets.
//
// At its default of 60 s, a plain `go test -fuzz FuzzX -fuzztime 60s` can
// spend the whole minute minimising the first input it finds (FuzzLoad ran
// under 50,000 inputs so, FuzzParse stalled at 0 a second). Bounded to 2 s
// it runs hundreds of thousands, and a failing input is still written out,
// minimised as far as 2 s allow.
package fuzzcap

import (
	"flag"
	"os"
	"testing"
)

// Run parses the test flags, sets -test.fuzzminimizetime to 2s unless the
// command line gives it, and runs m, exiting with its status.
func Run(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse()
	capMinimize()
	return m.Run()
}

// capMinimize sets -test.fuzzminimizetime to 2s unless the command line
// set it.
func capMinimize() {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == minimizeFlag })
	if !set {
		flag.Set(minimizeFlag, "2s")
	}
}

const minimizeFlag = "test.fuzzminimizetime"
