package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestClueStarved: a discard or a completed firework turns back half a note
// token; a clue costs a whole one (hanab.live's Clue Starved). Two seats
// of clue-starved-5-suits: seat 0 holds ids 0–4, seat 1 ids 5–9.
func TestClueStarved(t *testing.T) {
	cfg := setup(t, "clue-starved-5-suits", 2, variants.Options{})
	front := []engine.Card{c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5),
		c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(white, 1)}
	type tokens struct {
		notes int
		half  bool
	}
	steps := []struct {
		a    engine.Action
		err  *engine.Error
		want tokens
	}{
		{engine.DiscardCard(0), engine.ErrNotesFull, tokens{8, false}},
		{engine.ClueRank(1, 1), nil, tokens{7, false}},
		{engine.DiscardCard(5), nil, tokens{7, true}},  // seat 1: half a token back
		{engine.DiscardCard(4), nil, tokens{8, false}}, // seat 0: a whole again
		{engine.DiscardCard(6), engine.ErrNotesFull, tokens{8, false}},
		{engine.ClueColor(0, red), nil, tokens{7, false}}, // seat 1
		{engine.ClueRank(1, 1), nil, tokens{6, false}},    // seat 0
		{engine.ClueRank(0, 2), nil, tokens{5, false}},
		{engine.ClueRank(1, 1), nil, tokens{4, false}},
		{engine.ClueRank(0, 3), nil, tokens{3, false}},
		{engine.ClueRank(1, 1), nil, tokens{2, false}},
		{engine.ClueRank(0, 4), nil, tokens{1, false}},
		{engine.ClueRank(1, 1), nil, tokens{0, false}},
		{engine.DiscardCard(6), nil, tokens{0, true}}, // seat 1: half a token is no clue
		{engine.ClueRank(1, 1), engine.ErrNoNoteTokens, tokens{0, true}},
		{engine.DiscardCard(1), nil, tokens{1, false}},
		{engine.ClueRank(0, 3), nil, tokens{0, false}},
	}
	g := deal(t, cfg, front...)
	for i, st := range steps {
		view := g.View(g.Current())
		wantErr(t, view.Check(st.a), st.err)
		listed := false
		for _, a := range g.LegalActions(nil) {
			listed = listed || a == st.a
		}
		if listed != (st.err == nil) {
			t.Fatalf("step %d: %+v listed %v", i, st.a, listed)
		}
		ev, err := g.Apply(st.a)
		wantErr(t, err, st.err)
		got := tokens{g.NoteTokens(), g.HalfNote()}
		if got != st.want {
			t.Fatalf("step %d (%+v): tokens %+v, want %+v", i, st.a, got, st.want)
		}
		if v := g.View(engine.Public); v.NoteTokens != got.notes || v.HalfNote != got.half {
			t.Fatalf("step %d: view tokens %d %v", i, v.NoteTokens, v.HalfNote)
		}
		if err == nil && (ev.NoteTokens != got.notes || ev.HalfNote != got.half) {
			t.Fatalf("step %d: event tokens %d %v", i, ev.NoteTokens, ev.HalfNote)
		}
	}
}

// TestClueStarvedCompletedFirework: a completed firework turns back half a token.
func TestClueStarvedCompletedFirework(t *testing.T) {
	cfg := setup(t, "clue-starved-5-suits", 2, variants.Options{})
	g := deal(t, cfg, c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5),
		c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(white, 1))
	apply(t, g, engine.ClueColor(1, yellow), engine.ClueColor(0, red), engine.PlayCard(0), engine.ClueRank(0, 2),
		engine.PlayCard(1), engine.ClueRank(0, 3), engine.PlayCard(2), engine.ClueRank(0, 4), engine.PlayCard(3))
	if g.NoteTokens() != 3 || g.HalfNote() {
		t.Fatalf("before the 5: %d %v", g.NoteTokens(), g.HalfNote())
	}
	apply(t, g, engine.ClueRank(0, 5))
	ev := apply(t, g, engine.PlayCard(4))
	if !ev.Success || !ev.NoteGained || g.NoteTokens() != 2 || !g.HalfNote() {
		t.Fatalf("the red 5: %+v, tokens %d %v", ev, g.NoteTokens(), g.HalfNote())
	}
}

