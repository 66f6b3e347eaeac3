package models

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// testdata/before-modernc.db was written by the server when it still used
// the older SQLite driver (a two-player game with two moves, and a lobby).
// The current driver must read it as it was, write times in the same text
// format, and keep the games' order.
func TestSQLiteFileOfTheOlderDriver(t *testing.T) {
	src, err := os.ReadFile("testdata/before-modernc.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "hanabi.db")
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, path)
	ctx := context.Background()

	const id = "f74bed6f6d62f5fda8a5fb1818a6f629"
	g := load(t, s, id)
	created := time.Date(2026, 11, 24, 1, 3, 51, 654e6, time.UTC)
	if g.Status != play.StatusActive || g.Version != 3 || len(g.Seats) != 2 || len(g.Log) != 2 || !g.CreatedAt.Equal(created) {
		t.Fatalf("old game read as %+v", g)
	}
	if !g.Log[0].At.Equal(time.Date(2026, 11, 24, 1, 3, 51, 960e6, time.UTC)) || g.Log[1].Seq != 1 || g.Log[0].Auto {
		t.Fatalf("old log read as %+v", g.Log)
	}

	// A move and a game written now sit beside the old rows.
	if err := appendEntry(ctx, s, id, Action{Seq: 2, Kind: 1, Card: 3}.entry(), "", g.Version, nil); err != nil {
		t.Fatal(err)
	}
	moved := load(t, s, id)
	if moved.Version != 4 {
		t.Fatalf("a move on the old game made version %d, want 4", moved.Version)
	}
	fresh := newGame(t, s, 2)
	var stamps []string
	if err := s.ormReads.Raw("SELECT created_at || '' FROM actions WHERE game_id = ? ORDER BY seq", id).Scan(&stamps).Error; err != nil {
		t.Fatal(err)
	}
	if len(stamps) != 3 || len(stamps[2]) < len("2006-01-02 15:04:05+00:00") || stamps[2][10] != ' ' || stamps[2][len(stamps[2])-6:] != "+00:00" {
		t.Fatalf("times stored as %q; the old rows have %q", stamps, stamps[:2])
	}
	games, _, err := s.ListGames(ctx, "", false, 10, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 || games[0].ID != fresh.ID || games[2].ID != id {
		t.Fatalf("games listed in the order %v", ids(games))
	}
	if games[2].Version != 4 || !games[2].UpdatedAt.Equal(moved.UpdatedAt) {
		t.Fatalf("the old game listed at version %d, changed %v; want 4, %v", games[2].Version, games[2].UpdatedAt, moved.UpdatedAt)
	}
}

func ids(gs []play.GameRow) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.ID
	}
	return out
}
