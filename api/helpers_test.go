package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/bits"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/internal/race"

	"github.com/alexedwards/argon2id"

	"github.com/hanabi-server/hanabi/models/storetest"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

// Passwords are hashed far more cheaply in tests: what they test is the
// flow, not Argon2id's cost (players' own tests and benchmark use the
// real one).
func init() {
	players.HashParams = &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
}

var testSecret = []byte("test-secret-test-secret-test-secret!")

// eachBackend runs fn on a fresh SQLite file and, when
// HANABI_TEST_DATABASE_URL is set, on a fresh Postgres schema.
func eachBackend(t *testing.T, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	storetest.EachBackend(t, "api_", fn)
}

// otherStorePlays says whether a whole-game test leaves its game i to the
// other store: under the race detector, with both stores to test, each
// plays every other game, the two between them all of them.
func otherStorePlays(dbURL string, i int) bool {
	return race.Enabled && os.Getenv("HANABI_TEST_DATABASE_URL") != "" && models.IsPostgresURL(dbURL) == (i%2 == 0)
}

// postgresURL creates a schema of its own for the test (the database is
// shared with other packages' tests) and drops it afterwards.
func postgresURL(t *testing.T) string {
	return storetest.PostgresURL(t, "api_")
}

func openStore(t testing.TB, dbURL string) *models.Store {
	t.Helper()
	storetest.SeedSQLite(t, dbURL, models.Open)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := models.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// testEnv is a server on a real listener, so that long-polls, disconnects
// and shutdown behave as they do in production.
type testEnv struct {
	t     testing.TB
	srv   *Server
	games *play.Games
	// follows counts the followers the server holds open.
	follows *countedGames
	store   play.Store
	hs      *httptest.Server
	url     string
	// client checks every response against the OpenAPI document.
	client *http.Client
}

// envConfig is a test server's settings: the API's and play's.
type envConfig struct {
	Config
	Store     play.Store
	Bots      []bots.Strategy
	CacheSize int
}

func newEnv(t testing.TB, dbURL string, tweak ...func(*envConfig)) *testEnv {
	t.Helper()
	return startEnv(t, dbURL, false, nil, tweak...)
}

// startEnv starts a test server on dbURL. With parking, its listener lets
// long-polls park as hanabi serve runs it, and setup may adjust the
// http.Server first.
func startEnv(t testing.TB, dbURL string, parking bool, setup func(*http.Server), tweak ...func(*envConfig)) *testEnv {
	t.Helper()
	cfg := envConfig{Config: Config{Secret: testSecret, MaxWait: 10 * time.Second}, Store: openStore(t, dbURL)}
	for _, f := range tweak {
		f(&cfg)
	}
	cfg.Outage = &play.Outage{}
	pc := play.Config{Store: cfg.Store, Bots: cfg.Bots, CacheSize: cfg.CacheSize, Logger: cfg.Logger, Outage: cfg.Outage}
	if ps, ok := cfg.Store.(players.Store); ok && cfg.Accounts == nil {
		ac := players.Config{Store: ps}
		if cs, ok := cfg.Store.(interface{ Counters() players.Counters }); ok {
			ac.Counters = cs.Counters()
		}
		cfg.Accounts = players.New(ac)
	}
	if a, ok := cfg.Accounts.(interface {
		LookAlike(context.Context, string) (string, error)
	}); ok {
		pc.AccountNamed, pc.GuestKeys = a.LookAlike, players.GuestKeys
	}
	if hs, ok := cfg.Store.(players.HistoryStore); ok && cfg.History == nil {
		h := players.NewHistory(hs)
		cfg.History, pc.Seeds, pc.DealKey = h, h.NextSeed, []byte("test deal key")
		pc.DealsInPlay = func(ctx context.Context, id string) ([]string, error) {
			return h.DealsInPlay(ctx, players.Player{ID: id})
		}
	}
	if fs, ok := cfg.Store.(players.FeedStore); ok && cfg.Feed == nil {
		cfg.Feed = players.NewFeed(fs)
	}
	if ls, ok := cfg.Store.(rooms.LobbyStore); ok && cfg.Lobby == nil {
		cfg.Lobby = rooms.NewLobby(ls, nil)
	}
	games, err := play.New(pc)
	if err != nil {
		t.Fatalf("new games: %v", err)
	}
	if rs, ok := cfg.Store.(rooms.RoomStore); ok && cfg.Rooms == nil {
		rr := rooms.NewRooms(rs, games, nil)
		if pc.DealsInPlay != nil {
			rr.SetDealsInPlay(pc.DealsInPlay)
		}
		cfg.Rooms = rr
	}
	if ol, ok := cfg.Store.(rooms.OnlineStore); ok && cfg.Online == nil {
		cfg.Online = rooms.NewOnline(ol, nil)
	}
	if ws, ok := cfg.Store.(rooms.WatcherStore); ok && cfg.Watchers == nil {
		cfg.Watchers = rooms.NewWatchers(ws, nil)
	}
	counted := &countedGames{Games: games}
	cfg.Games, cfg.Keys, cfg.Probe, cfg.Stats, cfg.Config.Bots = counted, games, games, games.Stats(), games.Bots()
	if len(cfg.Secret) == 0 {
		if cfg.Secret, err = games.SigningSecret(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := New(context.Background(), cfg.Config)
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	if setup != nil {
		setup(hs.Config)
	}
	if parking {
		hs.Listener = srv.EnableParking(hs.Config, hs.Listener)
	}
	hs.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		hs.Close()
		_ = games.Shutdown(ctx)
	})
	return &testEnv{t: t, srv: srv, games: games, follows: counted, store: cfg.Store, hs: hs, url: hs.URL, client: envClient(t)}
}

// countedGames is play's games, counting the followers the server holds
// open, so that a test can tell that none is left behind.
type countedGames struct {
	*play.Games
	open atomic.Int64
}

func (g *countedGames) Follow(id string) play.Follower {
	g.open.Add(1)
	return &countedFollower{Follower: g.Games.Follow(id), g: g}
}

type countedFollower struct {
	play.Follower
	g      *countedGames
	closed atomic.Bool
}

func (f *countedFollower) Close() {
	if f.closed.Swap(true) {
		f.g.open.Add(1 << 40) // closed twice: a count no test waits for
	}
	f.g.open.Add(-1)
	f.Follower.Close()
}

// sqliteEnv is a server on its own SQLite file, for tests that need no Postgres run.
func sqliteEnv(t testing.TB, tweak ...func(*envConfig)) *testEnv {
	return newEnv(t, filepath.Join(t.TempDir(), "hanabi.db"), tweak...)
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %d body %q: %v", r.status, truncate(string(r.body), 300), err)
	}
}

