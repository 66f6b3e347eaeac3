package api

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// accountTable creates a game with the first player's token and fills the
// other seats with the others' ("" for a guest); body adds to the create
// request. Its local mirror deals from the seed the game got as it started.
func (e *testEnv) accountTable(variant string, tokens []string, body map[string]any) *table {
	e.t.Helper()
	req := map[string]any{"variant": variant, "players": len(tokens)}
	for k, v := range body {
		req[k] = v
	}
	r := e.req("POST", "/v1/games", tokens[0], req)
	e.expect(r, http.StatusCreated)
	var created SeatResponse
	r.json(e.t, &created)
	tb := &table{e: e, id: created.Game.ID, tokens: []string{deref(created.Token)}}
	for _, tok := range tokens[1:] {
		r := e.req("POST", "/v1/games/"+tb.id+"/seats", tok, nil)
		e.expect(r, http.StatusCreated)
		var j SeatResponse
		r.json(e.t, &j)
		tb.tokens = append(tb.tokens, deref(j.Token))
	}
	st, err := e.games.Load(context.Background(), tb.id)
	if err != nil {
		e.t.Fatal(err)
	}
	tb.seed, tb.cfg = st.Seed, *st.Config
	if tb.local, err = engine.NewSeeded(tb.cfg, st.Seed); err != nil {
		e.t.Fatal(err)
	}
	return tb
}

// playOut plays tb to its end with pick, and answers its result.
func (tb *table) playOut() ResultView {
	tb.e.t.Helper()
	for !tb.local.Over() {
		tb.act(tb.pick())
	}
	var g GameView
	tb.e.req("GET", "/v1/games/"+tb.id, "", nil).json(tb.e.t, &g)
	if g.Result == nil {
		tb.e.t.Fatalf("game %s over without a result", tb.id)
	}
	return *g.Result
}

// A signed-in player's seat is theirs on any device: the seat answers a
// second join, a fresh token comes for it and nobody else's, and the
// player's own token acts for it.
func TestSeatOnAnyDevice(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2, "seed": "devices"})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		id, first := created.Game.ID, deref(created.Token)
		if created.Game.Seats[0].Player == nil || created.Game.Seats[0].Player.Name != "Alice" || deref(created.Game.Seats[0].Name) != "Alice" {
			t.Fatalf("the creator's seat: %+v", created.Game.Seats[0])
		}
		e.expect(e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob"}), http.StatusCreated)
		// A second device signs in and asks for its seat.
		device2, _ := e.signIn("Alice", "correct horse")
		r = e.req("POST", "/v1/games/"+id+"/seats/0/token", device2, nil)
		e.expect(r, http.StatusCreated)
		var again SeatResponse
		r.json(t, &again)
		second := deref(again.Token)
		if second == "" || second == first || deref(again.Seat) != 0 {
			t.Fatalf("a fresh token: %+v", again)
		}
		for _, tok := range []string{first, second, alice} {
			var g GameView
			v := e.req("GET", "/v1/games/"+id, tok, nil)
			e.expect(v, http.StatusOK)
			v.json(t, &g)
			if g.You == nil || *g.You != 0 || g.Hands[0].Cards[0].Suit != nil {
				t.Fatalf("a token of Alice's seat sees %v, her own card %v", g.You, g.Hands[0].Cards[0].Suit)
			}
		}
		// Joining again answers the seat she holds.
		r = e.req("POST", "/v1/games/"+id+"/seats", device2, nil)
		e.expect(r, http.StatusCreated)
		r.json(t, &again)
		if deref(again.Seat) != 0 {
			t.Fatalf("a second join took seat %v", again.Seat)
		}
		e.expect(e.req("POST", "/v1/games/"+id+"/seats/0/token", carol, nil), http.StatusForbidden)
		e.expect(e.req("POST", "/v1/games/"+id+"/seats/1/token", alice, nil), http.StatusForbidden)
		e.expect(e.req("POST", "/v1/games/"+id+"/seats/0/token", first, nil), http.StatusForbidden) // a seat token may not
		e.expect(e.req("POST", "/v1/games/"+id+"/seats/0/token", "", nil), http.StatusUnauthorized)
		// Her player's token acts for her seat, as a bot's would.
		var g GameView
		e.req("GET", "/v1/games/"+id, alice, nil).json(t, &g)
		if *g.CurrentSeat == 0 {
			e.expect(e.req("POST", "/v1/games/"+id+"/actions", alice, map[string]any{"type": "clue", "target": 1, "rank": 1}), http.StatusOK)
		} else {
			e.expect(e.req("POST", "/v1/games/"+id+"/actions", alice, map[string]any{"type": "clue", "target": 1, "rank": 1}), http.StatusConflict)
		}
		// Carol, not seated, reads the public view with her token.
		e.req("GET", "/v1/games/"+id, carol, nil).json(t, &g)
		if g.You != nil {
			t.Fatalf("an unseated player reads seat %d", *g.You)
		}
	})
}

