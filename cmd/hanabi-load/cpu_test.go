package main

import (
	"os"
	"runtime"
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	for _, c := range []struct {
		name, line string
		want       time.Duration
		bad        bool
	}{
		{"plain", "42 (postgres) S 1 42 42 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 1 0 5 0 0", 3250 * time.Millisecond, false},
		{"name with spaces and parentheses", "7 (a (b) c) R 1 7 7 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 5 0 0", 70 * time.Millisecond, false},
		{"no name", "7 a R 1", 0, true},
		{"cut short", "7 (x) R 1 7 7 0 -1 0 0 0 0 0 3", 0, true},
		{"not a number", "7 (x) R 1 7 7 0 -1 0 0 0 0 0 x 4 0", 0, true},
	} {
		got, err := parseStat([]byte(c.line))
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("%s: parseStat = %v, %v; want %v (error: %v)", c.name, got, err, c.want, c.bad)
		}
	}
}

// The meter reads this process's own CPU as it grows: spinning for up to 5 s
// (a busy machine may give it little of the time) must show 30 ms of it.
func TestCPUOfGrows(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	before, err := cpuOf(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	after := before
	for start := time.Now(); after-before < 30*time.Millisecond && time.Since(start) < 5*time.Second; {
		for spin := time.Now(); time.Since(spin) < 10*time.Millisecond; {
		}
		if after, err = cpuOf(os.Getpid()); err != nil {
			t.Fatal(err)
		}
	}
	if after-before < 30*time.Millisecond {
		t.Errorf("CPU went from %v to %v over 5 s of spinning", before, after)
	}
}
