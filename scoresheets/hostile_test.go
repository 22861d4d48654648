package scoresheets

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// A hostile 16 MiB match file is refused within 0.5 s and 200 MB of
// allocations, whatever its shape: one long flow list (dense or sparse),
// a long list of rounds that are not rounds, keys upon keys.
func TestHostileMatchFile(t *testing.T) {
	head := "schema_version: 2\ncreated: 2026-03-01T19:30:00Z\n"
	holds := "holds: {rounds: 0, audit: 0}\n"
	fill := func(prefix, unit, suffix string) []byte {
		n := (16<<20 - len(prefix) - len(suffix)) / len(unit)
		return []byte(prefix + strings.Repeat(unit, n) + suffix)
	}
	for name, src := range map[string][]byte{
		"flow list":        fill(head+"players: [", "1,", "1]\n"+holds),
		"sparse flow list": fill(head+"players: [", "Annnnnnnnnnnnn, ", "Bob]\n"+holds),
		"rounds":           fill(head+"rounds:\n", "  - this is not a round at all, but it is long\n", holds),
		"keys":             fill(head, "kkkkkkkkkkkkkkkkkkkkkkkkkkkk: vvvvvvvvvvvvvvvvvvvvvvvvvv\n", holds),
		"nested":           fill(head+"variant: ", "{a: ", "\n"+holds),
	} {
		if len(src) > MaxFileSize {
			t.Fatalf("%s: %d bytes", name, len(src))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		// The best of three: the time a refusal takes, not a busy
		// machine's pause.
		var err error
		took, runs := time.Duration(1<<62), uint64(0)
		for range 3 {
			runs++
			start := time.Now()
			_, err = Unmarshal("hostile.yaml", src)
			took = min(took, time.Since(start))
			if took < 500*time.Millisecond {
				break
			}
		}
		runtime.ReadMemStats(&after)
		if err == nil || !strings.HasPrefix(err.Error(), "hostile.yaml:") {
			t.Errorf("%s: got %v, want a refusal with a line", name, err)
		}
		if alloc := (after.TotalAlloc - before.TotalAlloc) / runs; alloc > 200<<20 {
			t.Errorf("%s: refused after allocating %d MB", name, alloc>>20)
		}
		if took > 500*time.Millisecond && !raceEnabled {
			t.Errorf("%s: refused after %v", name, took)
		}
		msg := err.Error()
		if len(msg) > 120 {
			msg = msg[:120]
		}
		t.Logf("%s: %v, %d MB: %s", name, took, (after.TotalAlloc-before.TotalAlloc)/runs>>20, msg)
	}
}
