package engine_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// empathyOf is the brute force of a card's empathy: the identities its
// clues allow of which some copy is outside what both holder and viewer
// have seen (seen: by seat, nil for a viewer who saw everything).
func (s *sightings) empathyOf(id, holder int, viewer uint64) uint64 {
	both := s.seen[holder] & viewer
	var out uint64
	for i, c := range s.deck {
		if both&(1<<uint(i)) == 0 {
			out |= 1 << engine.Ident(c.Suit, c.Rank)
		}
	}
	return out & s.allowed[id]
}

// checkEmpathy compares every view's empathy with the brute force, and
// holds the properties a client leans on: a seat's own cards carry none,
// every card of another hand carries every candidate its holder has, and
// in a two-player game a seat's empathy is what the clues allow less the
// identities all played or discarded.
func (s *sightings) checkEmpathy(g *engine.Game) error {
	players := s.cfg.Players
	faceUp := uint64(0) // cards out of every hand, seen by all
	for i := range s.deck {
		in := false
		for _, h := range s.hands {
			for _, id := range h {
				in = in || id == i
			}
		}
		all := true
		for p := range players {
			all = all && s.seen[p]&(1<<uint(i)) != 0
		}
		if !in && all {
			faceUp |= 1 << uint(i)
		}
	}
	for viewer := engine.Spectator; viewer < players; viewer++ {
		v := g.View(viewer)
		bound := ^uint64(0)
		switch {
		case viewer >= 0:
			bound = s.seen[viewer]
		case viewer == engine.Public:
			bound = faceUp
		}
		for p := range players {
			unseen := g.UnseenBy(p)
			for _, cv := range v.Hand(p) {
				if p == viewer {
					if cv.Empathy != 0 {
						return fmt.Errorf("viewer %d: its own card %d carries empathy %x", viewer, cv.ID, cv.Empathy)
					}
					continue
				}
				if want := s.empathyOf(cv.ID, p, bound); cv.Empathy != want {
					return fmt.Errorf("viewer %d, seat %d's card %d: empathy %x, brute force %x", viewer, p, cv.ID, cv.Empathy, want)
				}
				if c := unseen.Candidates(cv.Possible); c&^cv.Empathy != 0 {
					return fmt.Errorf("viewer %d, seat %d's card %d: empathy %x lacks candidates %x", viewer, p, cv.ID, cv.Empathy, c&^cv.Empathy)
				}
				truth := s.deck[cv.ID]
				if cv.Empathy&(1<<engine.Ident(truth.Suit, truth.Rank)) == 0 {
					return fmt.Errorf("viewer %d, seat %d's card %d: its identity %v is not in its empathy", viewer, p, cv.ID, truth)
				}
				if players == 2 && viewer >= 0 && !s.cfg.FaceDownPlays {
					gone := uint64(0) // identities of which every copy is played or discarded
					for id := range uint(engine.MaxDeck) {
						left := false
						for i, c := range s.deck {
							if engine.Ident(c.Suit, c.Rank) == id && faceUp&(1<<uint(i)) == 0 {
								left = true
							}
						}
						if !left {
							gone |= 1 << uint(id)
						}
					}
					if want := cv.Possible &^ gone; cv.Empathy != want {
						return fmt.Errorf("two players, viewer %d's partner's card %d: empathy %x, the clues less what is gone %x", viewer, cv.ID, cv.Empathy, want)
					}
				}
			}
		}
	}
	return nil
}

// TestEmpathyBruteForce: at every entry of whole games of every rule
// group, the empathy each view gives each card (its holder's knowledge as
// the viewer can tell it) is what brute force over the real cards finds,
// from only the cards both holder and viewer have seen.
func TestEmpathyBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 1))
	narrowed := false
	for _, rg := range ruleGroups() {
		t.Run(rg.name, func(t *testing.T) {
			cfg := setup(t, rg.variant, rg.players, rg.opts)
			g, err := engine.NewSeeded(cfg, "empathy "+rg.name)
			if err != nil {
				t.Fatal(err)
			}
			s := newSightings(g)
			if err := s.checkEmpathy(g); err != nil {
				t.Fatalf("at the deal: %v", err)
			}
			groupGame(t, g, rng, true, func(g *engine.Game, ev engine.Event) {
				s.saw(ev)
				if g.Over() {
					return // every face shows: see TestEmpathyAfterTheEnd
				}
				if err := s.checkEmpathy(g); err != nil {
					t.Fatalf("after turn %d (%+v): %v", ev.Turn, ev.Action, err)
				}
				if v := g.View(0); v.Players > 2 {
					for _, cv := range v.Hand(1) {
						narrowed = narrowed || bits.OnesCount64(cv.Empathy) < bits.OnesCount64(cv.Possible)
					}
				}
			})
		})
	}
	if !narrowed {
		t.Errorf("no empathy ever narrowed a card beyond its clues: the test tests nothing a clue does not")
	}
}

// TestEmpathyAfterTheEnd: once a game is over every face shows, and every
// card but a seat's own carries its holder's candidates.
func TestEmpathyAfterTheEnd(t *testing.T) {
	cfg := setup(t, "basic", 3, variants.Options{})
	g, err := engine.NewSeeded(cfg, "empathy at the end")
	if err != nil {
		t.Fatal(err)
	}
	groupGame(t, g, rand.New(rand.NewPCG(48, 2)), false, func(*engine.Game, engine.Event) {})
	for viewer := engine.Spectator; viewer < 3; viewer++ {
		v := g.View(viewer)
		for p := range 3 {
			unseen := g.UnseenBy(p)
			for _, cv := range v.Hand(p) {
				want := unseen.Candidates(cv.Possible)
				if p == viewer {
					want = 0
				}
				if cv.Empathy != want {
					t.Errorf("viewer %d, seat %d's card %d: empathy %x, want %x", viewer, p, cv.ID, cv.Empathy, want)
				}
			}
		}
	}
}
