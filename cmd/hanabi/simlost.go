package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hanabi-server/hanabi/analysis"
	"github.com/hanabi-server/hanabi/engine"
)

// lostTally is "hanabi sim --lost N": where the first N games lost their
// points, as the analysis tells it (analysis.Loss: each move after which
// the best score still reachable with every card known fell, and why).
// The whys are counted with their cards' names masked, so that "the last
// red 4 was discarded" and "the last blue 3 was discarded" count as one:
// "the last X N was discarded".
type lostTally struct {
	n    int
	mask func(string) string

	mu     sync.Mutex
	games  int
	slow   []int // games whose analysis outlasted lostBound
	times  map[string]int
	points map[string]int
	err    error
}

// LostRow is one kind of loss: how often it came, and the points it cost a
// game on average.
type LostRow struct {
	Why     string  `json:"why"`
	Times   int     `json:"times"`
	PerGame float64 `json:"points_per_game"`
}

var rankDigits = regexp.MustCompile(`\b[0-9]\b`)

func newLostTally(cfg *engine.Config, n int) *lostTally {
	// The longest names first, so that "dark red" is not read as "red".
	names := make([]string, 0, len(cfg.Suits))
	for _, s := range cfg.Suits {
		names = append(names, strings.ToLower(s.Name))
	}
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	pairs := make([]string, 0, 2*len(names))
	for _, name := range names {
		pairs = append(pairs, name, "X")
	}
	r := strings.NewReplacer(pairs...)
	return &lostTally{n: n, times: map[string]int{}, points: map[string]int{},
		mask: func(s string) string { return rankDigits.ReplaceAllString(r.Replace(s), "N") }}
}

// lostBound is the longest one game's analysis may take: exact is not
// always quick (see package analysis), and a game it cannot finish in time
// is named, not counted.
const lostBound = 10 * time.Second

// add analyses game i, one of the first n (without the endgame's chances,
// which the tally does not read).
func (t *lostTally) add(ctx context.Context, i int, g *engine.Game) {
	if i >= t.n {
		return
	}
	gctx, cancel := context.WithTimeout(ctx, lostBound)
	defer cancel()
	a, err := analysis.AnalyseGame(gctx, g, analysis.Options{EndgameDeck: -1})
	t.mu.Lock()
	defer t.mu.Unlock()
	if err != nil && ctx.Err() == nil && gctx.Err() != nil {
		t.slow = append(t.slow, i)
		return
	}
	if err != nil {
		t.err = err
		return
	}
	t.games++
	for _, l := range a.Lost {
		why := t.mask(l.Why)
		t.times[why]++
		t.points[why] += l.From - l.To
	}
}

// rows are the kinds of loss, the costliest first.
func (t *lostTally) rows() []LostRow {
	out := make([]LostRow, 0, len(t.times))
	for why, n := range t.times {
		out = append(out, LostRow{Why: why, Times: n, PerGame: float64(t.points[why]) / float64(max(t.games, 1))})
	}
	slices.SortFunc(out, func(a, b LostRow) int {
		if a.PerGame != b.PerGame {
			if a.PerGame > b.PerGame {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Why, b.Why)
	})
	return out
}

func (t *lostTally) print(w io.Writer) {
	total := 0
	for _, p := range t.points {
		total += p
	}
	fmt.Fprintf(w, "lost        %.2f points a game over the first %d games, by why (X a suit, N a rank):\n",
		float64(total)/float64(max(t.games, 1)), t.games)
	for _, r := range t.rows()[:min(15, len(t.times))] {
		fmt.Fprintf(w, "  %5.2f %5d  %s\n", r.PerGame, r.Times, r.Why)
	}
	if len(t.slow) > 0 {
		slices.Sort(t.slow)
		fmt.Fprintf(w, "  not counted: games %v, whose analysis took longer than %v\n", t.slow, lostBound)
	}
}
