package hanablive

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/livemodel"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// Both ways between this server and hanab.live, checked against the model
// of hanab.live's rules (internal/livemodel) standing in for hanab.live:
// an export replayed as hanab.live replays a file, and a file hanab.live
// would write imported.

// liveGroups are catalogue variants of each of hanab.live's rule groups.
var liveGroups = []string{
	"no-variant", "rainbow-6-suits", "prism-5-suits", "null-5-suits", // data only
	"orange-5-suits", "dark-orange-6-suits", "orange-3-suits",
	"clue-starved-5-suits", "clue-starved-orange-5-suits",
	"alternating-clues-5-suits", "alternating-clues-dark-orange-6-suits",
	"reversed-5-suits", "orange-reversed-5-suits",
	"sudoku-5-suits", "sudoku-4-suits", "sudoku-orange-5-suits",
	"up-or-down-5-suits", "up-or-down-orange-5-suits",
	"throw-it-in-a-hole-5-suits", "throw-it-in-a-hole-orange-5-suits",
	"cow-pig-5-suits", "duck-5-suits",
}

// liveTables are the table options, one at a time.
var liveTables = []variants.Options{{}, {OneExtraCard: ptrTo(true)}, {OneLessCard: ptrTo(true)}, {DeckPlays: ptrTo(true)}, {AllOrNothing: ptrTo(true)}}

// liveCells calls f for every variant of liveGroups with every player count
// and table option; under -short or the race detector, one variant in turn
// for each count and option.
func liveCells(t *testing.T, f func(t *testing.T, name string, players int, o variants.Options, seed uint64)) {
	n := 0
	for players := variants.MinPlayers; players <= variants.MaxPlayers; players++ {
		for ti, o := range liveTables {
			for vi, name := range liveGroups {
				if (testing.Short() || race.Enabled) && vi%5 != (players+ti)%5 {
					continue
				}
				n++
				f(t, name, players, o, uint64(n))
			}
		}
	}
}

// liveReplay replays doc as hanab.live replays a file: its deal, its first
// seat, its actions as they are written (no Orange swap), up to a game-over
// action or the model's end.
func liveReplay(t *testing.T, doc *Game) *livemodel.Game {
	t.Helper()
	_, cfg, err := setup(doc)
	if err != nil {
		t.Fatal(err)
	}
	deck, err := checkDeck(cfg, doc.Deck)
	if err != nil {
		t.Fatal(err)
	}
	m := livemodel.New(&cfg, deck, doc.Options.StartingPlayer)
	m.Replaying = true
	for i, a := range doc.Actions {
		if a.Type == ActionGameOver || a.Type == ActionGameOverByVote {
			break
		}
		if m.Over() {
			t.Fatalf("hanab.live's replay is over before action %d of %d", i, len(doc.Actions))
		}
		if err := m.Act(livemodel.Action{Type: int(a.Type), Target: a.Target, Value: a.Value}); err != nil {
			t.Fatalf("hanab.live's replay refuses action %d %+v: %v", i, a, err)
		}
	}
	return m
}

// TestExportReplaysOnHanabLive: a game of every rule group, exported,
// replays on hanab.live to the same score in the same number of moves,
// ending the same way.
func TestExportReplaysOnHanabLive(t *testing.T) {
	liveCells(t, func(t *testing.T, name string, players int, o variants.Options, seed uint64) {
		_, s, cfg, err := variants.Setup(name, o, players)
		if err != nil {
			t.Fatal(err)
		}
		for _, careful := range []bool{false, true} {
			r := play(t, table{name, s, players}, seed, careful)
			if r.State.Config().Rules != cfg.Rules {
				t.Fatalf("%s: played by %v", name, r.State.Config().Rules)
			}
			doc, err := Export(r)
			if err != nil {
				t.Fatal(err)
			}
			m := liveReplay(t, doc)
			res, _ := r.State.Result()
			if !m.Over() || m.FinalScore() != res.Score || m.Turn != r.State.Turn() || m.Reason() != res.Reason {
				t.Fatalf("%s %dp %+v seed %d: ours %+v after %d moves; hanab.live's over %v, %d after %d moves (%v)",
					name, players, o, seed, res, r.State.Turn(), m.Over(), m.FinalScore(), m.Turn, m.Reason())
			}
		}
	})
}

