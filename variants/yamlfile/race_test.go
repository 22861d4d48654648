//go:build race

package yamlfile

const raceEnabled = true
