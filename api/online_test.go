package api

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// online is the list of who is online, as "name@where[:id]".
func (e *testEnv) online() ([]string, []byte) {
	e.t.Helper()
	r := e.req("GET", "/v1/lobby/online", "", nil)
	e.expect(r, http.StatusOK)
	var out OnlineList
	r.json(e.t, &out)
	var got []string
	for _, p := range out.Players {
		got = append(got, p.Name+"@"+p.Where+":"+deref(p.GameID)+deref(p.RoomID))
	}
	return got, r.body
}

// presence is the presence events after from, as "online name@where:id"
// or "offline name".
func (e *testEnv) presence(from int64) ([]string, []byte) {
	e.t.Helper()
	r := e.req("GET", "/v1/lobby/events?after="+itoa(int(from)), "", nil)
	e.expect(r, http.StatusOK)
	var out LobbyEvents
	r.json(e.t, &out)
	var got []string
	for _, ev := range out.Events {
		switch ev.Type {
		case rooms.PlayerOnline:
			got = append(got, "online "+ev.Name+"@"+ev.Where+":"+ev.GameID+ev.RoomID)
		case rooms.PlayerOffline:
			got = append(got, "offline "+ev.Name)
		}
	}
	return got, r.body
}

// TestOnline: signed-in readers of the lobby, a table (seated, by the
// player's token or the seat's, or watching) and a replay room are listed where they are, and each arrival or move is
// told once on the lobby's events; reading on in one place tells nothing;
// a lobby read does not take a player from their table; an unlisted
// table's id is told nowhere; a player silent for a minute drops off with
// one offline event; a guest is never listed.
func TestOnline(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		clk := &clock{now: time.Now().UTC()}
		e := newEnv(t, dbURL, func(c *envConfig) { c.Online = rooms.NewOnline(c.Store.(rooms.OnlineStore), clk.Now) })
		start := e.lobbyAfter(0, "").Last
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		dave := e.signUp("Dave", "correct horse", false)

		e.lobbyAfter(start, alice)
		e.lobbyAfter(start, alice) // still there: nothing to tell
		listed := e.newTable("basic", 2, variants.Options{}, "online-listed")
		e.expect(e.req("GET", "/v1/games/"+listed.id, bob, nil), http.StatusOK) // Bob watches
		var hidden GameView
		r := e.req("POST", "/v1/games", carol, map[string]any{"variant": "basic", "players": 2, "unlisted": true})
		e.expect(r, http.StatusCreated)
		var created struct {
			Game  GameView `json:"game"`
			Token string   `json:"token"`
		}
		r.json(t, &created)
		hidden = created.Game
		e.expect(e.req("GET", "/v1/games/"+hidden.ID, created.Token, nil), http.StatusOK) // Carol sits there, read by her seat's token
		finished := e.finishedGame("online-room", 2)
		room := e.room("POST", "/v1/rooms", dave, map[string]any{"game": finished.id}, http.StatusCreated)
		e.room("GET", "/v1/rooms/"+room.ID, dave, nil, http.StatusOK)
		e.expect(e.req("GET", "/v1/games/"+listed.id, "", nil), http.StatusOK) // a guest: nobody
		clk.add(5 * time.Second)
		e.lobbyAfter(start, bob) // Bob's table holds him

		want := []string{"Alice@lobby:", "Bob@table:" + listed.id, "Carol@table:", "Dave@room:" + room.ID}
		got, body := e.online()
		if !slices.Equal(got, want) {
			t.Fatalf("online %q, want %q", got, want)
		}
		told, events := e.presence(start)
		wantTold := []string{"online Alice@lobby:", "online Bob@table:" + listed.id, "online Carol@table:", "online Dave@room:" + room.ID}
		if !slices.Equal(told, wantTold) {
			t.Fatalf("told %q, want %q", told, wantTold)
		}
		if bytes.Contains(body, []byte(hidden.ID)) || bytes.Contains(events, []byte(hidden.ID)) {
			t.Fatal("an unlisted table's id is told")
		}

		// Bob comes to the lobby once his table's read is old; Alice goes
		// to a table; the others fall silent and drop off.
		clk.add(35 * time.Second)
		e.lobbyAfter(start, bob)
		e.expect(e.req("GET", "/v1/games/"+listed.id, alice, nil), http.StatusOK)
		clk.add(30 * time.Second)
		if got, _ = e.online(); !slices.Equal(got, []string{"Alice@table:" + listed.id, "Bob@lobby:"}) {
			t.Fatalf("online %q", got)
		}
		told, _ = e.presence(start)
		wantTold = append(wantTold, "online Bob@lobby:", "online Alice@table:"+listed.id, "offline Carol", "offline Dave")
		if !slices.Equal(told, wantTold) {
			t.Fatalf("told %q, want %q", told, wantTold)
		}
	})
}

