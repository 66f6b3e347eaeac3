package rooms

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/auth"
)

// memLobby is a lobby store in memory.
type memLobby struct {
	events []LobbyEvent
	heard  func()
	pruned int
}

func (m *memLobby) LobbyEvents(_ context.Context, after int64, limit int) ([]LobbyEvent, error) {
	var out []LobbyEvent
	for _, e := range m.events {
		if e.ID > after && len(out) < limit {
			out = append(out, e)
		}
	}
	return out, nil
}

func (m *memLobby) LobbyChatTail(_ context.Context, n int) ([]LobbyEvent, int64, error) {
	var out []LobbyEvent
	for _, e := range m.events {
		if e.Kind == LobbyChat {
			out = append(out, e)
		}
	}
	var last int64
	if len(m.events) > 0 {
		last = m.events[len(m.events)-1].ID
	}
	return out[max(0, len(out)-n):], last, nil
}

func (m *memLobby) AddLobbyChat(_ context.Context, e LobbyEvent) (LobbyEvent, error) {
	e.ID = int64(len(m.events) + 1)
	m.events = append(m.events, e)
	m.heard()
	return e, nil
}

func (m *memLobby) PruneLobby(context.Context, time.Time, int) error { m.pruned++; return nil }
func (m *memLobby) LobbyGoneTo(context.Context) (int64, error)       { return 0, nil }
func (m *memLobby) ListenLobby(heard func())                         { m.heard = heard }

// TestLobbySay: a line is trimmed and kept; an empty one, one over 300
// characters, or one with a control character is refused and says nothing;
// a follower is woken by a line; pruning runs at most every few minutes.
// alice is a signed-in player, as her session's token speaks for her.
var alice = auth.Caller{Via: auth.Session, Account: &auth.Account{ID: "p1", Name: "Alice"}, Seat: -1}

func TestLobbySay(t *testing.T) {
	store := &memLobby{}
	now := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	l := NewLobby(store, func() time.Time { return now })
	w := l.Follow()
	defer w.Close()
	woken := w.Changed()
	e, err := l.Say(context.Background(), alice, "  hi all  ")
	if err != nil || e.Text != "hi all" || e.ID != 1 || e.Name != "Alice" {
		t.Fatalf("said %+v, %v", e, err)
	}
	select {
	case <-woken:
	default:
		t.Fatal("a follower was not woken")
	}
	for _, text := range []string{"", "   ", strings.Repeat("é", 301), "a\nb", "\x00"} {
		var re *Error
		if _, err := l.Say(context.Background(), alice, text); !errors.As(err, &re) || re.Code != Invalid && re.Code != BadText {
			t.Fatalf("%q: %v", text, err)
		}
	}
	if len(store.events) != 1 {
		t.Fatalf("%d lines kept", len(store.events))
	}
	if _, err := l.Say(context.Background(), alice, strings.Repeat("é", 300)); err != nil {
		t.Fatal(err)
	}
	if store.pruned != 1 {
		t.Fatalf("pruned %d times in a minute", store.pruned)
	}
	now = now.Add(6 * time.Minute)
	if _, err := l.Events(context.Background(), 0, 10); err != nil || store.pruned != 2 {
		t.Fatalf("pruned %d times, %v", store.pruned, err)
	}
	if l.Waiting() != 1 {
		t.Fatalf("%d waiting", l.Waiting())
	}
}
