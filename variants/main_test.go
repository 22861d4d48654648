package variants

import (
	"flag"
	"os"
	"testing"
)

// TestMain bounds the fuzzer's minimising of each new input to 2 s unless
// -test.fuzzminimizetime is given. At the default, 60 s, a plain
// `go test -fuzz FuzzLoad -fuzztime 60s` spent the whole minute minimising
// its first find and ran under 50,000 inputs; bounded, it runs several
// times that, and a failing input is still written out (minimised as far
// as 2 s allow).
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.fuzzminimizetime" })
	if !set {
		flag.Set("test.fuzzminimizetime", "2s")
	}
	os.Exit(m.Run())
}
