package bots

import (
	"fmt"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// watcher hands its player everything it is given, after checking that
// none of it tells the seat what the variant hides from it.
type watcher struct {
	Player
	t     *testing.T
	seat  int
	cfg   *engine.Config
	faces *int // face-down plays seen
	quiet *int // clue values withheld
}

func (w watcher) view(v *engine.View) {
	w.t.Helper()
	if w.cfg.FaceDownPlays && !v.Over {
		if !v.PlaysHidden || v.Fireworks != [engine.MaxSuits]int{} || v.Score != 0 || v.StormsUsed != 0 {
			w.t.Fatalf("seat %d is shown the plays: %+v", w.seat, v)
		}
	}
	for _, cr := range v.Clues {
		if cr.Giver != w.seat && w.cfg.ClueShows != engine.ShowsAll && cr.Value != engine.HiddenValue {
			w.t.Fatalf("seat %d is shown seat %d's clue %+v", w.seat, cr.Giver, cr)
		}
	}
}

func (w watcher) Start(v *engine.View) { w.view(v); w.Player.Start(v) }

func (w watcher) Act(v *engine.View) engine.Action { w.view(v); return w.Player.Act(v) }

func (w watcher) Observe(v *engine.View, ev engine.Event) {
	w.t.Helper()
	w.view(v)
	a := ev.Action
	if w.cfg.FaceDownPlays && !ev.Over {
		if ev.StormsUsed != 0 {
			w.t.Fatalf("seat %d is told the storms: %+v", w.seat, ev)
		}
		if (a.Kind == engine.Play) != ev.Swapped && (a.Kind == engine.Play || a.Kind == engine.Discard) {
			if !ev.FaceDown || ev.Success || ev.Card != (engine.Card{}) {
				w.t.Fatalf("seat %d is shown a play: %+v", w.seat, ev)
			}
			*w.faces++
		}
	}
	if w.cfg.ClueShows != engine.ShowsAll && ev.Seat != w.seat && (a.IsClue() || a.Kind == engine.HiddenClue) {
		if a.Value != engine.HiddenValue || (w.cfg.ClueShows == engine.ShowsTouches) != (a.Kind == engine.HiddenClue) {
			w.t.Fatalf("seat %d is shown seat %d's clue %+v", w.seat, ev.Seat, a)
		}
		*w.quiet++
	}
	w.Player.Observe(v, ev)
}

// TestBotsSeeNothingHidden: every strategy, in self-play and rebuilt by
// Replay, is given views and events that withhold the face-down plays and
// others' clue values, for every seat.
func TestBotsSeeNothingHidden(t *testing.T) {
	for _, name := range []string{"throw-it-in-a-hole-5-suits", "throw-it-in-a-hole-orange-4-suits", "cow-pig-5-suits", "duck-4-suits"} {
		for _, s := range strategies() {
			t.Run(name+"/"+s.Name, func(t *testing.T) {
				var faces, quiet int
				for i := range 4 {
					_, _, cfg, err := variants.Setup(name, variants.Options{}, 2+i)
					if err != nil {
						t.Fatal(err)
					}
					watched := Strategy{Name: s.Name, New: func(c *engine.Config, seat int, seed uint64) Player {
						return watcher{Player: s.New(c, seat, seed), t: t, seat: seat, cfg: c, faces: &faces, quiet: &quiet}
					}}
					seed := fmt.Sprint("hidden", i)
					if _, err := PlayGame(cfg, seed, []Strategy{watched}, uint64(i)); err != nil {
						t.Fatal(err)
					}
					// The same game rebuilt for a seat, as a server seats a bot.
					g, err := engine.NewSeeded(cfg, seed)
					if err != nil {
						t.Fatal(err)
					}
					for n := 0; !g.Over() && n < 30; n++ {
						if _, err := g.Apply(g.LegalActions(nil)[n%3]); err != nil {
							t.Fatal(err)
						}
					}
					p := watcher{Player: s.New(&cfg, 1, 0), t: t, seat: 1, cfg: &cfg, faces: &faces, quiet: &quiet}
					if _, err := Replay(p, cfg, cfg.Shuffle(seed), g.First(), g.Log(), 1, nil); err != nil {
						t.Fatal(err)
					}
				}
				if (cfg(name).FaceDownPlays && faces == 0) || (cfg(name).ClueShows != engine.ShowsAll && quiet == 0) {
					t.Fatalf("nothing hidden was seen: %d face-down plays, %d quiet clues", faces, quiet)
				}
			})
		}
	}
}

func cfg(name string) engine.Config {
	_, _, c, _ := variants.Setup(name, variants.Options{}, 3)
	return c
}
