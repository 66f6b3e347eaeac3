package api

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// What hanab.live shows each viewer, as its code states it:
//
//   - Throw It in a Hole (server actions_scrub.go, client PlayStack.ts and
//     the strike and score labels): a card played, misplays included, is
//     sent to every player with no suit or rank; strikes and the score are
//     hidden until the game ends. hanab.live shows its spectators every
//     hand, and so every play; this server's spectators see no hand at all
//     and anyone may watch, so they see the plays face down as the seats do.
//   - Cow & Pig and Duck (client rules/clues.ts, getClueName and
//     shouldApplyClue): a clue reads "Moo"/"Oink" or "Quack" to everyone,
//     spectators too, and narrows no card. Its giver knows what it said.

// hiddenTruth is what a game's local copy knows: the cards that went face
// down (played, misplays included) and those that were discarded.
type hiddenTruth struct {
	played, discarded map[int]bool
	clueGiver         map[int]int // turn of each clue → its giver
}

func truthOf(g *engine.Game) hiddenTruth {
	cfg, deck := g.Config(), g.Deck()
	h := hiddenTruth{played: map[int]bool{}, discarded: map[int]bool{}, clueGiver: map[int]int{}}
	turn := 0
	for _, a := range g.Log() {
		if !a.IsMove() {
			continue
		}
		switch {
		case a.IsClue():
			h.clueGiver[turn] = turn % cfg.Players
		case (a.Kind == engine.Play) != cfg.Suits[deck[a.Card].Suit].Swapped:
			h.played[a.Card] = true
		default:
			h.discarded[a.Card] = true
		}
		turn++
	}
	return h
}

// checkHiddenEvent fails unless event e (as JSON) tells viewer only what
// the variant lets it know; running says the game had not ended when it
// was rendered.
func checkHiddenEvent(t *testing.T, cfg *engine.Config, h hiddenTruth, viewer int, running bool, raw []byte) {
	t.Helper()
	var e map[string]any
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("event %s: %v", raw, err)
	}
	typ, _ := e["type"].(string)
	if cfg.FaceDownPlays && running {
		if _, ok := e["success"]; ok || typ == "play" {
			t.Fatalf("viewer %d sees a play face up: %s", viewer, raw)
		}
		if n, ok := e["storm_tokens_used"]; ok && n != 0.0 {
			t.Fatalf("viewer %d sees the storms: %s", viewer, raw)
		}
		switch typ {
		case "play_face_down":
			if id := int(e["card_id"].(float64)); !h.played[id] || e["card"] != nil {
				t.Fatalf("viewer %d: face-down play %s", viewer, raw)
			}
		case "discard":
			if id := int(e["card"].(map[string]any)["id"].(float64)); !h.discarded[id] {
				t.Fatalf("viewer %d sees a misplay as a discard: %s", viewer, raw)
			}
		}
		if l := leaks(t, raw, h.played); len(l) > 0 {
			t.Fatalf("viewer %d sees a card played face down at %v: %s", viewer, l, raw)
		}
	}
	if cfg.FaceDownPlays && !running && typ == "play_face_down" {
		t.Fatalf("viewer %d: after the end a play is still face down: %s", viewer, raw)
	}
	if typ != "clue" {
		return
	}
	giver := int(e["seat"].(float64))
	_, hasType := e["clue_type"]
	if hasType != (cfg.ClueShows != engine.ShowsAll) {
		t.Fatalf("viewer %d: clue_type present %v: %s", viewer, hasType, raw)
	}
	valueShown := e["color"] != nil || e["rank"] != nil
	if valueShown != (cfg.ClueShows == engine.ShowsAll || giver == viewer) {
		t.Fatalf("viewer %d sees the value of seat %d's clue: %s", viewer, giver, raw)
	}
	if cfg.ClueShows == engine.ShowsTouches && giver != viewer && e["clue_type"] != "hidden" {
		t.Fatalf("viewer %d sees the type of seat %d's duck clue: %s", viewer, giver, raw)
	}
}