// History, the seed page and statistics right after games of each end:
// a perfect or deck-out game played out, a strikeout, one terminated; the
// seed a table of signed-in players gets is the next none of them played.
func TestHistoryAndStats(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)

		played := e.accountTable("no-variant", []string{alice, bob}, nil)
		if name := play.DealName(played.seed); name != "p2v0s1" || played.seed == name {
			t.Fatalf("the first shared deal is %q (name %q), want p2v0s1 with its key", played.seed, name)
		}
		res := played.playOut()
		second := e.accountTable("no-variant", []string{alice, bob}, map[string]any{"options": map[string]any{"storm_tokens": 1}})
		if name := play.DealName(second.seed); name != "p2v0s2" {
			t.Fatalf("the second shared deal is %q, want p2v0s2", name)
		}
		// A strikeout: the seat to act plays a card no firework takes.
		for !second.local.Over() {
			seat := second.local.Current()
			var misplay *engine.Action
			for _, cv := range second.local.Hand(seat) {
				c := second.local.Deck()[cv]
				if second.local.Firework(c.Suit)+1 != c.Rank {
					misplay = &engine.Action{Kind: engine.Play, Card: cv}
					break
				}
			}
			if misplay == nil {
				second.act(second.pick())
				continue
			}
			second.act(*misplay)
		}
		third := e.accountTable("no-variant", []string{carol, alice}, nil)
		if name := play.DealName(third.seed); name != "p2v0s3" {
			t.Fatalf("Carol and Alice get %q, want p2v0s3: Alice played s1 and s2", name)
		}
		e.expect(e.req("POST", "/v1/games/"+third.id+"/terminate", third.tokens[0], nil), http.StatusOK)
		guest := e.accountTable("no-variant", []string{"", ""}, map[string]any{"seed": "guests"})
		guest.playOut()
		// A seed named like a shared deal (with a key of the creator's
		// making, or none: a deck of its own under the deal's name) is
		// refused: it would stand on that deal's page beside the deal.
		for _, forged := range []string{"p2v0s1~0123456789abcdef01234567", "p2v0s1", "x~y"} {
			r := e.req("POST", "/v1/games", "", map[string]any{"variant": "no-variant", "players": 2, "seed": forged})
			if r.status != http.StatusBadRequest || r.problem(t).Code != "bad_request" {
				t.Fatalf("a game with seed %q: %d %s", forged, r.status, r.body)
			}
		}
		// So is a seed that does not read as it is.
		r0 := e.req("POST", "/v1/games", "", map[string]any{"variant": "no-variant", "players": 2, "seed": "winners\u202etxt.exe"})
		if r0.status != http.StatusBadRequest || r0.problem(t).Code != "invalid_text" {
			t.Fatalf("a seed with a direction change: %d %s", r0.status, r0.body)
		}

		// Alice's history: three games, the latest first.
		var page HistoryPage
		r := e.req("GET", "/v1/players/ALICE/games", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &page)
		if len(page.Games) != 3 || page.Games[0].ID != third.id || page.Games[1].ID != second.id || page.Games[2].ID != played.id {
			t.Fatalf("Alice's games: %+v", page.Games)
		}
		if g := page.Games[2]; deref(g.Score) != res.Score || deref(g.Reason) != res.Reason || deref(g.Seat) != 0 ||
			len(g.Seats) != 2 || !g.Seats[1].Player || g.Seats[1].Name != "Bob" || deref(g.OtherScores) != "/v1/seeds/p2v0s1" {
			t.Fatalf("the first game in history: %+v", g)
		}
		if g := page.Games[1]; deref(g.Reason) != "storms" || deref(g.Score) != 0 {
			t.Fatalf("the strikeout in history: %+v", g)
		}
		if g := page.Games[0]; deref(g.Reason) != "terminated" || deref(g.Seat) != 1 || !g.Abandoned || page.Games[1].Abandoned {
			t.Fatalf("the terminated game in history: %+v", g)
		}
		// Paged and filtered.
		r = e.req("GET", "/v1/players/Alice/games?limit=2", "", nil)
		r.json(t, &page)
		if len(page.Games) != 2 || page.NextCursor == nil {
			t.Fatalf("a first page of 2: %d, next %v", len(page.Games), page.NextCursor)
		}
		r = e.req("GET", "/v1/players/Alice/games?limit=2&cursor="+*page.NextCursor, "", nil)
		r.json(t, &page)
		if len(page.Games) != 1 || page.Games[0].ID != played.id || page.NextCursor != nil {
			t.Fatalf("the last page: %+v", page)
		}
		r = e.req("GET", "/v1/players/Alice/games?variant=basic", "", nil)
		r.json(t, &page)
		if len(page.Games) != 0 {
			t.Fatalf("no basic game, but %d", len(page.Games))
		}

		// The profile and its statistics: the terminated game apart.
		var prof ProfileView
		r = e.req("GET", "/v1/players/alice", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &prof)
		if prof.Name != "Alice" || prof.Games != 2 || prof.Abandoned != 1 || prof.FirstGameAt == nil || prof.LastGameAt == nil || len(prof.Stats) != 1 {
			t.Fatalf("Alice's profile: %+v", prof)
		}
		if s := prof.Stats[0]; s.Variant != "no-variant" || s.Players != 2 || s.Games != 2 || s.Abandoned != 1 || s.Best != res.Score || s.Strikeouts != 1 {
			t.Fatalf("Alice's stats: %+v", s)
		}
		e.expect(e.req("GET", "/v1/players/nobody", "", nil), http.StatusNotFound)

		// The server's statistics count the guests' games too.
		var vs VariantStatsView
		r = e.req("GET", "/v1/variants/no-variant/stats", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &vs)
		if len(vs.Stats) != 1 || vs.Stats[0].Games != 3 || vs.Stats[0].Abandoned != 1 || vs.Stats[0].Strikeouts != 1 {
			t.Fatalf("the variant's stats: %+v", vs)
		}

		// The seed page.
		var seed SeedView
		r = e.req("GET", "/v1/seeds/p2v0s1", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &seed)
		if len(seed.Games) != 1 || seed.Games[0].ID != played.id {
			t.Fatalf("the seed page: %+v", seed)
		}
		e.expect(e.req("GET", "/v1/seeds/p2v0s99", "", nil), http.StatusNotFound)
		// The replay names the deal, not the key that deals it; the game's
		// own seed, the deal's key after a ~, opens the same page.
		var rv ReplayView
		e.req("GET", "/v1/games/"+played.id+"/replay", "", nil).json(t, &rv)
		if rv.Seed != "p2v0s1" || !strings.HasPrefix(played.seed, "p2v0s1~") {
			t.Fatalf("the replay's seed %q, the game's %q", rv.Seed, played.seed)
		}
		var same SeedView
		r = e.req("GET", "/v1/seeds/"+url.PathEscape(played.seed), "", nil)
		e.expect(r, http.StatusOK)
		if r.json(t, &same); same.Seed != "p2v0s1" || len(same.Games) != 1 {
			t.Fatalf("the seed page by the game's seed: %+v", same)
		}

		// Only teams of accounts are on the leaderboard, the best first; the
		// terminated game is on none.
		var board LeaderboardView
		r = e.req("GET", "/v1/variants/no-variant/leaderboard?players=2", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &board)
		if len(board.Entries) != 2 || board.Entries[0].Game.ID != played.id || board.Entries[0].Rank != 1 || board.Entries[1].Game.ID != second.id {
			t.Fatalf("the leaderboard: %+v", board)
		}
		e.expect(e.req("GET", "/v1/variants/no-variant/leaderboard", "", nil), http.StatusBadRequest)
		e.expect(e.req("GET", "/v1/variants/no-variant/leaderboard?players=2&bots=yes", "", nil), http.StatusBadRequest)

		// My games: nothing running, the three finished.
		var mine MyGames
		r = e.req("GET", "/v1/me/games", alice, nil)
		e.expect(r, http.StatusOK)
		r.json(t, &mine)
		if len(mine.Running) != 0 || len(mine.Finished) != 3 {
			t.Fatalf("my games: %d running, %d finished", len(mine.Running), len(mine.Finished))
		}
		if strings.Contains(string(r.body), "password") {
			t.Fatal("my games carry a password")
		}
	})
}

