package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// fewerCollections turns the collector off while any command wants it off,
// and back to what it was after the last; a GOGC or GOMEMLIMIT in the
// environment leaves it alone.
func TestFewerCollections(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	percent := func() int { // SetGCPercent reports the setting it replaces
		p := debug.SetGCPercent(0)
		debug.SetGCPercent(p)
		return p
	}
	limit := func() int64 { return debug.SetMemoryLimit(-1) } // a negative limit only reads it
	none := func(string) string { return "" }

	outer := fewerCollections(none)
	if p, l := percent(), limit(); p != -1 || l != collectAt {
		t.Fatalf("while arranging: GOGC %d and limit %d, want off and %d", p, l, collectAt)
	}
	inner := fewerCollections(none)
	inner()
	if p := percent(); p != -1 {
		t.Fatalf("after the inner of two: GOGC %d, want still off", p)
	}
	outer()
	if p, l := percent(), limit(); p != 100 || l != math.MaxInt64 {
		t.Fatalf("after both: GOGC %d and limit %d, want 100 and no limit", p, l)
	}

	for _, key := range []string{"GOGC", "GOMEMLIMIT"} {
		restore := fewerCollections(func(k string) string {
			if k == key {
				return "200"
			}
			return ""
		})
		if p, l := percent(), limit(); p != 100 || l != math.MaxInt64 {
			t.Errorf("with %s set: GOGC %d and limit %d, want them left alone", key, p, l)
		}
		restore()
	}
}