// checkHiddenView fails unless view (as JSON) tells viewer only what the
// variant lets it know.
func checkHiddenView(t *testing.T, cfg *engine.Config, g *engine.Game, h hiddenTruth, viewer int, raw []byte) {
	t.Helper()
	var v GameView
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("view: %v", err)
	}
	running := v.Result == nil
	if cfg.FaceDownPlays {
		if v.PlaysHidden == nil || *v.PlaysHidden != running || (v.FaceDown != nil) != running {
			t.Fatalf("viewer %d: plays_hidden %v, face_down %v, running %v", viewer, v.PlaysHidden, v.FaceDown, running)
		}
		if running {
			for s, n := range v.Fireworks {
				if n != 0 {
					t.Fatalf("viewer %d sees firework %s at %d", viewer, s, n)
				}
			}
			if v.Score != 0 || v.StormTokensUsed != 0 {
				t.Fatalf("viewer %d sees score %d, storms %d", viewer, v.Score, v.StormTokensUsed)
			}
			var down, disc []int
			for _, f := range *v.FaceDown {
				down = append(down, f.ID)
			}
			for _, d := range v.Discards {
				disc = append(disc, d.ID)
			}
			if !sameSet(down, h.played) || !sameSet(disc, h.discarded) {
				t.Fatalf("viewer %d: face down %v, discards %v; truth %v, %v", viewer, down, disc, h.played, h.discarded)
			}
			if l := leaks(t, raw, h.played); len(l) > 0 {
				t.Fatalf("viewer %d sees a card played face down at %v", viewer, l)
			}
		} else if v.Score != g.Score() || v.StormTokensUsed != g.StormsUsed() {
			t.Fatalf("after the end viewer %d sees score %d, storms %d", viewer, v.Score, v.StormTokensUsed)
		}
	} else if v.PlaysHidden != nil || v.FaceDown != nil {
		t.Fatalf("viewer %d: plays_hidden in a variant whose plays are face up", viewer)
	}
	for _, hand := range v.Hands {
		for _, c := range hand.Cards {
			if cfg.ClueShows != engine.ShowsAll && (len(c.PossibleSuits) != len(cfg.Suits) || len(c.PossibleRanks) != 5) {
				t.Fatalf("viewer %d: card %d narrowed to %v %v by clues that tell nothing", viewer, c.ID, c.PossibleSuits, c.PossibleRanks)
			}
			for _, m := range c.Clues {
				shown := m.Color != nil || m.Rank != nil
				if shown != (cfg.ClueShows == engine.ShowsAll || m.Giver == viewer) || (m.ClueType != "") != (cfg.ClueShows != engine.ShowsAll) {
					t.Fatalf("viewer %d sees seat %d's clue as %+v", viewer, m.Giver, m)
				}
			}
		}
	}
	if viewer >= 0 && running {
		// The seat's own cards, as everywhere.
		own := map[int]bool{}
		for _, id := range g.Hand(viewer) {
			own[id] = true
		}
		if l := leaks(t, raw, own); len(l) > 0 {
			t.Fatalf("seat %d sees its own cards at %v", viewer, l)
		}
	}
}

func sameSet(ids []int, set map[int]bool) bool {
	if len(ids) != len(set) {
		return false
	}
	for _, id := range ids {
		if !set[id] {
			return false
		}
	}
	return true
}

// TestHiddenWholeGames plays whole games of each group that hides something
// (face-down plays, clues that show only their type or their touches)
// through the API, and after every move checks every viewer's view, event
// list and the actor's answer; midway, every viewer's SSE and NDJSON
// streams; and once the game is over, that the end shows the plays.
func TestHiddenWholeGames(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	cases := []struct {
		variant string
		players int
	}{
		{"throw-it-in-a-hole-5-suits", 3},
		{"throw-it-in-a-hole-orange-4-suits", 2},
		{"throw-it-in-a-hole-rainbow-6-suits", 4},
		{"cow-pig-5-suits", 3},
		{"duck-4-suits", 4},
	}
	e := startEnv(t, filepath.Join(t.TempDir(), "hanabi.db"), true, nil)
	for i, tc := range cases {
		t.Run(tc.variant, func(t *testing.T) {
			e := e.with(t)
			tb := e.newTable(tc.variant, tc.players, variants.Options{}, "hidden-"+tc.variant)
			cfg := &tb.cfg
			rng := rand.New(rand.NewPCG(21, uint64(i)))
			tokens := append([]string{""}, tb.tokens...) // viewer -1 first
			checkAll := func() {
				h := truthOf(tb.local)
				for v, tok := range tokens {
					viewer := v - 1
					r := e.req("GET", "/v1/games/"+tb.id, tok, nil)
					e.expect(r, http.StatusOK)
					checkHiddenView(t, cfg, tb.local, h, viewer, r.body)
					for _, ev := range eventList(t, e, tb.id, tok, 0) {
						checkHiddenEvent(t, cfg, h, viewer, !tb.local.Over(), ev)
					}
				}
			}
			streamed := false
			for !tb.local.Over() {
				a := tb.pick()
				if rng.IntN(6) == 0 && (tb.local.StormsUsed() < cfg.StormTokens-1 || tb.local.Turn() > 30) {
					// A blind play now and then: misplays too go face
					// down. The last storm waits for the game's second half.
					hand := tb.local.Hand(tb.local.Current())
					a = engine.PlayCard(hand[rng.IntN(len(hand))])
				}
				actor := tb.local.Current()
				ar := tb.act(a)
				h := truthOf(tb.local)
				body, err := json.Marshal(ar.Event)
				if err != nil {
					t.Fatal(err)
				}
				checkHiddenEvent(t, cfg, h, actor, !tb.local.Over(), body)
				if body, err = json.Marshal(ar.Game); err != nil {
					t.Fatal(err)
				}
				checkHiddenView(t, cfg, tb.local, h, actor, body)
				checkAll()
				if !streamed && tb.local.Turn() >= 12 && !tb.local.Over() {
					streamed = true
					checkStreams(t, e, tb, cfg, tokens)
				}
			}
			checkAll()
			if !streamed {
				t.Fatalf("the game ended after %d turns, before its streams were read", tb.local.Turn())
			}
			if cfg.FaceDownPlays {
				if tb.local.StormsUsed() == 0 {
					t.Fatalf("no misplay in the game: the test saw none hidden")
				}
				// From the end, the events show the plays face up.
				plays := 0
				for _, ev := range eventList(t, e, tb.id, "", 0) {
					var x map[string]any
					_ = json.Unmarshal(ev, &x)
					if x["type"] == "play" {
						plays++
					}
				}
				if plays != len(truthOf(tb.local).played) {
					t.Fatalf("after the end %d play events, %d cards played", plays, len(truthOf(tb.local).played))
				}
			}
		})
	}
}