// A finished game's options and seed, from its replay, start the same deal
// again.
func TestReplayOptionsRoundTrip(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("farbrausch", 2, variants.Options{StormTokens: ptr(2)}, "round-trip")
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
	var rv ReplayView
	r := e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil)
	e.expect(r, http.StatusOK)
	r.json(t, &rv)
	r = e.req("POST", "/v1/games", "", map[string]any{"variant": rv.Variant, "players": rv.Players, "options": rv.Options, "seed": rv.Seed})
	if r.status != http.StatusCreated {
		t.Fatalf("posting the replay's options back: %d %s", r.status, r.body)
	}
	var again SeatResponse
	r.json(t, &again)
	e.expect(e.req("POST", "/v1/games/"+again.Game.ID+"/seats", "", nil), http.StatusCreated)
	e.expect(e.req("POST", "/v1/games/"+again.Game.ID+"/terminate", deref(again.Token), nil), http.StatusOK)
	var rv2 ReplayView
	e.req("GET", "/v1/games/"+again.Game.ID+"/replay", "", nil).json(t, &rv2)
	if !reflect.DeepEqual(rv2.Deck, rv.Deck) || !reflect.DeepEqual(rv2.Options, rv.Options) {
		t.Fatalf("the deal again: options %+v, want %+v", rv2.Options, rv.Options)
	}
	r = e.req("POST", "/v1/games", "", map[string]any{"variant": "farbrausch", "players": 2, "options": map[string]any{"rules": "hanablive"}})
	e.expect(r, http.StatusBadRequest)
	if p := r.problem(t); !strings.Contains(p.Detail, "rules") {
		t.Fatalf("another rule book: %+v", p)
	}
}

