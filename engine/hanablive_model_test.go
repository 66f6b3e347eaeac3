package engine_test

import (
	"cmp"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/livemodel"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

var liveGames = flag.Int("live-games", 0, "seeded games each variant of each cell of TestHanabLiveModelGames plays (0: 2, or 1 with -short or the race detector)")

// liveGroups are catalogue variants of each of hanab.live's rule groups,
// mixed with each other and with the data-only suits where hanab.live
// mixes them.
var liveGroups = map[string][]string{
	"plain":              {"no-variant", "6-suits", "3-suits", "black-6-suits", "rainbow-5-suits", "prism-5-suits", "null-5-suits", "dark-rainbow-5-suits", "odds-and-evens-5-suits", "critical-fours-5-suits", "color-blind-5-suits"},
	"orange":             {"orange-5-suits", "dark-orange-6-suits", "rainbow-orange-4-suits", "orange-3-suits"},
	"clue-starved":       {"clue-starved-5-suits", "clue-starved-orange-5-suits", "clue-starved-rainbow-6-suits"},
	"alternating-clues":  {"alternating-clues-5-suits", "alternating-clues-dark-orange-6-suits", "alternating-clues-null-3-suits"},
	"reversed":           {"reversed-5-suits", "black-reversed-6-suits", "orange-reversed-5-suits", "reversed-3-suits"},
	"sudoku":             {"sudoku-5-suits", "sudoku-4-suits", "sudoku-orange-5-suits", "sudoku-dark-orange-5-suits"},
	"up-or-down":         {"up-or-down-5-suits", "up-or-down-orange-5-suits", "up-or-down-black-6-suits"},
	"throw-it-in-a-hole": {"throw-it-in-a-hole-5-suits", "throw-it-in-a-hole-orange-5-suits", "throw-it-in-a-hole-rainbow-4-suits"},
	"cow-pig":            {"cow-pig-5-suits", "cow-pig-3-suits"},
	"duck":               {"duck-5-suits", "duck-6-suits"},
}

// liveTables are the table options, one at a time.
var liveTables = []struct {
	name string
	opts variants.Options
}{
	{"plain", variants.Options{}},
	{"one_extra_card", variants.Options{OneExtraCard: ptr(true)}},
	{"one_less_card", variants.Options{OneLessCard: ptr(true)}},
	{"deck_plays", variants.Options{DeckPlays: ptr(true)}},
	{"all_or_nothing", variants.Options{AllOrNothing: ptr(true)}},
}

// TestHanabLiveModelGames plays seeded games of every rule group, 2–6
// players and every table option, and holds the engine to the model of
// hanab.live's rules after every move: the legal moves, the hands, the
// deck, the fireworks with their directions and first cards, the tokens,
// the strikes, the score, the maximum score still possible, the move that
// ends the game, how it ended and its final score. Under the race
// detector or -short each cell of a group plays one of its variants in
// turn, once; -live-games=N plays N games of every variant of every cell.
func TestHanabLiveModelGames(t *testing.T) {
	games, all := *liveGames, true
	if games == 0 {
		games = 2
		if testing.Short() || race.Enabled {
			games, all = 1, false
		}
	}
	ends := map[engine.EndReason]int{}
	for group, names := range liveGroups {
		for players := 2; players <= 6; players++ {
			for ti, tab := range liveTables {
				for vi, name := range names {
					if !all && vi != (players+ti)%len(names) {
						continue
					}
					cell := fmt.Sprintf("%s/%s/%dp/%s", group, name, players, tab.name)
					cfg := setup(t, name, players, tab.opts)
					if cfg.Rules != engine.RulesHanabLive {
						t.Fatalf("%s plays %v", cell, cfg.Rules)
					}
					for i := range games {
						seed := fmt.Sprintf("%s/%d", cell, i)
						g, err := engine.NewSeeded(cfg, seed)
						if err != nil {
							t.Fatalf("%s: %v", cell, err)
						}
						r := playAgainstLive(t, seed, g, rand.New(rand.NewPCG(uint64(i), uint64(players))))
						ends[r]++
					}
				}
			}
		}
	}
	t.Logf("ends: %v", ends)
	// Every way a game of cards ends turns up.
	for _, r := range []engine.EndReason{engine.EndStorms, engine.EndPerfect, engine.EndDeckOut, engine.EndAllOrNothing, engine.EndMaxPossible, engine.EndNoPlayable} {
		if ends[r] == 0 {
			t.Errorf("no game ended %v", r)
		}
	}
}

// playAgainstLive plays g to its end with moves drawn from a mix of good
// plays, discards and clues (a game's own mix, so that games end every
// way), checking the engine against the model after every move. It
// returns how the game ended.
func playAgainstLive(t *testing.T, seed string, g *engine.Game, rng *rand.Rand) engine.EndReason {
	t.Helper()
	cfg := g.Config()
	m := livemodel.New(cfg, g.Deck(), g.First())
	// The game's temper: how often it plays a card that fits, and how
	// often it makes a random move instead of a sensible one.
	careful, reckless := rng.Float64(), rng.Float64()/3
	var buf []engine.Action
	for !g.Over() {
		buf = g.LegalActions(buf)
		if err := sameLegal(buf, m.Legal()); err != nil {
			t.Fatalf("%s turn %d: %v", seed, g.Turn(), err)
		}
		// The seat's view judges its moves as the game does (asked on
		// some turns and around the deck's last card, to save time).
		if g.Turn()%3 == 0 || g.DeckCount() <= 1 {
			if got := g.View(g.Current()).LegalActions(nil); !slices.Equal(got, buf) {
				t.Fatalf("%s turn %d: the view's legal moves %v, the game's %v", seed, g.Turn(), got, buf)
			}
		}
		a := chooseLive(buf, m, cfg, careful, reckless, rng)
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%s turn %d: %+v: %v", seed, g.Turn(), a, err)
		}
		if err := m.Act(livemodel.ActionOf(a)); err != nil {
			t.Fatalf("%s turn %d: the model refuses %+v: %v", seed, g.Turn(), a, err)
		}
		if err := sameAsLive(g, m); err != nil {
			t.Fatalf("%s after turn %d (%+v): %v", seed, g.Turn()-1, a, err)
		}
	}
	r, _ := g.Result()
	return r.Reason
}

