package analysis

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/livemodel"
	"github.com/hanabi-server/hanabi/internal/race"
)

func readGame(t *testing.T, name string) Input {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	in, err := Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return in
}

var liveGames = []string{"no_variant.json", "up_or_down.json", "rainbow-ones_and_pink.json", "omni-ones_and_white.json"}

// TestPaceAsHanabLiveOnItsGames: over games played on hanab.live, every
// state's pace is hanab.live's formula (score + cards left in the deck +
// players − the highest score still possible, none once the deck is empty
// or the game over) counted by the model of hanab.live's server that the
// engine's own tests hold it to, its client's maximum included.
func TestPaceAsHanabLiveOnItsGames(t *testing.T) {
	for _, name := range liveGames {
		in := readGame(t, name)
		r, err := replay(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The turns as the analysis writes them, its search aside.
		a := &Analysis{}
		for t, g := range r.states {
			a.Turns = append(a.Turns, turnOf(t, g, 0))
		}
		m := livemodel.New(&in.Config, in.Deck, in.First)
		turn := 0
		check := func() {
			var want *int
			if !m.Over() && m.DeckLeft() > 0 {
				p := m.Score + m.DeckLeft() + in.Config.Players - m.TrueMax()
				want = &p
			}
			got := a.Turns[turn].Pace
			if (got == nil) != (want == nil) || got != nil && *got != *want {
				t.Fatalf("%s turn %d: pace %v, hanab.live's %v", name, turn, deref(got), deref(want))
			}
		}
		check()
		for _, act := range in.Log {
			if !act.IsMove() {
				continue
			}
			if err := m.Act(livemodel.ActionOf(act)); err != nil {
				t.Fatalf("%s turn %d: the model refuses %+v: %v", name, turn, act, err)
			}
			turn++
			check()
		}
		if turn != len(a.Turns)-1 {
			t.Fatalf("%s: %d moves, %d states", name, turn, len(a.Turns))
		}
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestHanabLiveGames: games played on hanab.live analyse to their own
// scores at the end, with the properties every analysis has.
func TestHanabLiveGames(t *testing.T) {
	games := liveGames
	if race.Enabled || testing.Short() {
		games = games[3:] // the two-player game
	}
	for _, name := range games {
		in := readGame(t, name)
		a, err := Analyse(context.Background(), in, Options{EndgameDeck: 2, Deals: 20})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, _ := engine.ReplayFirst(in.Config, in.Deck, in.First, in.Log)
		checkAnalysis(t, name, g, a)
	}
}