// TestHanabLiveFilesImport: games played by the model of hanab.live's rules
// and written as hanab.live writes them (the moves that happened, its
// starting player) import to the same score, length, ending and final
// fireworks and hands.
func TestHanabLiveFilesImport(t *testing.T) {
	liveCells(t, func(t *testing.T, name string, players int, o variants.Options, seed uint64) {
		v, s, cfg, err := variants.Setup(name, o, players)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 28))
		deck := cfg.Shuffle(fmt.Sprint("live-", seed))
		m := livemodel.New(&cfg, deck, rng.IntN(players))
		first := m.Active
		careful := rng.Float64()
		for !m.Over() {
			legal := m.Legal()
			a := legal[rng.IntN(len(legal))]
			if rng.Float64() < careful {
				for _, b := range legal {
					if b.Type <= livemodel.Discard && (b.Type == livemodel.Play) != cfg.Suits[m.Card(b.Target).Suit].Swapped && m.Fits(b.Target) {
						a = b
						break
					}
				}
			}
			if err := m.Act(a); err != nil {
				t.Fatal(err)
			}
		}
		doc := &Game{Players: make([]string, players), Options: liveOptions(v.HanabLive.Name, s)}
		doc.Options.StartingPlayer = first
		for i := range doc.Players {
			doc.Players[i] = fmt.Sprint("p", i)
		}
		for _, c := range deck {
			doc.Deck = append(doc.Deck, Card{SuitIndex: c.Suit, Rank: c.Rank})
		}
		for _, a := range m.Record {
			doc.Actions = append(doc.Actions, Action{Type: ActionType(a.Type), Target: a.Target, Value: a.Value})
		}
		r, err := ImportGame(doc)
		if err != nil {
			t.Fatalf("%s %dp %+v: %v", name, players, o, err)
		}
		g := r.State
		res, over := g.Result()
		if !over || res.Score != m.FinalScore() || g.Turn() != m.Turn || res.Reason != m.Reason() {
			t.Fatalf("%s %dp %+v: imported %+v after %d moves (over %v); hanab.live %d after %d (%v)",
				name, players, o, res, g.Turn(), over, m.FinalScore(), m.Turn, m.Reason())
		}
		for su := range cfg.Suits {
			if g.Firework(su) != m.Stacks[su] {
				t.Fatalf("%s: firework %d at %d, hanab.live's %d", name, su, g.Firework(su), m.Stacks[su])
			}
		}
		for p := range players {
			if got, want := g.Hand(p), m.Hands[p]; len(got) != len(want) || len(got) > 0 && got[0] != want[len(want)-1] {
				t.Fatalf("%s: seat %d holds %v, hanab.live's %v (oldest first)", name, p, got, want)
			}
		}
		if g.First() != first {
			t.Fatalf("%s: first seat %d, want %d", name, g.First(), first)
		}
	})
}

