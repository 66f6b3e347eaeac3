package models

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Many concurrent calls: every one is answered with its own result, no
// batch is larger than size, no more than max run at once, and calls that
// conflict never share a batch.
func TestBatcherAnswersEveryCall(t *testing.T) {
	for _, tc := range []struct {
		name            string
		max, size       int
		callers, rounds int
		conflicts       bool
	}{
		{"one runner", 1, 64, 40, 25, false},
		{"two runners", 2, 64, 40, 25, false},
		{"small batches", 2, 3, 40, 25, false},
		{"conflicting calls", 2, 64, 40, 25, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var running, maxRunning, batches, calls atomic.Int64
			var bad atomic.Value
			b := newBatcher(tc.max, tc.size, func(ctx context.Context, cs []*call[int, int]) {
				n := running.Add(1)
				defer running.Add(-1)
				for m := maxRunning.Load(); n > m && !maxRunning.CompareAndSwap(m, n); m = maxRunning.Load() {
				}
				if len(cs) > tc.size {
					bad.Store(fmt.Sprintf("batch of %d > %d", len(cs), tc.size))
				}
				seen := map[int]bool{}
				for _, c := range cs {
					if tc.conflicts && seen[c.req%5] {
						bad.Store(fmt.Sprintf("two calls of class %d in one batch", c.req%5))
					}
					seen[c.req%5] = true
					c.res = c.req * 2
				}
				batches.Add(1)
				calls.Add(int64(len(cs)))
				time.Sleep(200 * time.Microsecond) // a round trip
			})
			if tc.conflicts {
				b.conflicts = func(x, y int) bool { return x%5 == y%5 }
			}
			var wg sync.WaitGroup
			for w := range tc.callers {
				wg.Go(func() {
					for r := range tc.rounds {
						req := w*1000 + r
						got, err := b.do(context.Background(), req)
						if err != nil || got != req*2 {
							bad.Store(fmt.Sprintf("call %d: got %d, %v", req, got, err))
						}
					}
				})
			}
			wg.Wait()
			if v := bad.Load(); v != nil {
				t.Fatal(v)
			}
			if want := int64(tc.callers * tc.rounds); calls.Load() != want {
				t.Fatalf("%d calls ran, want %d", calls.Load(), want)
			}
			if maxRunning.Load() > int64(tc.max) {
				t.Fatalf("%d batches ran at once, max %d", maxRunning.Load(), tc.max)
			}
			if batches.Load() >= calls.Load() {
				t.Fatalf("%d batches for %d calls: nothing was batched", batches.Load(), calls.Load())
			}
			// The last batch's goroutine ends just after it answers.
			for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
				b.mu.Lock()
				running, queued := b.running, len(b.queue)
				b.mu.Unlock()
				if running == 0 && queued == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("left running %d, queued %d", running, queued)
				}
			}
		})
	}
}

// A caller that gives up while queued is dropped without stalling the
// callers behind it.
func TestBatcherCallerGivesUp(t *testing.T) {
	release, started := make(chan struct{}), make(chan struct{})
	var ran sync.Map
	b := newBatcher(1, 64, func(ctx context.Context, cs []*call[int, int]) {
		for _, c := range cs {
			ran.Store(c.req, true)
			c.res = c.req
		}
		if len(cs) == 1 && cs[0].req == 0 {
			close(started)
			<-release // the first batch holds the lead
		}
	})
	first := make(chan error, 1)
	go func() {
		_, err := b.do(context.Background(), 0)
		first <- err
	}()
	<-started
	// Two callers queue behind it; the first of them gives up.
	ctx, cancel := context.WithCancel(context.Background())
	quitter := make(chan error, 1)
	go func() {
		_, err := b.do(ctx, 1)
		quitter <- err
	}()
	waitQueued(t, b, 1)
	stayer := make(chan int, 1)
	go func() {
		v, _ := b.do(context.Background(), 2)
		stayer <- v
	}()
	waitQueued(t, b, 2)
	cancel()
	if err := <-quitter; !errors.Is(err, context.Canceled) {
		t.Fatalf("the caller that gave up got %v", err)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-stayer:
		if v != 2 {
			t.Fatalf("got %d, want 2", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the caller behind the one that gave up was never answered")
	}
	if _, ok := ran.Load(1); ok {
		t.Fatal("the call given up while queued still ran")
	}
}

func waitQueued(t *testing.T, b *batcher[int, int], n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		b.mu.Lock()
		q := len(b.queue)
		b.mu.Unlock()
		if q >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d calls queued, want %d", q, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// A caller whose call is in a batch that does not end (a database that does
// not answer) stops waiting at its own deadline, the batch's leader too,
// and the batcher goes on serving once that batch ends.
func TestBatcherCallerInAStuckBatchLeavesAtItsDeadline(t *testing.T) {
	release := make(chan struct{})
	b := newBatcher(1, 64, func(ctx context.Context, cs []*call[int, int]) {
		for _, c := range cs {
			c.res = c.req
		}
		if cs[0].req == 0 {
			<-release
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	leader := make(chan error, 1)
	go func() {
		_, err := b.do(ctx, 0)
		leader <- err
	}()
	select {
	case err := <-leader:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("the leader of a stuck batch got %v, want its deadline", err)
		}
	case <-time.After(2 * time.Second):
		close(release)
		t.Fatal("the leader of a stuck batch waited past its deadline")
	}
	later := make(chan int, 1)
	go func() {
		v, _ := b.do(context.Background(), 7)
		later <- v
	}()
	waitQueued(t, b, 1)
	close(release)
	select {
	case v := <-later:
		if v != 7 {
			t.Fatalf("got %d, want 7", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the call queued behind the stuck batch was never answered")
	}
}
