package api

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"
)

// legalMove is a move from a view's legal moves: a clue while there are
// note tokens, else a discard, else a play.
func legalMove(v *GameView) map[string]any {
	lm := v.LegalMoves
	switch {
	case len(lm.Clues) > 0 && v.NoteTokens > 0 && v.Turn%3 != 2:
		c := lm.Clues[v.Turn%len(lm.Clues)]
		if c.Color != nil {
			return map[string]any{"type": "clue", "target": c.Target, "color": *c.Color}
		}
		return map[string]any{"type": "clue", "target": c.Target, "rank": *c.Rank}
	case len(lm.Discard) > 0:
		return map[string]any{"type": "discard", "card": lm.Discard[v.Turn%len(lm.Discard)]}
	}
	return map[string]any{"type": "play", "card": lm.Play[0]}
}

// playSeat plays a seat with token until its game ends, by long-polling
// its view.
func playSeat(t *testing.T, e *testEnv, id, token string) {
	version := int64(-1)
	for {
		var v GameView
		r := e.req("GET", "/v1/games/"+id+"?since="+itoa(int(max(version, 0)))+"&wait=5s", token, nil)
		if r.status != http.StatusOK {
			t.Errorf("seat of %s: view %d %s", id, r.status, r.body)
			return
		}
		r.json(t, &v)
		version = v.Version
		switch {
		case v.Status == "finished":
			return
		case v.Status == "active" && v.LegalMoves != nil:
			if r := e.req("POST", "/v1/games/"+id+"/actions", token, legalMove(&v)); r.status != http.StatusOK {
				t.Errorf("seat of %s: move %d %s", id, r.status, r.body)
				return
			}
		}
	}
}

// A bot account serves two tables at once from its one event stream and
// its one access token: invited to each, it takes a seat, moves whenever
// its turn comes, and hears each game end.
func TestBotOnMyEvents(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		session := e.signUp("Robo", "correct horse", true)
		r := e.req("POST", "/v1/me/tokens", session, map[string]any{"name": "the bot"})
		e.expect(r, http.StatusCreated)
		var made NewAccessToken
		r.json(t, &made)
		robo := made.Token

		// The bot: one stream, one token, every table it is asked to.
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/me/events/ndjson", nil)
		req.Header.Set("Authorization", "Bearer "+robo)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("the bot's stream: %v %v", err, res)
		}
		ended := make(chan string, 4)
		var wg sync.WaitGroup
		wg.Go(func() {
			defer res.Body.Close()
			lines := bufio.NewScanner(res.Body)
			for lines.Scan() {
				if len(lines.Bytes()) == 0 {
					continue // the heartbeat
				}
				var ev PlayerEvent
				if err := json.Unmarshal(lines.Bytes(), &ev); err != nil {
					t.Errorf("the bot reads %q: %v", lines.Text(), err)
					return
				}
				switch ev.Type {
				case "invited":
					if r := e.req("POST", "/v1/games/"+ev.Game+"/seats", robo, nil); r.status != http.StatusCreated {
						t.Errorf("the bot's join: %d %s", r.status, r.body)
					}
				case "turn":
					var v GameView
					e.req("GET", "/v1/games/"+ev.Game, robo, nil).json(t, &v)
					if v.Status == "active" && v.LegalMoves != nil && v.Version == ev.Version {
						if r := e.req("POST", "/v1/games/"+ev.Game+"/actions", robo, legalMove(&v)); r.status != http.StatusOK {
							t.Errorf("the bot's move: %d %s", r.status, r.body)
						}
					}
				case "ended":
					ended <- ev.Game
				}
			}
		})

		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bobby", "correct horse", false)
		var tables []string
		for _, host := range []string{alice, bob} {
			r := e.req("POST", "/v1/games", host, map[string]any{"variant": "basic", "players": 2})
			e.expect(r, http.StatusCreated)
			var created SeatResponse
			r.json(t, &created)
			tables = append(tables, created.Game.ID)
			e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/invitations", host, map[string]any{"player": "robo"}), http.StatusCreated)
			wg.Go(func() { playSeat(t, e, created.Game.ID, deref(created.Token)) })
		}
		got := map[string]bool{}
		for len(got) < 2 {
			select {
			case id := <-ended:
				got[id] = true
			case <-ctx.Done():
				t.Fatalf("the bot heard %d of 2 games end", len(got))
			}
		}
		for _, id := range tables {
			if !got[id] {
				t.Fatalf("game %s did not end for the bot", id)
			}
		}
		cancel()
		wg.Wait()
		var page HistoryPage
		e.req("GET", "/v1/players/Robo/games", "", nil).json(t, &page)
		if len(page.Games) != 2 {
			t.Fatalf("the bot's history: %d games", len(page.Games))
		}
		for _, g := range page.Games {
			if s := g.Seats[*g.Seat]; !s.Bot || !s.Player || s.Name != "Robo" {
				t.Fatalf("the bot's seat in history: %+v", s)
			}
		}
	})
}

