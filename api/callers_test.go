package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/variants"
)

// The caller's acceptance tests: each was a place where two paths decided
// differently who was asking.

const pw = "correct horse"

// Two signed-in players behind one address (as behind a proxy) who send
// the same Idempotency-Key and body each get their own answer: the key is
// the caller's, not the address's.
func TestIdempotencyKeyIsTheCallers(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		carol, alice, bob := e.signUp("Carol", pw, false), e.signUp("Alice", pw, false), e.signUp("Bobby", pw, false)
		r := e.req("POST", "/v1/games", carol, map[string]any{"variant": "basic", "players": 3})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		path := "/v1/games/" + created.Game.ID + "/seats"
		a := e.req("POST", path, alice, map[string]any{}, "Idempotency-Key", "join-once")
		b := e.req("POST", path, bob, map[string]any{}, "Idempotency-Key", "join-once")
		e.expect(a, http.StatusCreated)
		e.expect(b, http.StatusCreated)
		var sa, sb SeatResponse
		a.json(t, &sa)
		b.json(t, &sb)
		if deref(sa.Seat) == deref(sb.Seat) || deref(sa.Token) == deref(sb.Token) {
			t.Fatalf("Bobby got Alice's answer: seats %v and %v", sa.Seat, sb.Seat)
		}
		var g GameView
		e.req("GET", "/v1/games/"+created.Game.ID, deref(sb.Token), nil).json(t, &g)
		if g.You == nil || *g.You != deref(sb.Seat) || deref(g.Seats[*g.You].Name) != "Bobby" {
			t.Fatalf("Bobby's token reads seat %v of %+v", g.You, g.Seats)
		}
		// Alice's retry is answered her own first answer: her seat, with a
		// token made anew (the store keeps none), which reads it.
		again := e.req("POST", path, alice, map[string]any{}, "Idempotency-Key", "join-once")
		e.expect(again, http.StatusCreated)
		var sr SeatResponse
		again.json(t, &sr)
		if deref(sr.Seat) != deref(sa.Seat) || sr.Token == nil || *sr.Token == deref(sa.Token) || sr.Game.ID != sa.Game.ID {
			t.Fatalf("Alice's retry: %s, first %s", again.body, a.body)
		}
		e.req("GET", "/v1/games/"+created.Game.ID, deref(sr.Token), nil).json(t, &g)
		if g.You == nil || *g.You != deref(sa.Seat) {
			t.Fatalf("the retry's token reads seat %v", g.You)
		}
		kept, err := e.store.LookupIdempotency(context.Background(), path+" player "+tokenAccount(t, deref(sa.Token)), "join-once")
		if err != nil || kept == nil || len(kept.Reply) == 0 {
			t.Fatalf("Alice's key: %+v, %v", kept, err)
		}
		if bytes.Contains(kept.Reply, []byte(deref(sa.Token))) || bytes.Contains(kept.Reply, []byte("eyJ")) {
			t.Fatalf("the store keeps a seat's token with its key: %s", kept.Reply)
		}
	})
}

// tokenAccount is the account id a seat's token names.
func tokenAccount(t *testing.T, token string) string {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	var claims struct {
		Acc struct {
			ID string `json:"id"`
		} `json:"acc"`
	}
	if err != nil || json.Unmarshal(raw, &claims) != nil || claims.Acc.ID == "" {
		t.Fatalf("a seat token without its account: %s", raw)
	}
	return claims.Acc.ID
}

// A line said with an account's seat token is the account's (player:
// true), and a listener who muted the account does not read it.
func TestSeatTokenSpeaksAsItsAccount(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice, bob, carol := e.signUp("Alice", pw, false), e.signUp("Bobby", pw, false), e.signUp("Carol", pw, false)
		tb := e.accountTable("basic", []string{alice, bob}, nil)
		e.expect(e.req("PUT", "/v1/me/mutes/Alice", carol, nil), http.StatusOK)
		r := e.req("POST", "/v1/games/"+tb.id+"/chat", tb.tokens[0], map[string]any{"text": "from my seat"})
		e.expect(r, http.StatusCreated)
		var said ChatEvent
		r.json(t, &said)
		if !said.Player || said.From != "Alice" || deref(said.Seat) != 0 {
			t.Fatalf("the line: %+v", said)
		}
		if got := chatOf(t, e, tb.id, tb.tokens[1], 0, 0); len(got.Events) != 1 || !got.Events[0].Player {
			t.Fatalf("Bobby reads %+v", got.Events)
		}
		if got := chatOf(t, e, tb.id, carol, 0, 0); len(got.Events) != 0 {
			t.Fatalf("Carol muted Alice and reads %+v", got.Events)
		}
		// And a listener's seat token mutes as its account does.
		e.expect(e.req("PUT", "/v1/me/mutes/Carol", bob, nil), http.StatusOK)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/chat", carol, map[string]any{"text": "a spectator"}), http.StatusCreated)
		for _, l := range chatOf(t, e, tb.id, tb.tokens[1], 0, 0).Events {
			if l.From == "Carol" {
				t.Fatalf("Bobby's seat token reads a line of Carol's, whom he muted: %+v", l)
			}
		}
	})
}

