package engine_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// combo is one variant with one choice of every option and a table size.
type combo struct {
	name string
	cfg  engine.Config
}

// allCombos lists every variant of the rules with every option value and
// player count (TestRandomCatalogueGames covers the catalogue).
func allCombos(t testing.TB) []combo {
	var out []combo
	for _, v := range variants.All() {
		if v.Source != variants.SourceRules {
			continue
		}
		rainbowCounts := []*int{nil}
		if v.HasRainbow() {
			rainbowCounts = []*int{ptr(10), ptr(5)}
		}
		for players := variants.MinPlayers; players <= variants.MaxPlayers; players++ {
			for storms := variants.MinStorm; storms <= variants.MaxStorm; storms++ {
				for notes := variants.MinNotes; notes <= variants.MaxNotes; notes++ {
					for _, empty := range []bool{true, false} {
						for _, rc := range rainbowCounts {
							o := variants.Options{StormTokens: ptr(storms), NoteTokens: ptr(notes), EmptyClues: ptr(empty), RainbowCards: rc}
							name := fmt.Sprintf("%s/p%d/s%d/n%d/e%v", v.Name, players, storms, notes, empty)
							if rc != nil {
								name += fmt.Sprintf("/r%d", *rc)
							}
							out = append(out, combo{name, setup(t, v.Name, players, o)})
						}
					}
				}
			}
		}
	}
	return out
}

// TestRandomGames plays random legal games of every combination and checks
// the invariants after every action.
func TestRandomGames(t *testing.T) {
	combos := allCombos(t)
	// basic, farbrausch and farbrausch2: 5 tables × 3 storms × 16 notes × 2
	// empty-clue rules, × 2 rainbow counts on the rainbow variants.
	if len(combos) < 2400 {
		t.Fatalf("%d combinations, want at least 2400", len(combos))
	}
	// Normally every combination plays games with every policy; -short and
	// -race play one game per combination, the policies taking turns.
	games, pols := 3, len(policies)
	if testing.Short() || race.Enabled {
		games, pols = 1, 1
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	var ends [4]int
	for ci, cb := range combos {
		for i := range games {
			for k := range pols {
				pi := (ci + k) % len(policies)
				pick := policies[pi]
				seed := fmt.Sprintf("%s#%d", cb.name, rng.Uint64())
				g, err := engine.NewSeeded(cb.cfg, seed)
				if err != nil {
					t.Fatalf("%s: %v", seed, err)
				}
				if err := randomGame(g, rng, pick); err != nil {
					t.Fatalf("%s game %d policy %d: %v", seed, i, pi, err)
				}
				r, _ := g.Result()
				ends[r.Reason]++
			}
		}
	}
	// Each way to end must have been reached, or the invariants went untested there.
	t.Logf("ends: storms %d, perfect %d, deck out %d", ends[engine.EndStorms], ends[engine.EndPerfect], ends[engine.EndDeckOut])
	for _, r := range []engine.EndReason{engine.EndStorms, engine.EndPerfect, engine.EndDeckOut} {
		if ends[r] < 100 {
			t.Errorf("only %d games ended by %s", ends[r], r)
		}
	}
}

// TestRandomCatalogueGames plays a random game of every catalogue variant
// under hanab.live's rule that clues must touch, and one where they need not,
// checking the invariants after every action.
func TestRandomCatalogueGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	n := 0
	for i, v := range variants.All() {
		if v.Source != variants.SourceHanabLive {
			continue
		}
		n++
		players := variants.MinPlayers + i%5
		cfg := setup(t, v.Name, players, variants.Options{EmptyClues: ptr(i%3 == 0)})
		seed := fmt.Sprintf("%s#%d", v.Name, i)
		g, err := engine.NewSeeded(cfg, seed)
		if err != nil {
			t.Fatalf("%s: %v", seed, err)
		}
		if err := randomGame(g, rng, policies[i%len(policies)]); err != nil {
			t.Fatalf("%s with %d players: %v", seed, players, err)
		}
	}
	if n != 2426 {
		t.Errorf("%d catalogue variants", n)
	}
}

