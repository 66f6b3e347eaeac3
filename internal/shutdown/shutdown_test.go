package shutdown

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestBegun(t *testing.T) {
	ch := make(chan struct{})
	if Begun(ch) {
		t.Fatal("an open channel reads as begun")
	}
	close(ch)
	if !Begun(ch) {
		t.Fatal("a closed channel reads as not begun")
	}
}

func TestDrain(t *testing.T) {
	if err := Drain(context.Background(), func() {}); err != nil {
		t.Fatalf("work that ends: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	release := make(chan struct{})
	defer close(release)
	if err := Drain(ctx, func() { <-release }); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("work that outlasts its context: %v", err)
	}
}
