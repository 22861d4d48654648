package main

import (
	"runtime/debug"
	"sync"
)

// fewerCollections turns the collector off until the heap nears
// collectAt, while rummy hand arranges a hand of collectLessFrom cards or
// more, and returns the function that turns it back as it was once the
// last such hand is done. A GOGC or GOMEMLIMIT in the environment stands.
//
// A large hand's first arrangement in a process builds tens of megabytes
// of tables in its first milliseconds, and the collector's default target
// (twice the live heap, from 4 MB) then collects every few milliseconds:
// on climbed-33, the slowest two-deck hand of engine/testdata/large.txt,
// three times in the first 20 ms. Without them, rummy hand on it took 3.6
// to 6.5 ms less (medians of 21 runs, 101.5 ms against 105.0, and the
// same memory), and its 96-card hand of three decks took as long, in as
// much memory (45 MB).
func fewerCollections(getenv func(string) string) (restore func()) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	collecting.Lock()
	defer collecting.Unlock()
	if collecting.n == 0 {
		collecting.percent = debug.SetGCPercent(-1)
		collecting.limit = debug.SetMemoryLimit(collectAt)
	}
	collecting.n++
	return func() {
		collecting.Lock()
		defer collecting.Unlock()
		if collecting.n--; collecting.n == 0 {
			debug.SetMemoryLimit(collecting.limit)
			debug.SetGCPercent(collecting.percent)
		}
	}
}

// collectAt is the heap at which the collector runs while it is off
// (fewerCollections): no two-deck hand of the large corpus allocates as
// much in its first arrangement.
const collectAt = 128 << 20

// collectLessFrom is the fewest cards of a hand whose arrangement turns
// the collector off (fewerCollections): hands that can take milliseconds.
// The arrangements of smaller hands take microseconds, and turning it off
// for a whole file of them (rummy hand -) let the heap grow to collectAt:
// 100,000 hands of 13 cards took 127 MB and 0.43 s, where they take 27 MB
// and 0.38 s with the collector as it is.
const collectLessFrom = 30

// collecting is what fewerCollections changed: how many commands in the
// process (tests run several at once) want it off, and the settings
// before the first.
var collecting struct {
	sync.Mutex
	n       int
	percent int
	limit   int64
}