func sameLegal(engineLegal []engine.Action, live []livemodel.Action) error {
	got := make([]livemodel.Action, len(engineLegal))
	for i, a := range engineLegal {
		got[i] = livemodel.ActionOf(a)
	}
	byFields := func(a, b livemodel.Action) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Target, b.Target), cmp.Compare(a.Value, b.Value))
	}
	want := slices.Clone(live)
	slices.SortFunc(got, byFields)
	slices.SortFunc(want, byFields)
	if !slices.Equal(got, want) {
		return fmt.Errorf("legal moves %v, hanab.live's %v", got, want)
	}
	return nil
}

// chooseLive picks a move: most of the time a play of a card that fits
// (as the model, which sees every card, says), else a clue or a discard,
// and now and then anything legal.
func chooseLive(legal []engine.Action, m *livemodel.Game, cfg *engine.Config, careful, reckless float64, rng *rand.Rand) engine.Action {
	if rng.Float64() < reckless {
		return legal[rng.IntN(len(legal))]
	}
	var good, clues, discards []engine.Action
	for _, a := range legal {
		switch {
		case a.IsClue():
			clues = append(clues, a)
		case (a.Kind == engine.Play) != cfg.Suits[m.Card(a.Card).Suit].Swapped:
			if m.Fits(a.Card) {
				good = append(good, a)
			}
		default:
			discards = append(discards, a)
		}
	}
	pick := func(l []engine.Action) engine.Action { return l[rng.IntN(len(l))] }
	switch {
	case len(good) > 0 && rng.Float64() < careful:
		return pick(good)
	case len(clues) > 0 && (len(discards) == 0 || rng.IntN(2) == 0):
		return pick(clues)
	case len(discards) > 0:
		return pick(discards)
	}
	return pick(legal)
}

