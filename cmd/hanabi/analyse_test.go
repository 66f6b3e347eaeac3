package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAnalyseCommand: hanabi analyse reads a game played on hanab.live and
// prints its turns, the moves that lowered the best score and the
// endgame; with --json, the analysis as the package writes it.
func TestAnalyseCommand(t *testing.T) {
	file := "../../analysis/testdata/no_variant.json"
	out, code := capture(t, func() int { return runAnalyse([]string{"--endgame", "1", "--deals", "10", file}) })
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, want := range []string{"score 23 of 25", "max reachable", "Moves that lowered the best score reachable:", "Endgame (at most 1 cards in the deck)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// A row of nine figures per state: 53 moves, 54 states.
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 9 {
			rows++
		}
	}
	if rows != 54 {
		t.Errorf("%d table rows, want 54", rows)
	}
	out, code = capture(t, func() int { return runAnalyse([]string{"--json", "--endgame", "0", file}) })
	var a struct {
		MaxScore int `json:"max_score"`
		Score    int `json:"score"`
		Turns    []struct {
			MaxReachable int `json:"max_reachable"`
		} `json:"turns"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &a) != nil || a.MaxScore != 25 || a.Score != 23 || len(a.Turns) != 54 || a.Turns[53].MaxReachable != 23 {
		t.Fatalf("exit %d, %+v: %.300s", code, a, out)
	}
	if _, code := capture(t, func() int { return runAnalyse([]string{"nonesuch.json"}) }); code == 0 {
		t.Error("a missing file exits 0")
	}
}
