package analysis

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// TestSeededGames: many seeded games of 2 to 5 players by every bot: the
// properties of checkAnalysis, and a game the bots won perfectly never
// falls below the maximum. A game whose search outlasts its time limit is
// counted and left out: the search is exact, not always quick (see
// solve.go), and the test is of what it answers.
func TestSeededGames(t *testing.T) {
	games := 4
	if race.Enabled || testing.Short() {
		games = 1
	}
	perfect, stopped, limit := 0, 0, 5*time.Second
	kinds := map[string]int{} // the losses told by a last copy let go, by too few turns
	if race.Enabled {
		limit = 10 * time.Second
	}
	most := 5
	if race.Enabled || testing.Short() {
		most = 3
	}
	for players := 2; players <= most; players++ {
		cfg := setup(t, "basic", players, variants.Options{})
		for _, bot := range []string{"hat", "conventions", "random"} {
			for i := range games {
				g := botGame(t, cfg, fmt.Sprintf("seeded/%s/%d", bot, i), bot, uint64(i))
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				a, err := AnalyseGame(ctx, g, Options{EndgameDeck: -1})
				cancel()
				if errors.Is(err, ErrStopped) {
					stopped++
					t.Logf("%s %dp #%d: stopped after %v", bot, players, i, limit)
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s %dp #%d", bot, players, i)
				checkAnalysis(t, name, g, a)
				for _, l := range a.Lost {
					switch {
					case strings.HasPrefix(l.Why, "the last "):
						kinds["last"]++
					case strings.Contains(l.Why, "too few turns"):
						kinds["turns"]++
					}
				}
				if g.Score() == g.MaxScore() {
					perfect++
					for _, tu := range a.Turns {
						if tu.MaxReachable != g.MaxScore() {
							t.Fatalf("%s: won perfectly, yet max_reachable %d at turn %d", name, tu.MaxReachable, tu.Turn)
						}
					}
				}
			}
		}
	}
	// Among so many games the cards too few turns are left to play and the
	// last copy of a card let go both tell some loss.
	if !race.Enabled && !testing.Short() && (kinds["turns"] == 0 || kinds["last"] == 0) {
		t.Errorf("losses told: %v", kinds)
	}
	if stopped > 2*games {
		t.Errorf("%d games stopped after %v", stopped, limit)
	}
	if perfect == 0 && !race.Enabled && !testing.Short() {
		t.Error("no perfect game among them: the property of a perfect game went unchecked")
	}
}