// TestAlternatingClues: the first clue may be of either type; after it each
// clue must be of the other type than the one before, whatever comes between.
func TestAlternatingClues(t *testing.T) {
	cfg := setup(t, "alternating-clues-5-suits", 2, variants.Options{})
	g := deal(t, cfg, c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5),
		c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(white, 1))
	steps := []struct {
		a    engine.Action
		err  *engine.Error
		next engine.Kind // the type required after the step
	}{
		{engine.ClueColor(1, yellow), nil, engine.RankClue},
		{engine.ClueColor(0, red), engine.ErrClueTypeRepeated, engine.RankClue},
		{engine.ClueRank(0, 1), nil, engine.ColorClue},
		{engine.PlayCard(0), nil, engine.ColorClue},
		{engine.ClueRank(0, 2), engine.ErrClueTypeRepeated, engine.ColorClue},
		{engine.DiscardCard(5), nil, engine.ColorClue},
		{engine.ClueColor(1, green), nil, engine.RankClue},
		{engine.ClueRank(0, 2), nil, engine.ColorClue},
	}
	if _, ok := cfg.NextClueKind(nil); ok {
		t.Fatal("the first clue is restricted")
	}
	for i, st := range steps {
		view := g.View(g.Current())
		wantErr(t, view.Check(st.a), st.err)
		_, err := g.Apply(st.a)
		wantErr(t, err, st.err)
		v := g.View(g.Current())
		if k, ok := cfg.NextClueKind(v.Clues); !ok || k != st.next {
			t.Fatalf("step %d: next clue %v %v, want %v", i, k, ok, st.next)
		}
		for _, a := range g.LegalActions(nil) {
			if a.IsClue() && a.Kind != st.next {
				t.Fatalf("step %d: %+v listed", i, a)
			}
		}
	}
}

// ruleModel is hanab.live's Clue Starved and Alternating Clues written out
// plainly: token halves, the last clue's type.
type ruleModel struct {
	halves, full int
	last         engine.Kind
	clued        bool
}

// TestStarvedAlternatingWholeGames plays seeded random games of both groups
// and checks each move against the plain model, and that the view of the
// seat to act lists the same legal moves as the game.
func TestStarvedAlternatingWholeGames(t *testing.T) {
	names := []string{"clue-starved-6-suits", "clue-starved-rainbow-5-suits", "clue-starved-orange-5-suits",
		"alternating-clues-5-suits", "alternating-clues-null-3-suits", "alternating-clues-dark-orange-6-suits"}
	for _, name := range names {
		for players := 2; players <= 5; players++ {
			t.Run(fmt.Sprintf("%s/%dp", name, players), func(t *testing.T) {
				cfg := setup(t, name, players, variants.Options{})
				rng := rand.New(rand.NewPCG(uint64(players), 22))
				for seed := range 10 {
					g, err := engine.NewSeeded(cfg, fmt.Sprintf("rules-%d", seed))
					if err != nil {
						t.Fatal(err)
					}
					unit := 1
					if cfg.ClueStarved {
						unit = 2
					}
					m := ruleModel{halves: cfg.NoteTokens * unit, full: cfg.NoteTokens * unit}
					for !g.Over() {
						legal := g.LegalActions(nil)
						if got := g.View(g.Current()).LegalActions(nil); fmt.Sprint(got) != fmt.Sprint(legal) {
							t.Fatalf("turn %d: view's legal moves %v, game's %v", g.Turn(), got, legal)
						}
						for _, a := range legal {
							if a.IsClue() && (m.halves < unit || cfg.AlternatingClues && m.clued && a.Kind == m.last) {
								t.Fatalf("turn %d: %+v listed with %d units, last clue %v", g.Turn(), a, m.halves, m.last)
							}
						}
						a := legal[rng.IntN(len(legal))]
						ev, err := g.Apply(a)
						if err != nil {
							t.Fatal(err)
						}
						switch {
						case a.IsClue():
							m.halves -= unit
							m.last, m.clued = a.Kind, true
						case !ev.Success && (a.Kind == engine.Discard) != ev.Swapped, ev.Success && ev.Card.Rank == 5:
							m.halves = min(m.halves+1, m.full)
						}
						if got := g.NoteTokens()*unit + btoi(g.HalfNote()); got != m.halves {
							t.Fatalf("turn %d %+v: %d units, model %d", ev.Turn, a, got, m.halves)
						}
					}
				}
			})
		}
	}
}

