package main

import (
	"os"
	"runtime"
	"testing"
	"time"
)

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

// A meter of no server is none: it only waits, and reports nothing.
func TestNoCPUMeter(t *testing.T) {
	if m := newCPUMeter(0); m != nil {
		t.Fatalf("newCPUMeter(0) = %v, want nil", m)
	}
}
