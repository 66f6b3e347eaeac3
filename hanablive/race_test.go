//go:build race

package hanablive

// raceEnabled lets the heavy tests play fewer games under the race detector,
// which slows the engine down about tenfold.
const raceEnabled = true
