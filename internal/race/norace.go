//go:build !race

// Package race tells tests whether the race detector is on.
package race

const Enabled = false
