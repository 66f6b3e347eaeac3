package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/play"
)

// A player seated at a running game on a shared deal reads neither that
// deal's seed page nor its other games (their replays, views and events),
// with their player's token or their seat's, until their game ends: 409
// deal_in_play. A reader without a token cannot be told apart from anyone
// and is answered; so is a player who is not playing the deal.
func TestSpoilerGuard(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		carol, dave := e.signUp("Carol", "correct horse", false), e.signUp("Dave", "correct horse", false)
		done := e.accountTable("no-variant", []string{bob, carol}, nil)
		e.expect(e.req("POST", "/v1/games/"+done.id+"/terminate", done.tokens[0], nil), http.StatusOK)
		// Alice leads a room on the finished game before her own game of
		// the deal begins: once it has, the room answers her changes no
		// more than her reads.
		led := e.room("POST", "/v1/rooms", alice, map[string]any{"game": done.id}, http.StatusCreated)
		running := e.accountTable("no-variant", []string{alice, dave}, nil)
		deal := play.DealName(running.seed)
		if deal != play.DealName(done.seed) || deal != "p2v0s1" {
			t.Fatalf("deals %q and %q, want p2v0s1 twice", running.seed, done.seed)
		}
		other := "/v1/games/" + done.id
		for _, c := range []struct{ path, token string }{
			{"/v1/seeds/" + deal, alice},
			{"/v1/rooms/" + led.ID, alice},
			{"/v1/seeds/" + deal, running.tokens[0]},
			{"/v1/seeds/" + deal, dave},
			{other + "/replay", alice},
			{other + "/replay?format=hanablive", dave},
			{other, alice},
			{other + "/events", alice},
		} {
			r := e.req("GET", c.path, c.token, nil)
			if r.status != http.StatusConflict || r.problem(t).Code != codeDealInPlay {
				t.Fatalf("GET %s by a player of the deal: %d %s, want 409 deal_in_play", c.path, r.status, truncate(string(r.body), 200))
			}
		}
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"PUT", "/turn", map[string]any{"turn": 0}},
			{"PUT", "/pointer", map[string]any{"card": 0}},
			{"POST", "/hypothetical", map[string]any{"type": "discard", "card": 0}},
			{"PUT", "/leader", map[string]any{"player": "Alice"}},
			{"POST", "/again", nil},
		} {
			r := e.req(c.method, "/v1/rooms/"+led.ID+c.path, alice, c.body)
			if r.status != http.StatusConflict || r.problem(t).Code != codeDealInPlay {
				t.Fatalf("%s %s by its leader, a player of the deal: %d %s, want 409 deal_in_play", c.method, c.path, r.status, truncate(string(r.body), 200))
			}
		}
		r := e.req("POST", "/v1/rooms", alice, map[string]any{"game": done.id})
		if r.status != http.StatusConflict || r.problem(t).Code != codeDealInPlay {
			t.Fatalf("a replay room on the deal's other game: %d %s, want 409 deal_in_play", r.status, truncate(string(r.body), 200))
		}
		// A room Bob opens on it is no door either: neither reading it by
		// its id (rooms are named in the lobby's who-is-where) nor joining.
		room := e.room("POST", "/v1/rooms", bob, map[string]any{"game": done.id}, http.StatusCreated)
		for _, c := range []struct{ method, path string }{
			{"GET", "/v1/rooms/" + room.ID}, {"POST", "/v1/rooms/" + room.ID + "/members"},
		} {
			r := e.req(c.method, c.path, alice, nil)
			if r.status != http.StatusConflict || r.problem(t).Code != codeDealInPlay {
				t.Fatalf("%s %s by a player of the deal: %d %s, want 409 deal_in_play", c.method, c.path, r.status, truncate(string(r.body), 200))
			}
		}
		for _, c := range []struct{ path, token string }{
			{"/v1/seeds/" + deal, ""}, {other + "/replay", ""}, {"/v1/seeds/" + deal, bob}, {other + "/replay", carol},
		} {
			e.expect(e.req("GET", c.path, c.token, nil), http.StatusOK)
		}
		e.expect(e.req("POST", "/v1/games/"+running.id+"/terminate", running.tokens[0], nil), http.StatusOK)
		e.expect(e.req("GET", "/v1/seeds/"+deal, alice, nil), http.StatusOK)
		e.expect(e.req("GET", other+"/replay", alice, nil), http.StatusOK)
		e.expect(e.req("GET", "/v1/rooms/"+room.ID, alice, nil), http.StatusOK)
		// A replay names the deal, never the key that deals it: with the
		// key, a reader who has seen the deck could deal it again and
		// score on the deal's page.
		if !strings.Contains(done.seed, "~") {
			t.Fatalf("a shared deal's seed %q has no key", done.seed)
		}
		var native ReplayView
		e.req("GET", other+"/replay", "", nil).json(t, &native)
		var live struct {
			Seed string `json:"seed"`
		}
		e.req("GET", other+"/replay?format=hanablive", "", nil).json(t, &live)
		if native.Seed != deal || live.Seed != deal {
			t.Fatalf("the replays name the seed %q and %q, want %q", native.Seed, live.Seed, deal)
		}
	})
}