// TestReversed: a reversed suit is played from 5 down to 1; the 1 completes
// it and turns back a note; the score counts its cards. In reversed-5-suits
// the purple suit (index 4) is reversed and holds one 1 and three 5s.
func TestReversed(t *testing.T) {
	cfg := setup(t, "reversed-5-suits", 2, variants.Options{})
	const rev = 4
	if got := cfg.Suits[rev]; !got.Reversed || slices.Max(got.Ranks) != 5 {
		t.Fatalf("suit %d: %+v", rev, got)
	}
	if n := cfg.DeckSize(); n != 50 {
		t.Fatalf("deck of %d", n)
	}
	tests := []struct {
		height, rank int
		want         bool
	}{{0, 5, true}, {0, 1, false}, {5, 4, true}, {5, 6, false}, {2, 1, true}, {2, 3, false}, {1, 0, false}}
	for _, tt := range tests {
		if got := cfg.Playable(rev, tt.height, tt.rank); got != tt.want {
			t.Errorf("Playable(reversed, %d, %d) = %v", tt.height, tt.rank, got)
		}
		if got := cfg.Playable(red, tt.height, tt.rank); got != engine.Extends(tt.height, tt.rank) {
			t.Errorf("Playable(red, %d, %d) = %v", tt.height, tt.rank, got)
		}
	}
	g := deal(t, cfg, c(rev, 5), c(rev, 1), c(rev, 4), c(rev, 3), c(rev, 2),
		c(red, 1), c(red, 2), c(yellow, 1), c(green, 1), c(rev, 5))
	steps := []struct {
		a       engine.Action
		success bool
		fw      int
		score   int
		notes   int
	}{
		{engine.PlayCard(1), false, 0, 0, 8}, // a reversed 1 on an empty firework: a misplay
		{engine.ClueRank(0, 5), true, 0, 0, 7},
		{engine.PlayCard(0), true, 5, 1, 7},
		{engine.PlayCard(9), false, 5, 1, 7}, // the second 5: a misplay
		{engine.PlayCard(2), true, 4, 2, 7},
		{engine.PlayCard(5), true, 4, 3, 7}, // red 1 by seat 1
		{engine.PlayCard(3), true, 3, 4, 7},
		{engine.PlayCard(6), true, 3, 5, 7}, // red 2
		{engine.PlayCard(4), true, 2, 6, 7},
	}
	for i, st := range steps {
		ev := apply(t, g, st.a)
		if ev.Action.Kind == engine.Play && ev.Success != st.success {
			t.Fatalf("step %d: success %v", i, ev.Success)
		}
		if g.Firework(rev) != st.fw || g.Score() != st.score || g.NoteTokens() != st.notes {
			t.Fatalf("step %d: firework %d score %d notes %d, want %d %d %d", i, g.Firework(rev), g.Score(), g.NoteTokens(), st.fw, st.score, st.notes)
		}
	}
}

// TestReversedWholeGames plays seeded games of Reversed variants with moves
// that never misplay (chosen by a plain model of the direction, peeking at
// the deck) and checks the score and the fireworks against the model.
func TestReversedWholeGames(t *testing.T) {
	completed := 0
	for _, name := range []string{"reversed-6-suits", "reversed-3-suits", "black-reversed-5-suits", "orange-reversed-5-suits", "white-reversed-rainbow-5-suits"} {
		for players := 2; players <= 5; players++ {
			t.Run(fmt.Sprintf("%s/%dp", name, players), func(t *testing.T) {
				cfg := setup(t, name, players, variants.Options{})
				rng := rand.New(rand.NewPCG(uint64(players), 23))
				reversedPlays := 0
				for seed := range 10 {
					g, err := engine.NewSeeded(cfg, fmt.Sprintf("reversed-%d", seed))
					if err != nil {
						t.Fatal(err)
					}
					deck := g.Deck()
					var played [engine.MaxSuits][]int // ranks in the order played
					next := func(s int) int {
						n := len(played[s])
						if cfg.Suits[s].Reversed {
							return 5 - n
						}
						return n + 1
					}
					for !g.Over() {
						// Moves that do not misplay; a play that extends a
						// firework most of the time, when there is one.
						var ok, good []engine.Action
						for _, a := range g.LegalActions(nil) {
							if a.Kind == engine.Play || a.Kind == engine.Discard {
								c := deck[a.Card]
								plays := (a.Kind == engine.Play) != cfg.Suits[c.Suit].Swapped
								if plays && c.Rank != next(c.Suit) {
									continue
								}
								if plays {
									good = append(good, a)
								}
							}
							ok = append(ok, a)
						}
						a := ok[rng.IntN(len(ok))]
						if len(good) > 0 && rng.IntN(4) != 0 {
							a = good[rng.IntN(len(good))]
						}
						ev, err := g.Apply(a)
						if err != nil {
							t.Fatal(err)
						}
						if ev.Action.IsClue() {
							continue
						}
						plays := (a.Kind == engine.Play) != ev.Swapped
						if plays != ev.Success {
							t.Fatalf("turn %d: %v of %v: success %v", ev.Turn, a.Kind, ev.Card, ev.Success)
						}
						if ev.Success {
							played[ev.Card.Suit] = append(played[ev.Card.Suit], ev.Card.Rank)
						}
						score := 0
						for s := range cfg.Suits {
							score += len(played[s])
							top := 0
							if n := len(played[s]); n > 0 {
								top = played[s][n-1]
							}
							if g.Firework(s) != top {
								t.Fatalf("turn %d: firework %d at %d, model %d", ev.Turn, s, g.Firework(s), top)
							}
							if cfg.Suits[s].Reversed && ev.Success && ev.Card.Suit == s {
								reversedPlays++
								if len(played[s]) == 5 {
									completed++
								}
							}
						}
						if r, over := g.Result(); !over || r.Reason != engine.EndStorms {
							if g.Score() != score {
								t.Fatalf("turn %d: score %d, model %d", ev.Turn, g.Score(), score)
							}
						}
					}
				}
				if reversedPlays == 0 {
					t.Fatal("no reversed card was played")
				}
			})
		}
	}
	if completed == 0 {
		t.Fatal("no reversed firework was completed")
	}
}

