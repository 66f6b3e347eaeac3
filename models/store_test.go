package models

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

func TestURLParsing(t *testing.T) {
	tests := []struct {
		url      string
		postgres bool
		path     string
		memory   bool
	}{
		{"postgres://u@h/db", true, "", false},
		{"postgresql://u@h/db?sslmode=disable", true, "", false},
		{"hanabi.db", false, "hanabi.db", false},
		{"sqlite://data/hanabi.db", false, "data/hanabi.db", false},
		{"sqlite:///var/lib/hanabi.db", false, "/var/lib/hanabi.db", false},
		{":memory:", false, ":memory:", true},
		{"file::memory:?cache=shared", false, "file::memory:?cache=shared", true},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			if got := IsPostgresURL(tt.url); got != tt.postgres {
				t.Fatalf("IsPostgresURL = %v, want %v", got, tt.postgres)
			}
			if tt.postgres {
				return
			}
			p, memory := sqlitePath(tt.url)
			if p != tt.path || memory != tt.memory {
				t.Errorf("sqlitePath = %q, %v; want %q, %v", p, memory, tt.path, tt.memory)
			}
		})
	}
}

// TestMigrationScripts: a migration file is one script, its statements
// applied in order, comments and all, on either database (the store runs a
// file in one call, unsplit); the last statement of the last migration took.
func TestMigrationScripts(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		script := "-- two tables\nCREATE TABLE script_a (x INTEGER);\nCREATE TABLE script_b (\n y INTEGER\n);\n\nINSERT INTO script_b (y) VALUES (2);\nINSERT INTO script_b (y) VALUES (3)"
		if err := s.orm.Transaction(func(tx *gorm.DB) error { return tx.Exec(script).Error }); err != nil {
			t.Fatal(err)
		}
		var n int64
		if err := s.wdb().row(ctx, "SELECT sum(y) + (SELECT count(*) FROM script_a) FROM script_b", nil, &n); err != nil || n != 5 {
			t.Fatalf("the script's rows sum to %d (%v), want 5", n, err)
		}
		if err := s.wdb().row(ctx, "SELECT count(token) FROM idempotency", nil, &n); err != nil {
			t.Fatalf("idempotency.token, added by the last statement of the last migration: %v", err)
		}
	})
}

func TestOpenMemory(t *testing.T) {
	for _, u := range []string{":memory:", "sqlite://:memory:", "file::memory:?cache=shared"} {
		t.Run(u, func(t *testing.T) {
			s := openStore(t, u)
			g := newGame(t, s, 2)
			if _, err := s.LoadGame(context.Background(), g.ID); err != nil {
				t.Fatalf("LoadGame: %v", err)
			}
		})
	}
}

func TestGameRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		if err := s.ProbeWrite(ctx); err != nil {
			t.Fatalf("ProbeWrite: %v", err)
		}
		g := &play.GameRow{Record: play.Record{Variant: "farbrausch2", Seed: "abc", Players: 4}, Options: `{"storm_tokens":2}`}
		seats := []play.Seat{{Seat: 0, Name: "Alice"}, {Seat: 3, Name: "Robo", Bot: "cheater"}}
		if err := s.CreateGame(ctx, g, seats, nil); err != nil {
			t.Fatalf("CreateGame: %v", err)
		}
		if g.ID == "" || g.Status != play.StatusLobby || g.CreatedAt.IsZero() {
			t.Fatalf("CreateGame did not fill in defaults: %+v", g)
		}
		got, err := s.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatalf("LoadGame: %v", err)
		}
		gotSeats, log := got.Seats, got.Log
		if got.ID != g.ID || got.Variant != g.Variant || got.Options != g.Options || got.Seed != g.Seed ||
			got.Players != 4 || got.Status != play.StatusLobby || got.Version != 0 || !got.CreatedAt.Equal(g.CreatedAt) {
			t.Errorf("LoadGame = %+v, want %+v", got, g)
		}
		if len(gotSeats) != 2 || gotSeats[0].Name != "Alice" || gotSeats[1].Seat != 3 || gotSeats[1].Bot != "cheater" {
			t.Errorf("seats = %+v", gotSeats)
		}
		if len(log) != 0 {
			t.Errorf("log = %+v, want empty", log)
		}

		if err := s.CreateGame(ctx, &play.GameRow{Record: play.Record{ID: g.ID, Variant: "basic", Players: 2}, Options: "{}"}, nil, nil); !errors.Is(err, play.ErrConflict) {
			t.Errorf("CreateGame with a taken id: %v, want play.ErrConflict", err)
		}
		if _, err := s.LoadGame(ctx, "nope"); !errors.Is(err, play.ErrNotFound) {
			t.Errorf("LoadGame(unknown): %v, want play.ErrNotFound", err)
		}
	})
}

