package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// legalGroup is a rule group whose legal moves are checked over seeded
// whole games: a variant, its table options, the rule book it is played
// under, and what its games must have met for the check to mean anything.
type legalGroup struct {
	name, variant string
	opts          variants.Options
	abacus        bool // played under the ABACUS rules, whatever the variant's
	need          func(c legalCover) string
}

// legalCover counts the situations the games of a group met.
type legalCover struct {
	turns        int
	atMaxAll     int // the seat to act at the note maximum may discard every card it holds
	atMaxSome    int // ... some of its cards but not all
	atMaxNone    int // ... none
	noNotes      int // no note token: no clue listed
	emptyClues   int // a clue that touches nothing is listed
	oneType      int // Alternating Clues: a clue type is required and clues are listed
	deckPlay     int // the deck's last card may be played
	deckDiscard  int // the deck's last card may be discarded
	hiddenClues  int // clues whose value the seat to act may not know were given (Cow & Pig, Duck)
	facedownPlay int // plays went face down
}

func needs(checks ...func(c legalCover) string) func(c legalCover) string {
	return func(c legalCover) string {
		for _, f := range checks {
			if msg := f(c); msg != "" {
				return msg
			}
		}
		return ""
	}
}

func atLeast(what string, n func(c legalCover) int) func(c legalCover) string {
	return func(c legalCover) string {
		if n(c) == 0 {
			return "no turn where " + what
		}
		return ""
	}
}

var (
	needNoNotes     = atLeast("no note token was left", func(c legalCover) int { return c.noNotes })
	needMaxNone     = atLeast("the note maximum refused every discard", func(c legalCover) int { return c.atMaxNone })
	needMaxAll      = atLeast("every card could be discarded at the note maximum", func(c legalCover) int { return c.atMaxAll })
	needMaxSome     = atLeast("some cards but not all could be discarded at the note maximum", func(c legalCover) int { return c.atMaxSome })
	needEmptyClues  = atLeast("a clue touching nothing was offered", func(c legalCover) int { return c.emptyClues })
	needOneType     = atLeast("a clue type was required", func(c legalCover) int { return c.oneType })
	needDeckPlay    = atLeast("the deck's last card could be played", func(c legalCover) int { return c.deckPlay })
	needDeckDiscard = atLeast("the deck's last card could be discarded", func(c legalCover) int { return c.deckDiscard })
	needHidden      = atLeast("a clue's value was hidden from the seat to act", func(c legalCover) int { return c.hiddenClues })
	needFaceDown    = atLeast("a card went face down", func(c legalCover) int { return c.facedownPlay })
	noDeckDiscard   = func(c legalCover) string {
		if c.deckDiscard > 0 {
			return "the deck's last card could be discarded"
		}
		return ""
	}
)

var legalGroups = []legalGroup{
	{name: "plain", variant: "basic", need: needs(needNoNotes, needMaxNone)},
	{name: "plain-hanablive", variant: "no-variant", need: needs(needNoNotes, needMaxNone)},
	{name: "rainbow", variant: "farbrausch2", need: needs(needNoNotes, needMaxNone)},
	{name: "empty-clues", variant: "basic", opts: variants.Options{EmptyClues: ptr(true)}, need: needEmptyClues},
	{name: "orange-hanablive", variant: "orange-5-suits", opts: variants.Options{NoteTokens: ptr(3)}, need: needs(needMaxAll, needNoNotes)},
	{name: "orange-abacus", variant: "orange-5-suits", opts: variants.Options{NoteTokens: ptr(3)}, abacus: true, need: needs(needMaxAll, needMaxSome, needNoNotes)},
	{name: "clue-starved", variant: "clue-starved-5-suits", need: needNoNotes},
	{name: "alternating-clues", variant: "alternating-clues-5-suits", need: needOneType},
	{name: "alternating-clues-orange", variant: "alternating-clues-orange-5-suits", need: needs(needOneType, needMaxAll)},
	{name: "reversed", variant: "reversed-5-suits"},
	{name: "sudoku", variant: "sudoku-5-suits"},
	{name: "up-or-down", variant: "up-or-down-5-suits"},
	{name: "throw-it-in-a-hole", variant: "throw-it-in-a-hole-5-suits", need: needFaceDown},
	{name: "cow-pig", variant: "cow-pig-5-suits", need: needHidden},
	{name: "duck", variant: "duck-5-suits", need: needHidden},
	{name: "color-blind", variant: "color-blind-5-suits", need: needEmptyClues},
	{name: "number-blind", variant: "number-blind-4-suits", need: needEmptyClues},
	{name: "totally-blind", variant: "totally-blind-3-suits", need: needEmptyClues},
	{name: "deck-plays", variant: "basic", opts: variants.Options{DeckPlays: ptr(true)}, need: needs(needDeckPlay, noDeckDiscard)},
	{name: "deck-plays-orange-hanablive", variant: "orange-5-suits", opts: variants.Options{DeckPlays: ptr(true)}, need: needs(needDeckPlay, needDeckDiscard)},
	{name: "deck-plays-orange-abacus", variant: "orange-5-suits", opts: variants.Options{DeckPlays: ptr(true)}, abacus: true, need: needs(needDeckPlay, noDeckDiscard)},
}