// randomGame plays moves that pick chooses to the end, checking the
// invariants before the first move and after every one.
func randomGame(g *engine.Game, rng *rand.Rand, pick policy) error {
	cfg := g.Config()
	limit := 2*cfg.DeckSize() + cfg.NoteTokens + len(cfg.Suits)
	var buf []engine.Action
	var v engine.View
	deck := g.Deck()
	if err := invariants(g, deck, &v); err != nil {
		return fmt.Errorf("after the deal: %w", err)
	}
	for !g.Over() {
		buf = g.LegalActions(buf)
		if len(buf) == 0 {
			return fmt.Errorf("turn %d: no legal action while running", g.Turn())
		}
		a := pick(g, deck, buf, rng)
		if err := g.Check(a); err != nil {
			return fmt.Errorf("turn %d: listed action %+v fails Check: %w", g.Turn(), a, err)
		}
		notes, storms := noteUnits(g), g.StormsUsed()
		ev, err := g.Apply(a)
		if err != nil {
			return fmt.Errorf("turn %d: legal action %+v refused: %w", g.Turn(), a, err)
		}
		if err := eventAgrees(g, ev, notes, storms); err != nil {
			return fmt.Errorf("turn %d %+v: %w", ev.Turn, a, err)
		}
		if err := invariants(g, deck, &v); err != nil {
			return fmt.Errorf("turn %d %+v: %w", ev.Turn, a, err)
		}
		if g.Turn() > limit {
			return fmt.Errorf("still running after %d turns", g.Turn())
		}
	}
	if buf = g.LegalActions(buf); len(buf) != 0 {
		return fmt.Errorf("%d legal actions after the end", len(buf))
	}
	r, _ := g.Result()
	if r.Score != g.Score() || r.Rating != engine.Rating(r.Score, g.MaxScore()) {
		return fmt.Errorf("result %+v, score %d", r, g.Score())
	}
	re, err := engine.ReplayFirst(*cfg, g.Deck(), g.First(), g.Log())
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if !reflect.DeepEqual(re, g) {
		return fmt.Errorf("the replay differs from the game")
	}
	return nil
}

// noteUnits is the game's note tokens in its smallest unit: halves in
// Clue Starved, wholes otherwise.
func noteUnits(g *engine.Game) int {
	if g.Config().ClueStarved {
		return 2*g.NoteTokens() + btoi(g.HalfNote())
	}
	return g.NoteTokens()
}

// eventAgrees checks an event against the state it produced; notes were
// the note units (see noteUnits) before it.
func eventAgrees(g *engine.Game, ev engine.Event, notes, storms int) error {
	unit, full := 1, g.Config().NoteTokens
	if g.Config().ClueStarved {
		unit, full = 2, 2*full
	} else if g.HalfNote() {
		return fmt.Errorf("half a note token outside Clue Starved")
	}
	after := noteUnits(g)
	if ev.NoteTokens != g.NoteTokens() || ev.HalfNote != g.HalfNote() || ev.StormsUsed != g.StormsUsed() || ev.Over != g.Over() {
		return fmt.Errorf("event %+v disagrees with the game", ev)
	}
	if r, _ := g.Result(); r != ev.Result {
		return fmt.Errorf("event result %+v, game %+v", ev.Result, r)
	}
	switch {
	case ev.Action.IsClue():
		if notes-unit != after || ev.Drawn != -1 {
			return fmt.Errorf("clue: notes %d -> %d, drew %d", notes, after, ev.Drawn)
		}
	case ev.Swapped != g.Config().Suits[ev.Card.Suit].Swapped:
		return fmt.Errorf("swapped %v for a card of suit %d", ev.Swapped, ev.Card.Suit)
	case (ev.Action.Kind == engine.Discard) != ev.Swapped:
		// A discard, or the play of a card whose suit swaps play and
		// discard: a note back unless all are there (a discard at the
		// maximum is a card that may have been of such a suit).
		gain := notes < full
		if want := notes + btoi(gain); want != after || ev.NoteGained != gain || ev.Success || storms != g.StormsUsed() {
			return fmt.Errorf("discard: notes %d -> %d", notes, after)
		}
	case ev.Success:
		want := notes
		if ev.NoteGained {
			want++
		}
		if want != after || storms != g.StormsUsed() || g.Firework(ev.Card.Suit) != ev.Card.Rank {
			return fmt.Errorf("play: notes %d -> %d, storms %d -> %d", notes, after, storms, g.StormsUsed())
		}
	default:
		if notes != after || storms+1 != g.StormsUsed() || ev.NoteGained {
			return fmt.Errorf("misplay: notes %d -> %d, storms %d -> %d", notes, after, storms, g.StormsUsed())
		}
	}
	return nil
}

