package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
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
		return PlayEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, Card: deref(e.Card),
			Success: deref(e.Success), Drawn: e.Drawn, tokensAfter: tokensAfter{NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken}, StormTokensUsed: deref(e.StormTokensUsed), moveBy: moveBy{Auto: e.Auto, Why: e.Why}}
	case "play_face_down":
		return PlayFaceDownEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, CardID: deref(e.CardID),
			Drawn: e.Drawn, tokensAfter: tokensAfter{NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken}, moveBy: moveBy{Auto: e.Auto, Why: e.Why}}
	case "discard":
		return DiscardEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, Card: deref(e.Card),
			Drawn: e.Drawn, tokensAfter: tokensAfter{NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken}, StormTokensUsed: deref(e.StormTokensUsed), moveBy: moveBy{Auto: e.Auto, Why: e.Why}}
	case "clue":
		touched := e.Touched
		if touched == nil {
			touched = []int{}
		}
		return ClueEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, Target: deref(e.Target),
			Color: e.Color, Rank: e.Rank, Touched: touched, tokensAfter: tokensAfter{NoteTokens: deref(e.NoteTokens), HalfNoteToken: e.HalfNoteToken}, ClueType: e.ClueType, moveBy: moveBy{Auto: e.Auto, Why: e.Why}}
	case "game_over":
		return GameOverEvent{Seq: e.Seq, Turn: e.Turn, Type: e.Type, Result: deref(e.Result)}
	case "seat_left":
		return SeatLeftEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, Bot: deref(e.Bot)}
	case "rearrange":
		return RearrangeEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, Order: e.Order}
	case "vote":
		return VoteEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type, Vote: deref(e.Vote), Votes: e.Votes}
	case "pause":
		return PauseEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type}
	case "resume":
		return ResumeEvent{eventHead: eventHead{Seq: e.Seq, Turn: e.Turn, Seat: deref(e.Seat)}, Type: e.Type}
	case "next_game":
		return NextGameEvent{Seq: e.Seq, Turn: e.Turn, Type: e.Type, Game: e.Game}
	case "chat":
		return ChatEvent{Seq: e.Seq, Line: e.Line, Type: e.Type, Seat: e.Seat, From: e.From, Player: e.Player, Text: e.Text, At: e.At}
	}
	panic("unknown event type " + e.Type)
}

// MarshalJSON writes an event read back from an answer as the member of
// the union its type names, for the tests that look into it.
func (e Event) MarshalJSON() ([]byte, error) { return json.Marshal(unionOf(e)) }

// eventView builds the event of log entry seq-1 as viewer may see it (see
// appendEvent) as the struct that the union's members are made from: the
// reference appendEvent is held to.
func eventView(cfg *engine.Config, seq int, ev engine.Event, bot func(seat int) string, viewer int, over bool) Event {
	seat := engine.Public
	if viewer >= 0 && viewer < cfg.Players {
		seat = viewer
	}
	ev = cfg.EventSeen(ev, seat, over)
	a := ev.Action
	switch a.Kind {
	case engine.End:
		return gameOverEvent(seq-1, ev.Turn, ev.Result)
	case engine.Leave:
		return Event{Seq: seq, Turn: ev.Turn, Seat: ptr(a.Target), Type: "seat_left", Bot: ptr(bot(a.Target))}
	case engine.Rearrange:
		return Event{Seq: seq, Turn: ev.Turn, Seat: ptr(a.Target), Type: "rearrange", Order: ev.Order.IDs()}
	case engine.Vote:
		votes := []int{}
		for seat := range cfg.Players {
			if ev.Votes&(1<<seat) != 0 {
				votes = append(votes, seat)
			}
		}
		return Event{Seq: seq, Turn: ev.Turn, Seat: ptr(a.Target), Type: "vote", Vote: ptr(a.Value == 1), Votes: votes}
	case engine.Pause, engine.Resume:
		return Event{Seq: seq, Turn: ev.Turn, Seat: ptr(a.Target), Type: a.Kind.String()}
	}
	out := Event{Seq: seq, Turn: ev.Turn, Seat: ptr(ev.Seat), NoteTokens: ptr(ev.NoteTokens)}
	if cfg.ClueStarved {
		out.HalfNoteToken = ptr(ev.HalfNote)
	}
	switch a.Kind {
	case engine.Play, engine.Discard:
		if ev.FaceDown {
			out.Type, out.CardID = "play_face_down", ptr(a.Card)
			if ev.Drawn >= 0 {
				out.Drawn = ptr(ev.Drawn)
			}
			break
		}
		// A card whose suit swaps play and discard (Orange) did what the
		// other move does: the event says what happened to the card.
		out.Type = "discard"
		if (a.Kind == engine.Play) != ev.Swapped {
			out.Type = "play"
			out.Success = ptr(ev.Success)
		}
		out.Card = &CardFace{ID: a.Card, Suit: cfg.Suits[ev.Card.Suit].Name, Rank: ev.Card.Rank}
		if ev.Drawn >= 0 {
			out.Drawn = ptr(ev.Drawn)
		}
		out.StormTokensUsed = ptr(ev.StormsUsed)
	case engine.ColorClue, engine.RankClue, engine.HiddenClue:
		out.Type = "clue"
		out.Target = ptr(a.Target)
		switch {
		case a.Value == engine.HiddenValue:
		case a.Kind == engine.ColorClue:
			out.Color = ptr(cfg.ClueColors[a.Value])
		default:
			out.Rank = ptr(a.Value)
		}
		if cfg.ClueShows != engine.ShowsAll {
			out.ClueType = clueTypeShown(a.Kind)
		}
		out.Touched = cardIDs(ev.Touched)
	}
	return out
}

