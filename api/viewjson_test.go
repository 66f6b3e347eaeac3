package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// unionOf is the member of the event union that e stands for, as the
// document describes it: what encoding/json must write for e.
func unionOf(e Event) any {
	switch e.Type {
	case "play":
		return PlayEvent{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat), Type: e.Type, Card: deref(e.Card),
			Success: deref(e.Success), Drawn: e.Drawn, NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken, StormTokensUsed: deref(e.StormTokensUsed), Auto: e.Auto}
	case "play_face_down":
		return PlayFaceDownEvent{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat), Type: e.Type, CardID: deref(e.CardID),
			Drawn: e.Drawn, NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken, Auto: e.Auto}
	case "discard":
		return DiscardEvent{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat), Type: e.Type, Card: deref(e.Card),
			Drawn: e.Drawn, NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken, StormTokensUsed: deref(e.StormTokensUsed), Auto: e.Auto}
	case "clue":
		touched := e.Touched
		if touched == nil {
			touched = []int{}
		}
		return ClueEvent{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat), Type: e.Type, Target: deref(e.Target),
			Color: e.Color, Rank: e.Rank, Touched: touched, NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken, ClueType: e.ClueType, Auto: e.Auto}
	case "game_over":
		return GameOverEvent{Seq: e.Seq, Turn: e.Turn, Type: e.Type, Result: deref(e.Result)}
	case "seat_left":
		return SeatLeftEvent{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat), Type: e.Type, Bot: deref(e.Bot)}
	}
	panic("unknown event type " + e.Type)
}

// Names that encoding/json escapes, and some it does not.
var awkwardNames = []string{"Alice", "R&D <team>", `<b>"Bob" & 'Eve'</b>`, "tab\there\nline", "Zoë 🎴", "bad \xff utf8", "\u2028sep\u2029", `back\slash`, ""}

// TestViewJSONIsEncodingJSONs: the views and events written by hand are,
// byte for byte, what encoding/json writes for the documented structs, for
// every viewer at every turn of whole games of many variants, in every
// status, with awkward names, bots, clocks, seats that left and games ended
// by a seat.
func TestViewJSONIsEncodingJSONs(t *testing.T) {
	names := []string{"basic", "farbrausch", "farbrausch2", "orange-5-suits", "clue-starved-rainbow-6-suits", "alternating-clues-4-suits", "sudoku-4-suits", "reversed-5-suits", "up-or-down-6-suits", "up-or-down-prism-5-suits",
		"throw-it-in-a-hole-orange-5-suits", "cow-pig-4-suits", "duck-3-suits"}
	all := variants.All()
	rng := rand.New(rand.NewPCG(7, 11))
	for range 40 {
		names = append(names, all[rng.IntN(len(all))].Name)
	}
	games := 0
	for i, name := range names {
		players := 2 + i%5
		opts := variants.Options{}
		if i%3 == 0 {
			opts.TurnSeconds = ptr(30)
		}
		if i%4 == 1 {
			opts.RainbowCards = ptr(5)
		}
		// Each table option in turn, so that the options render as
		// encoding/json writes them.
		switch (i / 5) % 5 {
		case 1:
			opts.OneExtraCard = ptr(true)
		case 2:
			opts.OneLessCard = ptr(true)
		case 3:
			opts.DeckPlays = ptr(true)
		case 4:
			opts.AllOrNothing = ptr(true)
		}
		_, set, cfg, err := variants.Setup(name, opts, players)
		if err != nil {
			opts.RainbowCards = nil
			if _, set, cfg, err = variants.Setup(name, opts, players); err != nil {
				continue // a variant that takes fewer players
			}
		}
		t.Run(fmt.Sprintf("%s-%dp", name, players), func(t *testing.T) {
			playAndCompare(t, name, set, cfg, players, rng)
		})
		games++
	}
	if games < 30 {
		t.Fatalf("only %d games played", games)
	}
}