func (r resp) problem(t testing.TB) Problem {
	t.Helper()
	var p Problem
	r.json(t, &p)
	if ct := r.header.Get("Content-Type"); ct != "application/problem+json" && ct != "application/json" {
		t.Errorf("problem Content-Type = %q", ct)
	}
	if p.Status != r.status || p.Code == "" || p.Title == "" || !strings.HasPrefix(p.Type, "/problems/") {
		t.Errorf("incomplete problem %+v for status %d", p, r.status)
	}
	return p
}

// req sends one request. body may be nil, a string (sent as is) or a value
// (sent as JSON). headers come in name, value pairs.
func (e *testEnv) req(method, path, token string, body any, headers ...string) resp {
	e.t.Helper()
	return e.reqCtx(context.Background(), method, path, token, body, headers...)
}

func (e *testEnv) reqCtx(ctx context.Context, method, path, token string, body any, headers ...string) resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatalf("marshal: %v", err)
		}
		rd = bytes.NewReader(data)
	}
	r, err := http.NewRequestWithContext(ctx, method, e.url+path, rd)
	if err != nil {
		e.t.Fatalf("request: %v", err)
	}
	if rd != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	res, err := e.client.Do(r)
	if err != nil {
		if ctx.Err() != nil {
			return resp{status: -1}
		}
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatalf("read body: %v", err)
	}
	return resp{status: res.StatusCode, header: res.Header, body: data}
}

func (e *testEnv) expect(r resp, status int) {
	e.t.Helper()
	if r.status != status {
		e.t.Fatalf("status %d, want %d: %s", r.status, status, truncate(string(r.body), 400))
	}
}

// table is a game played through the API, mirrored by a local engine game
// that the test replays itself to pick legal moves and check the answers.
type table struct {
	e      *testEnv
	id     string
	tokens []string
	cfg    engine.Config
	local  *engine.Game
	seed   string
}

