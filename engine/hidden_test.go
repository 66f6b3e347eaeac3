package engine_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// allViewers is the spectator and every seat of a game of n players.
func allViewers(n int) []int {
	out := []int{engine.Spectator, engine.Public}
	for p := range n {
		out = append(out, p)
	}
	return out
}

// TestThrowItInAHole holds hanab.live's Throw It in a Hole (docs/variants.md,
// its server's actions_scrub.go and its client): a card played goes face
// down; nobody at the table learns what it was or whether it succeeded, the
// score and the strikes stay hidden until the end; a completed firework
// gives no clue back; the game ends at the storm limit. Two seats in
// throw-it-in-a-hole-4-suits (red, yellow, green, blue): seat 0 holds ids
// 0–4, seat 1 ids 5–9.
func TestThrowItInAHole(t *testing.T) {
	reds := []engine.Card{c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5)}
	misplays := []engine.Card{c(red, 2), c(red, 3), c(red, 4), c(yellow, 2), c(green, 2)}
	hand1 := []engine.Card{c(yellow, 1), c(yellow, 3), c(green, 1), c(blue, 1), c(blue, 3)}
	clueRed := engine.ClueColor(0, red)
	type want struct {
		notes, storms, score int // the truth
		over                 bool
		faceDown, discards   int // the cards a running game's views show each way
	}
	cases := []struct {
		name    string
		variant string
		hand0   []engine.Card
		moves   []engine.Action
		want    want
	}{
		{"a play goes face down, its success hidden", "throw-it-in-a-hole-4-suits", reds,
			[]engine.Action{engine.PlayCard(0)},
			want{notes: 8, score: 1, faceDown: 1}},
		{"a misplay goes face down too, its storm hidden", "throw-it-in-a-hole-4-suits", misplays,
			[]engine.Action{engine.PlayCard(0)},
			want{notes: 8, storms: 1, faceDown: 1}},
		{"a discard stays face up", "throw-it-in-a-hole-4-suits", misplays,
			[]engine.Action{engine.ClueColor(1, yellow), engine.DiscardCard(5)},
			want{notes: 8, discards: 1}},
		{"a completed firework turns back no note token", "throw-it-in-a-hole-4-suits", reds,
			[]engine.Action{engine.PlayCard(0), clueRed, engine.PlayCard(1), clueRed, engine.PlayCard(2), clueRed,
				engine.PlayCard(3), clueRed, engine.PlayCard(4)},
			want{notes: 4, score: 5, faceDown: 5}},
		{"the same firework in the plain variant turns one back", "4-suits", reds,
			[]engine.Action{engine.PlayCard(0), clueRed, engine.PlayCard(1), clueRed, engine.PlayCard(2), clueRed,
				engine.PlayCard(3), clueRed, engine.PlayCard(4)},
			want{notes: 5, score: 5}},
		{"the third misplay ends the game, and the end shows everything", "throw-it-in-a-hole-4-suits", misplays,
			[]engine.Action{engine.PlayCard(0), engine.ClueColor(0, green), engine.PlayCard(1), engine.ClueColor(0, green), engine.PlayCard(2)},
			want{notes: 6, storms: 3, over: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := setup(t, tc.variant, 2, variants.Options{})
			g := deal(t, cfg, append(append([]engine.Card{}, tc.hand0...), hand1...)...)
			var evs []engine.Event
			for _, a := range tc.moves {
				evs = append(evs, apply(t, g, a))
			}
			r, _ := g.Result()
			truth := r.Score
			if !g.Over() {
				truth = g.Score()
			}
			if g.NoteTokens() != tc.want.notes || g.StormsUsed() != tc.want.storms || truth != tc.want.score || g.Over() != tc.want.over {
				t.Fatalf("notes %d, storms %d, score %d, over %v; want %+v", g.NoteTokens(), g.StormsUsed(), truth, g.Over(), tc.want)
			}
			hiding := cfg.FaceDownPlays && !g.Over()
			for _, seat := range allViewers(2) {
				v := g.View(seat)
				if v.PlaysHidden != hiding {
					t.Fatalf("seat %d: plays hidden %v", seat, v.PlaysHidden)
				}
				if !hiding {
					if v.Score != g.Score() || v.StormsUsed != g.StormsUsed() || len(v.FaceDown) != 0 {
						t.Fatalf("seat %d: an open view withholds: %+v", seat, v)
					}
					continue
				}
				if v.Score != 0 || v.StormsUsed != 0 || v.Fireworks != [engine.MaxSuits]int{} {
					t.Fatalf("seat %d sees score %d, storms %d, fireworks %v", seat, v.Score, v.StormsUsed, v.Fireworks)
				}
				if len(v.FaceDown) != tc.want.faceDown || len(v.Discards) != tc.want.discards {
					t.Fatalf("seat %d: %d face down, %d discards; want %+v", seat, len(v.FaceDown), len(v.Discards), tc.want)
				}
				for i, f := range v.FaceDown {
					if f.Seat != 0 || f.Turn != 2*i {
						t.Fatalf("seat %d: face-down card %+v", seat, f)
					}
				}
				for i, ev := range evs {
					seen := cfg.EventSeen(ev, seat, false)
					if seen.StormsUsed != 0 {
						t.Fatalf("seat %d: event %d tells %d storms", seat, i, seen.StormsUsed)
					}
					if ev.Action.Kind == engine.Play && (!seen.FaceDown || seen.Success || seen.Card != (engine.Card{})) {
						t.Fatalf("seat %d: play event %d shows %+v", seat, i, seen)
					}
					if ev.Action.Kind == engine.Discard && (seen.FaceDown || seen.Card != ev.Card) {
						t.Fatalf("seat %d: discard event %d shows %+v", seat, i, seen)
					}
					if open := cfg.EventSeen(ev, seat, true); open != ev {
						t.Fatalf("seat %d: after the end event %d is %+v, not %+v", seat, i, open, ev)
					}
				}
			}
		})
	}
}

