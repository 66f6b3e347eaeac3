package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

var testStrategy = bots.Strategy{Name: "tester", Description: "clues ranks, discards the oldest card", New: func(cfg *engine.Config, seat int, seed uint64) bots.Player {
	return &testPlayer{}
}}

type testPlayer struct{ started, observed int }

func (p *testPlayer) Start(*engine.View)                 { p.started++ }
func (p *testPlayer) Observe(*engine.View, engine.Event) { p.observed++ }
func (p *testPlayer) Act(v *engine.View) engine.Action {
	if p.started != 1 || p.observed != v.Turn {
		panic("the bot was not shown the game so far")
	}
	next := (v.Seat + 1) % v.Players
	if v.NoteTokens > 0 && v.HandLen[next] > 0 {
		return engine.ClueRank(next, v.Hand(next)[0].Card.Rank)
	}
	own := v.Hand(v.Seat)
	if v.NoteTokens < v.Config.NoteTokens {
		return engine.DiscardCard(own[len(own)-1].ID)
	}
	return engine.PlayCard(own[len(own)-1].ID)
}

func TestBotSeats(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) {
		c.Bots = []bots.Strategy{testStrategy}
		c.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	r := e.req("GET", "/v1/bots", "", nil)
	var bl BotList
	r.json(t, &bl)
	if len(bl.Bots) != 1 || bl.Bots[0].Name != "tester" || bl.Bots[0].Description == "" {
		t.Fatalf("%+v", bl)
	}
	r = e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "seed": "bots",
		"bots": []any{map[string]any{"seat": 1, "strategy": "tester"}, map[string]any{"seat": 2, "strategy": "tester"}}})
	e.expect(r, http.StatusCreated)
	var sr SeatResponse
	r.json(t, &sr)
	if sr.Game.Status != "active" || sr.Game.Seats[1].Bot == nil || *sr.Game.Seats[1].Bot != "tester" {
		t.Fatalf("%+v", sr.Game)
	}
	for turn := 0; turn < 60; turn += 3 {
		// Wait for the bots to answer the human's move.
		// The version counts actions here: every seat was taken at creation.
		if turn > 0 {
			e.expect(e.req("GET", "/v1/games/"+sr.Game.ID+"?since="+itoa(turn-1)+"&wait=5s", deref(sr.Token), nil), http.StatusOK)
		}
		var g GameView
		r = e.req("GET", "/v1/games/"+sr.Game.ID, deref(sr.Token), nil)
		r.json(t, &g)
		if g.Status == "finished" {
			return
		}
		if g.CurrentSeat == nil || *g.CurrentSeat != 0 || g.Turn != turn {
			if g.Turn < turn {
				continue
			}
			t.Fatalf("turn %d: current %v, view turn %d", turn, g.CurrentSeat, g.Turn)
		}
		move := map[string]any{"type": "clue", "target": 1, "rank": *g.Hands[1].Cards[0].Rank}
		if g.NoteTokens == 0 {
			move = map[string]any{"type": "discard", "card": g.Hands[0].Cards[len(g.Hands[0].Cards)-1].ID}
		}
		e.expect(e.req("POST", "/v1/games/"+sr.Game.ID+"/actions", deref(sr.Token), move), http.StatusOK)
	}
	r = e.req("GET", "/v1/games/"+sr.Game.ID+"/events", "", nil)
	var evs EventsResponse
	r.json(t, &evs)
	seats := map[int]int{}
	for _, ev := range evs.Events {
		if ev.Seat != nil {
			seats[*ev.Seat]++
		}
	}
	if seats[1] < 5 || seats[2] < 5 {
		t.Fatalf("bots moved %v times", seats)
	}
}