// legalGame deals a seeded game of the group for players seats, as a
// running game's state.
func legalGame(t *testing.T, gr legalGroup, players int, seed string) *play.State {
	t.Helper()
	_, set, cfg, err := variants.Setup(gr.variant, gr.opts, players)
	if err != nil {
		t.Fatal(err)
	}
	if gr.abacus {
		cfg.Rules, set.Rules = engine.RulesABACUS, engine.RulesABACUS.String()
	}
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	st := &play.State{
		Record: play.Record{ID: "0123456789abcdef", Variant: gr.variant, Settings: set, Players: players, Status: play.StatusActive, Version: 1},
		Config: g.Config(), Game: g,
	}
	for s := range players {
		st.Seats = append(st.Seats, play.Seat{Seat: s, Name: fmt.Sprintf("P%d", s)})
	}
	return st
}

// legalOf decodes a rendered view's legal_moves.
func legalOf(t *testing.T, body []byte) *LegalMoves {
	t.Helper()
	// The whole-game tests read every viewer's view at every turn: the
	// value alone is decoded (the views are held to encoding/json's
	// elsewhere). Unescaped quotes make the key a key: text in a view
	// escapes its own.
	key := []byte(`"legal_moves":`)
	if n := bytes.Count(body, key); n != 1 {
		t.Fatalf("the view has legal_moves %d times: %s", n, body)
	}
	var lm *LegalMoves
	if err := json.NewDecoder(bytes.NewReader(body[bytes.Index(body, key)+len(key):])).Decode(&lm); err != nil {
		t.Fatalf("view's legal_moves: %v in %s", err, body)
	}
	return lm
}

// listedMoves turns legal moves into engine actions, each clue with the ids
// it is said to touch; a move listed twice fails the test.
func listedMoves(t *testing.T, cfg *engine.Config, lm *LegalMoves) map[engine.Action][]int {
	t.Helper()
	out := map[engine.Action][]int{}
	add := func(a engine.Action, touches []int) {
		if _, dup := out[a]; dup {
			t.Fatalf("%+v is listed twice in %+v", a, lm)
		}
		out[a] = touches
	}
	for _, id := range lm.Play {
		add(engine.PlayCard(id), nil)
	}
	for _, id := range lm.Discard {
		add(engine.DiscardCard(id), nil)
	}
	for _, c := range lm.Clues {
		switch {
		case c.Color != nil && c.Rank == nil:
			i := slices.Index(cfg.ClueColors, *c.Color)
			if i < 0 {
				t.Fatalf("listed clue names color %q, not one of %v", *c.Color, cfg.ClueColors)
			}
			add(engine.ClueColor(c.Target, i), c.Touches)
		case c.Rank != nil && c.Color == nil:
			add(engine.ClueRank(c.Target, *c.Rank), c.Touches)
		default:
			t.Fatalf("listed clue %+v names not exactly one of color and rank", c)
		}
		if c.Touches == nil {
			t.Fatalf("listed clue %+v has touches null", c)
		}
	}
	return out
}

// everyMove is every move a seat could ask for in a game of cfg, the
// impossible ones too: each card id (and one past the deck) played and
// discarded, and every clue to every seat (itself too) of every color and
// rank (and one of each out of range).
func everyMove(cfg *engine.Config) []engine.Action {
	var out []engine.Action
	for id := 0; id <= cfg.DeckSize(); id++ {
		out = append(out, engine.PlayCard(id), engine.DiscardCard(id))
	}
	for t := range cfg.Players {
		for c := 0; c <= len(cfg.ClueColors); c++ {
			out = append(out, engine.ClueColor(t, c))
		}
		for r := 0; r <= engine.MaxRank+1; r++ {
			out = append(out, engine.ClueRank(t, r))
		}
	}
	return out
}