// gameOverEvent follows log entry entries-1.
func gameOverEvent(entries, turn int, r engine.Result) Event {
	return Event{Seq: entries + 1, Turn: turn, Type: "game_over", Result: resultView(r)}
}

// Names that encoding/json escapes, and some it does not.
var awkwardNames = []string{"Alice", "R&D <team>", `<b>"Bob" & 'Eve'</b>`, "tab\there\nline", "Zoë 🎴", "bad \xff utf8", "\u2028sep\u2029", `back\slash`, ""}

// TestViewJSONIsEncodingJSONs: the views and events written by hand are,
// byte for byte, what encoding/json writes for the documented structs, for
// every viewer at every turn of whole games of many variants, in every
// status, with awkward names, bots, clocks, seats that left and games ended
// by a seat.
func TestViewJSONIsEncodingJSONs(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
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
		var a engine.Action
		if g.Paused() {
			a = engine.ResumeGame(rng.IntN(players))
		} else {
			a = buf[rng.IntN(len(buf))]
		}
		switch r := rng.IntN(60); {
		case g.Paused():
		case r >= 6 && r < 9:
			// A seat votes to end the game, or takes its vote back.
			a = engine.VoteToEnd(r%players, !g.Voted(r%players))
		case r == 9:
			a = engine.PauseGame(r % players)
			a.Value = rng.IntN(30000)
			st.PausedAt, st.PausedLeft = st.LastAt, time.Duration(a.Value)*time.Millisecond
		case r == 0 && !g.Left(g.Current()):
			a = engine.LeaveSeat(g.Current())
		case r == 1 && seq > 20:
			a = engine.EndGame(g.Current(), engine.EndTerminated)
		case r < 6 && cfg.Rearranges() && len(g.Hand(r%players)) > 1:
			// A seat rearranges its hand: the oldest card to the front.
			h := g.Hand(r % players)
			a, err = engine.RearrangeHand(r%players, h, append(h[len(h)-1:], h[:len(h)-1]...))
			if err != nil {
				t.Fatal(err)
			}
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
			if e.Auto && e.Type != "seat_left" && e.Type != "game_over" && e.Type != "rearrange" && e.Type != "vote" && e.Type != "pause" && e.Type != "resume" {
				e.Why = awkwardNames[rng.IntN(len(awkwardNames))]
			}
			got, typ := appendEvent(nil, st.Config, seq, ev, st.Seats, viewer, g.Over(), e.Auto, e.Why)
			compareEvent(t, e, got, typ)
		}
		st.Version++
		st.LastAt = st.LastAt.Add(time.Duration(rng.IntN(5000)) * time.Millisecond)
	}
	st.Status = play.StatusFinished
	compareViews(t, st)
	if r, over := g.Result(); over {
		compareEvent(t, gameOverEvent(int(st.Version), g.Turn(), r), appendGameOver(nil, int(st.Version)+1, g.Turn(), r), "game_over")
	}
	// Its rematch opened, the game names it, and a next_game event follows.
	st.Next, st.Version = "fedcba9876543210", st.Version+1
	compareViews(t, st)
	compareEvent(t, Event{Seq: int(st.Version) + 1, Turn: g.Turn(), Type: "next_game", Game: st.Next}, appendNextGame(nil, int(st.Version)+1, g.Turn(), st.Next), "next_game")
}

