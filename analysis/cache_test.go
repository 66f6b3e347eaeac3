package analysis

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestCache: an analysis is computed once however many ask, kept for the
// next asker, goes on when its asker stops waiting, and the least recently
// used go first.
func TestCache(t *testing.T) {
	c := NewCache(2, time.Minute, 4, Share{})
	var runs atomic.Int64
	release := make(chan struct{})
	slow := func(context.Context) (*Analysis, error) {
		runs.Add(1)
		<-release
		return &Analysis{Score: 7}, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, "a", "asker", slow); !errors.Is(err, ErrPending) {
		t.Fatalf("an asker who stops waiting: %v", err)
	}
	close(release)
	a, err := c.Get(context.Background(), "a", "asker", slow)
	if err != nil || a.Score != 7 || runs.Load() != 1 {
		t.Fatalf("the analysis that went on: %+v %v, %d runs", a, err, runs.Load())
	}
	if a2, _ := c.Get(context.Background(), "a", "asker", slow); a2 != a || runs.Load() != 1 {
		t.Fatalf("a second read computed again: %d runs", runs.Load())
	}
	fails := func(context.Context) (*Analysis, error) { runs.Add(1); return nil, ErrUnfinished }
	for range 2 {
		if _, err := c.Get(context.Background(), "b", "asker", fails); !errors.Is(err, ErrUnfinished) {
			t.Fatalf("a kept error: %v", err)
		}
	}
	if runs.Load() != 2 {
		t.Fatalf("an error computed again: %d runs", runs.Load())
	}
	c.Get(context.Background(), "c", "asker", fails) // "a" is the least recently used: it goes
	c.Get(context.Background(), "a", "asker", slow)
	if runs.Load() != 4 {
		t.Fatalf("the least recently used was kept: %d runs", runs.Load())
	}
}

// TestCacheBusy: past its workers a Cache starts no analysis (ErrBusy),
// while one under way is still waited for, and a worker freed takes the
// next.
func TestCacheBusy(t *testing.T) {
	c := NewCache(8, time.Minute, 1, Share{})
	release := make(chan struct{})
	slow := func(context.Context) (*Analysis, error) { <-release; return &Analysis{Score: 3}, nil }
	quick := func(context.Context) (*Analysis, error) { return &Analysis{Score: 5}, nil }
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, "a", "asker", slow); !errors.Is(err, ErrPending) {
		t.Fatalf("the first analysis: %v", err)
	}
	if _, err := c.Get(context.Background(), "b", "asker", quick); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second analysis while the only worker is busy: %v", err)
	}
	if _, err := c.Get(ctx, "a", "asker", slow); !errors.Is(err, ErrPending) {
		t.Fatalf("the analysis under way, asked again: %v", err)
	}
	close(release)
	if a, err := c.Get(context.Background(), "a", "asker", slow); err != nil || a.Score != 3 {
		t.Fatalf("the first analysis, finished: %+v %v", a, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		a, err := c.Get(context.Background(), "b", "asker", quick)
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
	c := NewCache(2, time.Minute, 4, Share{})
	a, err := c.Get(context.Background(), "p", "asker", func(context.Context) (*Analysis, error) { panic("a bug") })
	if a != nil || err == nil || !strings.Contains(err.Error(), "a bug") {
		t.Fatalf("a panicking analysis: %v, %v", a, err)
	}
	if a, err := c.Get(context.Background(), "q", "asker", func(context.Context) (*Analysis, error) { return &Analysis{Score: 3}, nil }); err != nil || a.Score != 3 {
		t.Fatalf("the next analysis: %v, %v", a, err)
	}
}

// TestCacheShare: an asker runs one analysis at a time, and one whose
// analyses took more than the share's burst waits, for as long as its
// share takes to pay the rest back, while other askers and kept analyses
// are served.
func TestCacheShare(t *testing.T) {
	share := Share{Burst: 30 * time.Second, Part: 1.0 / 20}
	c := NewCache(16, time.Hour, 2, share)
	var mu sync.Mutex
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	pass := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	c.SetClock(clock)
	taking := func(d time.Duration) func(context.Context) (*Analysis, error) {
		return func(context.Context) (*Analysis, error) { pass(d); return &Analysis{Score: 1}, nil }
	}

	release := make(chan struct{})
	held := func(context.Context) (*Analysis, error) { <-release; return &Analysis{}, nil }
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, "held", "mallory", held); !errors.Is(err, ErrPending) {
		t.Fatalf("mallory's first analysis: %v", err)
	}
	var se *ShareError
	if _, err := c.Get(context.Background(), "second", "mallory", taking(0)); !errors.As(err, &se) || !se.Running {
		t.Fatalf("mallory's second analysis beside the first: %v", err)
	}
	if _, err := c.Get(context.Background(), "alice's", "alice", taking(0)); err != nil {
		t.Fatalf("another asker, beside mallory's analysis: %v", err)
	}
	close(release)
	if _, err := c.Get(context.Background(), "held", "mallory", held); err != nil {
		t.Fatal(err)
	}

	// An analysis that takes two minutes puts mallory 40 minutes in debt:
	// past the burst's 10 (30 s over a 20th), 30 minutes to wait.
	if _, err := c.Get(context.Background(), "long", "mallory", taking(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	_, err := c.Get(context.Background(), "next", "mallory", taking(0))
	if !errors.As(err, &se) || se.Running || se.Wait < 29*time.Minute || se.Wait > 30*time.Minute {
		t.Fatalf("mallory, in debt: %v", err)
	}
	if _, err := c.Get(context.Background(), "long", "mallory", taking(time.Hour)); err != nil {
		t.Fatalf("a kept analysis costs nothing: %v", err)
	}
	if _, err := c.Get(context.Background(), "bob's", "bob", taking(time.Second)); err != nil {
		t.Fatalf("another asker: %v", err)
	}
	pass(se.Wait)
	if _, err := c.Get(context.Background(), "next", "mallory", taking(0)); err != nil {
		t.Fatalf("mallory, once the debt is paid down to the burst: %v", err)
	}

	// Quick analyses, a player reading its games: 200 of 100 ms each pass.
	for i := range 200 {
		if _, err := c.Get(context.Background(), "game "+strconv.Itoa(i), "carol", taking(100*time.Millisecond)); err != nil {
			t.Fatalf("carol's analysis %d: %v", i, err)
		}
	}
}