// checkLegal checks the legal moves the seat to act was given against the
// game: every move listed is one the game accepts, and taken on a copy of
// the game, a clue touches exactly the cards listed; every move not listed
// is refused. It counts what the turn met in cover.
func checkLegal(t *testing.T, g *engine.Game, lm *LegalMoves, cover *legalCover) {
	t.Helper()
	cfg := g.Config()
	listed := listedMoves(t, cfg, lm)
	accepted := 0
	for _, a := range everyMove(cfg) {
		err := g.Check(a)
		touches, ok := listed[a]
		if (err == nil) != ok {
			t.Fatalf("turn %d, seat %d: %+v is listed %v, the game says %v\nlegal moves %+v", g.Turn(), g.Current(), a, ok, err, lm)
		}
		if !ok {
			continue
		}
		accepted++
		ev, err := g.Clone().Apply(a)
		if err != nil {
			t.Fatalf("turn %d: listed %+v, applied: %v", g.Turn(), a, err)
		}
		if a.IsClue() && !slices.Equal(cardIDs(ev.Touched), touches) {
			t.Fatalf("turn %d: clue %+v listed as touching %v, it touched %v", g.Turn(), a, touches, cardIDs(ev.Touched))
		}
	}
	if accepted != len(listed) {
		t.Fatalf("turn %d: %d moves listed, %d of them among the moves a seat can ask for", g.Turn(), len(listed), accepted)
	}

	cover.turns++
	hand := g.Hand(g.Current())
	if g.NoteTokens() == cfg.NoteTokens {
		own := 0
		for _, id := range lm.Discard {
			if slices.Contains(hand, id) {
				own++
			}
		}
		switch own {
		case 0:
			cover.atMaxNone++
		case len(hand):
			cover.atMaxAll++
		default:
			cover.atMaxSome++
		}
	}
	if g.NoteTokens() == 0 && len(lm.Clues) == 0 {
		cover.noNotes++
	}
	for _, c := range lm.Clues {
		if len(c.Touches) == 0 {
			cover.emptyClues++
			break
		}
	}
	if _, ok := cfg.NextClueKind(g.View(g.Current()).Clues); ok && len(lm.Clues) > 0 {
		cover.oneType++
	}
	if deck := cfg.DeckSize() - 1; g.DeckCount() == 1 {
		if slices.Contains(lm.Play, deck) {
			cover.deckPlay++
		}
		if slices.Contains(lm.Discard, deck) {
			cover.deckDiscard++
		}
	}
	for _, c := range g.View(g.Current()).Clues {
		if c.Value == engine.HiddenValue {
			cover.hiddenClues++
			break
		}
	}
	if v := g.View(g.Current()); v.PlaysHidden && len(v.FaceDown) > 0 {
		cover.facedownPlay++
	}
}

// chooseMove picks a legal move of g: often a play that succeeds, else
// discards and clues that cost no storm token (each tried on a copy), so
// that games run long enough to meet their deck's end; now and then any
// move.
func chooseMove(g *engine.Game, rng *rand.Rand) engine.Action {
	legal := g.LegalActions(nil)
	if rng.IntN(60) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	var good, discards, clues []engine.Action
	for _, a := range legal {
		if !a.IsClue() {
			ev, err := g.Clone().Apply(a)
			if err != nil || ev.StormsUsed > g.StormsUsed() {
				continue
			}
		}
		switch {
		case a.Kind == engine.Play:
			good = append(good, a)
		case a.Kind == engine.Discard:
			discards = append(discards, a)
		default:
			clues = append(clues, a)
		}
	}
	switch r := rng.IntN(20); {
	case len(good) > 0 && r < 8:
		return good[rng.IntN(len(good))]
	case len(clues) > 0 && r < 15:
		return clues[rng.IntN(len(clues))]
	case len(discards) > 0:
		return discards[rng.IntN(len(discards))]
	case len(clues) > 0:
		return clues[rng.IntN(len(clues))]
	case len(good) > 0:
		return good[rng.IntN(len(good))]
	}
	return legal[rng.IntN(len(legal))]
}