func TestAppend(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		at := time.Date(2026, 11, 24, 15, 4, 5, 678e6, time.UTC)
		steps := []struct {
			name        string
			a           Action
			status      string
			wantErr     error
			wantVersion int64
			wantStatus  string
		}{
			{"first", Action{GameID: g.ID, Seq: 0, Seat: 0, Kind: 2, Target: 1, Value: 3, Auto: true, CreatedAt: at}, play.StatusActive, nil, 1, play.StatusActive},
			{"same seq again", Action{GameID: g.ID, Seq: 0, Seat: 1, Kind: 0, Card: 4}, play.StatusFinished, play.ErrConflict, 0, ""},
			{"gap", Action{GameID: g.ID, Seq: 2, Seat: 0}, play.StatusActive, play.ErrConflict, 0, ""},
			{"negative", Action{GameID: g.ID, Seq: -1}, play.StatusActive, play.ErrConflict, 0, ""},
			{"second", Action{GameID: g.ID, Seq: 1, Seat: 1, Kind: 0, Card: 7, CreatedAt: at.Add(1500 * time.Millisecond)}, play.StatusActive, nil, 2, play.StatusActive},
			{"last", Action{GameID: g.ID, Seq: 2, Seat: 0, Kind: 1, Card: 3}, play.StatusFinished, nil, 3, play.StatusFinished},
			{"unknown game", Action{GameID: "missing", Seq: 0}, play.StatusActive, play.ErrNotFound, 0, ""},
		}
		for _, st := range steps {
			err := appendEntry(ctx, s, st.a.GameID, st.a.entry(), st.status, int64(st.a.Seq), nil)
			if !errors.Is(err, st.wantErr) {
				t.Fatalf("%s: err = %v, want %v", st.name, err, st.wantErr)
			}
			if err != nil {
				continue
			}
			stored := load(t, s, g.ID)
			if stored.Version != st.wantVersion || stored.Status != st.wantStatus {
				t.Errorf("%s: stored %d %s; want %d %s", st.name, stored.Version, stored.Status, st.wantVersion, st.wantStatus)
			}
		}
		got := load(t, s, g.ID)
		log := got.Log
		if got.Version != 3 || got.Status != play.StatusFinished {
			t.Errorf("game after appends: %+v", got)
		}
		want := []Action{
			{GameID: g.ID, Seq: 0, Seat: 0, Kind: 2, Target: 1, Value: 3, Auto: true, CreatedAt: at},
			{GameID: g.ID, Seq: 1, Seat: 1, Kind: 0, Card: 7, CreatedAt: at.Add(1500 * time.Millisecond)},
			{GameID: g.ID, Seq: 2, Seat: 0, Kind: 1, Card: 3},
		}
		if len(log) != len(want) {
			t.Fatalf("log has %d entries, want %d: %+v", len(log), len(want), log)
		}
		for i := range want {
			w := want[i].entry()
			if w.At.IsZero() {
				log[i].At = time.Time{}
			}
			if !log[i].At.Equal(w.At) {
				t.Errorf("log[%d] at %v, want %v", i, log[i].At, w.At)
			}
			log[i].At, w.At = time.Time{}, time.Time{}
			if log[i] != w {
				t.Errorf("log[%d] = %+v, want %+v", i, log[i], w)
			}
		}
	})
}