// TestNoDealAtTwoTablesAtOnce (acceptance, on both stores): a player who
// plays a shared deal is not dealt it again at another table before that
// game ends: there the partners' hands are the player's own cards.
func TestNoDealAtTwoTablesAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		first := e.accountTable("no-variant", []string{alice, bob}, nil)
		second := e.accountTable("no-variant", []string{carol, alice}, nil)
		if a, b := play.DealName(first.seed), play.DealName(second.seed); a == "" || b == "" || a == b {
			t.Fatalf("Alice's two running tables are dealt %q and %q", a, b)
		}
	})
}

// TestNoDealAtTwoTablesStartingAtOnce: two tables of one player that
// start at the same instant, by their last seats taken at once or made
// whole with a bot at once, never deal the player one shared deal: the
// deal is claimed with the start, and the table that comes second takes
// the next one.
func TestNoDealAtTwoTablesStartingAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		dealt := map[string]string{} // Alice's deals, by the game that dealt each
		deal := func(id string) {
			t.Helper()
			st, err := e.games.Load(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			d := play.DealName(st.Seed)
			if st.Status != play.StatusActive || d == "" {
				t.Fatalf("game %s: %s, deal %q", id, st.Status, d)
			}
			if other, ok := dealt[d]; ok {
				t.Fatalf("Alice is dealt %s at %s and at %s", d, other, id)
			}
			dealt[d] = id
		}
		// Requests sent at once; each answer checked once all are in.
		at := func(fns ...func() resp) []resp {
			out := make([]resp, len(fns))
			var wg sync.WaitGroup
			for i, fn := range fns {
				wg.Go(func() { out[i] = fn() })
			}
			wg.Wait()
			for _, r := range out {
				e.expect(r, http.StatusCreated)
			}
			return out
		}
		gameOf := func(r resp) string {
			var created SeatResponse
			r.json(t, &created)
			return created.Game.ID
		}
		create := func(body map[string]any) func() resp {
			return func() resp { return e.req("POST", "/v1/games", alice, body) }
		}
		lobby := map[string]any{"variant": "no-variant", "players": 2}
		withBot := map[string]any{"variant": "no-variant", "players": 2, "bots": []any{map[string]any{"seat": 1, "strategy": "hat"}}}
		for range 8 {
			tables := at(create(lobby), create(lobby))
			join := func(r resp, token string) func() resp {
				id := gameOf(r)
				return func() resp { return e.req("POST", "/v1/games/"+id+"/seats", token, nil) }
			}
			for _, r := range at(join(tables[0], bob), join(tables[1], carol)) {
				deal(gameOf(r))
			}
			for _, r := range at(create(withBot), create(withBot)) {
				deal(gameOf(r))
			}
		}
	})
}

// TestWatcherBeginsTheDealWhileWaiting (acceptance): a signed-in spectator
// waiting on a game of a shared deal, whose own game on that deal begins
// meanwhile, is answered deal_in_play, not the game's hands: from then on
// they are the spectator's own cards.
func TestWatcherBeginsTheDealWhileWaiting(t *testing.T) {
	eachServer(t, func(t *testing.T, e *testEnv) {
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		carol, dave := e.signUp("Carol", "correct horse", false), e.signUp("Dave", "correct horse", false)
		watched := e.accountTable("no-variant", []string{bob, carol}, nil)
		var before GameView
		e.req("GET", "/v1/games/"+watched.id, alice, nil).json(t, &before)
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
		defer cancel()
		got := make(chan resp, 1)
		go func() {
			got <- e.reqCtx(ctx, "GET", "/v1/games/"+watched.id+"?since="+strconv.FormatInt(before.Version, 10)+"&wait=5s", alice, nil)
		}()
		time.Sleep(200 * time.Millisecond) // let it wait as a spectator
		own := e.accountTable("no-variant", []string{alice, dave}, nil)
		if play.DealName(own.seed) != play.DealName(watched.seed) {
			t.Fatalf("Alice's game is dealt %q, the watched one %q: the test needs one deal", own.seed, watched.seed)
		}
		watched.act(watched.pick())
		if a := <-got; a.status != http.StatusConflict || a.problem(t).Code != codeDealInPlay {
			t.Fatalf("the long-poll once Alice plays the deal: %d %s, want 409 deal_in_play", a.status, truncate(string(a.body), 300))
		}
	})
}

// TestSpoilerGuardPastManyTables: a player with a hundred and one lobbies
// open besides the running game of a shared deal is still refused that
// deal's other games: the deals in play are every one, not those of a
// page of the player's tables.
func TestSpoilerGuardPastManyTables(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		carol, dave := e.signUp("Carol", "correct horse", false), e.signUp("Dave", "correct horse", false)
		done := e.accountTable("no-variant", []string{alice, bob}, nil)
		done.playOut()
		running := e.accountTable("no-variant", []string{carol, dave}, nil)
		deal := play.DealName(done.seed)
		if play.DealName(running.seed) != deal {
			t.Fatalf("Carol's game is dealt %q, the finished one %q: the test needs one deal", running.seed, done.seed)
		}
		for range 101 {
			e.expect(e.req("POST", "/v1/games", carol, map[string]any{"variant": "basic", "players": 3, "unlisted": true}), http.StatusCreated)
		}
		for _, path := range []string{"/v1/seeds/" + deal, "/v1/games/" + done.id + "/replay"} {
			if r := e.req("GET", path, carol, nil); r.status != http.StatusConflict || r.problem(t).Code != codeDealInPlay {
				t.Errorf("%s with Carol's token: %d %s", path, r.status, truncate(string(r.body), 200))
			}
		}
	})
}