// TestLegalMovesAreWhatTheServerAccepts: at every turn of seeded whole games
// of every rule group, the view of the seat to act lists exactly the moves
// the game accepts, each clue with the cards it touches when given, and
// every other view (the other seats', the public's, a seat number past the
// table's) has legal_moves null, as does every view once the game is over.
// The two renderers agree byte for byte throughout.
func TestLegalMovesAreWhatTheServerAccepts(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	for _, gr := range legalGroups {
		t.Run(gr.name, func(t *testing.T) {
			var cover legalCover
			rng := rand.New(rand.NewPCG(29, uint64(len(gr.name))))
			// Every table size from 2 to 5 seats, and under the race
			// detector no more (the coverage below must still be met).
			games := 6
			if race.Enabled {
				games = 4
			}
			for game := range games {
				players := 2 + game%4
				st := legalGame(t, gr, players, fmt.Sprintf("legal-%s-%d", gr.name, game))
				g := st.Game
				for !g.Over() {
					for i, view := range legalViews(t, st) {
						viewer := i + engine.Spectator
						lm := legalOf(t, view)
						if viewer == g.Current() {
							if lm == nil {
								t.Fatalf("turn %d: the seat to act, %d, has no legal moves", g.Turn(), viewer)
							}
							checkLegal(t, g, lm, &cover)
						} else if lm != nil {
							t.Fatalf("turn %d: seat %d, not to act, is given legal moves %+v", g.Turn(), viewer, lm)
						}
					}
					if _, err := g.Apply(chooseMove(g, rng)); err != nil {
						t.Fatal(err)
					}
					st.Version++
				}
				for _, status := range []string{play.StatusActive, play.StatusFinished} {
					st.Status = status
					for i, view := range compareViews(t, st) {
						if lm := legalOf(t, view); lm != nil {
							t.Fatalf("the game is over (%s), yet viewer %d is given legal moves %+v", status, i+engine.Spectator, lm)
						}
					}
				}
			}
			if gr.need != nil {
				if msg := gr.need(cover); msg != "" {
					t.Errorf("%s in %d turns: the games do not test what they should (%+v)", msg, cover.turns, cover)
				}
			}
		})
	}
}

// legalViews is every viewer's view of st, as the server writes it, and at
// every turn but under the race detector only at one turn in five (the
// views' JSON is held to encoding/json's by TestViewJSONIsEncodingJSONs
// too) also as encoding/json writes it, which must be the same.
func legalViews(t *testing.T, st *play.State) [][]byte {
	t.Helper()
	if !race.Enabled || st.Game.Turn()%5 == 0 {
		return compareViews(t, st)
	}
	var views [][]byte
	for viewer := engine.Spectator; viewer <= st.Players; viewer++ {
		views = append(views, appendView(nil, st, viewer))
	}
	return views
}

// TestLegalMovesTellNothingOfOwnCards: the seat to act's legal moves do not
// depend on what its own cards are. At every turn of seeded games, one of
// its cards is swapped in the deal with a card of another identity still in
// the deck and the game is replayed: wherever the seat's view is otherwise
// the same byte for byte (its clues fit the other card just as well), its
// legal moves are the same too. Orange under the ABACUS rules, where a
// discard at the note maximum depends on what the holder knows, is among
// the groups.
func TestLegalMovesTellNothingOfOwnCards(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	for _, name := range []string{"plain", "orange-abacus", "orange-hanablive", "alternating-clues-orange", "color-blind", "deck-plays-orange-hanablive", "throw-it-in-a-hole"} {
		gr := legalGroups[slices.IndexFunc(legalGroups, func(g legalGroup) bool { return g.name == name })]
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(31, uint64(len(name))))
			same, atMaxSome := 0, 0
			for game := range 3 {
				players := 2 + game
				st := legalGame(t, gr, players, fmt.Sprintf("hidden-%s-%d", name, game))
				g := st.Game
				for !g.Over() {
					seat := g.Current()
					if g.DeckCount() > 0 {
						for range 3 {
							if swappedAlike(t, st, seat, rng) {
								same++
								if g.NoteTokens() == g.Config().NoteTokens && gr.abacus {
									lm := legalOf(t, appendView(nil, st, seat))
									if n := len(lm.Discard); n > 0 && n < len(g.Hand(seat)) {
										atMaxSome++
									}
								}
							}
						}
					}
					if _, err := g.Apply(chooseMove(g, rng)); err != nil {
						t.Fatal(err)
					}
					st.Version++
				}
			}
			t.Logf("%d swaps alike, %d at the maximum with some discards", same, atMaxSome)
			if same < 50 {
				t.Errorf("only %d swaps left the seat's view the same", same)
			}
			if gr.abacus && atMaxSome == 0 {
				t.Error("no swap at the note maximum where some discards but not all were allowed")
			}
		})
	}
}