// compareViews holds every viewer's view (the spectator who sees every
// hand's and the public's first, and one seat past the last) to
// encoding/json's, and returns them.
func compareViews(t *testing.T, st *play.State) [][]byte {
	t.Helper()
	var views [][]byte
	for viewer := engine.Spectator; viewer <= st.Players; viewer++ {
		want, err := json.Marshal(buildView(st, viewer))
		if err != nil {
			t.Fatal(err)
		}
		got := appendView(nil, st, viewer)
		if !bytes.Equal(got, want) {
			t.Fatalf("viewer %d at turn %d, %s:\n got %s\nwant %s", viewer, st.Game.Turn(), st.Status, got, want)
		}
		views = append(views, got)
	}
	return views
}

// compareEvent holds got, an event appendEvent wrote as being of type typ,
// to encoding/json's encoding of e, the same event built as a struct.
func compareEvent(t *testing.T, e Event, got []byte, typ string) {
	t.Helper()
	want, err := json.Marshal(unionOf(e))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || typ != e.Type {
		t.Fatalf("event (%s):\n got %s\nwant %s", typ, got, want)
	}
}

// BenchmarkAppendView renders a four-seat Farbrausch² game twelve moves in,
// as each of its seats sees it.
func BenchmarkAppendView(b *testing.B) {
	st := benchState(b)
	out := make([]byte, 0, 8<<10)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		out = appendView(out[:0], st, i%4)
	}
	b.SetBytes(int64(len(out)))
}

// BenchmarkAppendViewBasic is BenchmarkAppendView for the game the actions
// load plays: two seats of the basic variant, eight moves in.
func BenchmarkAppendViewBasic(b *testing.B) {
	st := benchStateOf(b, "basic", 2, 8)
	out := make([]byte, 0, 8<<10)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		out = appendView(out[:0], st, i%2)
	}
	b.SetBytes(int64(len(out)))
}

// benchState is a four-seat Farbrausch² game twelve moves in, as the
// benchmarks of a view and of its compression read it.
func benchState(b *testing.B) *play.State {
	return benchStateOf(b, "farbrausch2", 4, 12)
}