// A game that ends on one replica is in the statistics read on the other.
func TestStatsAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	alice := a.signUp("Alice", "correct horse", false)
	bob := a.signUp("Bob", "correct horse", false)
	tb := a.accountTable("basic", []string{alice, bob}, nil)
	res := tb.playOut()
	var prof ProfileView
	r := b.req("GET", "/v1/players/Bob", "", nil)
	b.expect(r, http.StatusOK)
	r.json(t, &prof)
	if prof.Games != 1 || len(prof.Stats) != 1 || prof.Stats[0].Best != res.Score {
		t.Fatalf("Bob's profile on the other replica: %+v", prof)
	}
}

// A game of an unlisted table is listed nowhere but to its player: not on
// the player's page as others read it, nor on its seed's page, nor on a
// leaderboard, as the lobby and the list of finished games keep it out.
func TestUnlistedGamesAreListedToTheirPlayerAlone(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		listed := e.accountTable("no-variant", []string{alice, bob}, map[string]any{"seed": "open-seed"})
		listed.playOut()
		unlisted := e.accountTable("no-variant", []string{alice, bob}, map[string]any{"seed": "hidden-seed", "unlisted": true})
		unlisted.playOut()
		ids := func(gs []HistoryGame) (out []string) {
			for _, g := range gs {
				out = append(out, g.ID)
			}
			return out
		}
		for _, c := range []struct {
			who, token string
			want       []string
		}{{"anyone", "", []string{listed.id}}, {"Carol", carol, []string{listed.id}}, {"Alice herself", alice, []string{unlisted.id, listed.id}}} {
			var page HistoryPage
			e.req("GET", "/v1/players/Alice/games", c.token, nil).json(t, &page)
			if got := ids(page.Games); !slices.Equal(got, c.want) {
				t.Errorf("Alice's games as %s reads them: %v, want %v", c.who, got, c.want)
			}
		}
		e.expect(e.req("GET", "/v1/seeds/hidden-seed", "", nil), http.StatusNotFound)
		e.expect(e.req("GET", "/v1/seeds/open-seed", "", nil), http.StatusOK)
		// The leaderboard holds deals the server dealt, listed: not a seed
		// its creator named (a deck that may have been read beforehand),
		// nor an unlisted game.
		dealt := e.accountTable("no-variant", []string{alice, bob}, nil)
		dealt.playOut()
		hidden := e.accountTable("no-variant", []string{alice, bob}, map[string]any{"unlisted": true})
		hidden.playOut()
		var board LeaderboardView
		e.req("GET", "/v1/variants/no-variant/leaderboard?players=2", "", nil).json(t, &board)
		var onBoard []string
		for _, en := range board.Entries {
			onBoard = append(onBoard, en.Game.ID)
		}
		if !slices.Equal(onBoard, []string{dealt.id}) {
			t.Errorf("the leaderboard lists %v, want %v alone", onBoard, dealt.id)
		}
	})
}