// checkStreams reads every viewer's SSE and NDJSON stream up to the events
// there are now, and checks each event.
func checkStreams(t *testing.T, e *testEnv, tb *table, cfg *engine.Config, tokens []string) {
	t.Helper()
	h := truthOf(tb.local)
	n := len(eventList(t, e, tb.id, "", 0))
	for v, tok := range tokens {
		for _, accept := range []string{"text/event-stream", "application/x-ndjson"} {
			s := e.openStream(tb.id, tok, accept)
			if s.res.StatusCode != http.StatusOK {
				t.Fatalf("viewer %d: stream status %d", v-1, s.res.StatusCode)
			}
			var got []frame
			for len(got) < n {
				f, ok := s.next(t)
				if !ok {
					t.Fatalf("viewer %d: the stream ended after %d events of %d", v-1, len(got), n)
				}
				if !f.beat {
					got = append(got, f)
				}
			}
			s.cancel()
			want := eventList(t, e, tb.id, tok, 0)
			for i, f := range got {
				if !slices.Equal(f.data, want[i]) {
					t.Fatalf("viewer %d: %s event %d is %s, the list's %s", v-1, accept, i, f.data, want[i])
				}
				checkHiddenEvent(t, cfg, h, v-1, true, f.data)
			}
		}
	}
}

// TestHiddenFieldsAbsentElsewhere: in variants without face-down plays or
// quiet clues, no view or event of any viewer carries the fields those
// rules add: their wire is as it was.
func TestHiddenFieldsAbsentElsewhere(t *testing.T) {
	for i, name := range []string{"basic", "farbrausch2", "orange-5-suits", "clue-starved-5-suits", "alternating-clues-4-suits", "sudoku-5-suits", "reversed-6-suits"} {
		players := 2 + i%4
		_, set, cfg, err := variants.Setup(name, variants.Options{}, players)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewSeeded(cfg, name)
		if err != nil {
			t.Fatal(err)
		}
		st := &play.State{Record: play.Record{ID: "0123456789abcdef", Variant: name, Settings: set, Players: players, Status: play.StatusActive, Version: 1},
			Config: g.Config(), Game: g}
		rng := rand.New(rand.NewPCG(5, uint64(i)))
		check := func(what string, b []byte) {
			for _, f := range []string{`"plays_hidden"`, `"face_down"`, `"clue_type"`, `"play_face_down"`, `"card_id"`} {
				if strings.Contains(string(b), f) {
					t.Fatalf("%s: %s carries %s: %s", name, what, f, b)
				}
			}
		}
		for seq := 1; !g.Over(); seq++ {
			legal := g.LegalActions(nil)
			ev, err := g.Apply(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			for viewer := -1; viewer < players; viewer++ {
				check("a view", appendView(nil, st, viewer))
				b, _ := appendEvent(nil, st.Config, seq, ev, st.Seats, viewer, g.Over(), false, "")
				check("an event", b)
			}
		}
	}
}