// A seat token taken with a session lives no longer than that session:
// not after it signs out, not after the password changes elsewhere.
func TestSeatTokenLivesByItsSession(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		first := e.signUp("Alice", pw, false)
		tb := e.accountTable("basic", []string{first, ""}, nil)
		view := func(token string) int { return e.req("GET", "/v1/games/"+tb.id, token, nil).status }
		seatToken := func(session string) string {
			r := e.req("POST", "/v1/games/"+tb.id+"/seats/0/token", session, nil)
			e.expect(r, http.StatusCreated)
			var s SeatResponse
			r.json(t, &s)
			return deref(s.Token)
		}
		second, _ := e.signIn("Alice", pw)
		minted := seatToken(second)
		if view(minted) != http.StatusOK {
			t.Fatal("a fresh seat token does not work")
		}
		e.expect(e.req("DELETE", "/v1/sessions/current", second, nil), http.StatusNoContent)
		if got := view(minted); got != http.StatusUnauthorized {
			t.Fatalf("a seat token whose session signed out: %d", got)
		}
		// At another game too: a token that no longer works is told so
		// (401), not that it belongs to another game (403).
		another := e.newTable("basic", 2, variants.Options{}, "another")
		if got := e.req("GET", "/v1/games/"+another.id, minted, nil).status; got != http.StatusUnauthorized {
			t.Fatalf("a seat token whose session signed out, at another game: %d, want 401", got)
		}
		third, _ := e.signIn("Alice", pw)
		other := seatToken(third)
		e.expect(e.req("PUT", "/v1/me/password", first, map[string]any{"password": pw, "new_password": "battery staple"}), http.StatusNoContent)
		if got := view(other); got != http.StatusUnauthorized {
			t.Fatalf("a seat token of a session the password change ended: %d", got)
		}
		// The seats of the sessions that live on, and a guest's, still work.
		if view(tb.tokens[0]) != http.StatusOK || view(tb.tokens[1]) != http.StatusOK {
			t.Fatal("a seat token of a live session, or a guest's, stopped working")
		}
	})
}

// Only a signed-in session makes or revokes access tokens: an access token
// cannot breed tokens that outlive it.
func TestAccessTokensComeFromSessions(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		session := e.signUp("Alice", pw, false)
		r := e.req("POST", "/v1/me/tokens", session, map[string]any{"name": "bot"})
		e.expect(r, http.StatusCreated)
		var made NewAccessToken
		r.json(t, &made)
		access := made.Token
		e.expect(e.req("POST", "/v1/me/tokens", access, map[string]any{"name": "child"}), http.StatusForbidden)
		e.expect(e.req("DELETE", "/v1/me/tokens/"+made.AccessToken.ID, access, nil), http.StatusForbidden)
		e.expect(e.req("GET", "/v1/me/tokens", access, nil), http.StatusOK)
		e.expect(e.req("DELETE", "/v1/me/tokens/"+made.AccessToken.ID, session, nil), http.StatusNoContent)
		e.expect(e.req("GET", "/v1/me", access, nil), http.StatusUnauthorized)
	})
}