// invariants checks what must hold in every state: tokens in bounds, every
// card in exactly one place, the score, and that no seat sees its own cards.
func invariants(g *engine.Game, deck []engine.Card, v *engine.View) error {
	cfg := g.Config()
	if n := g.NoteTokens(); n < 0 || n > cfg.NoteTokens {
		return fmt.Errorf("note tokens %d outside 0–%d", n, cfg.NoteTokens)
	}
	r, _ := g.Result()
	if s := g.StormsUsed(); s < 0 || s > cfg.StormTokens || (s == cfg.StormTokens) != (r.Reason == engine.EndStorms) {
		return fmt.Errorf("storms used %d of %d, result %+v", s, cfg.StormTokens, r)
	}
	var where [engine.MaxDeck]int8 // 0 played, 1 deck, 2 hand, 3 discards
	drawn := len(deck) - g.DeckCount()
	for id := drawn; id < len(deck); id++ {
		where[id] = 1
	}
	place := func(id int, to int8) error {
		if id < 0 || id >= drawn || where[id] != 0 {
			return fmt.Errorf("card %d found twice or undrawn (drawn %d)", id, drawn)
		}
		where[id] = to
		return nil
	}
	held := 0
	for p := range cfg.Players {
		hand := g.Hand(p)
		held += len(hand)
		// A hand is one card short after the deck ran out; in All or
		// Nothing play goes on until the hands are empty.
		short := len(hand) < cfg.Hand()-1 && !g.Over() && !(cfg.AllOrNothing && g.DeckCount() == 0)
		if len(hand) > cfg.Hand() || short {
			return fmt.Errorf("seat %d holds %d cards", p, len(hand))
		}
		for _, id := range hand {
			if err := place(id, 2); err != nil {
				return err
			}
		}
	}
	discarded := g.Discarded()
	for _, id := range discarded {
		if err := place(id, 3); err != nil {
			return err
		}
	}
	// What is left is the played cards: exactly ranks 1..firework of each suit.
	var played [engine.MaxSuits][engine.MaxRank + 1]int
	sum := 0
	for id, w := range where[:len(deck)] {
		if w == 0 {
			played[deck[id].Suit][deck[id].Rank]++
		}
	}
	for s := range cfg.Suits {
		// A firework holds ranks 1..top card; for a reversed suit the
		// highest rank down to the top card; in Sudoku its first card up
		// to the top card, wrapping round after the highest rank.
		fw, top := g.Firework(s), cfg.StackSize(s)
		var ranks []int
		switch {
		case fw == 0:
		case cfg.UpOrDown:
			// Up or Down: START first if it started there, then up from
			// 1 (2 after START) or down from the highest (the one below).
			lo, hi := 1, top
			if g.Start(s) == engine.StartRank {
				ranks = append(ranks, engine.StartRank)
				lo, hi = 2, top-1
			}
			switch d := g.Direction(s); {
			case fw == engine.StartRank:
				if d != engine.Undecided {
					return fmt.Errorf("firework %d at START is %v", s, d)
				}
			case d == engine.Down:
				for r := hi; r >= fw; r-- {
					ranks = append(ranks, r)
				}
			case d == engine.Up:
				for r := lo; r <= fw; r++ {
					ranks = append(ranks, r)
				}
			default:
				return fmt.Errorf("firework %d at %d is %v", s, fw, d)
			}
		case cfg.Sudoku:
			for r := g.Start(s); ; r = r%top + 1 {
				ranks = append(ranks, r)
				if r == fw {
					break
				}
			}
		case cfg.Suits[s].Reversed:
			for r := top; r >= fw; r-- {
				ranks = append(ranks, r)
			}
		default:
			for r := 1; r <= fw; r++ {
				ranks = append(ranks, r)
			}
		}
		sum += len(ranks)
		for _, r := range ranks {
			if played[s][r] != 1 {
				return fmt.Errorf("firework %d at %d, but %v was played %d times", s, fw, c(s, r), played[s][r])
			}
		}
	}
	if n := g.DeckCount() + held + len(discarded) + sum; n != cfg.DeckSize() {
		return fmt.Errorf("cards: deck %d + hands %d + discards %d + fireworks %d = %d, want %d",
			g.DeckCount(), held, len(discarded), sum, n, cfg.DeckSize())
	}
	want := sum
	if r.Reason == engine.EndStorms || r.Reason == engine.EndAllOrNothing {
		want = 0
	}
	if g.Score() != want || (r.Reason == engine.EndPerfect) != (sum == cfg.MaxScore()) {
		return fmt.Errorf("score %d, fireworks sum %d, result %+v", g.Score(), sum, r)
	}
	return views(g, v, deck)
}

