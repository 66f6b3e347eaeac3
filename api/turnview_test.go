package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// pastGroups are the rule groups and table options that views at a past
// turn are checked over.
var pastGroups = []struct {
	name    string
	variant string
	players int
	opts    variants.Options
}{
	{"plain", "basic", 3, variants.Options{}},
	{"rainbow touched by every color", "farbrausch2", 2, variants.Options{}},
	{"Orange", "orange-5-suits", 3, variants.Options{}},
	{"Clue Starved", "clue-starved-5-suits", 2, variants.Options{}},
	{"Alternating Clues", "alternating-clues-5-suits", 3, variants.Options{}},
	{"Reversed", "reversed-5-suits", 2, variants.Options{}},
	{"Sudoku", "sudoku-5-suits", 3, variants.Options{}},
	{"Up or Down", "up-or-down-5-suits", 2, variants.Options{}},
	{"Throw It in a Hole", "throw-it-in-a-hole-5-suits", 3, variants.Options{}},
	{"Throw It in a Hole deck plays", "throw-it-in-a-hole-orange-4-suits", 2, variants.Options{DeckPlays: ptr(true)}},
	{"Cow & Pig", "cow-pig-5-suits", 3, variants.Options{}},
	{"Duck", "duck-4-suits", 2, variants.Options{}},
	{"one extra card", "basic", 2, variants.Options{OneExtraCard: ptr(true)}},
	{"one less card", "basic", 4, variants.Options{OneLessCard: ptr(true)}},
	{"deck plays", "basic", 3, variants.Options{DeckPlays: ptr(true)}},
	{"all or nothing", "basic", 2, variants.Options{AllOrNothing: ptr(true)}},
}

// TestViewAtTurnIsWhatWasSent plays a whole game of every rule group
// through the API, recording what every seat and the spectator was sent at
// every turn. While the game runs, the view at each past turn is byte for
// byte what that viewer was sent then, and stays so as the game goes on;
// once it is over, it is what was sent with every face shown (the hands,
// and in Throw It in a Hole the plays with what they made). In every view
// at a past turn, a seat's candidates count exactly the cards it was shown
// until then, and hold the truth.
func TestViewAtTurnIsWhatWasSent(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		for i, pg := range pastGroups {
			// The views are the engine's, the same on both stores, and the
			// store's part is the same for every group.
			if otherStorePlays(dbURL, i) {
				continue
			}
			t.Run(pg.name, func(t *testing.T) {
				e := e.with(t)
				tb := e.newTable(pg.variant, pg.players, pg.opts, "past-"+pg.name)
				checkPastGame(t, e, tb, rand.New(rand.NewPCG(29, uint64(i))))
			})
		}
	})
}