func TestBotMovesAfterRestart(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = []bots.Strategy{testStrategy} })
	_, set, _, err := variants.Setup("basic", variants.Options{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := json.Marshal(set)
	g := &play.GameRow{Record: play.Record{ID: play.NewID(), Variant: "basic", Seed: "restart-bot", Players: 2, Status: play.StatusActive}, Options: string(opts)}
	seats := []play.Seat{{Seat: 0, Name: "tester", Bot: "tester"}, {Seat: 1, Name: "Bob"}}
	if err := e.store.CreateGame(context.Background(), g, seats, nil); err != nil {
		t.Fatal(err)
	}
	e.expect(e.req("GET", "/v1/games/"+g.ID, "", nil), http.StatusOK)
	r := e.req("GET", "/v1/games/"+g.ID+"?since=0&wait=5s", "", nil)
	e.expect(r, http.StatusOK)
	var v GameView
	r.json(t, &v)
	if v.Turn != 1 || v.CurrentSeat == nil || *v.CurrentSeat != 1 {
		t.Fatalf("the bot did not move: turn %d current %v", v.Turn, v.CurrentSeat)
	}
}

func TestRegisteredBots(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	var sink syncBuffer
	e := sqliteEnv(t, func(c *envConfig) {
		c.Bots = bots.List()
		c.Logger = slog.New(slog.NewJSONHandler(&sink, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	for _, strat := range bots.List() {
		t.Run(strat.Name, func(t *testing.T) {
			e := e.with(t)
			r := e.req("POST", "/v1/games", "", map[string]any{"variant": "farbrausch2", "players": 3, "seed": "real-" + strat.Name,
				"bots": []any{map[string]any{"seat": 1, "strategy": strat.Name}, map[string]any{"seat": 2, "strategy": strat.Name}}})
			e.expect(r, http.StatusCreated)
			var sr SeatResponse
			r.json(t, &sr)
			id := sr.Game.ID
			for version := int64(0); ; {
				var g GameView
				e.req("GET", "/v1/games/"+id, deref(sr.Token), nil).json(t, &g)
				if g.Status == "finished" {
					return
				}
				if g.CurrentSeat == nil || *g.CurrentSeat != 0 {
					r := e.req("GET", "/v1/games/"+id+"?since="+strconv.FormatInt(g.Version, 10)+"&wait=5s", deref(sr.Token), nil)
					if r.status != http.StatusOK {
						t.Fatalf("the bots stopped at version %d (%d); logs: %s", g.Version, r.status, sink.String())
					}
					continue
				}
				if g.Version < version {
					t.Fatalf("version went back")
				}
				version = g.Version
				move := map[string]any{"type": "clue", "target": 1, "rank": *g.Hands[1].Cards[0].Rank}
				if g.NoteTokens == 0 {
					move = map[string]any{"type": "discard", "card": g.Hands[0].Cards[len(g.Hands[0].Cards)-1].ID}
				}
				e.expect(e.req("POST", "/v1/games/"+id+"/actions", deref(sr.Token), move), http.StatusOK)
			}
		})
	}
	if strings.Contains(sink.String(), "bot") {
		t.Fatalf("bot trouble in the logs: %s", sink.String())
	}
}

// A bot that says why it moves says it with the move's event, naming the
// seats as the table does, on both stores: a person playing beside it
// reads the reason as the log shows it, after a restart too.
func TestBotSaysWhy(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "no-variant", "players": 2, "seed": "why", "name": "Ann",
			"bots": []any{map[string]any{"seat": 1, "strategy": "hgroup"}}})
		e.expect(r, http.StatusCreated)
		var sr SeatResponse
		r.json(t, &sr)
		tb := &table{e: e, id: sr.Game.ID, tokens: []string{deref(sr.Token)}}
		var said []Event
		for range 20 {
			var v GameView
			// A plain read: the game starts at version 0 with Ann to act,
			// and a long-poll since 0 waited out its 5 s before her first move.
			e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &v)
			if v.Status != "active" {
				break
			}
			if v.CurrentSeat != nil && *v.CurrentSeat == 0 {
				move := map[string]any{"type": "clue", "target": 1, "rank": deref(v.Hands[1].Cards[0].Rank)}
				if v.NoteTokens == 0 {
					own := v.Hands[0].Cards
					move = map[string]any{"type": "discard", "card": own[len(own)-1].ID}
				}
				e.expect(e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[0], move), http.StatusOK)
			}
			waitFor(t, func() bool {
				var s GameView
				e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &s)
				return s.CurrentSeat != nil && *s.CurrentSeat == 0 || s.Status != "active"
			})
			var evs EventsResponse
			e.req("GET", "/v1/games/"+tb.id+"/events", tb.tokens[0], nil).json(t, &evs)
			said = said[:0]
			for _, ev := range evs.Events {
				if ev.Seat != nil && *ev.Seat == 1 && ev.Why != "" {
					said = append(said, ev)
				}
				if ev.Seat != nil && *ev.Seat == 0 && ev.Why != "" {
					t.Fatalf("a person's move carries a reason: %+v", ev)
				}
			}
			if len(said) >= 3 {
				break
			}
		}
		if len(said) < 3 {
			t.Fatalf("the bot's moves said why %d times", len(said))
		}
		for _, ev := range said {
			if strings.ContainsAny(ev.Why, "\uE000\uE001\uE002") || strings.Contains(ev.Why, "Alice") {
				t.Fatalf("a reason carries its marks, or names the seats by the documents, not the table: %q", ev.Why)
			}
		}
		// The public sees no hand: a reason it reads names no held card,
		// so that Ann, dropping her token, reads no more of her own cards
		// than she does with it.
		var public EventsResponse
		e.req("GET", "/v1/games/"+tb.id+"/events", "", nil).json(t, &public)
		bySeq := map[int]string{}
		for _, ev := range public.Events {
			bySeq[ev.Seq] = ev.Why
		}
		masked := 0
		for _, ev := range said {
			pub, ok := bySeq[ev.Seq]
			if !ok {
				t.Fatalf("the public reads no event %d", ev.Seq)
			}
			if strings.Count(pub, "card") < strings.Count(ev.Why, "card") {
				t.Fatalf("event %d: the public reads %q, more of the hands than the seat's %q", ev.Seq, pub, ev.Why)
			}
			if strings.Count(pub, "the card") > 0 {
				masked++
			}
		}
		if masked == 0 {
			t.Fatalf("no reason the public read masked a held card: %+v", public.Events)
		}
		// The reason is kept with the move: a server started afresh on the
		// store tells it again.
		again := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		var evs EventsResponse
		again.req("GET", "/v1/games/"+tb.id+"/events", tb.tokens[0], nil).json(t, &evs)
		kept := 0
		for _, ev := range evs.Events {
			if ev.Why != "" {
				kept++
			}
		}
		if kept < len(said) {
			t.Fatalf("after a restart %d reasons, before %d", kept, len(said))
		}
	})
}