// TestThrowItInAHoleOrange: with a suit that swaps play and discard, what
// goes face down is what is played. An orange card asked to be played is
// discarded face up; one asked to be discarded is played face down.
// throw-it-in-a-hole-orange-4-suits: red, green, blue, orange.
func TestThrowItInAHoleOrange(t *testing.T) {
	const orange = 3
	cfg := setup(t, "throw-it-in-a-hole-orange-4-suits", 2, variants.Options{})
	g := deal(t, cfg, c(orange, 1), c(orange, 2), c(red, 1), c(red, 2), c(red, 3),
		c(green, 1), c(green, 2), c(blue, 1), c(blue, 2), c(green, 3))
	play := apply(t, g, engine.PlayCard(0))    // orange 1 asked to play: discarded
	down := apply(t, g, engine.DiscardCard(5)) // a plain discard by seat 1
	orangeDown := apply(t, g, engine.DiscardCard(1))
	v := g.View(1)
	if len(v.Discards) != 2 || v.Discards[0].ID != 0 || v.Discards[0].Card != c(orange, 1) || v.Discards[1].ID != 5 {
		t.Fatalf("discards %+v", v.Discards)
	}
	if len(v.FaceDown) != 1 || v.FaceDown[0] != (engine.FaceDownCard{ID: 1, Seat: 0, Turn: 2}) {
		t.Fatalf("face down %+v", v.FaceDown)
	}
	if s := cfg.EventSeen(play, 1, false); s.FaceDown || s.Card != c(orange, 1) {
		t.Fatalf("an orange play shows as %+v", s)
	}
	if s := cfg.EventSeen(down, 0, false); s.FaceDown {
		t.Fatalf("a discard shows as %+v", s)
	}
	if s := cfg.EventSeen(orangeDown, 1, false); !s.FaceDown || s.Card != (engine.Card{}) || s.Success || !s.Swapped {
		t.Fatalf("an orange discard shows as %+v", s)
	}
}

