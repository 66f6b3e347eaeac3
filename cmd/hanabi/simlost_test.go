package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSimLost: hanabi sim --lost N analyses the first N games and counts
// where they lost their points: every point a game scored short of the
// maximum is one lost after some move, so the points lost a game are the
// maximum less the mean score of the games analysed (here all of them).
func TestSimLost(t *testing.T) {
	args := []string{"--variant", "basic", "--players", "2", "--bot", "conventions", "--games", "6", "--seed", "lost", "--lost", "6", "--json"}
	out, code := capture(t, func() int { return runSim(args) })
	var rep struct {
		MaxScore int     `json:"max_score"`
		Mean     float64 `json:"mean_score"`
		Lost     []struct {
			Why     string  `json:"why"`
			Times   int     `json:"times"`
			PerGame float64 `json:"points_per_game"`
		} `json:"lost"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Lost) == 0 {
		t.Fatalf("exit %d: %.400s", code, out)
	}
	sum := 0.0
	for _, r := range rep.Lost {
		if r.Times < 1 || r.PerGame <= 0 || strings.ContainsAny(r.Why, "12345") || strings.Contains(r.Why, "red") {
			t.Errorf("a row %+v: its cards not masked, or counting nothing", r)
		}
		sum += r.PerGame
	}
	if want := float64(rep.MaxScore) - rep.Mean; sum < want-1e-9 || sum > want+1e-9 {
		t.Fatalf("%.3f points lost a game by the rows, %.3f by the scores", sum, want)
	}
	text, code := capture(t, func() int { return runSim(args[:len(args)-1]) })
	if code != 0 || !strings.Contains(text, "lost        ") || !strings.Contains(text, "points a game over the first 6 games") {
		t.Fatalf("exit %d: %s", code, text)
	}
}