// TestSudoku: a firework starts with any rank that no other firework
// started with, and wraps round after the highest rank until it holds that
// many cards; then it is complete and turns back a note. sudoku-5-suits has
// two copies of every card.
func TestSudoku(t *testing.T) {
	cfg := setup(t, "sudoku-5-suits", 2, variants.Options{})
	if n := cfg.DeckSize(); n != 50 {
		t.Fatalf("deck of %d", n)
	}
	g := deal(t, cfg, c(red, 4), c(red, 5), c(red, 1), c(red, 2), c(red, 3),
		c(yellow, 4), c(green, 3), c(yellow, 5), c(blue, 2), c(white, 5))
	steps := []struct {
		a       engine.Action
		success bool
		suit    int
		fw      int
		score   int
	}{
		{engine.PlayCard(0), true, red, 4, 1},     // red starts at 4
		{engine.PlayCard(5), false, yellow, 0, 1}, // yellow cannot start at 4 too
		{engine.PlayCard(1), true, red, 5, 2},
		{engine.PlayCard(6), true, green, 3, 3}, // green starts at 3
		{engine.PlayCard(2), true, red, 1, 4},   // red wraps round to 1
		{engine.PlayCard(7), true, yellow, 5, 5},
		{engine.ClueRank(1, 2), true, red, 1, 5},
		{engine.PlayCard(8), true, blue, 2, 6},
		{engine.PlayCard(3), true, red, 2, 7},
		{engine.ClueRank(0, 3), true, red, 2, 7},
		{engine.PlayCard(4), true, red, 3, 8}, // red: 4 5 1 2 3, complete
	}
	for i, st := range steps {
		notes := g.NoteTokens()
		ev := apply(t, g, st.a)
		if ev.Action.Kind == engine.Play && ev.Success != st.success {
			t.Fatalf("step %d: success %v, want %v", i, ev.Success, st.success)
		}
		if g.Firework(st.suit) != st.fw || g.Score() != st.score {
			t.Fatalf("step %d: firework %d at %d, score %d; want %d %d", i, st.suit, g.Firework(st.suit), g.Score(), st.fw, st.score)
		}
		if i == len(steps)-1 && (!ev.NoteGained || g.NoteTokens() != notes+1) {
			t.Fatalf("the completed firework turned back no note: %+v", ev)
		}
	}
	if g.Start(red) != 4 || g.Start(green) != 3 || g.Start(purple5) != 0 {
		t.Fatalf("starts %d %d %d", g.Start(red), g.Start(green), g.Start(purple5))
	}
	if v := g.View(0); v.Starts[red] != 4 || v.Starts[yellow] != 5 {
		t.Fatalf("view starts %v", v.Starts)
	}
	// A completed firework takes nothing more, not even its next rank.
	g2 := deal(t, cfg, c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5),
		c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(red, 1))
	apply(t, g2, engine.PlayCard(0), engine.ClueRank(0, 2), engine.PlayCard(1), engine.ClueRank(0, 3),
		engine.PlayCard(2), engine.ClueRank(0, 4), engine.PlayCard(3), engine.ClueRank(0, 5), engine.PlayCard(4))
	if ev := apply(t, g2, engine.PlayCard(9)); ev.Success || g2.StormsUsed() != 1 {
		t.Fatalf("a red 1 on a complete red firework: %+v", ev)
	}
}