// newTable creates a game and fills every seat.
func (e *testEnv) newTable(variant string, players int, opts variants.Options, seed string) *table {
	e.t.Helper()
	// A guest: Ann, who has no account in any test (a guest may not sit
	// under an account's name).
	body := map[string]any{"variant": variant, "players": players, "options": opts, "seed": seed, "name": "Ann"}
	r := e.req("POST", "/v1/games", "", body)
	e.expect(r, http.StatusCreated)
	var created SeatResponse
	r.json(e.t, &created)
	if loc := r.header.Get("Location"); loc != "/v1/games/"+created.Game.ID {
		e.t.Fatalf("Location %q", loc)
	}
	tb := &table{e: e, id: created.Game.ID, tokens: []string{deref(created.Token)}, seed: seed}
	for i := 1; i < players; i++ {
		r := e.req("POST", "/v1/games/"+tb.id+"/seats", "", map[string]string{"name": "P" + itoa(i)})
		e.expect(r, http.StatusCreated)
		var j SeatResponse
		r.json(e.t, &j)
		if j.Seat == nil || *j.Seat != i {
			e.t.Fatalf("joined seat %v, want %d", j.Seat, i)
		}
		wantStatus := play.StatusLobby
		if i == players-1 {
			wantStatus = play.StatusActive
		}
		if j.Game.Status != wantStatus {
			e.t.Fatalf("after seat %d the game is %s, want %s", i, j.Game.Status, wantStatus)
		}
		tb.tokens = append(tb.tokens, deref(j.Token))
	}
	_, _, cfg, err := variants.Setup(variant, opts, players)
	if err != nil {
		e.t.Fatal(err)
	}
	tb.cfg = cfg
	tb.local, err = engine.NewSeeded(cfg, seed)
	if err != nil {
		e.t.Fatal(err)
	}
	return tb
}

// request turns an engine action into the API's request body.
func (tb *table) request(a engine.Action) map[string]any {
	switch a.Kind {
	case engine.Play:
		return map[string]any{"type": "play", "card": a.Card}
	case engine.Discard:
		return map[string]any{"type": "discard", "card": a.Card}
	case engine.ColorClue:
		return map[string]any{"type": "clue", "target": a.Target, "color": tb.cfg.ClueColors[a.Value]}
	}
	return map[string]any{"type": "clue", "target": a.Target, "rank": a.Value}
}

// pick chooses a legal move deterministically: plays that succeed first (so
// that games score), then clues while notes last, then discards, mixed by turn.
func (tb *table) pick() engine.Action {
	legal := tb.local.LegalActions(nil)
	turn := tb.local.Turn()
	var plays, clues, discards []engine.Action
	for _, a := range legal {
		switch a.Kind {
		case engine.Play:
			plays = append(plays, a)
		case engine.Discard:
			discards = append(discards, a)
		default:
			clues = append(clues, a)
		}
	}
	deck := tb.local.Deck()
	for _, a := range plays {
		c := deck[a.Card]
		if tb.local.Firework(c.Suit)+1 == c.Rank {
			return a
		}
	}
	switch {
	case len(clues) > 0 && turn%3 != 0:
		return clues[turn%len(clues)]
	case len(discards) > 0:
		return discards[turn%len(discards)]
	case len(clues) > 0:
		return clues[turn%len(clues)]
	}
	return plays[turn%len(plays)]
}

// act sends a's move for the current seat and mirrors it locally.
func (tb *table) act(a engine.Action) ActionResponse {
	tb.e.t.Helper()
	seat := tb.local.Current()
	r := tb.e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[seat], tb.request(a))
	tb.e.expect(r, http.StatusOK)
	var ar ActionResponse
	r.json(tb.e.t, &ar)
	if _, err := tb.local.Apply(a); err != nil {
		tb.e.t.Fatalf("local apply: %v", err)
	}
	return ar
}

// ownCards is the set of card ids in seat's hand right now.
func (tb *table) ownCards(seat int) map[int]bool {
	out := map[int]bool{}
	for _, id := range tb.local.Hand(seat) {
		out[id] = true
	}
	return out
}

// leaks walks any JSON document and reports every object that names one of
// the given card ids together with a suit or a rank.
func leaks(t *testing.T, body []byte, hidden map[int]bool) []string {
	t.Helper()
	var doc any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatalf("leaks: not JSON: %v", err)
	}
	var out []string
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if id, ok := x["id"].(float64); ok && hidden[int(id)] {
				if x["suit"] != nil || x["rank"] != nil || x["suitIndex"] != nil {
					out = append(out, path)
				}
			}
			for k, c := range x {
				walk(path+"."+k, c)
			}
		case []any:
			for i, c := range x {
				walk(path+"["+itoa(i)+"]", c)
			}
		}
	}
	walk("$", doc)
	return out
}

// with is the same server for a subtest: failures are reported on t.
func (e *testEnv) with(t testing.TB) *testEnv {
	return &testEnv{t: t, srv: e.srv, games: e.games, store: e.store, hs: e.hs, url: e.url, client: envClient(t)}
}

// envClient checks every response of a test against the OpenAPI document;
// a benchmark measures the server, so its client checks nothing.
func envClient(t testing.TB) *http.Client {
	if _, bench := t.(*testing.B); bench {
		return http.DefaultClient
	}
	return contractClient(t)
}

// cardIDs lists the card ids of a set of them (bit i: card i).
func cardIDs(set uint64) []int {
	ids := []int{}
	for ; set != 0; set &= set - 1 {
		ids = append(ids, bits.TrailingZeros64(set))
	}
	return ids
}