// Every operation that needs a credential answers 401 without one, and 403
// to one that may not: taken from the router's own table, so that no
// operation is left out.
func TestEveryRouteAsksForItsCredential(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice, dave := e.signUp("Alice", pw, false), e.signUp("Dave", pw, false)
		tb := e.accountTable("basic", []string{alice, ""}, nil)
		other := e.newTable("basic", 2, variants.Options{}, "other")
		lobby := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 3})
		var open SeatResponse
		lobby.json(t, &open)
		// A finished game and a room on it.
		done := e.accountTable("basic", []string{alice, ""}, nil)
		e.expect(e.req("POST", "/v1/games/"+done.id+"/terminate", done.tokens[0], nil), http.StatusOK)
		r := e.req("POST", "/v1/rooms", alice, map[string]any{"game": done.id})
		e.expect(r, http.StatusCreated)
		var room RoomView
		r.json(t, &room)

		// The games and bodies of the operations that need them to reach
		// the question of the credential.
		needing := map[string]struct {
			game string
			body any
		}{
			"POST /games/:id/chat":        {tb.id, map[string]any{"text": "hi"}},
			"POST /games/:id/invitations": {open.Game.ID, map[string]any{"player": "Dave"}},
		}
		seen := 0
		for _, rt := range e.srv.routeTable() {
			if !rt.when || rt.access == public {
				continue
			}
			name := rt.method + " " + rt.path
			game := tb.id
			var body any
			if n, ok := needing[name]; ok {
				game, body = n.game, n.body
			}
			if rt.access == anyone {
				continue
			}
			path := strings.NewReplacer(":seat", "0", ":card", "0", ":name", "Dave", ":seed", "x").Replace(rt.path)
			switch {
			case strings.HasPrefix(path, "/games/:id"):
				path = strings.Replace(path, ":id", game, 1)
			case strings.HasPrefix(path, "/rooms/:id"):
				path = strings.Replace(path, ":id", room.ID, 1)
			case strings.HasPrefix(path, "/me/tokens/:id"):
				path = strings.Replace(path, ":id", "0123456789abcdef0123456789abcdef", 1)
			}
			seen++
			t.Run(name, func(t *testing.T) {
				if got := e.req(rt.method, "/v1"+path, "", body); got.status != http.StatusUnauthorized {
					t.Fatalf("no credential: %d, want 401: %s", got.status, got.body)
				}
				// One that may not: a seat's token where a player's is needed,
				// a player not seated where a seat is, a seat token of another
				// game at a game's.
				wrong := []string{other.tokens[0]}
				switch {
				case rt.access == seat:
					wrong = append(wrong, dave)
				case name == "POST /games/:id/invitations":
					wrong = append(wrong, dave)
				}
				for _, token := range wrong {
					if got := e.req(rt.method, "/v1"+path, token, body); got.status != http.StatusForbidden {
						t.Fatalf("a credential that may not: %d, want 403: %s", got.status, got.body)
					}
				}
			})
		}
		if seen < 35 {
			t.Fatalf("only %d operations checked", seen)
		}
	})
}

// A signed-out session's streams end at once: every stream of the API,
// read with a session's token, on both ways of serving, well before the
// first heartbeat (10 s) would ask the token again.
func TestSignedOutStreamsEnd(t *testing.T) {
	eachServer(t, func(t *testing.T, e *testEnv) {
		alice := e.signUp("Alice", pw, false)
		tb := e.accountTable("basic", []string{alice, ""}, nil)
		done := e.accountTable("basic", []string{alice, ""}, nil)
		e.expect(e.req("POST", "/v1/games/"+done.id+"/terminate", done.tokens[0], nil), http.StatusOK)
		r := e.req("POST", "/v1/rooms", alice, map[string]any{"game": done.id})
		var room RoomView
		r.json(t, &room)
		for _, path := range []string{
			"/v1/games/" + tb.id + "/events/sse", "/v1/games/" + tb.id + "/events/ndjson",
			"/v1/me/events/sse", "/v1/me/events/ndjson",
			"/v1/lobby/events/sse", "/v1/lobby/events/ndjson",
			"/v1/rooms/" + room.ID + "/events/sse", "/v1/rooms/" + room.ID + "/events/ndjson",
		} {
			t.Run(path, func(t *testing.T) {
				session, _ := e.signIn("Alice", pw)
				if strings.HasPrefix(path, "/v1/rooms/") {
					e.expect(e.req("POST", "/v1/rooms/"+room.ID+"/members", session, nil), http.StatusOK)
				}
				endsAtOnce(t, e.url+path, session, func() {
					e.expect(e.req("DELETE", "/v1/sessions/current", session, nil), http.StatusNoContent)
				})
			})
		}
	})
}

// Should word of the sign-out never come, a stream still asks its token
// again at each heartbeat (here a fast one) and ends there.
func TestSignedOutStreamEndsAtItsHeartbeat(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) {
			c.Accounts = &deafAccounts{Service: players.New(players.Config{Store: c.Store.(players.Store)})}
		})
		e.srv.streams.setTicker(func(time.Duration) (<-chan time.Time, func()) {
			t := time.NewTicker(20 * time.Millisecond)
			return t.C, t.Stop
		})
		e.signUp("Alice", pw, false)
		session, _ := e.signIn("Alice", pw)
		endsAtOnce(t, e.url+"/v1/me/events/ndjson", session, func() {
			e.expect(e.req("DELETE", "/v1/sessions/current", session, nil), http.StatusNoContent)
		})
	})
}