// A player who reads the lobby on one replica and then on the other is
// told online once, and the reader waiting on the other replica is woken
// by it; both replicas list them.
func TestOnlineAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	alice := a.signUp("Alice", "correct horse", false)
	from := b.lobbyAfter(0, "").Last
	got := make(chan LobbyEvents, 1)
	go func() {
		var out LobbyEvents
		b.req("GET", "/v1/lobby/events?after="+itoa(int(from))+"&wait=10s", "", nil).json(t, &out)
		got <- out
	}()
	waitFor(t, func() bool { return b.srv.lobby.(*rooms.Lobby).Waiting() == 1 })
	a.lobbyAfter(from, alice)
	if out := <-got; len(out.Events) != 1 || out.Events[0].Type != rooms.PlayerOnline || out.Events[0].Name != "Alice" {
		t.Fatalf("the other replica's reader got %+v", out)
	}
	b.lobbyAfter(from, alice)
	if told, _ := b.presence(from); !slices.Equal(told, []string{"online Alice@lobby:"}) {
		t.Fatalf("told %q", told)
	}
	for _, e := range []*testEnv{a, b} {
		if got, _ := e.online(); !slices.Equal(got, []string{"Alice@lobby:"}) {
			t.Fatalf("online %q", got)
		}
	}
}

// The token of a seat left is nobody at the table: reading with it is
// refused, and it puts nobody there in the list of who is online.
func TestOnlineLeftSeatIsNobody(t *testing.T) {
	clk := &clock{now: time.Now().UTC()}
	e := newEnv(t, "", func(c *envConfig) { c.Online = rooms.NewOnline(c.Store.(rooms.OnlineStore), clk.Now) })
	erin := e.signUp("Erin", "correct horse", false)
	r := e.req("POST", "/v1/games", erin, map[string]any{"variant": "basic", "players": 2})
	e.expect(r, http.StatusCreated)
	var created SeatResponse
	r.json(t, &created)
	old := deref(created.Token)
	e.expect(e.req("DELETE", "/v1/games/"+created.Game.ID+"/seats/0", old, nil), http.StatusNoContent)
	e.expect(e.req("GET", "/v1/games/"+created.Game.ID, old, nil), http.StatusUnauthorized)
	if got, _ := e.online(); len(got) != 0 {
		t.Fatalf("online %q after a left seat's token read its table", got)
	}
}