// benchStateOf is a game of variant and players, moves random moves in.
func benchStateOf(b *testing.B, variant string, players, moves int) *play.State {
	_, set, cfg, err := variants.Setup(variant, variants.Options{}, players)
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.NewSeeded(cfg, "bench-view")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	for range moves {
		buf = g.LegalActions(buf[:0])
		if _, err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	seats := []play.Seat{{Seat: 0, Name: "A"}, {Seat: 1, Name: "B"}, {Seat: 2, Name: "C"}, {Seat: 3, Name: "D"}, {Seat: 4, Name: "E"}, {Seat: 5, Name: "F"}}
	return &play.State{Record: play.Record{ID: "0123456789abcdef", Variant: variant, Settings: set, Players: players, Status: play.StatusActive, Version: int64(moves)},
		Seats: seats[:players], Config: g.Config(), Game: g}
}

func suitNames(cfg *engine.Config, set uint8) []string {
	out := make([]string, 0, bits.OnesCount8(set))
	for i, s := range cfg.Suits {
		if set&(1<<i) != 0 {
			out = append(out, s.Name)
		}
	}
	return out
}

func rankList(set uint8) []int {
	out := make([]int, 0, bits.OnesCount8(set))
	for r := 1; r <= engine.MaxRank; r++ {
		if set&(1<<r) != 0 {
			out = append(out, r)
		}
	}
	return out
}

// buildView renders seat's view of the game (viewer -1: the public). Which
// card identities a viewer may see is the engine's decision (View.Known);
// this only renders it.
func buildView(st *play.State, viewer int) *GameView { return buildViewAt(st, viewer, false) }

// buildViewAt is buildView, for a past turn's state (see play.State.At) when
// past is true: no turn clock runs in the past.
func buildViewAt(st *play.State, viewer int, past bool) *GameView {
	row := &st.Record
	gv := &GameView{
		ID: row.ID, Variant: row.Variant, Options: st.Settings.Clock(), Status: row.Status, Version: row.Version,
		Seats: seatViews(row.Players, st.Seats), Fireworks: map[string]int{},
		Discards: []CardFace{}, Hands: []HandView{},
	}
	if viewer >= 0 {
		gv.You = ptr(viewer)
		if row.JoinSecret != "" {
			gv.JoinSecret = ptr(row.JoinSecret)
		}
	}
	gv.Spectators = spectatorsOf(row)
	engineSeat := engine.Public
	if viewer >= 0 && viewer < row.Players || viewer == engine.Spectator {
		engineSeat = viewer
	}
	v := st.Game.View(engineSeat)
	cfg := v.Config
	gv.Turn, gv.NoteTokens, gv.StormTokensUsed, gv.DeckCount = v.Turn, v.NoteTokens, v.StormsUsed, v.DeckCount
	if cfg.ClueStarved {
		gv.HalfNoteToken = ptr(v.HalfNote)
	}
	if k, ok := cfg.NextClueKind(v.Clues); ok {
		gv.NextClueType = ptr(clueTypeName(k))
	}
	gv.Score, gv.MaxScore = v.Score, v.MaxScore
	gv.MaxPossibleScore, gv.FirstSeat = v.MaxPossible, v.First
	gv.Pace, gv.Efficiency, gv.EfficiencyNeeded = viewStats(v, row.Status)
	if row.Next != "" && !past {
		gv.NextGame = ptr(row.Next)
	}
	if v.FinalTurnsLeft >= 0 {
		gv.FinalTurnsLeft = ptr(v.FinalTurnsLeft)
	}
	for i, s := range cfg.Suits {
		gv.Fireworks[s.Name] = v.Fireworks[i]
	}
	if cfg.HasDirections() {
		gv.StackDirections = map[string]string{}
		for i, s := range cfg.Suits {
			gv.StackDirections[s.Name] = v.Directions[i].String()
		}
	}
	if !v.PlaysHidden {
		gv.NextRanks = map[string][]int{}
		for i, s := range cfg.Suits {
			gv.NextRanks[s.Name] = append([]int{}, v.NextRanks(i)...)
		}
	}
	if cfg.Sudoku {
		gv.StackStarts = map[string]int{}
		for i, s := range cfg.Suits {
			gv.StackStarts[s.Name] = v.Starts[i]
		}
	}
	if cfg.FaceDownPlays {
		gv.PlaysHidden = ptr(v.PlaysHidden)
		if v.PlaysHidden {
			fd := make([]FaceDownCard, 0, len(v.FaceDown))
			for _, f := range v.FaceDown {
				fd = append(fd, FaceDownCard{ID: f.ID, Seat: f.Seat, Turn: f.Turn})
			}
			gv.FaceDown = &fd
		}
	}
	for _, d := range v.Discards {
		gv.Discards = append(gv.Discards, CardFace{ID: d.ID, Suit: cfg.Suits[d.Suit].Name, Rank: d.Rank})
	}
	if v.Over {
		gv.Result = resultView(v.Result)
	}
	if row.Status == play.StatusActive && !v.Over {
		gv.CurrentSeat = ptr(v.Current)
	}
	if d, ok := st.TurnDeadline(); ok && !past {
		gv.TurnDeadline = ptr(d.UTC())
	}
	gv.Paused, gv.Votes, gv.VotesToEnd = v.Paused, []int{}, engine.VotesToEnd(v.Players)
	if left, timed := st.TurnTimeLeft(st.PausedAt); timed && v.Paused && !past && row.Status == play.StatusActive {
		gv.TurnTimeLeftMS = ptr(int(left / time.Millisecond))
	}
	for seat := range v.Players {
		if v.Votes&(1<<seat) != 0 {
			gv.Votes = append(gv.Votes, seat)
		}
	}
	if id, ok := v.DeckPlayCard(); ok {
		gv.DeckNextCard = ptr(id)
	}
	gv.Notes = noteViews(st.NotesFor(viewer))
	gv.LegalMoves = legalMovesView(v, !past && row.Status == play.StatusActive)
	if row.Status == play.StatusLobby || row.Status == play.StatusCancelled {
		// Nobody holds cards before the game starts.
		return gv
	}
	unseen, own := ownUnseen(st, engineSeat)
	for p := range v.Players {
		hv := HandView{Seat: p, Cards: make([]CardView, 0, v.HandLen[p])}
		for _, cv := range v.Hand(p) {
			var u *engine.Unseen
			if own && p == engineSeat {
				u = &unseen
			}
			hv.Cards = append(hv.Cards, cardView(cfg, v.Clues, cv, u))
		}
		gv.Hands = append(gv.Hands, hv)
	}
	return gv
}

// cardView renders a card in a hand; unseen, for the viewer's own cards
// only, is what the viewer has not seen (engine.Game.UnseenBy), from which
// its candidates follow.
func cardView(cfg *engine.Config, clues []engine.ClueRecord, cv engine.CardView, unseen *engine.Unseen) CardView {
	out := CardView{
		ID: cv.ID, Clues: []ClueMark{},
		PossibleSuits: suitNames(cfg, cv.Suits), PossibleRanks: rankList(cv.Ranks),
	}
	if unseen != nil {
		out.Candidates = []Candidate{}
		for m := unseen.Candidates(cv.Possible); m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			suit, rank := i>>3, i&7
			out.Candidates = append(out.Candidates, Candidate{Identity: Identity{Suit: cfg.Suits[suit].Name, Rank: rank}, Unseen: int(unseen[i])})
		}
	}
	if cv.Empathy != 0 {
		out.Empathy = []Identity{}
		for m := cv.Empathy; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			out.Empathy = append(out.Empathy, Identity{Suit: cfg.Suits[i>>3].Name, Rank: i & 7})
		}
	}
	if cv.Known {
		out.Suit, out.Rank = ptr(cfg.Suits[cv.Card.Suit].Name), ptr(cv.Card.Rank)
	}
	bit := uint64(1) << uint(cv.ID)
	for _, cr := range clues {
		if cr.Hand&bit == 0 {
			continue
		}
		m := ClueMark{Turn: cr.Turn, Giver: cr.Giver, Touched: cr.Touched&bit != 0}
		if cr.Value != engine.HiddenValue {
			if cr.Kind == engine.ColorClue {
				m.Color = ptr(cfg.ClueColors[cr.Value])
			} else {
				m.Rank = ptr(cr.Value)
			}
		}
		if cfg.ClueShows != engine.ShowsAll {
			m.ClueType = clueTypeShown(cr.Kind)
		}
		out.Clues = append(out.Clues, m)
	}
	return out
}

