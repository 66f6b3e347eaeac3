package analysis

import (
	"context"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestWhy: the words of each way a best score falls: the last copy of a
// card let go, the cards too few turns are left to play, a strike's end and
// a player's.
func TestWhy(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	r5 := engine.Card{Suit: 0, Rank: 5}
	// The only red 5 is card 0, seat 0's.
	deck := bottom(t, cfg, "why")
	i := indexOf(deck, r5)
	deck[0], deck[i] = deck[i], deck[0]
	for _, tc := range []struct {
		name string
		log  func(g *engine.Game) []engine.Action
		want string
	}{
		{"last copy", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.ClueColor(1, 0), engine.ClueColor(0, 0), engine.DiscardCard(0)}
		}, "the last red 5 was discarded"},
		{"strikes", func(g *engine.Game) []engine.Action {
			return misplays(g, 3)
		}, "the third strike ended the game: it scores 0"},
		{"a player's end", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.ClueColor(1, 0), engine.EndGame(1, engine.EndTerminated)}
		}, "the game was ended before its end (a player ended it): it scores 0"},
	} {
		g, err := engine.New(cfg, deck)
		if err != nil {
			t.Fatal(err)
		}
		log := tc.log(g)
		if tc.name == "last copy" {
			log = append(log, engine.ClueColor(0, 0), engine.EndGame(0, engine.EndTerminated)) // an end to analyse
		}
		a, err := Analyse(context.Background(), Input{Config: cfg, Deck: deck, Log: log}, Options{EndgameDeck: -1})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		found := false
		for _, l := range a.Lost {
			if strings.HasPrefix(l.Why, tc.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: lost %+v, want %q", tc.name, a.Lost, tc.want)
		}
	}
}

// misplays is a log of n misplays by whoever is to act: each plays a card
// that does not extend its firework.
func misplays(g *engine.Game, n int) []engine.Action {
	g = g.Clone()
	var log []engine.Action
	for len(log) < n && !g.Over() {
		for _, id := range g.Hand(g.Current()) {
			if !g.Extends(g.Card(id)) {
				a := engine.PlayCard(id)
				g.Apply(a)
				log = append(log, a)
				break
			}
		}
	}
	return log
}

func indexOf(deck []engine.Card, c engine.Card) int {
	for i, x := range deck {
		if x == c {
			return i
		}
	}
	return -1
}
