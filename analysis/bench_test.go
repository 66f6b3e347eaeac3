package analysis

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// benchGames is n games of players seats by each of the two bots that
// play like people (one losing more points than the other), dealt from
// fixed seeds.
func benchGames(b *testing.B, players, n int) []*engine.Game {
	cfg := setup(b, "basic", players, variants.Options{})
	var out []*engine.Game
	for _, bot := range []string{"hat", "conventions"} {
		for i := range n {
			out = append(out, botGame(b, cfg, fmt.Sprintf("bench/%d", i), bot, uint64(i)))
		}
	}
	return out
}

// benchAnalyse analyses each game in turn and reports the mean and the
// slowest game's time.
func benchAnalyse(b *testing.B, games []*engine.Game, opt Options) {
	var worst time.Duration
	for b.Loop() {
		for _, g := range games {
			start := time.Now()
			if _, err := AnalyseGame(context.Background(), g, opt); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(start))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(games)), "ms/game")
	b.ReportMetric(float64(worst.Milliseconds()), "ms-worst")
}

// BenchmarkAnalyse: whole games, max_reachable exact, with and without
// the endgame (N = DefaultEndgameDeck, DefaultDeals deals).
func BenchmarkAnalyse(b *testing.B) {
	for _, players := range []int{2, 5} {
		games := benchGames(b, players, 10)
		b.Run(fmt.Sprintf("%dp/turns", players), func(b *testing.B) { benchAnalyse(b, games, Options{EndgameDeck: -1}) })
		b.Run(fmt.Sprintf("%dp/whole", players), func(b *testing.B) { benchAnalyse(b, games, Options{}) })
	}
}

// BenchmarkEndgameState: the endgame of one state, per N (the cards left
// in its deck), over the late states of the benchmark's games.
func BenchmarkEndgameState(b *testing.B) {
	for _, players := range []int{2, 5} {
		games := benchGames(b, players, 5)
		for _, n := range []int{0, 2, 5, 8} {
			var states []*engine.Game
			var targets []int
			for _, g := range games {
				a, err := AnalyseGame(context.Background(), g, Options{EndgameDeck: -1})
				if err != nil {
					b.Fatal(err)
				}
				for t, tu := range a.Turns {
					if tu.DeckCount == n && tu.Seat >= 0 {
						st, _ := g.At(t)
						states, targets = append(states, st), append(targets, tu.MaxReachable)
						break
					}
				}
			}
			b.Run(fmt.Sprintf("%dp/deck%d", players, n), func(b *testing.B) {
				s := newSolver(context.Background())
				for b.Loop() {
					for i, st := range states {
						s.endgame(st.Turn(), st, targets[i], DefaultDeals)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(states)), "ms/state")
			})
		}
	}
}
