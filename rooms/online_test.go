package rooms

import (
	"context"
	"testing"
	"time"
)

// memOnline counts the writes and sweeps the presence list asks of storage.
type memOnline struct {
	writes []Presence
	swept  int
	fail   error // the next write's error, once
}

func (m *memOnline) SeeOnline(_ context.Context, p Presence, _, _ time.Time) error {
	if err := m.fail; err != nil {
		m.fail = nil
		return err
	}
	m.writes = append(m.writes, p)
	return nil
}
func (m *memOnline) Online(context.Context, time.Time) ([]Presence, error) { return nil, nil }
func (m *memOnline) DropOffline(context.Context, time.Time, time.Time) error {
	m.swept++
	return nil
}

// TestOnlineThrottled: a reader that stays put is written once per
// seenEvery, one that moves at once; the sweep runs at most every
// sweepEvery per process.
func TestOnlineThrottled(t *testing.T) {
	store := &memOnline{}
	now := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	o := NewOnline(store, func() time.Time { return now })
	ctx := context.Background()
	lobby := Presence{Player: "p1", Name: "Alice", Place: Place{Kind: AtLobby}}
	table := Presence{Player: "p1", Name: "Alice", Place: Place{Kind: AtTable, ID: "g1"}}
	steps := []struct {
		after  time.Duration
		p      Presence
		writes int
	}{
		{0, lobby, 1},
		{5 * time.Second, lobby, 1},
		{5 * time.Second, table, 2},
		{10 * time.Second, table, 2},
		{10 * time.Second, table, 3},
	}
	for i, st := range steps {
		now = now.Add(st.after)
		if err := o.Seen(ctx, st.p); err != nil {
			t.Fatal(err)
		}
		if len(store.writes) != st.writes {
			t.Fatalf("step %d: %d writes, want %d", i, len(store.writes), st.writes)
		}
	}
	if last := store.writes[len(store.writes)-1]; !last.At.Equal(now) || last.Place != table.Place {
		t.Fatalf("written %+v", last)
	}
	for range 3 {
		if _, err := o.List(ctx); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(sweepEvery)
	o.Sweep(ctx)
	if store.swept != 2 {
		t.Fatalf("swept %d times", store.swept)
	}
}

// TestOnlineFailedWriteNotCounted: a write that failed (a read cut off as
// it was recorded) is no write: the reader's next read, a moment later,
// records it, where it waited SeenEvery and was missing from the list.
func TestOnlineFailedWriteNotCounted(t *testing.T) {
	store := &memOnline{fail: context.Canceled}
	now := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	o := NewOnline(store, func() time.Time { return now })
	lobby := Presence{Player: "p1", Name: "Alice", Place: Place{Kind: AtLobby}}
	if err := o.Seen(context.Background(), lobby); err == nil {
		t.Fatal("the failed write answered no error")
	}
	now = now.Add(time.Second)
	if err := o.Seen(context.Background(), lobby); err != nil {
		t.Fatal(err)
	}
	if len(store.writes) != 1 {
		t.Fatalf("after a failed write the next read wrote %d times, want 1", len(store.writes))
	}
}