func TestListGames(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		// Two games share a creation time: the id breaks the tie. Fractions
		// have different widths, as in SQLite's text times.
		offsets := []time.Duration{0, 100 * time.Millisecond, 120 * time.Millisecond, 120 * time.Millisecond,
			time.Second, 1500 * time.Millisecond, 2*time.Second + 5*time.Millisecond}
		var all []play.GameRow
		for i, off := range offsets {
			status := play.StatusLobby
			if i%2 == 1 {
				status = play.StatusActive
			}
			g := &play.GameRow{Record: play.Record{ID: fmt.Sprintf("g%02d", i), Variant: "basic", Seed: "s", Players: 2,
				Status: status, CreatedAt: base.Add(off), Unlisted: i == 2 || i == 5}, Options: "{}"}
			if i%3 == 0 {
				// Times in other zones are stored in UTC like the rest.
				g.CreatedAt = g.CreatedAt.In(time.FixedZone("east", 5*3600))
			}
			if err := s.CreateGame(ctx, g, nil, nil); err != nil {
				t.Fatal(err)
			}
			all = append(all, *g)
		}
		newestFirst := func(status string, unlisted bool) []string {
			var ids []string
			for i := len(all) - 1; i >= 0; i-- {
				if (status == "" || all[i].Status == status) && (unlisted || !all[i].Unlisted) {
					ids = append(ids, all[i].ID)
				}
			}
			return ids
		}
		tests := []struct {
			status   string
			unlisted bool // private tables too
			limit    int
		}{
			{"", false, 3}, {"", false, 1}, {"", false, 100}, {"", false, 0}, {play.StatusLobby, false, 2},
			{play.StatusActive, false, 1}, {play.StatusFinished, false, 5},
			{"", true, 2}, {play.StatusActive, true, 1}, {play.StatusLobby, true, 100},
		}
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/%v/%d", tt.status, tt.unlisted, tt.limit), func(t *testing.T) {
				var got []string
				cursor := ""
				for pages := 0; ; pages++ {
					if pages > len(all) {
						t.Fatal("paging does not end")
					}
					page, next, err := s.ListGames(ctx, tt.status, tt.unlisted, tt.limit, cursor)
					if err != nil {
						t.Fatal(err)
					}
					if tt.limit > 0 && len(page) > tt.limit {
						t.Fatalf("page of %d, limit %d", len(page), tt.limit)
					}
					for _, g := range page {
						got = append(got, g.ID)
					}
					if next == "" {
						break
					}
					cursor = next
				}
				want := newestFirst(tt.status, tt.unlisted)
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("got %v, want %v", got, want)
				}
			})
		}
		for _, bad := range []string{"!!!", "Zm9v", "YWJjfGRlZg"} {
			if _, _, err := s.ListGames(ctx, "", false, 2, bad); !errors.Is(err, play.ErrBadCursor) {
				t.Errorf("cursor %q: err = %v, want ErrBadCursor", bad, err)
			}
		}
	})
}

func TestCountGames(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		newGame(t, s, 2)
		newGame(t, s, 3)
		g := newGame(t, s, 2)
		join(t, s, g.ID, "Bob")
		got, err := s.CountGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int64{play.StatusLobby: 2, play.StatusActive: 1, play.StatusFinished: 0, play.StatusCancelled: 0}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("CountGames = %v, want %v", got, want)
		}
		if err := appendEntry(ctx, s, g.ID, Action{}.entry(), "bogus", 0, nil); err == nil {
			t.Error("Append accepted an unknown status")
		}
	})
}

// TestSQLitePragmas checks the settings that concurrent writers rely on, on
// the writer and on the readers.
func TestSQLitePragmas(t *testing.T) {
	// The directory does not exist yet: Open makes it.
	s := openStore(t, "sqlite://"+filepath.Join(t.TempDir(), "data", "p.db"))
	want := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000", "synchronous": "1"}
	for name, db := range map[string]*sql.DB{"writer": s.writer, "reader": s.readers} {
		for pragma, v := range want {
			var got string
			if err := db.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != v {
				t.Errorf("%s: PRAGMA %s = %q, want %q", name, pragma, got, v)
			}
		}
	}
	if s.writer == s.readers {
		t.Error("a file database should have a separate reader pool")
	}
}