// swappedAlike swaps one of seat's cards in st's deal with a card of another
// identity still in the deck and replays the game. When seat's view of the
// replay is the same as of st but for its legal moves, they must be the same
// too (the test fails otherwise) and it reports true.
func swappedAlike(t *testing.T, st *play.State, seat int, rng *rand.Rand) bool {
	t.Helper()
	g := st.Game
	cfg := *g.Config()
	hand := g.Hand(seat)
	deck := g.Deck()
	own := hand[rng.IntN(len(hand))]
	far := cfg.DeckSize() - 1 - rng.IntN(g.DeckCount())
	if deck[own] == deck[far] {
		return false
	}
	deck[own], deck[far] = deck[far], deck[own]
	other, err := engine.ReplayFirst(cfg, deck, g.First(), g.Log())
	if err != nil {
		return false
	}
	alt := *st
	alt.Game = other
	a, b := appendView(nil, st, seat), appendView(nil, &alt, seat)
	const field = `,"legal_moves":`
	i, j := bytes.LastIndex(a, []byte(field)), bytes.LastIndex(b, []byte(field))
	if i < 0 || j < 0 {
		t.Fatalf("a view without legal_moves: %s", a)
	}
	if !bytes.Equal(a[:i], b[:j]) {
		return false
	}
	if !bytes.Equal(a[i:], b[j:]) {
		t.Fatalf("turn %d: card %d as %v or as %v, the seat's view is the same, its legal moves are not:\n%s\n%s",
			g.Turn(), own, deck[far], deck[own], a[i:], b[j:])
	}
	return true
}

// TestLegalMovesThroughTheAPI: a game of Orange under hanab.live's rules
// with deck plays, played through the API on each store. On every turn the
// seat to act reads exactly the moves the rules allow it; every other seat
// and the public read null, as does the seat to act at a past turn
// (?turn=K); the server refuses (422) a move that was not listed and takes
// the one that is played, chosen from the list.
func TestLegalMovesThroughTheAPI(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("orange-5-suits", 3, variants.Options{NoteTokens: ptr(3), DeckPlays: ptr(true)}, "legal-api")
		rng := rand.New(rand.NewPCG(29, 3))
		var cover legalCover
		refused := 0
		for !tb.local.Over() {
			cur := tb.local.Current()
			var listed map[engine.Action][]int
			for seat := -1; seat < len(tb.tokens); seat++ {
				token := ""
				if seat >= 0 {
					token = tb.tokens[seat]
				}
				r := e.req("GET", "/v1/games/"+tb.id, token, nil)
				e.expect(r, http.StatusOK)
				lm := legalOf(t, r.body)
				if seat != cur {
					if lm != nil {
						t.Fatalf("turn %d: seat %d, not to act, reads legal moves %+v", tb.local.Turn(), seat, lm)
					}
					continue
				}
				if lm == nil {
					t.Fatalf("turn %d: the seat to act reads no legal moves", tb.local.Turn())
				}
				checkLegal(t, tb.local, lm, &cover)
				listed = listedMoves(t, tb.local.Config(), lm)
			}
			if turn := tb.local.Turn(); turn%5 == 0 {
				r := e.req("GET", "/v1/games/"+tb.id+"?turn="+itoa(turn), tb.tokens[cur], nil)
				e.expect(r, http.StatusOK)
				if lm := legalOf(t, r.body); lm != nil {
					t.Fatalf("the view at turn %d, the turn now, is a past view, yet lists %+v", turn, lm)
				}
			}
			var unlisted []engine.Action
			for _, a := range everyMove(tb.local.Config()) {
				if _, ok := listed[a]; !ok && tb.nameable(a) {
					unlisted = append(unlisted, a)
				}
			}
			a := unlisted[rng.IntN(len(unlisted))]
			r := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[cur], tb.request(a))
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("turn %d: %+v, not listed, answers %d: %s", tb.local.Turn(), a, r.status, r.body)
			}
			refused++
			tb.act(chooseMove(tb.local, rng))
		}
		if msg := needs(needMaxAll, needDeckPlay, needDeckDiscard)(cover); msg != "" {
			t.Errorf("%s in %d turns (%+v)", msg, cover.turns, cover)
		}
	})
}

// nameable reports whether a can be asked for through the API: a card of
// the deck, a seat of the table, a color or a rank a clue can name.
func (tb *table) nameable(a engine.Action) bool {
	switch a.Kind {
	case engine.Play, engine.Discard:
		return a.Card < tb.cfg.DeckSize()
	case engine.ColorClue:
		return a.Target < tb.cfg.Players && a.Value < len(tb.cfg.ClueColors)
	}
	return a.Target < tb.cfg.Players && tb.cfg.CanNameRank(a.Value)
}