// playAgainstModel plays g to its end with random legal moves, most plays
// of cards that fits (a plain model of the rule, peeking at the deck) says
// extend their firework, so that games get far. It checks every play's
// success against fits and the score against the model's stacks, which it
// keeps; after every play it calls played with the event.
func playAgainstModel(t *testing.T, g *engine.Game, rng *rand.Rand, stacks *[engine.MaxSuits][]int, fits func(engine.Card) bool, played func(engine.Event)) {
	t.Helper()
	cfg, deck := g.Config(), g.Deck()
	for !g.Over() {
		var ok, good []engine.Action
		for _, a := range g.LegalActions(nil) {
			if a.Kind == engine.Play || a.Kind == engine.Discard {
				c := deck[a.Card]
				if plays := (a.Kind == engine.Play) != cfg.Suits[c.Suit].Swapped; plays {
					if !fits(c) && rng.IntN(10) != 0 {
						continue
					}
					good = append(good, a)
				}
			}
			ok = append(ok, a)
		}
		a := ok[rng.IntN(len(ok))]
		if len(good) > 0 && rng.IntN(4) != 0 {
			a = good[rng.IntN(len(good))]
		}
		var want bool
		if a.Kind == engine.Play || a.Kind == engine.Discard {
			want = fits(deck[a.Card])
		}
		ev, err := g.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		if ev.Action.IsClue() || (a.Kind == engine.Play) == ev.Swapped {
			continue // a clue, or a discard
		}
		if ev.Success != want {
			t.Fatalf("turn %d: play of %v: success %v, model %v (stacks %v)", ev.Turn, ev.Card, ev.Success, want, *stacks)
		}
		if ev.Success {
			stacks[ev.Card.Suit] = append(stacks[ev.Card.Suit], ev.Card.Rank)
		}
		played(ev)
		score := 0
		for s := range cfg.Suits {
			score += len(stacks[s])
		}
		if r, _ := g.Result(); r.Reason != engine.EndStorms && g.Score() != score {
			t.Fatalf("turn %d: score %d, model %d", ev.Turn, g.Score(), score)
		}
	}
}

// purple5 is the fifth suit of the 5-suit variants.
const purple5 = 4

// TestSudokuWholeGames plays seeded games of Sudoku variants, the moves
// chosen by a plain model of the rule (peeking at the deck) to avoid most
// misplays, and checks every play's success and the score against it.
func TestSudokuWholeGames(t *testing.T) {
	completed := 0
	for _, name := range []string{"sudoku-5-suits", "sudoku-4-suits", "sudoku-black-5-suits", "sudoku-orange-4-suits"} {
		for players := 2; players <= 5; players++ {
			t.Run(fmt.Sprintf("%s/%dp", name, players), func(t *testing.T) {
				cfg := setup(t, name, players, variants.Options{})
				rng := rand.New(rand.NewPCG(uint64(players), 24))
				for seed := range 10 {
					g, err := engine.NewSeeded(cfg, fmt.Sprintf("sudoku-%d", seed))
					if err != nil {
						t.Fatal(err)
					}
					var stacks [engine.MaxSuits][]int
					fits := func(c engine.Card) bool {
						n := slices.Max(cfg.Suits[c.Suit].Ranks)
						st := stacks[c.Suit]
						switch len(st) {
						case 0:
							for o := range cfg.Suits {
								if len(stacks[o]) > 0 && stacks[o][0] == c.Rank {
									return false
								}
							}
							return true
						case n:
							return false
						}
						return c.Rank == st[len(st)-1]%n+1
					}
					playAgainstModel(t, g, rng, &stacks, fits, func(ev engine.Event) {
						if s := ev.Card.Suit; ev.Success && len(stacks[s]) == slices.Max(cfg.Suits[s].Ranks) {
							completed++
						}
					})
				}
			})
		}
	}
	if completed == 0 {
		t.Fatal("no firework was completed")
	}
}