// The feed as a long-poll: it waits for the next event, and answers the
// cursor to go on from; a revoked token ends a stream.
func TestMyEventsLongPollAndRevoke(t *testing.T) {
	e := sqliteEnv(t)
	alice := e.signUp("Alice", "correct horse", false)
	bob := e.signUp("Bobby", "correct horse", false)
	var first PlayerEvents
	e.req("GET", "/v1/me/events", bob, nil).json(t, &first)
	if len(first.Events) != 0 || first.Last != 0 {
		t.Fatalf("a new player's events: %+v", first)
	}
	done := make(chan PlayerEvents, 1)
	go func() {
		var got PlayerEvents
		e.req("GET", "/v1/me/events?after=0&wait=10s", bob, nil).json(t, &got)
		done <- got
	}()
	time.Sleep(100 * time.Millisecond)
	r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2, "private": true})
	var created SeatResponse
	r.json(t, &created)
	e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/invitations", alice, map[string]any{"player": "bobby"}), http.StatusCreated)
	got := <-done
	if len(got.Events) != 1 || got.Events[0].Type != "invited" || deref(got.Events[0].From) != "Alice" || got.Events[0].Secret == nil || got.Last != got.Events[0].Seq {
		t.Fatalf("the long-poll: %+v", got)
	}
	e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/seats", bob, map[string]any{"secret": *got.Events[0].Secret}), http.StatusCreated)
	var next PlayerEvents
	e.req("GET", "/v1/me/events?after="+itoa(int(got.Last)), bob, nil).json(t, &next)
	if len(next.Events) < 1 || next.Events[0].Type != "started" {
		t.Fatalf("after the invitation: %+v", next)
	}
	// Nobody invites without a credential, and a table that has started
	// takes no invitation.
	e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/invitations", "", map[string]any{"player": "bobby"}), http.StatusUnauthorized)
	e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/invitations", alice, map[string]any{"player": "nobody"}), http.StatusConflict)

	// A stream ends when its token is signed out.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e.srv.streams.setTicker(func(time.Duration) (<-chan time.Time, func()) {
		t := time.NewTicker(20 * time.Millisecond)
		return t.C, t.Stop
	})
	token, _ := e.signIn("Bobby", "correct horse")
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/me/events/sse", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the stream: %v", err)
	}
	e.expect(e.req("DELETE", "/v1/sessions/current", token, nil), http.StatusNoContent)
	lines := bufio.NewScanner(res.Body)
	for lines.Scan() {
	}
	res.Body.Close()
	if ctx.Err() != nil {
		t.Fatal("the stream outlived its token")
	}
}

// A player who muted another hears nothing from them: neither their
// invitations, which the sender is still answered, nor, in a finished
// game's replay, their chat lines, as the game's events hide them.
func TestMutedNeitherInvitesNorChatsInReplays(t *testing.T) {
	e := sqliteEnv(t)
	alice := e.signUp("Alice", "correct horse", false)
	bob := e.signUp("Bobby", "correct horse", false)
	e.expect(e.req("PUT", "/v1/me/mutes/Bobby", alice, nil), http.StatusOK)
	r := e.req("POST", "/v1/games", bob, map[string]any{"variant": "basic", "players": 2})
	var created SeatResponse
	r.json(t, &created)
	e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/invitations", bob, map[string]any{"player": "alice"}), http.StatusCreated)
	var mine PlayerEvents
	e.req("GET", "/v1/me/events", alice, nil).json(t, &mine)
	if len(mine.Events) != 0 {
		t.Fatalf("Alice, who muted Bobby, is told %+v", mine.Events)
	}

	tb := e.accountTable("basic", []string{alice, bob}, nil)
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/chat", tb.tokens[1], map[string]any{"text": "muted line"}), http.StatusCreated)
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/chat", tb.tokens[0], map[string]any{"text": "heard line"}), http.StatusCreated)
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
	for _, c := range []struct {
		token string
		want  []string
	}{{alice, []string{"heard line"}}, {bob, []string{"muted line", "heard line"}}} {
		var replay ReplayView
		e.req("GET", "/v1/games/"+tb.id+"/replay", c.token, nil).json(t, &replay)
		var got []string
		for _, l := range replay.Chat {
			got = append(got, l.Text)
		}
		if !slices.Equal(got, c.want) {
			t.Fatalf("the replay's chat: %q, want %q", got, c.want)
		}
	}
}