func checkPastGame(t *testing.T, e *testEnv, tb *table, rng *rand.Rand) {
	cfg := &tb.cfg
	tokens := append([]string{""}, tb.tokens...) // viewer v-1: the public first
	sent := map[int][][]byte{}                   // by turn and viewer+1: the live view
	then := map[int]*engine.Game{}               // the truth at each turn
	record := func() {
		turn := tb.local.Turn()
		then[turn] = tb.local.Clone()
		row := make([][]byte, len(tokens))
		for v, tok := range tokens {
			r := e.req("GET", "/v1/games/"+tb.id, tok, nil)
			e.expect(r, http.StatusOK)
			row[v] = r.body
			checkDeckNextCard(t, tb.local, r.body)
		}
		sent[turn] = row
	}
	past := func(k, v int, headers ...string) resp {
		return e.req("GET", fmt.Sprintf("/v1/games/%s?turn=%d", tb.id, k), tokens[v], nil, headers...)
	}
	// What was sent, decoded once: the candidates' check reads every turn
	// up to the one it checks.
	decoded := map[[2]int]*sentView{}
	sentAt := func(turn, v int) *sentView {
		if sv := decoded[[2]int{turn, v}]; sv != nil {
			return sv
		}
		sv := new(sentView)
		if err := json.Unmarshal(sent[turn][v], sv); err != nil {
			t.Fatal(err)
		}
		decoded[[2]int{turn, v}] = sv
		return sv
	}
	compareRunning := func() {
		for k := 0; k <= tb.local.Turn(); k++ {
			for v := range tokens {
				r := past(k, v)
				e.expect(r, http.StatusOK)
				if want := asPast(t, sent[k][v]); !bytes.Equal(r.body, want) {
					t.Fatalf("turn %d, viewer %d: the view at the turn is\n%s\nbut it was sent\n%s", k, v-1, r.body, want)
				}
				if cc := r.header.Get("Cache-Control"); cc != "private, no-cache" {
					t.Fatalf("a running game's past: Cache-Control %q", cc)
				}
				if v > 0 {
					checkCandidatesSent(t, cfg, then[k], sentAt, k, v, tb.local.Deck())
				}
			}
		}
	}
	record()
	var tag string
	for !tb.local.Over() {
		tb.act(pastMove(tb.local, rng))
		if k := tb.local.Turn(); k <= 12 || tb.local.Over() || finishedTurnChecked(k, -1) {
			record()
		}
		switch tb.local.Turn() {
		case 12:
			compareRunning()
			tag = past(6, 1).header.Get("ETag")
		case 24:
			// Moves since have not changed the view at turn 6.
			r := past(6, 1)
			if r.header.Get("ETag") != tag || !bytes.Equal(r.body, asPast(t, sent[6][1])) {
				t.Fatalf("the view at turn 6 changed: ETag %s, was %s", r.header.Get("ETag"), tag)
			}
			e.expect(past(6, 1, "If-None-Match", tag), http.StatusNotModified)
		}
	}
	if tb.local.Turn() < 24 {
		t.Fatalf("the game ended after %d turns", tb.local.Turn())
	}
	if tag == "" || !strings.HasPrefix(tag, `"t6-`) {
		t.Fatalf("ETag of the view at turn 6: %q", tag)
	}
	final := tb.local.Turn()
	deck := tb.local.Deck()
	for k := 0; k <= final; k++ {
		if !finishedTurnChecked(k, final) {
			continue
		}
		for v := range tokens {
			r := past(k, v)
			e.expect(r, http.StatusOK)
			want := asPast(t, sent[k][v])
			if k < final {
				want = revealed(t, cfg, want, then[k], deck, v-1)
			}
			if !sameJSON(t, r.body, want) {
				t.Fatalf("finished game, turn %d, viewer %d: the view at the turn is\n%s\nwant\n%s", k, v-1, r.body, want)
			}
			if cc := r.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
				t.Fatalf("a finished game's past: Cache-Control %q", cc)
			}
			if et := r.header.Get("ETag"); !strings.HasSuffix(et, `-end"`) || et == tag {
				t.Fatalf("a finished game's past: ETag %q", et)
			}
		}
	}
	// An ETag of the running game's past no longer matches its end.
	e.expect(past(6, 1, "If-None-Match", tag), http.StatusOK)
}

// finishedTurnChecked says whether the finished game's view at turn k is
// checked (and so what was sent at it recorded): every turn, but under the
// race detector (ten times slower, and after the server's paths, not the
// engine's work, which is the same for every turn) every third, turn 6
// (whose ETag is held) and the last.
func finishedTurnChecked(k, final int) bool {
	return !race.Enabled || k%3 == 0 || k == 6 || k == final
}

