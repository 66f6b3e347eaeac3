package hanablive

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// table is one variant and options combination to play.
type table struct {
	variant  string
	settings variants.Settings
	players  int
}

func (tb table) String() string {
	s := tb.settings
	return fmt.Sprintf("%s/p%d/s%d/n%d/e%t/r%d", tb.variant, tb.players, s.StormTokens, s.NoteTokens, s.EmptyClues, s.RainbowCards)
}

// allTables is every variant of the rules with every option value that
// changes the game, note tokens sampled at their bounds and around
// hanab.live's 8. (TestCatalogueRoundTrip covers the catalogue.)
func allTables() []table {
	var out []table
	for _, v := range variants.All() {
		if v.Source != variants.SourceRules {
			continue
		}
		rainbow := []int{0}
		if v.HasRainbow() {
			rainbow = variants.RainbowCardCounts
		}
		for _, rc := range rainbow {
			for storms := variants.MinStorm; storms <= variants.MaxStorm; storms++ {
				for _, notes := range []int{variants.MinNotes, 2, 8, 9, variants.MaxNotes} {
					for _, empty := range []bool{false, true} {
						for players := variants.MinPlayers; players <= variants.MaxPlayers; players++ {
							s := variants.Settings{StormTokens: storms, NoteTokens: notes, EmptyClues: empty, RainbowCards: rc}
							out = append(out, table{v.Name, s, players})
						}
					}
				}
			}
		}
	}
	return out
}

// playRandom deals a game from seed and plays it to the end, each turn a
// uniformly random legal move.
func playRandom(t testing.TB, tb table, seed uint64) *Replay {
	t.Helper()
	return play(t, tb, seed, false)
}

// playCareful is playRandom that peeks at the deck to never misplay, so that
// its games last to the final round and score.
func playCareful(t testing.TB, tb table, seed uint64) *Replay {
	t.Helper()
	return play(t, tb, seed, true)
}

func play(t testing.TB, tb table, seed uint64, careful bool) *Replay {
	t.Helper()
	v, err := variants.Get(tb.variant)
	if err != nil {
		t.Fatal(err)
	}
	if tb.settings.Rules == "" {
		tb.settings.Rules = v.Rules.String() // the rules the variant plays
	}
	cfg, err := v.Config(tb.settings, tb.players)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewSeeded(cfg, fmt.Sprintf("hanablive-%d", seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var buf []engine.Action
	for !g.Over() {
		buf = g.LegalActions(buf)
		if careful {
			deck := g.Deck()
			buf = slices.DeleteFunc(buf, func(a engine.Action) bool {
				if a.Kind != engine.Play && a.Kind != engine.Discard {
					return false
				}
				c := deck[a.Card]
				// A suit that swaps play and discard plays what is discarded.
				plays := (a.Kind == engine.Play) != cfg.Suits[c.Suit].Swapped
				return plays && !cfg.Playable(c.Suit, g.Firework(c.Suit), c.Rank)
			})
		}
		if len(buf) == 0 {
			t.Fatalf("%v seed %d: no legal action at turn %d of a running game", tb, seed, g.Turn())
		}
		if _, err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatalf("%v seed %d: a legal action was refused: %v", tb, seed, err)
		}
	}
	players := make([]string, tb.players)
	for i := range players {
		players[i] = fmt.Sprintf("seat-%d", i)
	}
	return &Replay{Variant: tb.variant, Settings: tb.settings, Players: players, Seed: fmt.Sprintf("hanablive-%d", seed), State: g}
}

// sameGame fails the test unless two replays hold the identical game: the
// same description, deck, log and final state as everyone sees it.
func sameGame(t testing.TB, want, got *Replay) {
	t.Helper()
	if got.Variant != want.Variant || got.Settings != want.Settings {
		t.Fatalf("variant %s %+v, want %s %+v", got.Variant, got.Settings, want.Variant, want.Settings)
	}
	if got.Seed != want.Seed {
		t.Fatalf("seed %q, want %q", got.Seed, want.Seed)
	}
	if !reflect.DeepEqual(got.Players, want.Players) {
		t.Fatalf("players %q, want %q", got.Players, want.Players)
	}
	if !reflect.DeepEqual(got.End, want.End) {
		t.Fatalf("end %+v, want %+v", got.End, want.End)
	}
	w, g := want.State, got.State
	if !reflect.DeepEqual(g.Deck(), w.Deck()) {
		t.Fatal("decks differ")
	}
	if !reflect.DeepEqual(g.Log(), w.Log()) {
		t.Fatalf("logs differ:\n got %v\nwant %v", g.Log(), w.Log())
	}
	if g.Score() != w.Score() {
		t.Fatalf("score %d, want %d", g.Score(), w.Score())
	}
	if !reflect.DeepEqual(g.View(engine.Public), w.View(engine.Public)) {
		t.Fatalf("final states differ:\n got %+v\nwant %+v", g.View(engine.Public), w.View(engine.Public))
	}
}

// roundTrip exports r as JSON and imports it back.
func roundTrip(t testing.TB, r *Replay) *Replay {
	t.Helper()
	data, err := Marshal(r)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	back, err := Import(data)
	if err != nil {
		t.Fatalf("import of an export: %v\n%s", err, data)
	}
	return back
}
