//go:build race

package scoresheets

const raceEnabled = true