// pastMove picks the next move from the truth: a blind play from the deck
// when one may be made (mostly), a move that extends a firework (mostly),
// now and then a misplay while more than one storm is left, else a clue or
// a discard that costs nothing.
func pastMove(g *engine.Game, rng *rand.Rand) engine.Action {
	legal := g.LegalActions(nil)
	if g.Config().DeckPlays && g.DeckCount() == 1 && rng.IntN(3) > 0 {
		return engine.PlayCard(g.Config().DeckSize() - 1)
	}
	if rng.IntN(10) < 7 {
		for _, a := range legal {
			if ev, err := g.Clone().Apply(a); err == nil && !a.IsClue() && ev.Success {
				return a
			}
		}
	}
	if rng.IntN(15) == 0 && g.StormsUsed() < g.Config().StormTokens-1 {
		hand := g.Hand(g.Current())
		return engine.PlayCard(hand[rng.IntN(len(hand))])
	}
	// A clue, or a discard that neither misplays (a suit that swaps play
	// and discard) nor ends the game (All or Nothing).
	var quiet []engine.Action
	for _, a := range legal {
		if a.Kind == engine.Play {
			continue
		}
		if ev, err := g.Clone().Apply(a); err == nil && ev.StormsUsed == g.StormsUsed() && !ev.Over {
			quiet = append(quiet, a)
		}
	}
	if len(quiet) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	return quiet[rng.IntN(len(quiet))]
}