// TestExportOrangeRecordsWhatHappened: an export stores an Orange card's
// move as hanab.live stores it, the move that happened: asked to be
// played, it was discarded; asked to be discarded, it was played.
func TestExportOrangeRecordsWhatHappened(t *testing.T) {
	doc := orangeDoc(t)
	_, cfg, err := setup(doc)
	if err != nil {
		t.Fatal(err)
	}
	deck, err := checkDeck(cfg, doc.Deck)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(cfg, deck)
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0: orange 1, orange 2, red 1, red 2, orange 5; seat 1: yellow
	// 1, 2, green 1, blue 1, orange 1.
	for _, a := range []engine.Action{engine.DiscardCard(0), engine.ClueRank(0, 2), engine.PlayCard(1), engine.PlayCard(5),
		engine.PlayCard(2)} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if g.Firework(4) != 1 || g.Firework(0) != 1 || g.Firework(1) != 1 {
		t.Fatalf("fireworks %d %d %d", g.Firework(4), g.Firework(0), g.Firework(1))
	}
	// End it where it is: a player terminates.
	if _, err := g.Apply(engine.EndGame(0, engine.EndTerminated)); err != nil {
		t.Fatal(err)
	}
	s := variants.Settings{StormTokens: 3, NoteTokens: 8, Rules: "hanablive"}
	out, err := Export(&Replay{Variant: "orange-5-suits", Settings: s, State: g})
	if err != nil {
		t.Fatal(err)
	}
	want := []Action{{Type: ActionPlay, Target: 0}, {Type: ActionRankClue, Target: 0, Value: 2}, {Type: ActionDiscard, Target: 1},
		{Type: ActionPlay, Target: 5}, {Type: ActionPlay, Target: 2}, {Type: ActionGameOver, Target: 0, Value: EndConditionTerminated}}
	if fmt.Sprint(out.Actions) != fmt.Sprint(want) {
		t.Fatalf("exported %v, want %v", out.Actions, want)
	}
	m := liveReplay(t, out)
	if m.Stacks[4] != 1 || m.Score != 3 || m.Strikes != 0 {
		t.Fatalf("hanab.live's replay: orange %d, score %d, strikes %d", m.Stacks[4], m.Score, m.Strikes)
	}
}

// TestHanabLiveOwnFiles imports games played on hanab.live, from its own
// test data: each imports whole, ends exactly where its log ends, and
// agrees with hanab.live's account of it (its client's integration tests
// give the score, the length and the final hands, oldest card first) and
// with the model's replay of it.
func TestHanabLiveOwnFiles(t *testing.T) {
	tests := []struct {
		file         string
		first        int
		score, turns int
		hands        [][]int // oldest first; nil where hanab.live's tests do not say
	}{
		{"up_or_down.json", 0, 24, 50, [][]int{{27, 32, 35}, {22, 30, 43}, {31, 36, 41, 44}, {13, 23, 39}}},
		{"rainbow-ones_and_pink.json", 0, 25, 53, [][]int{{34, 37, 39, 43}, {38, 40, 44, 47}, {28, 31, 33, 42}}},
		{"omni-ones_and_white.json", 1, -1, 82, nil}, // startingPlayer 1, a deck play last
		{"no_variant.json", 0, 23, 53, nil},
		{"up_or_down_critical.json", 0, -1, 60, nil}, // Up or Down & Brown (6 Suits), 3 players
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			r, err := ImportGame(doc)
			if err != nil {
				t.Fatal(err)
			}
			g := r.State
			res, over := g.Result()
			m := liveReplay(t, doc)
			if !over || g.Turn() != tt.turns || g.First() != tt.first || tt.score >= 0 && res.Score != tt.score {
				t.Fatalf("over %v with %+v after %d moves, seat %d first; want %d after %d, seat %d first", over, res, g.Turn(), g.First(), tt.score, tt.turns, tt.first)
			}
			if !m.Over() || m.FinalScore() != res.Score || m.Turn != g.Turn() || m.Reason() != res.Reason {
				t.Fatalf("hanab.live's replay: over %v, %d after %d moves (%v); ours %+v", m.Over(), m.FinalScore(), m.Turn, m.Reason(), res)
			}
			for p, want := range tt.hands {
				got := slices.Clone(g.Hand(p))
				slices.Reverse(got)
				if !slices.Equal(got, want) {
					t.Errorf("seat %d holds %v, hanab.live's %v", p, got, want)
				}
			}
		})
	}
}