// sameAsLive compares the game with the model.
func sameAsLive(g *engine.Game, m *livemodel.Game) error {
	cfg := g.Config()
	if g.Over() != m.Over() {
		r, _ := g.Result()
		return fmt.Errorf("over %v (%v), hanab.live's %v (%v)", g.Over(), r.Reason, m.Over(), m.Reason())
	}
	if g.Current() != m.Active && !g.Over() {
		return fmt.Errorf("seat %d to act, hanab.live's %d", g.Current(), m.Active)
	}
	for p := range cfg.Players {
		want := slices.Clone(m.Hands[p])
		slices.Reverse(want) // the engine holds the newest card first
		if got := g.Hand(p); !slices.Equal(got, want) {
			return fmt.Errorf("seat %d holds %v, hanab.live's %v", p, got, want)
		}
	}
	if g.DeckCount() != m.DeckLeft() {
		return fmt.Errorf("deck %d, hanab.live's %d", g.DeckCount(), m.DeckLeft())
	}
	for s := range cfg.Suits {
		if g.Firework(s) != m.Stacks[s] {
			return fmt.Errorf("firework %d at %d, hanab.live's %d", s, g.Firework(s), m.Stacks[s])
		}
		if cfg.Sudoku && g.Start(s) != m.Starts[s] {
			return fmt.Errorf("firework %d starts at %d, hanab.live's %d", s, g.Start(s), m.Starts[s])
		}
		if cfg.HasDirections() {
			var ok bool
			switch d := g.Direction(s); m.Dirs[s] {
			case livemodel.Undecided:
				ok = d == engine.Undecided
			case livemodel.Up:
				ok = d == engine.Up
			case livemodel.Down:
				ok = d == engine.Down
			case livemodel.Finished: // complete: its last card on top
				ok = d == engine.Up && g.Firework(s) == cfg.StackSize(s) || d == engine.Down && g.Firework(s) == 1
			}
			if !ok {
				return fmt.Errorf("firework %d goes %v, hanab.live's %v", s, g.Direction(s), m.Dirs[s])
			}
		}
	}
	units := g.NoteTokens()
	if cfg.ClueStarved {
		units = 2 * units
		if g.HalfNote() {
			units++
		}
	}
	if units != m.Clues {
		return fmt.Errorf("clue units %d, hanab.live's %d", units, m.Clues)
	}
	if g.StormsUsed() != m.Strikes {
		return fmt.Errorf("strikes %d, hanab.live's %d", g.StormsUsed(), m.Strikes)
	}
	// The maximum the game ends at is hanab.live's server's; the one shown
	// is the true one, as its client shows it (they differ in Sudoku).
	if g.MaxPossible() != m.TrueMax() || g.EndMax() != m.MaxScore {
		return fmt.Errorf("maximum possible %d (ends at %d), hanab.live's %d (ends at %d)", g.MaxPossible(), g.EndMax(), m.TrueMax(), m.MaxScore)
	}
	v := g.View(engine.Public)
	if v.First != g.First() || !v.PlaysHidden && v.MaxPossible != g.MaxPossible() {
		return fmt.Errorf("the view's first seat %d and maximum %d", v.First, v.MaxPossible)
	}
	if !g.Over() {
		if g.Score() != m.Score {
			return fmt.Errorf("score %d, hanab.live's %d", g.Score(), m.Score)
		}
		return nil
	}
	r, _ := g.Result()
	if r.Reason != m.Reason() || r.Score != m.FinalScore() {
		return fmt.Errorf("ended %v with %d, hanab.live %v with %d", r.Reason, r.Score, m.Reason(), m.FinalScore())
	}
	return nil
}