// endsAtOnce opens the stream at url with token, runs end (which stops the
// token), and requires the stream to end within 3 s: before its first
// heartbeat.
func endsAtOnce(t *testing.T, url, token string, end func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the stream: %v %v", res, err)
	}
	defer res.Body.Close()
	end()
	var sink [512]byte
	for {
		if _, err := res.Body.Read(sink[:]); err != nil {
			break
		}
	}
	if ctx.Err() != nil {
		t.Fatal("the stream outlived its token by 3 s")
	}
}

// A long-poll asks the credential again when its player's credential is
// revoked: a session signed out while it waited gets 401 at once, not the
// view and not at its wait's end, parked or not. Should word of the
// revocation never come (as behind a lost notification), the answer
// itself asks again: the move that wakes it answers 401, not the view.
func TestSignedOutLongPollAnswers401(t *testing.T) {
	for _, wordLost := range []bool{false, true} {
		for _, parking := range []bool{false, true} {
			t.Run(fmt.Sprintf("word lost %v, parked %v", wordLost, parking), func(t *testing.T) {
				eachBackend(t, func(t *testing.T, dbURL string) {
					e := startEnv(t, dbURL, parking, nil, func(c *envConfig) {
						if wordLost {
							c.Accounts = &deafAccounts{Service: players.New(players.Config{Store: c.Store.(players.Store)})}
						}
					})
					signedOutLongPoll(t, e, wordLost)
				})
			})
		}
	}
}

// deafAccounts is the players' domain but for word of a credential
// revoked, which never comes.
type deafAccounts struct {
	*players.Service
	never feed.Hub[string]
}

func (d *deafAccounts) FollowCredentials(id string) *feed.Watch[string] { return d.never.Watch(id) }

func signedOutLongPoll(t *testing.T, e *testEnv, wordLost bool) {
	alice := e.signUp("Alice", pw, false)
	session, _ := e.signIn("Alice", pw)
	tb := e.accountTable("basic", []string{alice, ""}, nil)
	var v GameView
	e.req("GET", "/v1/games/"+tb.id, session, nil).json(t, &v)
	got := make(chan resp, 1)
	go func() {
		got <- e.req("GET", "/v1/games/"+tb.id+"?since="+itoa(int(v.Version))+"&wait=20s", session, nil)
	}()
	waitFor(t, func() bool { return e.srv.waiting() == 1 })
	e.expect(e.req("DELETE", "/v1/sessions/current", session, nil), http.StatusNoContent)
	if wordLost {
		select {
		case r := <-got:
			t.Fatalf("the long-poll answered with no word of the sign-out and no move: %d", r.status)
		case <-time.After(300 * time.Millisecond):
		}
		tb.act(tb.pick())
	}
	select {
	case r := <-got:
		if r.status != http.StatusUnauthorized {
			t.Fatalf("the long-poll of a signed-out session: %d %s", r.status, truncate(string(r.body), 200))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the long-poll did not answer within 5 s")
	}
	// Counted out once its answer is written: just after the client has it.
	waitFor(t, func() bool { return e.srv.waiting() == 0 })
}

// A table made, or a seat taken, with a seat's token of a player's seat is
// the player's, as the token's own claims say: not a guest's seat whose
// token names the player.
func TestSeatTokenSeatsItsPlayer(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", pw, false)
		r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2})
		e.expect(r, http.StatusCreated)
		var first SeatResponse
		r.json(t, &first)
		seatToken := deref(first.Token)

		r = e.req("POST", "/v1/games", seatToken, map[string]any{"variant": "basic", "players": 2, "name": "Mallory"})
		e.expect(r, http.StatusCreated)
		var made SeatResponse
		r.json(t, &made)
		if p := made.Game.Seats[0].Player; p == nil || p.Name != "Alice" || deref(made.Game.Seats[0].Name) != "Alice" {
			t.Fatalf("the table made with Alice's seat token seats %v (%+v)", made.Game.Seats[0].Name, p)
		}
		other := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Bob"})
		e.expect(other, http.StatusCreated)
		var bobs SeatResponse
		other.json(t, &bobs)
		// A seat's token speaks about its own game only: joining another
		// is refused, as every request about another game is.
		e.expect(e.req("POST", "/v1/games/"+bobs.Game.ID+"/seats", seatToken, map[string]any{"name": "Mallory"}), http.StatusForbidden)
	})
}
