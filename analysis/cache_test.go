package analysis

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestCache: an analysis is computed once however many ask, kept for the
// next asker, goes on when its asker stops waiting, and the least recently
// used go first.
func TestCache(t *testing.T) {
	c := NewCache(2, time.Minute)
	var runs atomic.Int64
	release := make(chan struct{})
	slow := func(context.Context) (*Analysis, error) {
		runs.Add(1)
		<-release
		return &Analysis{Score: 7}, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, "a", slow); !errors.Is(err, ErrPending) {
		t.Fatalf("an asker who stops waiting: %v", err)
	}
	close(release)
	a, err := c.Get(context.Background(), "a", slow)
	if err != nil || a.Score != 7 || runs.Load() != 1 {
		t.Fatalf("the analysis that went on: %+v %v, %d runs", a, err, runs.Load())
	}
	if a2, _ := c.Get(context.Background(), "a", slow); a2 != a || runs.Load() != 1 {
		t.Fatalf("a second read computed again: %d runs", runs.Load())
	}
	fails := func(context.Context) (*Analysis, error) { runs.Add(1); return nil, ErrUnfinished }
	for range 2 {
		if _, err := c.Get(context.Background(), "b", fails); !errors.Is(err, ErrUnfinished) {
			t.Fatalf("a kept error: %v", err)
		}
	}
	if runs.Load() != 2 {
		t.Fatalf("an error computed again: %d runs", runs.Load())
	}
	c.Get(context.Background(), "c", fails) // "a" is the least recently used: it goes
	c.Get(context.Background(), "a", slow)
	if runs.Load() != 4 {
		t.Fatalf("the least recently used was kept: %d runs", runs.Load())
	}
}