// TestClueShows holds Cow & Pig and Duck (hanab.live's cowAndPig and duck:
// the clue text "Moo"/"Oink" or "Quack", and shouldApplyClue false): every
// viewer but the giver sees the touched cards and, in Cow & Pig, the type;
// the clue narrows no card's deductions. The clue still must touch a card.
func TestClueShows(t *testing.T) {
	cases := []struct {
		variant    string
		valueShown bool // to others than the giver
		typeShown  bool
		narrows    bool
	}{
		{"4-suits", true, true, true},
		{"cow-pig-4-suits", false, true, false},
		{"duck-4-suits", false, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.variant, func(t *testing.T) {
			cfg := setup(t, tc.variant, 3, variants.Options{})
			// Seat 1 holds ids 5–9: a red 1 and four cards of no red.
			g := deal(t, cfg, c(yellow, 1), c(yellow, 2), c(yellow, 3), c(yellow, 4), c(yellow, 5),
				c(red, 1), c(green, 1), c(green, 2), c(blue, 1), c(blue, 2),
				c(green, 3), c(green, 4), c(blue, 3), c(blue, 4), c(green, 5))
			possible := func(id int) uint64 {
				for _, cv := range g.View(1).Hand(1) {
					if cv.ID == id {
						return cv.Possible
					}
				}
				t.Fatalf("card %d not in seat 1's hand", id)
				return 0
			}
			before := possible(5)
			if _, err := g.Apply(engine.ClueColor(2, red)); err == nil {
				t.Fatalf("a clue that touches nothing was given")
			}
			ev := apply(t, g, engine.ClueColor(1, red))
			for _, seat := range allViewers(3) {
				v := g.View(seat)
				cr := v.Clues[0]
				seen := cfg.EventSeen(ev, seat, g.Over())
				mine := seat == 0
				if (cr.Value == red) != (tc.valueShown || mine) || (seen.Action.Value == red) != (tc.valueShown || mine) {
					t.Fatalf("seat %d sees value %d (event %d)", seat, cr.Value, seen.Action.Value)
				}
				if !tc.valueShown && !mine && (cr.Value != engine.HiddenValue || seen.Action.Value != engine.HiddenValue) {
					t.Fatalf("seat %d: hidden value %d, %d", seat, cr.Value, seen.Action.Value)
				}
				typ := tc.typeShown || mine
				if (cr.Kind == engine.ColorClue) != typ || (seen.Action.Kind == engine.ColorClue) != typ {
					t.Fatalf("seat %d sees kind %v (event %v)", seat, cr.Kind, seen.Action.Kind)
				}
				if !typ && (cr.Kind != engine.HiddenClue || seen.Action.Kind != engine.HiddenClue || seen.Action.IsClue()) {
					t.Fatalf("seat %d: hidden kind %v, %v", seat, cr.Kind, seen.Action.Kind)
				}
				if cr.Touched != 1<<5 || seen.Touched != 1<<5 {
					t.Fatalf("seat %d: touched %b", seat, cr.Touched)
				}
			}
			// The holder's deductions: narrowed by a clue it may read, and
			// else untouched, the touched card and the missed ones alike.
			touched, missed := possible(5), possible(6)
			if tc.narrows == (touched == before) || tc.narrows == (missed == before) {
				t.Fatalf("narrows %v: touched %x, missed %x, before %x", tc.narrows, touched, missed, before)
			}
		})
	}
}

// TestThrowItInAHoleMaxPossible: the maximum score still possible falls
// with a misplay of a card's last copy, which is face down: while the game
// runs, every view shows the maximum that the cards discarded face up
// leave, and the truth from the end. The face-down cards name the seat that
// played them, from the seat that took the first turn.
func TestThrowItInAHoleMaxPossible(t *testing.T) {
	cfg := setup(t, "throw-it-in-a-hole-4-suits", 2, variants.Options{})
	deck := stack(t, cfg, c(red, 5), c(red, 2), c(red, 3), c(red, 4), c(yellow, 2),
		c(yellow, 5), c(green, 2), c(green, 3), c(blue, 2), c(blue, 3))
	g, err := engine.NewFirst(cfg, deck, 1)
	if err != nil {
		t.Fatal(err)
	}
	views := func(want int) {
		t.Helper()
		for _, seat := range allViewers(2) {
			if v := g.View(seat); v.MaxPossible != want || v.First != 1 {
				t.Fatalf("seat %d: maximum %d, first seat %d; want %d and 1", seat, v.MaxPossible, v.First, want)
			}
		}
	}
	apply(t, g, engine.ClueRank(0, 5)) // seat 1
	apply(t, g, engine.PlayCard(0))    // seat 0 misplays the only red 5, face down
	if g.MaxPossible() != 19 {
		t.Fatalf("truth %d", g.MaxPossible())
	}
	views(20)
	apply(t, g, engine.DiscardCard(5)) // seat 1 discards the only yellow 5, face up
	if g.MaxPossible() != 18 {
		t.Fatalf("truth %d", g.MaxPossible())
	}
	views(19)
	if f := g.View(0).FaceDown; len(f) != 1 || f[0] != (engine.FaceDownCard{ID: 0, Seat: 0, Turn: 1}) {
		t.Fatalf("face down %+v", f)
	}
	apply(t, g, engine.PlayCard(1), engine.ClueRank(0, 2), engine.PlayCard(2)) // two more misplays end it
	if !g.Over() {
		t.Fatal("not over")
	}
	views(g.MaxPossible())
}
