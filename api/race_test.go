//go:build race

package api

// raceEnabled lets the heaviest whole-game tests take their groups in turns
// under the race detector, which slows a request about sevenfold.
const raceEnabled = true
