package models

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
)

// A lobby entry whose transaction drew its id first but commits second is
// still read by a reader who follows the lobby by id: the chat line said
// meanwhile waits for it (see feedLocks) instead of committing a higher id
// that the reader would move past it to.
func TestLobbyFeedInCommitOrder(t *testing.T) {
	dbURL := postgresURL(t)
	s := openStore(t, dbURL)
	ctx := context.Background()
	at := time.Now().UTC()
	g := newGame(t, s, 2)
	var token string
	if err := s.pool.QueryRow(ctx, "SELECT change_token FROM games WHERE id = $1", g.ID).Scan(&token); err != nil {
		t.Fatal(err)
	}
	all, err := s.LobbyEvents(ctx, 0, 200)
	if err != nil {
		t.Fatal(err)
	}
	var cursor int64
	if len(all) > 0 {
		cursor = all[len(all)-1].ID
	}
	// A lobby change's transaction, as the store writes one (its script,
	// the feed's lock first), its id drawn and not yet committed.
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range append(feedLocks([]stmt{{sql: lobbyTableSQL}}), stmt{lobbyTableSQL, []any{g.ID, rooms.TableSeat, at, token}}) {
		if _, err := tx.Exec(ctx, st.sql, st.args...); err != nil {
			t.Fatal(err)
		}
	}
	said := make(chan error, 1)
	go func() {
		_, err := s.AddLobbyChat(ctx, rooms.LobbyEvent{Kind: rooms.LobbyChat, Name: "Bob", Text: "hi", At: at})
		said <- err
	}()
	seen := map[string]bool{}
	read := func() {
		evs, err := s.LobbyEvents(ctx, cursor, 200)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			seen[e.Kind] = true
			cursor = e.ID
		}
	}
	var sayErr error
	in := false
	select { // the line, were it not held, is in by then
	case sayErr = <-said:
		in = true
	case <-time.After(300 * time.Millisecond):
	}
	read()
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if !in {
		sayErr = <-said
	}
	if sayErr != nil {
		t.Fatal(sayErr)
	}
	read()
	if !seen[rooms.LobbyChat] || !seen[rooms.TableSeat] {
		t.Fatalf("a reader following by id read %v: an entry committed after a higher id was passed over", seen)
	}
}

// Writers of a feed at once (lobby chat and presence; a player's events
// from several games), one reader following each by id: every entry is
// read. Without the feed's lock, Postgres loses a few in every run.
func TestFeedsMissNothingUnderConcurrentWriters(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		at := time.Now().UTC()
		bot := players.Player{ID: "feedbot", Name: "Feedbot", CreatedAt: at}
		if err := s.CreatePlayer(ctx, bot, players.Keys{Fold: "feedbot", Skeleton: "feedbot"}, "hash"); err != nil {
			t.Fatal(err)
		}
		const writers, each = 6, 60
		for w := range writers {
			id := "p" + strconv.Itoa(w)
			if err := s.CreatePlayer(ctx, players.Player{ID: id, Name: "n" + id, CreatedAt: at}, players.Keys{Fold: "n" + id, Skeleton: "n" + id}, "hash"); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				for i := range each {
					at := time.Now().UTC()
					var err error
					switch w % 3 {
					case 0:
						_, err = s.AddLobbyChat(ctx, rooms.LobbyEvent{Kind: rooms.LobbyChat, Name: "x", Text: "hi", At: at})
					case 1:
						pl := rooms.Place{Kind: rooms.AtLobby}
						if i%2 == 1 {
							pl = rooms.Place{Kind: rooms.AtTable, ID: "g" + strconv.Itoa(i)}
						}
						err = s.SeeOnline(ctx, rooms.Presence{Player: "p" + strconv.Itoa(w), Name: "np" + strconv.Itoa(w), Place: pl, At: at}, at.Add(-time.Minute), at.Add(-time.Minute))
					}
					if err == nil {
						err = s.AddEvent(ctx, bot.ID, players.Event{Kind: players.EventInvited, Game: "g" + strconv.Itoa(w), Seat: -1, Detail: "Alice", At: at})
					}
					if err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		lobby, mine := map[int64]bool{}, map[int64]bool{}
		var lobbyAt, mineAt int64
		read := func() {
			evs, err := s.LobbyEvents(ctx, lobbyAt, 200)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				lobby[e.ID], lobbyAt = true, e.ID
			}
			pes, err := s.Events(ctx, bot.ID, mineAt, players.MaxEvents)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range pes {
				mine[e.Seq], mineAt = true, e.Seq
			}
		}
		for running := true; running; {
			select {
			case <-done:
				running = false
			default:
			}
			read()
		}
		read()
		allLobby, err := s.LobbyEvents(ctx, 0, 100000)
		if err != nil {
			t.Fatal(err)
		}
		allMine, err := s.Events(ctx, bot.ID, 0, 100000)
		if err != nil {
			t.Fatal(err)
		}
		missed := 0
		for _, e := range allLobby {
			if !lobby[e.ID] {
				missed++
			}
		}
		for _, e := range allMine {
			if !mine[e.Seq] {
				missed++
			}
		}
		if missed > 0 || len(allMine) != writers*each {
			t.Fatalf("of %d lobby entries and %d of a player's, the readers missed %d", len(allLobby), len(allMine), missed)
		}
	})
}

// A newcomer to the lobby gets the chat's tail and the position to go on
// from: a line said meanwhile is in the one or after the other.
func TestLobbyChatTailMissesNoLine(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.AddLobbyChat(ctx, rooms.LobbyEvent{Kind: rooms.LobbyChat, Name: "x", Text: "hi", At: time.Now().UTC()}); err != nil {
					t.Error(err)
					return
				}
			}
		})
		defer func() { close(stop); wg.Wait() }()
		for range 200 {
			tail, last, err := s.LobbyChatTail(ctx, 50)
			if err != nil {
				t.Fatal(err)
			}
			if len(tail) > 0 && tail[len(tail)-1].ID != last {
				// Only chat is written: the position is the tail's last line.
				t.Fatalf("the tail ends at line %d, the position to go on from is %d: the lines between are in neither", tail[len(tail)-1].ID, last)
			}
		}
	})
}
