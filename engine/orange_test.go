package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// In orange-5-suits the suits are red, yellow, green, blue, orange, and so
// are the clue colors.
const orange = 4

// TestOrange holds the Orange rule (hanab.live's docs/variants.md): a card of
// a suit that swaps play and discard is discarded when asked to be played and
// played when asked to be discarded. Two seats: seat 0 holds ids 0–4, seat 1
// ids 5–9, id 10 is drawn first.
func TestOrange(t *testing.T) {
	cfg := setup(t, "orange-5-suits", 2, variants.Options{})
	hand0 := []engine.Card{c(orange, 1), c(orange, 2), c(red, 1), c(red, 2), c(orange, 5)}
	hand1 := []engine.Card{c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(orange, 1)}
	type want struct {
		err       *engine.Error
		success   bool
		swapped   bool
		notes     int
		storms    int
		orange    int // orange firework after the move
		discarded int // cards in the discard pile
	}
	cases := []struct {
		name   string
		before []engine.Action // moves that set the table up (all legal)
		move   engine.Action   // seat to act makes it
		want   want
	}{
		{"orange play is a discard: no storm, note gained below the maximum",
			[]engine.Action{engine.ClueColor(1, yellow), engine.ClueRank(0, 1)}, engine.PlayCard(0),
			want{swapped: true, notes: 7, orange: 0, discarded: 1}},
		{"orange play at the note maximum is a discard that gains nothing",
			nil, engine.PlayCard(0),
			want{swapped: true, notes: 8, orange: 0, discarded: 1}},
		{"orange discard at the note maximum is a play that succeeds",
			nil, engine.DiscardCard(0),
			want{success: true, swapped: true, notes: 8, orange: 1}},
		{"orange discard that cannot play is a misplay: storm, no note",
			[]engine.Action{engine.ClueColor(1, yellow), engine.ClueRank(0, 1)}, engine.DiscardCard(1),
			want{swapped: true, notes: 6, storms: 1, discarded: 1}},
		{"orange discard of a 5 out of order is a misplay",
			nil, engine.DiscardCard(4),
			want{swapped: true, notes: 8, storms: 1, discarded: 1}},
		{"red discard at the maximum while clued red: hanab.live allows any discard in an Orange variant",
			// 8 → 7 → 6 (seat 0's red cards, ids 2 and 3, are clued red),
			// then an orange play and a yellow discard each turn a note back.
			[]engine.Action{engine.ClueColor(1, yellow), engine.ClueColor(0, red), engine.PlayCard(0), engine.DiscardCard(5)},
			engine.DiscardCard(2),
			want{notes: 8, discarded: 3}},
		{"red discard at the maximum, unclued, may be orange: a discard that gains nothing",
			nil, engine.DiscardCard(2),
			want{notes: 8, discarded: 1}},
		{"red discard below the maximum gains a note",
			[]engine.Action{engine.ClueColor(1, yellow), engine.ClueColor(0, red)}, engine.DiscardCard(2),
			want{notes: 7, discarded: 1}},
		{"red play is a play",
			nil, engine.PlayCard(2),
			want{success: true, notes: 8}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			front := append(append([]engine.Card{}, hand0...), hand1...)
			g := deal(t, cfg, front...)
			apply(t, g, tc.before...)
			seat := g.Current()
			view := g.View(seat)
			legal := false
			for _, a := range g.LegalActions(nil) {
				legal = legal || a == tc.move
			}
			if legal != (tc.want.err == nil) {
				t.Fatalf("LegalActions lists the move: %v, want %v", legal, tc.want.err == nil)
			}
			wantErr(t, view.Check(tc.move), tc.want.err)
			ev, err := g.Apply(tc.move)
			wantErr(t, err, tc.want.err)
			if err != nil {
				return
			}
			got := want{success: ev.Success, swapped: ev.Swapped, notes: g.NoteTokens(), storms: g.StormsUsed(),
				orange: g.Firework(orange), discarded: len(g.View(engine.Public).Discards)}
			if got != tc.want {
				t.Fatalf("after the move: %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestOrangeDiscardAtMaxABACUS: under the ABACUS rules a discard at the
// note maximum is allowed only of a card that its holder may think orange,
// so that a refusal tells the seat nothing it did not know; hanab.live
// allows any (TestOrange).
func TestOrangeDiscardAtMaxABACUS(t *testing.T) {
	cfg := setup(t, "orange-5-suits", 2, variants.Options{})
	cfg.Rules = engine.RulesABACUS
	g := deal(t, cfg, c(orange, 1), c(orange, 2), c(red, 1), c(red, 2), c(orange, 5),
		c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(orange, 1))
	// 8 → 7 → 6 (seat 0's red cards, ids 2 and 3, are clued red), then an
	// orange play and a yellow discard each turn a note back.
	apply(t, g, engine.ClueColor(1, yellow), engine.ClueColor(0, red), engine.PlayCard(0), engine.DiscardCard(5))
	if g.NoteTokens() != 8 {
		t.Fatalf("notes %d", g.NoteTokens())
	}
	wantErr(t, g.View(0).Check(engine.DiscardCard(2)), engine.ErrNotesFull)
	_, err := g.Apply(engine.DiscardCard(2))
	wantErr(t, err, engine.ErrNotesFull)
	apply(t, g, engine.DiscardCard(1)) // unclued: it may be orange
}

// TestOrangeCompletesStack: an orange 5 asked to be discarded completes its
// firework and turns back a note, as a played 5 does.
func TestOrangeCompletesStack(t *testing.T) {
	cfg := setup(t, "orange-5-suits", 2, variants.Options{})
	front := []engine.Card{c(orange, 1), c(orange, 2), c(orange, 3), c(orange, 4), c(orange, 5),
		c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5)}
	g := deal(t, cfg, front...)
	// Seat 1 clues, so that seat 0 is below the maximum when the 5 goes.
	apply(t, g, engine.DiscardCard(0), engine.ClueColor(0, orange), engine.DiscardCard(1), engine.PlayCard(5),
		engine.DiscardCard(2), engine.PlayCard(6), engine.DiscardCard(3), engine.PlayCard(7))
	if g.Firework(orange) != 4 || g.NoteTokens() != 7 {
		t.Fatalf("orange firework %d notes %d, want 4 and 7", g.Firework(orange), g.NoteTokens())
	}
	ev := apply(t, g, engine.DiscardCard(4))
	if !ev.Success || !ev.NoteGained || g.NoteTokens() != 8 || g.Firework(orange) != 5 {
		t.Fatalf("orange 5 discarded: %+v, notes %d", ev, g.NoteTokens())
	}
}

// TestOrangeUnchangedElsewhere: without a swapped suit a discard at the
// maximum is refused whatever the card may be.
func TestOrangeUnchangedElsewhere(t *testing.T) {
	g := deal(t, setup(t, "basic", 2, variants.Options{}))
	wantErr(t, g.Check(engine.DiscardCard(0)), engine.ErrNotesFull)
	wantErr(t, g.View(0).Check(engine.DiscardCard(0)), engine.ErrNotesFull)
}

// orangeModel is hanab.live's Orange rule written out plainly from its
// docs, independent of the engine: it replays the engine's log from the deck.
type orangeModel struct {
	stacks        [engine.MaxSuits]int
	notes, storms int
	maxNotes      int
}

func (m *orangeModel) move(cfg *engine.Config, card engine.Card, asked engine.Kind) (success bool) {
	play := asked == engine.Play
	if cfg.Suits[card.Suit].Swapped {
		play = !play
	}
	top := 0
	for _, r := range cfg.Suits[card.Suit].Ranks {
		top = max(top, r)
	}
	switch {
	case play && card.Rank == m.stacks[card.Suit]+1:
		m.stacks[card.Suit] = card.Rank
		if card.Rank == top && m.notes < m.maxNotes {
			m.notes++
		}
		return true
	case play:
		m.storms++
	case m.notes < m.maxNotes:
		m.notes++
	}
	return false
}

// TestOrangeWholeGames plays seeded games of every Orange variant size with
// random legal moves and checks each move against the plain model; and that
// every seat's view agrees with the game about what is legal.
func TestOrangeWholeGames(t *testing.T) {
	for _, name := range []string{"orange-6-suits", "orange-5-suits", "orange-4-suits", "orange-3-suits", "dark-orange-6-suits"} {
		for players := 2; players <= 5; players++ {
			t.Run(fmt.Sprintf("%s/%dp", name, players), func(t *testing.T) {
				cfg := setup(t, name, players, variants.Options{})
				rng := rand.New(rand.NewPCG(uint64(players), 21))
				swaps := 0
				for seed := range 20 {
					g, err := engine.NewSeeded(cfg, fmt.Sprintf("orange-%d", seed))
					if err != nil {
						t.Fatal(err)
					}
					deck := g.Deck()
					m := orangeModel{notes: cfg.NoteTokens, maxNotes: cfg.NoteTokens}
					for !g.Over() {
						legal := g.LegalActions(nil)
						if got := g.View(g.Current()).LegalActions(nil); fmt.Sprint(got) != fmt.Sprint(legal) {
							t.Fatalf("turn %d: view's legal moves %v, game's %v", g.Turn(), got, legal)
						}
						a := legal[rng.IntN(len(legal))]
						ev, err := g.Apply(a)
						if err != nil {
							t.Fatalf("turn %d: %v", g.Turn(), err)
						}
						switch a.Kind {
						case engine.Play, engine.Discard:
							card := deck[a.Card]
							if ok := m.move(&cfg, card, a.Kind); ok != ev.Success {
								t.Fatalf("turn %d: %v of %v: success %v, model %v", ev.Turn, a.Kind, card, ev.Success, ok)
							}
							if ev.Swapped != cfg.Suits[card.Suit].Swapped {
								t.Fatalf("turn %d: swapped %v for %v", ev.Turn, ev.Swapped, card)
							}
							if ev.Swapped {
								swaps++
							}
						default:
							m.notes--
						}
						if m.notes != g.NoteTokens() || m.storms != g.StormsUsed() {
							t.Fatalf("turn %d: notes %d storms %d, model %d %d", ev.Turn, g.NoteTokens(), g.StormsUsed(), m.notes, m.storms)
						}
						for s := range cfg.Suits {
							if m.stacks[s] != g.Firework(s) {
								t.Fatalf("turn %d: firework %d is %d, model %d", ev.Turn, s, g.Firework(s), m.stacks[s])
							}
						}
					}
				}
				if swaps == 0 {
					t.Fatal("no orange card was played or discarded in 20 games")
				}
			})
		}
	}
}
