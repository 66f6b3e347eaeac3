package engine_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

type benchTable struct {
	variant string
	players int
	opts    variants.Options
}

func (bt benchTable) String() string {
	s := fmt.Sprintf("%s/%dp", bt.variant, bt.players)
	if bt.opts.EmptyClues != nil && !*bt.opts.EmptyClues {
		s += "/no-empty-clues"
	}
	return s
}

// benchTables: 4-player basic is the headline figure (the one DeepMind's HLE
// is quoted for); the rest show how the variants and table sizes compare.
var benchTables = []benchTable{
	{"basic", 4, variants.Options{}},
	{"basic", 2, variants.Options{}},
	{"basic", 6, variants.Options{}},
	{"basic", 4, variants.Options{EmptyClues: ptr(false)}},
	{"farbrausch", 4, variants.Options{}},
	{"farbrausch2", 4, variants.Options{}},
	{"farbrausch2", 4, variants.Options{RainbowCards: ptr(5), EmptyClues: ptr(false)}},
}

// decks shuffles outside the timer, so the benchmarks measure the rules, not
// sha256 and the shuffle.
func decks(b *testing.B, cfg engine.Config, n int) [][]engine.Card {
	out := make([][]engine.Card, n)
	for i := range out {
		out[i] = cfg.Shuffle(fmt.Sprint("bench", i))
	}
	return out
}

// BenchmarkSelfPlay: one op is one applied action, chosen uniformly among the
// legal ones (LegalActions into a reused buffer); every game is dealt with
// New when the last one ends, so the deal's allocations are counted in and
// show as allocs/action.
func BenchmarkSelfPlay(b *testing.B) {
	for _, bt := range benchTables {
		b.Run(bt.String(), func(b *testing.B) {
			cfg := setup(b, bt.variant, bt.players, bt.opts)
			pool := decks(b, cfg, 64)
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]engine.Action, 0, 128)
			games := 0
			g, _ := engine.New(cfg, pool[0])
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if g.Over() {
					games++
					g, _ = engine.New(cfg, pool[games%len(pool)])
				}
				buf = g.LegalActions(buf)
				g.Apply(buf[rng.IntN(len(buf))])
			}
			b.StopTimer()
			runtime.ReadMemStats(&ms1)
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "actions/s")
			b.ReportMetric(float64(games)/sec, "games/s")
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(b.N), "allocs/action")
		})
	}
}

// BenchmarkSelfPlayDealt is SelfPlay with the deals done before the timer
// starts: a finished game is reset by copying a dealt one, which shares its
// preallocated logs. Its allocs/op is the allocations per applied action once
// a game is dealt.
func BenchmarkSelfPlayDealt(b *testing.B) {
	for _, bt := range benchTables {
		b.Run(bt.String(), func(b *testing.B) {
			cfg := setup(b, bt.variant, bt.players, bt.opts)
			dealt := make([]*engine.Game, 64)
			for i, d := range decks(b, cfg, len(dealt)) {
				dealt[i], _ = engine.New(cfg, d)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]engine.Action, 0, 128)
			games := 0
			var g engine.Game
			g = *dealt[0]
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if g.Over() {
					games++
					g = *dealt[games%len(dealt)]
				}
				buf = g.LegalActions(buf)
				g.Apply(buf[rng.IntN(len(buf))])
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "actions/s")
			b.ReportMetric(float64(games)/sec, "games/s")
		})
	}
}

// midGame plays random moves until turn n (or the end) and returns the game.
func midGame(b *testing.B, bt benchTable, n int) *engine.Game {
	cfg := setup(b, bt.variant, bt.players, bt.opts)
	g, _ := engine.NewSeeded(cfg, "view")
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []engine.Action
	for g.Turn() < n && !g.Over() {
		buf = g.LegalActions(buf)
		// Clues only, so that the game lasts and the view has clues to copy.
		a := buf[len(buf)-1-rng.IntN(len(buf)/2)]
		if g.NoteTokens() == 0 {
			a = engine.DiscardCard(g.Hand(g.Current())[0])
		}
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkView: one seat's view of a game 30 turns in, built into a View
// that is kept, as a bot or a server loop does.
func BenchmarkView(b *testing.B) {
	for _, bt := range []benchTable{benchTables[0], {"farbrausch2", 6, variants.Options{}}} {
		b.Run(bt.String(), func(b *testing.B) {
			g := midGame(b, bt, 30)
			var v engine.View
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				g.ViewInto(i%bt.players, &v)
			}
		})
	}
}

// BenchmarkViewNew: a one-off view, as a request handler builds it.
func BenchmarkViewNew(b *testing.B) {
	g := midGame(b, benchTables[0], 30)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = g.View(i % 4)
	}
}

// BenchmarkReplay: rebuilding a finished game from its log, as the server
// does for a game whose state is not cached.
func BenchmarkReplay(b *testing.B) {
	cfg := setup(b, "basic", 4, variants.Options{})
	g, _ := engine.NewSeeded(cfg, "replay")
	rng := rand.New(rand.NewPCG(5, 6))
	for !g.Over() {
		oracleMove(g, rng)
	}
	deck, log := g.Deck(), g.Log()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := engine.Replay(cfg, deck, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(log)), "actions/game")
}

func oracleMove(g *engine.Game, rng *rand.Rand) {
	a := oracle(g, g.Deck(), g.LegalActions(nil), rng)
	g.Apply(a)
}

// BenchmarkAt: a seat's view of a finished game of about 60 turns at one
// of its turns, as a replay viewer asks for it turn by turn: one replay of
// the log's prefix, its view and the seat's count of unseen cards.
func BenchmarkAt(b *testing.B) {
	cfg := setup(b, "basic", 3, variants.Options{})
	var g *engine.Game
	rng := rand.New(rand.NewPCG(7, 8))
	for seed := 0; g == nil || g.Turn() < 58 || g.Turn() > 64; seed++ {
		g, _ = engine.NewSeeded(cfg, fmt.Sprint("at", seed))
		groupGame(b, g, rng, false, func(*engine.Game, engine.Event) {})
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		past, err := g.At(i % (g.Turn() + 1))
		if err != nil {
			b.Fatal(err)
		}
		_ = past.View(i % 3)
		_ = past.UnseenBy(i % 3)
	}
	b.ReportMetric(float64(g.Turn()), "turns/game")
}