// A room is where a reader is only once the room lets the reader in, and
// a room of an unlisted game is told without its id, as the game's table
// is: a refused or made-up room id puts nobody anywhere.
func TestOnlineInARoomOnlyOnceLetIn(t *testing.T) {
	clk := &clock{now: time.Now().UTC()}
	e := newEnv(t, "", func(c *envConfig) { c.Online = rooms.NewOnline(c.Store.(rooms.OnlineStore), clk.Now) })
	alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
	mallory := e.signUp("Mallory", "correct horse", false)
	r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2, "private": true})
	e.expect(r, http.StatusCreated)
	var private SeatResponse
	r.json(t, &private)
	e.expect(e.req("POST", "/v1/games/"+private.Game.ID+"/seats", bob, map[string]any{"secret": deref(private.Game.JoinSecret)}), http.StatusCreated)
	e.expect(e.req("POST", "/v1/games/"+private.Game.ID+"/terminate", deref(private.Token), nil), http.StatusOK)
	unlisted := e.accountTable("basic", []string{alice, bob}, map[string]any{"unlisted": true})
	e.expect(e.req("POST", "/v1/games/"+unlisted.id+"/terminate", unlisted.tokens[0], nil), http.StatusOK)
	closed := e.room("POST", "/v1/rooms", alice, map[string]any{"game": private.Game.ID}, http.StatusCreated)
	hidden := e.room("POST", "/v1/rooms", bob, map[string]any{"game": unlisted.id}, http.StatusCreated)

	e.expect(e.req("GET", "/v1/rooms/"+closed.ID, mallory, nil), http.StatusForbidden)
	e.expect(e.req("GET", "/v1/rooms/CLICK%20evil.example%20NOW%E2%80%AE", mallory, nil), http.StatusNotFound)
	e.expect(e.req("GET", "/v1/rooms/"+hidden.ID, bob, nil), http.StatusOK)
	got, _ := e.online()
	if !slices.Equal(got, []string{"Bob@room:"}) {
		t.Fatalf("online %q; want Bob in a room whose id is not told, and nobody the rooms refused", got)
	}
}

// TestRoomStreamKeepsAnUnlistedRoomUnnamed: a reader who follows the room
// of an unlisted game by its stream stays online there without the room's
// id, its heartbeats included (they record the reader where the room's
// own read placed them).
func TestRoomStreamKeepsAnUnlistedRoomUnnamed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "", func(c *envConfig) { c.Online = rooms.NewOnline(c.Store.(rooms.OnlineStore), time.Now) })
	// The stream tells presence at its heartbeat: a fast one keeps the
	// test short (the server's is heartbeatEvery).
	const beat = 200 * time.Millisecond
	var beats atomic.Int32 // heartbeats the stream took
	e.srv.streams.setTicker(func(time.Duration) (<-chan time.Time, func()) {
		tk, c, stop := time.NewTicker(beat), make(chan time.Time), make(chan struct{})
		go func() {
			for {
				select {
				case now := <-tk.C:
					select {
					case c <- now:
						beats.Add(1)
					case <-stop:
						return
					}
				case <-stop:
					return
				}
			}
		}()
		return c, func() { tk.Stop(); close(stop) }
	})
	alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
	unlisted := e.accountTable("basic", []string{alice, bob}, map[string]any{"unlisted": true})
	e.expect(e.req("POST", "/v1/games/"+unlisted.id+"/terminate", unlisted.tokens[0], nil), http.StatusOK)
	hidden := e.room("POST", "/v1/rooms", bob, map[string]any{"game": unlisted.id}, http.StatusCreated)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/rooms/"+hidden.ID+"/events/ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+bob)
	streamed := make(chan struct{})
	go func() {
		defer close(streamed)
		if res, err := http.DefaultClient.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, res.Body) // until the test ends it
			res.Body.Close()
		}
	}()
	defer func() { cancel(); <-streamed }()
	// Past the stream's first heartbeat (the second one taken means the
	// first was told; a loaded machine may take a while to open the
	// stream), and never with the room's id.
	var got []string
	for deadline := time.Now().Add(8 * time.Second); time.Now().Before(deadline); time.Sleep(beat) {
		got, _ = e.online()
		if slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, hidden.ID) }) {
			t.Fatalf("online %q names the unlisted game's room", got)
		}
		if beats.Load() >= 2 && slices.Equal(got, []string{"Bob@room:"}) {
			return
		}
	}
	t.Fatalf("online %q after heartbeats; want Bob in a room whose id is not told", got)
}