// views checks every seat's view: its own cards hidden while the game runs
// (identity and the Known flag), every other card shown as it is.
func views(g *engine.Game, v *engine.View, deck []engine.Card) error {
	for _, seat := range append([]int{engine.Public}, seatsOf(g.Players())...) {
		g.ViewInto(seat, v)
		if err := withheld(g, v, deck); err != nil {
			return fmt.Errorf("seat %d: %w", seat, err)
		}
		for p := range g.Players() {
			own := seat == p || seat == engine.Public
			for _, cv := range v.Hand(p) {
				hidden := own && !g.Over()
				if hidden && (cv.Known || cv.Card != (engine.Card{})) {
					return fmt.Errorf("seat %d sees card %d of seat %d: %+v", seat, cv.ID, p, cv)
				}
				if !hidden && (!cv.Known || cv.Card != deck[cv.ID]) {
					return fmt.Errorf("seat %d sees card %d of seat %d as %+v, is %v", seat, cv.ID, p, cv, deck[cv.ID])
				}
				// Clue knowledge never rules out the truth.
				if cv.Suits&(1<<deck[cv.ID].Suit) == 0 || cv.Ranks&(1<<deck[cv.ID].Rank) == 0 {
					return fmt.Errorf("card %d is %v but its holder rules that out (%b/%b)", cv.ID, deck[cv.ID], cv.Suits, cv.Ranks)
				}
			}
		}
	}
	return nil
}

// withheld checks what a view withholds: while plays go face down, the
// fireworks, score and storms, and the cards played (each in FaceDown, none
// in the discards, which hold every true discard and only those); a clue's
// value (and in ShowsTouches its type) for anyone but its giver.
func withheld(g *engine.Game, v *engine.View, deck []engine.Card) error {
	cfg := g.Config()
	if hide := cfg.FaceDownPlays && !g.Over(); v.PlaysHidden != hide {
		return fmt.Errorf("plays hidden %v, game over %v", v.PlaysHidden, g.Over())
	}
	if v.PlaysHidden {
		if v.Fireworks != [engine.MaxSuits]int{} || v.Score != 0 || v.StormsUsed != 0 {
			return fmt.Errorf("face-down plays shown: fireworks %v, score %d, storms %d", v.Fireworks, v.Score, v.StormsUsed)
		}
		seen := map[int]bool{}
		for _, d := range v.Discards {
			seen[d.ID] = true
			if d.Card != deck[d.ID] {
				return fmt.Errorf("discard %d shows %v, is %v", d.ID, d.Card, deck[d.ID])
			}
		}
		for _, f := range v.FaceDown {
			if seen[f.ID] {
				return fmt.Errorf("card %d both discarded and face down", f.ID)
			}
			seen[f.ID] = true
		}
		// Every card gone from the hands is in one of the two, played
		// or not: the played ones that are not in the discard pile.
		if n := len(deck) - g.DeckCount() - handCards(g); len(seen) != n {
			return fmt.Errorf("%d cards discarded or face down, %d left the hands", len(seen), n)
		}
	} else {
		if v.FaceDown != nil && len(v.FaceDown) != 0 {
			return fmt.Errorf("%d face-down cards in a view that hides none", len(v.FaceDown))
		}
		if want := g.Discarded(); len(v.Discards) != len(want) {
			return fmt.Errorf("%d discards shown, %d in the pile", len(v.Discards), len(want))
		}
		for i, d := range v.Discards {
			if d.ID != g.Discarded()[i] || d.Card != deck[d.ID] {
				return fmt.Errorf("discard %d shows %v, is %v", d.ID, d.Card, deck[d.ID])
			}
		}
	}
	for _, cr := range v.Clues {
		valueHidden := cfg.ClueShows != engine.ShowsAll && cr.Giver != v.Seat
		if (cr.Value == engine.HiddenValue) != valueHidden {
			return fmt.Errorf("clue of turn %d by seat %d shows value %d", cr.Turn, cr.Giver, cr.Value)
		}
		if typeHidden := cfg.ClueShows == engine.ShowsTouches && cr.Giver != v.Seat; (cr.Kind == engine.HiddenClue) != typeHidden {
			return fmt.Errorf("clue of turn %d by seat %d shows kind %v", cr.Turn, cr.Giver, cr.Kind)
		}
	}
	return nil
}

func handCards(g *engine.Game) int {
	n := 0
	for p := range g.Players() {
		n += len(g.Hand(p))
	}
	return n
}

func seatsOf(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
