//go:build race

package race

// Enabled is true in a build with the race detector, which slows the
// whole-game tests about sevenfold to tenfold: they play fewer games then.
const Enabled = true
