//go:build !race

package scoresheets

const raceEnabled = false