// legalMovesView builds what appendLegalMoves writes, as the struct the
// document describes.
func legalMovesView(v *engine.View, live bool) *LegalMoves {
	if !toAct(v, live) {
		return nil
	}
	cfg := v.Config
	out := &LegalMoves{Play: []int{}, Discard: []int{}, Clues: []LegalClue{}}
	for _, a := range v.LegalActions(nil) {
		switch a.Kind {
		case engine.Play:
			out.Play = append(out.Play, a.Card)
		case engine.Discard:
			out.Discard = append(out.Discard, a.Card)
		case engine.ColorClue, engine.RankClue:
			c := LegalClue{Target: a.Target, Touches: cardIDs(v.Touches(a))}
			if a.Kind == engine.ColorClue {
				c.Color = ptr(cfg.ClueColors[a.Value])
			} else {
				c.Rank = ptr(a.Value)
			}
			out.Clues = append(out.Clues, c)
		}
	}
	return out
}

// seatBot names the bot strategy that plays a seat of st now.
func seatBot(st *play.State) func(seat int) string {
	return func(seat int) string {
		for _, t := range st.Seats {
			if t.Seat == seat {
				return t.Bot
			}
		}
		return ""
	}
}

// viewStats are a view's pace, efficiency and efficiency still needed as
// GameView holds them, each nil where it has none: what appendStats must
// write.
func viewStats(v *engine.View, status string) (pace *int, eff, need *float64) {
	if status == play.StatusLobby || status == play.StatusCancelled {
		return nil, nil, nil
	}
	if v.Stats.HasPace {
		pace = ptr(v.Stats.Pace)
	}
	if e, ok := v.Stats.Efficiency(); ok {
		eff = ptr(e)
	}
	if e, ok := v.Stats.NeededEfficiency(); ok {
		need = ptr(e)
	}
	return pace, eff, need
}
