package analysis

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestCache: an analysis is computed once however many ask, kept for the
// next asker, goes on when its asker stops waiting, and the least recently
// used go first.
func TestCache(t *testing.T) {
	c := NewCache(2, time.Minute, 4)
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

// TestCacheBusy: past its workers a Cache starts no analysis (ErrBusy),
// while one under way is still waited for, and a worker freed takes the
// next.
func TestCacheBusy(t *testing.T) {
	c := NewCache(8, time.Minute, 1)
	release := make(chan struct{})
	slow := func(context.Context) (*Analysis, error) { <-release; return &Analysis{Score: 3}, nil }
	quick := func(context.Context) (*Analysis, error) { return &Analysis{Score: 5}, nil }
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, "a", slow); !errors.Is(err, ErrPending) {
		t.Fatalf("the first analysis: %v", err)
	}
	if _, err := c.Get(context.Background(), "b", quick); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second analysis while the only worker is busy: %v", err)
	}
	if _, err := c.Get(ctx, "a", slow); !errors.Is(err, ErrPending) {
		t.Fatalf("the analysis under way, asked again: %v", err)
	}
	close(release)
	if a, err := c.Get(context.Background(), "a", slow); err != nil || a.Score != 3 {
		t.Fatalf("the first analysis, finished: %+v %v", a, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		a, err := c.Get(context.Background(), "b", quick)
		if err == nil && a.Score == 5 {
			break
		}
		if !errors.Is(err, ErrBusy) || time.Now().After(deadline) {
			t.Fatalf("the second analysis once the worker is free: %+v %v", a, err)
		}
		time.Sleep(time.Millisecond) // the worker frees itself just after its answer
	}
}

// An analysis that panics fails its askers, and the server goes on: it
// runs on a goroutine of its own, where a panic would end the process.
func TestCachePanicIsAnError(t *testing.T) {
	c := NewCache(2, time.Minute, 4)
	a, err := c.Get(context.Background(), "p", func(context.Context) (*Analysis, error) { panic("a bug") })
	if a != nil || err == nil || !strings.Contains(err.Error(), "a bug") {
		t.Fatalf("a panicking analysis: %v, %v", a, err)
	}
	if a, err := c.Get(context.Background(), "q", func(context.Context) (*Analysis, error) { return &Analysis{Score: 3}, nil }); err != nil || a.Score != 3 {
		t.Fatalf("the next analysis: %v, %v", a, err)
	}
}
