//go:build !race

package hanablive

const raceEnabled = false