func playAndCompare(t *testing.T, name string, set variants.Settings, cfg engine.Config, players int, rng *rand.Rand) {
	g, err := engine.NewSeeded(cfg, fmt.Sprintf("seed-%d", rng.Int()))
	if err != nil {
		t.Fatal(err)
	}
	st := &play.State{
		Record: play.Record{ID: "0123456789abcdef", Variant: name, Settings: set, Players: players, Status: play.StatusLobby, Version: 3},
		Config: g.Config(), Game: g, LastAt: time.Date(2026, 11, 24, 13, 0, 0, 123456789, time.UTC),
	}
	for s := range players - 1 {
		seat := play.Seat{Seat: s, Name: awkwardNames[rng.IntN(len(awkwardNames))]}
		if rng.IntN(3) == 0 {
			seat.Bot = "hat"
		}
		st.Seats = append(st.Seats, seat)
	}
	compareViews(t, st)
	st.Status = play.StatusCancelled
	compareViews(t, st)
	st.Seats = append(st.Seats, play.Seat{Seat: players - 1, Name: "last"})
	st.Status = play.StatusActive
	bot := seatBot(st)
	var buf []engine.Action
	for seq := 1; !g.Over(); seq++ {
		compareViews(t, st)
		buf = g.LegalActions(buf[:0])
		a := buf[rng.IntN(len(buf))]
		switch r := rng.IntN(60); {
		case r == 0 && !g.Left(g.Current()):
			a = engine.LeaveSeat(g.Current())
		case r == 1 && seq > 20:
			a = engine.EndGame(g.Current(), engine.EndTerminated)
		}
		if rng.IntN(4) == 0 {
			// A note from a random seat on a card dealt so far.
			st.Notes = append(st.Notes, play.Note{Seat: rng.IntN(players), Card: rng.IntN(cfg.DeckSize() - g.DeckCount()),
				Text: awkwardNames[rng.IntN(len(awkwardNames))]})
		}
		ev, err := g.Apply(a)
		if err != nil {
			t.Fatalf("move %d: %v", seq, err)
		}
		for viewer := -1; viewer <= players; viewer++ {
			e := eventView(st.Config, seq, ev, bot, viewer, g.Over())
			e.Auto = rng.IntN(2) == 0
			compareEvent(t, e)
		}
		st.Version++
		st.LastAt = st.LastAt.Add(time.Duration(rng.IntN(5000)) * time.Millisecond)
	}
	st.Status = play.StatusFinished
	compareViews(t, st)
	if r, over := g.Result(); over {
		compareEvent(t, gameOverEvent(int(st.Version), g.Turn(), r))
	}
}

func compareViews(t *testing.T, st *play.State) {
	t.Helper()
	for viewer := -1; viewer <= st.Players; viewer++ {
		want, err := json.Marshal(buildView(st, viewer))
		if err != nil {
			t.Fatal(err)
		}
		if got := appendView(nil, st, viewer); !bytes.Equal(got, want) {
			t.Fatalf("viewer %d at turn %d, %s:\n got %s\nwant %s", viewer, st.Game.Turn(), st.Status, got, want)
		}
	}
}

func compareEvent(t *testing.T, e Event) {
	t.Helper()
	want, err := json.Marshal(unionOf(e))
	if err != nil {
		t.Fatal(err)
	}
	if got := appendEvent(nil, e); !bytes.Equal(got, want) {
		t.Fatalf("event:\n got %s\nwant %s", got, want)
	}
	if got, err := json.Marshal(e); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("Event.MarshalJSON: %s, %v\nwant %s", got, err, want)
	}
}

// BenchmarkAppendView renders a four-seat Farbrausch² game twelve moves in,
// as each of its seats sees it.
func BenchmarkAppendView(b *testing.B) {
	_, set, cfg, err := variants.Setup("farbrausch2", variants.Options{}, 4)
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.NewSeeded(cfg, "bench-view")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	for range 12 {
		buf = g.LegalActions(buf[:0])
		if _, err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	st := &play.State{Record: play.Record{ID: "0123456789abcdef", Variant: "farbrausch2", Settings: set, Players: 4, Status: play.StatusActive, Version: 12},
		Seats: []play.Seat{{Seat: 0, Name: "A"}, {Seat: 1, Name: "B"}, {Seat: 2, Name: "C"}, {Seat: 3, Name: "D"}}, Config: g.Config(), Game: g}
	out := make([]byte, 0, 8<<10)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		out = appendView(out[:0], st, i%4)
	}
	b.SetBytes(int64(len(out)))
}
