package main

import (
	"context"
	"os"
	"testing"
	"time"
)

// The floor's writing side is this test binary again (see floor).
func TestMain(m *testing.M) {
	if spec := os.Getenv(floorEnv); spec != "" {
		if err := serveFloor(spec); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Every parked connection of the floor gets its whole answer, and each is
// timed.
func TestFloor(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const waiters, size = 50, 5000
	r, err := floor(ctx, waiters, size)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.lat) != waiters || r.failed != 0 {
		t.Fatalf("%d of %d readers timed, %d failed", len(r.lat), waiters, r.failed)
	}
	if r.writers < 1 {
		t.Fatalf("%d writers", r.writers)
	}
}
