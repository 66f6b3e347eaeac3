package play_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// writesRefused is a store whose reads go on while its writes fail, as on a
// full disk.
type writesRefused struct {
	play.Store
	refuse atomic.Bool
}

func (s *writesRefused) ProbeWrite(ctx context.Context) error {
	if s.refuse.Load() {
		return errors.New("database or disk is full")
	}
	return s.Store.ProbeWrite(ctx)
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A sweep that only read does not end an outage that refuses writes: the
// sweeper ends it when a write is served again, with one line.
func TestSweepEndsOutageOnlyOnAWrite(t *testing.T) {
	store := &writesRefused{Store: openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))}
	store.refuse.Store(true)
	logs := &lockedBuffer{}
	outage := &play.Outage{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	g, err := play.New(play.Config{Store: store, Logger: log, Outage: outage, SweepEvery: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Shutdown(context.Background()) })
	outage.Failed(context.Background(), log, time.Now(), errors.New("database or disk is full"))
	time.Sleep(100 * time.Millisecond) // about twenty sweeps, each of them a read that works
	if !outage.Active() || strings.Contains(logs.String(), "outage ended") {
		t.Fatalf("sweeps that only read ended an outage of refused writes:\n%s", logs.String())
	}
	store.refuse.Store(false)
	deadline := time.Now().Add(5 * time.Second)
	for outage.Active() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := strings.Count(logs.String(), "outage ended"); outage.Active() || n != 1 {
		t.Fatalf("after writes work again: active %v, %d end lines:\n%s", outage.Active(), n, logs.String())
	}
}

// The end line tells the outage's whole length and every refusal, not the
// time between its first and last failure nor those since the reminder.
func TestOutageEndLineTellsTheWholeOutage(t *testing.T) {
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	o := &play.Outage{}
	began := time.Now().Add(-20 * time.Second)
	for i := range 3 {
		o.Failed(context.Background(), log, began.Add(time.Duration(i)*time.Millisecond), errors.New("timeout"))
	}
	o.Failed(context.Background(), log, began.Add(9*time.Second), errors.New("timeout"))
	o.Failed(context.Background(), log, began.Add(11*time.Second), errors.New("timeout")) // the reminder
	o.Served(context.Background(), log)
	end := logs.String()[strings.Index(logs.String(), "outage ended"):]
	lasted, _ := strconv.Unquote(`"` + strings.Fields(strings.SplitN(end, "lasted=", 2)[1])[0] + `"`)
	d, err := time.ParseDuration(lasted)
	if err != nil || d < 20*time.Second || d > 30*time.Second || !strings.Contains(end, "refused=5") {
		t.Fatalf("end line %q: want lasted about 20s (from the first refusal to the served work) and refused=5", end)
	}
}
