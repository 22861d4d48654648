package fuzzcap

import (
	"flag"
	"testing"
)

// The cap applies when the command line leaves the flag alone, and a value
// given on the command line stays.
func TestCapMinimize(t *testing.T) {
	f := flag.Lookup(minimizeFlag)
	if f == nil {
		t.Fatalf("no -%s flag in a test binary", minimizeFlag)
	}
	old := f.Value.String()
	defer flag.Set(minimizeFlag, old)
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == minimizeFlag })
	if given {
		t.Skipf("-%s is given on the command line", minimizeFlag)
	}
	capMinimize()
	if got := f.Value.String(); got != "2s" {
		t.Errorf("-%s = %s after capMinimize, want 2s", minimizeFlag, got)
	}
	flag.Set(minimizeFlag, "5s") // as if given: Visit now sees it set
	capMinimize()
	if got := f.Value.String(); got != "5s" {
		t.Errorf("-%s = %s after capMinimize with 5s given, want 5s kept", minimizeFlag, got)
	}
}