// TestForgedCursorsAndPrivateTables: a cursor of bytes no game id has (a
// NUL, bytes that are not UTF-8) is 400 on every store, not the database's
// error; a private table is listed while it seats and plays, and once it
// is over no more (its players find it in their history).
func TestForgedCursorsAndPrivateTables(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		for _, id := range []string{"\x00", "\xff\xfe", "a b"} {
			cursor := base64.RawURLEncoding.EncodeToString([]byte("2025-01-01T00:00:00Z|" + id))
			for _, path := range []string{"/v1/games?cursor=", "/v1/players/Alice/games?cursor="} {
				if r := e.req("GET", path+cursor, "", nil); r.status != http.StatusBadRequest {
					t.Errorf("%s with a cursor naming %q: %d %s", path, id, r.status, r.body)
				}
			}
		}
		r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2, "private": true})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		id := created.Game.ID
		listed := func(status string) bool {
			var list GameList
			e.req("GET", "/v1/games?status="+status, "", nil).json(t, &list)
			return slices.ContainsFunc(list.Games, func(g GameSummary) bool { return g.ID == id })
		}
		if !listed("lobby") {
			t.Fatal("a private table's lobby is not listed")
		}
		e.expect(e.req("DELETE", "/v1/games/"+id+"/seats/0", deref(created.Token), nil), http.StatusNoContent) // the last one leaves: cancelled
		if listed("cancelled") {
			t.Fatal("a private table is listed once it is over")
		}
	})
}

// TestLeaverAnswersForTheGame: a player who leaves a running game (a bot
// plays their seat on) still finds it in their history, and it counts as
// abandoned in their statistics whatever its end: leaving spares nobody a
// strikeout.
func TestLeaverAnswersForTheGame(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
		tb := e.accountTable("no-variant", []string{alice, bob}, nil)
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
		var prof ProfileView
		e.req("GET", "/v1/players/Bob", "", nil).json(t, &prof)
		if prof.Games != 0 || prof.Abandoned != 1 {
			t.Errorf("Bob's profile after leaving: %d games, %d abandoned; want 0 and 1", prof.Games, prof.Abandoned)
		}
		var page HistoryPage
		e.req("GET", "/v1/players/Bob/games", "", nil).json(t, &page)
		if len(page.Games) != 1 || page.Games[0].ID != tb.id {
			t.Errorf("Bob's history after leaving: %+v", page.Games)
		}
	})
}

// TestLeaverAmongGuestsAnswersForTheGame: a player who leaves a game that
// only guests play on still answers for it when it ends, as at a table of
// players, whether the game is still in memory or read again from the
// store after a restart.
func TestLeaverAmongGuestsAnswersForTheGame(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		for _, restart := range []bool{false, true} {
			cfg := func(c *envConfig) { c.Bots, c.Secret = bots.List(), nil }
			e := newEnv(t, dbURL, cfg)
			name := "Bob"
			if restart {
				name = "Carl"
			}
			bob := e.signUp(name, "correct horse", false)
			r := e.req("POST", "/v1/games", "", map[string]any{"variant": "no-variant", "players": 2, "name": "Guesty"})
			e.expect(r, http.StatusCreated)
			var created SeatResponse
			r.json(t, &created)
			r = e.req("POST", "/v1/games/"+created.Game.ID+"/seats", bob, nil)
			e.expect(r, http.StatusCreated)
			var joined SeatResponse
			r.json(t, &joined)
			e.expect(e.req("DELETE", "/v1/games/"+created.Game.ID+"/seats/1", *joined.Token, nil), http.StatusNoContent)
			if restart { // another server reads the game from the store
				e = newEnv(t, dbURL, cfg)
			}
			e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/terminate", *created.Token, nil), http.StatusOK)
			var prof ProfileView
			e.req("GET", "/v1/players/"+name, "", nil).json(t, &prof)
			if prof.Games != 0 || prof.Abandoned != 1 {
				t.Errorf("restart %v: %s's profile after leaving: %d games, %d abandoned; want 0 and 1", restart, name, prof.Games, prof.Abandoned)
			}
			var page HistoryPage
			e.req("GET", "/v1/players/"+name+"/games", "", nil).json(t, &page)
			if len(page.Games) != 1 || page.Games[0].ID != created.Game.ID {
				t.Errorf("restart %v: %s's history after leaving: %+v", restart, name, page.Games)
			}
		}
	})
}