// checkDeckNextCard: a view names the card a deck play would play exactly
// while one may be made.
func checkDeckNextCard(t *testing.T, g *engine.Game, body []byte) {
	t.Helper()
	var v struct {
		DeckNextCard *int `json:"deck_next_card"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	cfg := g.Config()
	if cfg.DeckPlays && g.DeckCount() == 1 && !g.Over() {
		if v.DeckNextCard == nil || *v.DeckNextCard != cfg.DeckSize()-1 {
			t.Fatalf("one card left: deck_next_card %v, want %d", v.DeckNextCard, cfg.DeckSize()-1)
		}
	} else if v.DeckNextCard != nil {
		t.Fatalf("deck %d, deck plays %v, over %v: deck_next_card %d", g.DeckCount(), cfg.DeckPlays, g.Over(), *v.DeckNextCard)
	}
}

// asPast is a view sent while the game ran as a view at that past turn
// shows it: the same, but that the past offers no moves (legal_moves null).
func asPast(t *testing.T, body []byte) []byte {
	t.Helper()
	const field = `,"legal_moves":`
	i := bytes.LastIndex(body, []byte(field))
	if i < 0 || !bytes.HasSuffix(body, []byte("}")) {
		t.Fatalf("a view without legal_moves: %s", body)
	}
	return append(append(slices.Clone(body[:i]), field...), "null}"...)
}

// revealed is a view sent while the game ran, as the end shows the same
// moment to viewer: every card in every hand face up, with its holder's
// candidates as its empathy, and the plays that went face down with the
// fireworks, score, storms and discards they made (from the truth then).
func revealed(t *testing.T, cfg *engine.Config, body []byte, then *engine.Game, deck []engine.Card, viewer int) []byte {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	for _, h := range v["hands"].([]any) {
		seat := int(h.(map[string]any)["seat"].(float64))
		// The viewer has seen all the holder has: a card's empathy is its
		// holder's candidates then (a seat's own cards carry none).
		unseen, own := then.UnseenBy(seat), then.View(seat).Hand(seat)
		for i, c := range h.(map[string]any)["cards"].([]any) {
			card := c.(map[string]any)
			id := int(card["id"].(float64))
			card["suit"], card["rank"] = cfg.Suits[deck[id].Suit].Name, deck[id].Rank
			if seat == viewer {
				continue
			}
			empathy := []any{}
			for m := unseen.Candidates(own[i].Possible); m != 0; m &= m - 1 {
				x := bits.TrailingZeros64(m)
				empathy = append(empathy, map[string]any{"suit": cfg.Suits[x>>3].Name, "rank": x & 7})
			}
			card["empathy"] = empathy
		}
	}
	// With every card shown, the stats are counted from the whole truth,
	// as a replay shows them.
	st := then.Stats()
	v["pace"], v["efficiency"], v["efficiency_needed"] = nil, nil, nil
	if st.HasPace {
		v["pace"] = st.Pace
	}
	if e, ok := st.Efficiency(); ok {
		v["efficiency"] = e
	}
	if e, ok := st.NeededEfficiency(); ok {
		v["efficiency_needed"] = e
	}
	if v["plays_hidden"] == true {
		v["plays_hidden"] = false
		delete(v, "face_down")
		v["score"], v["storm_tokens_used"] = then.Score(), then.StormsUsed()
		fw := map[string]any{}
		for i, s := range cfg.Suits {
			fw[s.Name] = then.Firework(i)
		}
		v["fireworks"] = fw
		// Plays go face down only in variants whose fireworks run up from
		// 1 (no Up or Down, no Sudoku): Playable tells their next rank.
		next := map[string]any{}
		for i, s := range cfg.Suits {
			rs := []any{}
			for r := 1; r <= slices.Max(s.Ranks); r++ {
				if cfg.Playable(i, then.Firework(i), r) {
					rs = append(rs, r)
				}
			}
			next[s.Name] = rs
		}
		v["next_ranks"] = next
		ds := []any{}
		for _, id := range then.Discarded() {
			ds = append(ds, map[string]any{"id": id, "suit": cfg.Suits[deck[id].Suit].Name, "rank": deck[id].Rank})
		}
		v["discards"] = ds
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

// sentView is what checkCandidatesSent reads of a view.
type sentView struct {
	Discards []CardFace `json:"discards"`
	Hands    []struct {
		Seat  int `json:"seat"`
		Cards []struct {
			CardView
			Suit *string `json:"suit"`
			Rank *int    `json:"rank"`
		} `json:"cards"`
	} `json:"hands"`
}

// checkCandidatesSent: the candidates in seat v-1's view at turn k count
// exactly the cards that seat was shown until then (every card it saw in
// another hand in the views it was sent, the discards, and where plays
// are face up every card played), allow no identity its possible suits
// and ranks exclude, and hold the card's identity. They cannot have used
// anything the seat was not sent.
func checkCandidatesSent(t *testing.T, cfg *engine.Config, then *engine.Game, sent func(turn, v int) *sentView, k, v int, deck []engine.Card) {
	t.Helper()
	seat := v - 1
	seen := map[int]engine.Card{}
	for turn := 0; turn <= k; turn++ {
		sv := sent(turn, v)
		for _, h := range sv.Hands {
			for _, c := range h.Cards {
				if h.Seat != seat && c.Suit != nil {
					seen[c.ID] = engine.Card{Suit: suitIndex(cfg, *c.Suit), Rank: *c.Rank}
				}
			}
		}
		for _, d := range sv.Discards {
			seen[d.ID] = engine.Card{Suit: suitIndex(cfg, d.Suit), Rank: d.Rank}
		}
	}
	if !cfg.FaceDownPlays {
		// Face up, every card that left a hand was shown in its event.
		for _, id := range then.Log() {
			if id.Kind == engine.Play || id.Kind == engine.Discard {
				seen[id.Card] = deck[id.Card]
			}
		}
	}
	var count [engine.MaxDeck]int
	for _, c := range cfg.Deck() {
		count[engine.Ident(c.Suit, c.Rank)]++
	}
	for _, c := range seen {
		count[engine.Ident(c.Suit, c.Rank)]--
	}
	sv := sent(k, v)
	for _, c := range sv.Hands[seat].Cards {
		if c.Suit != nil || c.Rank != nil {
			t.Fatalf("turn %d: seat %d is shown its own card %d", k, seat, c.ID)
		}
		truth := false
		for _, cand := range c.Candidates {
			s := suitIndex(cfg, cand.Suit)
			if n := count[engine.Ident(s, cand.Rank)]; n != cand.Unseen || n < 1 {
				t.Fatalf("turn %d seat %d card %d: candidate %+v, but %d copies were never shown to the seat", k, seat, c.ID, cand, n)
			}
			if !containsString(c.PossibleSuits, cand.Suit) || !containsInt(c.PossibleRanks, cand.Rank) {
				t.Fatalf("turn %d seat %d card %d: candidate %+v beyond %v %v", k, seat, c.ID, cand, c.PossibleSuits, c.PossibleRanks)
			}
			truth = truth || deck[c.ID] == engine.Card{Suit: s, Rank: cand.Rank}
		}
		if !truth {
			t.Fatalf("turn %d seat %d card %d: candidates %+v miss the card", k, seat, c.ID, c.Candidates)
		}
	}
}

func suitIndex(cfg *engine.Config, name string) int {
	for i, s := range cfg.Suits {
		if s.Name == name {
			return i
		}
	}
	return -1
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestViewAtTurnTableEntries: a seat that leaves and a game ended by a seat
// are entries between turns; the view at a turn takes in those that came
// before the next move. A seat that left later is still its player's in
// the views before; the version is the version then; the left seat's old
// token reads no turn at all.
func TestViewAtTurnTableEntries(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		tb := e.newTable("basic", 3, variants.Options{}, "past-entries")
		for tb.local.Turn() < 3 {
			tb.act(tb.pick())
		}
		var before GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &before)
		// Seat 2 leaves on turn 3, while seat 0 is to act: a bot plays it.
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/2?bot=random", tb.tokens[2], nil), http.StatusNoContent)
		var left GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &left)
		tb.act(tb.pick()) // seat 0
		tb.act(tb.pick()) // seat 1; then the bot moves
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
		var end GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &end)
		if end.Status != "finished" || end.Result == nil || end.Result.Reason != "terminated" {
			t.Fatalf("the end: %s %+v", end.Status, end.Result)
		}
		at := func(k int, token string) GameView {
			r := e.req("GET", fmt.Sprintf("/v1/games/%s?turn=%d", tb.id, k), token, nil)
			e.expect(r, http.StatusOK)
			var g GameView
			r.json(t, &g)
			return g
		}
		for k := 0; k <= end.Turn; k++ {
			g := at(k, tb.tokens[1])
			bot := g.Seats[2].Bot
			if (k >= 3) != (bot != nil) {
				t.Errorf("turn %d: seat 2's bot %v", k, bot)
			}
			if (k == end.Turn) != (g.Result != nil) || g.Turn != k {
				t.Errorf("turn %d: turn %d, result %+v", k, g.Turn, g.Result)
			}
		}
		if g := at(3, tb.tokens[0]); g.Version != left.Version || !reflect.DeepEqual(g.Seats, left.Seats) {
			t.Errorf("turn 3 after the leave: version %d seats %+v, was sent version %d seats %+v", g.Version, g.Seats, left.Version, left.Seats)
		}
		if g := at(end.Turn, ""); g.Version != end.Version || g.Result.Seat == nil || *g.Result.Seat != 0 {
			t.Errorf("the last turn: version %d (now %d), result %+v", g.Version, end.Version, g.Result)
		}
		// The view at turn 2 is older than the leave: the version then.
		if g := at(2, tb.tokens[0]); g.Version != before.Version-1 {
			t.Errorf("turn 2: version %d, turn 3 was %d", g.Version, before.Version)
		}
		r := e.req("GET", "/v1/games/"+tb.id+"?turn=0", tb.tokens[2], nil)
		e.expect(r, http.StatusUnauthorized)
		if p := r.problem(t); p.Code != "unauthorized" {
			t.Errorf("left token: %+v", p)
		}
	})
}

// TestViewAtTurnRefusals: turn must be a turn the game has had, alone
// (not with since or wait), of a game that has started.
func TestViewAtTurnRefusals(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "past-refusals")
	tb.act(tb.pick())
	base := "/v1/games/" + tb.id
	for _, c := range []struct {
		query  string
		status int
		code   string
	}{
		{"?turn=0&since=0", http.StatusBadRequest, "bad_request"},
		{"?turn=0&wait=1s", http.StatusBadRequest, "bad_request"},
		{"?turn=-1", http.StatusBadRequest, "bad_request"},
		{"?turn=one", http.StatusBadRequest, "bad_request"},
		{"?turn=", http.StatusBadRequest, "bad_request"},
		{"?turn=2", http.StatusBadRequest, "bad_request"},
		{"?turn=99999999999999999999", http.StatusBadRequest, "bad_request"},
	} {
		r := e.req("GET", base+c.query, tb.tokens[0], nil)
		if r.status != c.status {
			t.Errorf("%s: %d, want %d: %s", c.query, r.status, c.status, r.body)
			continue
		}
		if p := r.problem(t); p.Code != c.code {
			t.Errorf("%s: %+v", c.query, p)
		}
	}
	e.expect(e.req("GET", base+"?turn=1", tb.tokens[0], nil), http.StatusOK)
	e.expect(e.req("GET", "/v1/games/nosuchgame?turn=0", "", nil), http.StatusNotFound)

	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2})
	e.expect(r, http.StatusCreated)
	var lobby SeatResponse
	r.json(t, &lobby)
	r = e.req("GET", "/v1/games/"+lobby.Game.ID+"?turn=0", deref(lobby.Token), nil)
	e.expect(r, http.StatusConflict)
	if p := r.problem(t); p.Code != "game_not_active" {
		t.Errorf("a lobby's turn: %+v", p)
	}
}

// BenchmarkViewAtTurn renders a seat's view of a finished three-seat game
// of about 60 turns at one of its turns, as a replay viewer steps through
// it: one replay of the log's prefix and the view (the store's read aside).
func BenchmarkViewAtTurn(b *testing.B) {
	_, set, cfg, err := variants.Setup("basic", variants.Options{}, 3)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var g *engine.Game
	for seed := 0; g == nil || g.Turn() < 58 || g.Turn() > 64; seed++ {
		if g, err = engine.NewSeeded(cfg, fmt.Sprint("at", seed)); err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			if _, err := g.Apply(pastMove(g, rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	var log []play.Entry
	for i, a := range g.Log() {
		log = append(log, play.Entry{Seq: i, Seat: i % 3, Action: a})
	}
	st := &play.State{Record: play.Record{ID: "0123456789abcdef", Variant: "basic", Settings: set, Players: 3, Status: play.StatusFinished, Version: int64(3 + len(log))},
		Seats: []play.Seat{{Seat: 0, Name: "A"}, {Seat: 1, Name: "B"}, {Seat: 2, Name: "C"}}, Config: g.Config(), Game: g, Log: log}
	out := make([]byte, 0, 16<<10)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		past, err := st.At(i % (g.Turn() + 1))
		if err != nil {
			b.Fatal(err)
		}
		out = appendViewAt(out[:0], past, i%3, true)
	}
	b.ReportMetric(float64(g.Turn()), "turns/game")
}

// TestPastViewJSONIsEncodingJSONs: a view at a past turn, as written by
// hand, is byte for byte what encoding/json writes for the documented
// structs, for every viewer at every turn of finished games of each group.
func TestPastViewJSONIsEncodingJSONs(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	rng := rand.New(rand.NewPCG(29, 9))
	for _, pg := range pastGroups {
		_, set, cfg, err := variants.Setup(pg.variant, pg.opts, pg.players)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewSeeded(cfg, "past json "+pg.name)
		if err != nil {
			t.Fatal(err)
		}
		var log []play.Entry
		for !g.Over() {
			a := pastMove(g, rng)
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
			log = append(log, play.Entry{Seq: len(log), Action: a})
		}
		st := &play.State{Record: play.Record{ID: "0123456789abcdef", Variant: pg.variant, Settings: set, Players: pg.players, Status: play.StatusFinished, Version: int64(pg.players + len(log))},
			Config: g.Config(), Game: g, Log: log}
		for s := range pg.players {
			st.Seats = append(st.Seats, play.Seat{Seat: s, Name: awkwardNames[s]})
		}
		for k := 0; k <= g.Turn(); k++ {
			past, err := st.At(k)
			if err != nil {
				t.Fatal(err)
			}
			for viewer := -1; viewer < pg.players; viewer++ {
				want, err := json.Marshal(buildViewAt(past, viewer, true))
				if err != nil {
					t.Fatal(err)
				}
				if got := appendViewAt(nil, past, viewer, true); !bytes.Equal(got, want) {
					t.Fatalf("%s, viewer %d at turn %d:\n got %s\nwant %s", pg.name, viewer, k, got, want)
				}
			}
		}
	}
}
