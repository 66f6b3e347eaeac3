package rooms

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
)

// noGames has no game at all.
type noGames struct{ loads int }

func (g *noGames) Load(context.Context, string) (*play.State, error) {
	g.loads++
	return nil, play.ErrNotFound
}
func (g *noGames) Rematch(context.Context, string, auth.Caller) (*play.State, error) {
	return nil, play.ErrNotFound
}

// TestReadersKeepNoMadeUpTable: a signed-in reader of tables that do not
// exist (ids made up, as long as a path allows) leaves nothing behind in
// the readers' record, so that made-up ids cannot grow it: an id no game
// can have is not even looked up.
func TestReadersKeepNoMadeUpTable(t *testing.T) {
	games := &noGames{}
	p := NewReaders(NewOnline(&memOnline{}, time.Now), nil, games, slog.New(slog.DiscardHandler))
	by := auth.Caller{Via: auth.Session, Account: &auth.Account{ID: "alice", Name: "Alice"}, Seat: -1}
	for i := range 50 {
		p.AtTable(context.Background(), by, "madeup"+strconv.Itoa(i), -1, "")
		p.AtTable(context.Background(), by, strings.Repeat("é", 100)+strconv.Itoa(i), -1, "")
	}
	p.tables.mu.Lock()
	kept := len(p.tables.last)
	p.tables.mu.Unlock()
	if kept != 0 || games.loads != 50 {
		t.Fatalf("after 100 reads of made-up tables: %d kept, %d looked up (want 0 and 50)", kept, games.loads)
	}
}
