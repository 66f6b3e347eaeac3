package engine_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
)

// sightings follows a game from its events, as each seat saw it, to know by
// brute force what the engine's count must say: which cards each seat has
// seen, where every card is, and what the clues each card received allow.
type sightings struct {
	cfg     *engine.Config
	deck    []engine.Card
	all     uint64   // the identities the variant has
	hands   [][]int  // by seat, in any order
	seen    []uint64 // by seat: the ids of the cards whose face it saw
	allowed []uint64 // by card id: the identities its clues allow
}

func newSightings(g *engine.Game) *sightings {
	cfg := g.Config()
	s := &sightings{cfg: cfg, deck: g.Deck(), hands: make([][]int, cfg.Players), seen: make([]uint64, cfg.Players)}
	for _, c := range s.deck {
		s.all |= 1 << engine.Ident(c.Suit, c.Rank)
	}
	s.allowed = make([]uint64, len(s.deck))
	for id := range s.allowed {
		s.allowed[id] = s.all
	}
	h := cfg.Hand()
	for p := range cfg.Players {
		for i := range h {
			s.draw(p, p*h+i)
		}
	}
	return s
}

// draw puts card id in seat p's hand, where every other seat sees it.
func (s *sightings) draw(p, id int) {
	s.hands[p] = append(s.hands[p], id)
	for q := range s.seen {
		if q != p {
			s.seen[q] |= 1 << uint(id)
		}
	}
}

// saw takes in what the table was shown of one entry.
func (s *sightings) saw(ev engine.Event) {
	a := ev.Action
	switch a.Kind {
	case engine.Play, engine.Discard:
		s.hands[ev.Seat] = slices.DeleteFunc(s.hands[ev.Seat], func(id int) bool { return id == a.Card })
		for q := range s.seen {
			// A card that leaves a hand face up is seen by all; one that
			// goes face down only by those who saw it in that hand.
			if !s.cfg.EventSeen(ev, q, false).FaceDown {
				s.seen[q] |= 1 << uint(a.Card)
			}
		}
		if ev.Drawn >= 0 {
			s.draw(ev.Seat, ev.Drawn)
		}
	case engine.ColorClue, engine.RankClue:
		if s.cfg.ClueShows != engine.ShowsAll {
			return // its holder does not know what it said
		}
		mask := s.cfg.ClueMask(a)
		for _, id := range s.hands[a.Target] {
			c := s.deck[id]
			if s.cfg.ClueTouches(a, c) {
				s.allowed[id] &= mask
			} else {
				s.allowed[id] &^= mask
			}
		}
	}
}

// unseen is the brute force: the real identities of the cards seat never
// saw, counted.
func (s *sightings) unseen(seat int) engine.Unseen {
	var u engine.Unseen
	for id, c := range s.deck {
		if s.seen[seat]&(1<<uint(id)) == 0 {
			u[engine.Ident(c.Suit, c.Rank)]++
		}
	}
	return u
}

// check compares the engine's count and candidates for every seat with
// the brute force.
func (s *sightings) check(g *engine.Game) error {
	for p := range s.cfg.Players {
		if got, want := sortedIDs(g.Hand(p)), sortedIDs(s.hands[p]); !slices.Equal(got, want) {
			return fmt.Errorf("seat %d holds %v, the events say %v", p, got, want)
		}
		want := s.unseen(p)
		got := g.UnseenBy(p)
		if got != want {
			return fmt.Errorf("seat %d: unseen %s, brute force %s", p, identCounts(&got), identCounts(&want))
		}
		v := g.View(p)
		for _, cv := range v.Hand(p) {
			if cv.Possible != s.allowed[cv.ID] {
				return fmt.Errorf("seat %d card %d: knowledge %x, its clues allow %x", p, cv.ID, cv.Possible, s.allowed[cv.ID])
			}
			var cands uint64
			for m := s.allowed[cv.ID]; m != 0; m &= m - 1 {
				if i := bits.TrailingZeros64(m); want[i] > 0 {
					cands |= 1 << uint(i)
				}
			}
			if c := got.Candidates(cv.Possible); c != cands {
				return fmt.Errorf("seat %d card %d: candidates %x, brute force %x", p, cv.ID, c, cands)
			}
			truth := s.deck[cv.ID]
			if cands&(1<<engine.Ident(truth.Suit, truth.Rank)) == 0 {
				return fmt.Errorf("seat %d card %d: its identity %v is not a candidate", p, cv.ID, truth)
			}
		}
	}
	return nil
}

func sortedIDs(ids []int) []int {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

func identCounts(u *engine.Unseen) string {
	out := ""
	for i, n := range u {
		if n > 0 {
			out += fmt.Sprintf(" %d/%d:%d", i>>3, i&7, n)
		}
	}
	return out
}

// TestCandidatesBruteForce: at every entry of whole games of every rule
// group, what each seat has not seen (and so each own card's candidates)
// is exactly what brute force over the real cards finds: the cards it
// never saw (its own hand, the deck, in Throw It in a Hole its own
// face-down plays and blind plays from the deck), intersected with what
// the clues its cards received allow.
func TestCandidatesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	games := 6
	if testing.Short() || race.Enabled {
		games = 2
	}
	for _, rg := range ruleGroups() {
		t.Run(rg.name, func(t *testing.T) {
			cfg := setup(t, rg.variant, rg.players, rg.opts)
			blind := 0
			for i := range games {
				g, err := engine.NewSeeded(cfg, fmt.Sprintf("%s#%d", rg.name, i))
				if err != nil {
					t.Fatal(err)
				}
				s := newSightings(g)
				if err := s.check(g); err != nil {
					t.Fatalf("game %d at the deal: %v", i, err)
				}
				groupGame(t, g, rng, true, func(g *engine.Game, ev engine.Event) {
					if ev.Action.Kind == engine.Play && ev.Action.Card == cfg.DeckSize()-1 && ev.Drawn < 0 && g.DeckCount() == 0 {
						blind++
					}
					s.saw(ev)
					if err := s.check(g); err != nil {
						t.Fatalf("game %d after turn %d (%+v): %v", i, ev.Turn, ev.Action, err)
					}
				})
			}
			if cfg.DeckPlays && blind == 0 {
				t.Errorf("no game played blind from the deck")
			}
		})
	}
}

// TestCandidatesHideOwnCards: a seat's view, its count of unseen cards and
// its candidates are the same whatever its own cards and the deck hold, as
// long as what it saw is the same: the deck's order is shuffled and its
// own cards swapped for deck cards that every clue they received would
// have treated alike, the log replayed, and nothing the seat is told
// changes. So the candidates never use the seat's own cards' identities or
// the deck's order.
func TestCandidatesHideOwnCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	for _, rg := range ruleGroups() {
		t.Run(rg.name, func(t *testing.T) {
			cfg := setup(t, rg.variant, rg.players, rg.opts)
			g, err := engine.NewSeeded(cfg, "hide "+rg.name)
			if err != nil {
				t.Fatal(err)
			}
			swapped := 0
			groupGame(t, g, rng, false, func(g *engine.Game, ev engine.Event) {
				if g.Over() || g.DeckCount() < 2 {
					return
				}
				seat := g.Current()
				deck, n := otherDeal(g, seat, rng)
				swapped += n
				other, err := engine.ReplayFirst(cfg, deck, g.First(), g.Log())
				if err != nil {
					t.Fatalf("turn %d: the log does not replay on the other deal: %v", g.Turn(), err)
				}
				if got, want := other.UnseenBy(seat), g.UnseenBy(seat); got != want {
					t.Fatalf("turn %d seat %d: unseen %s on the other deal, %s on the real one", g.Turn(), seat, identCounts(&got), identCounts(&want))
				}
				if got, want := other.View(seat), g.View(seat); !reflect.DeepEqual(got, want) {
					t.Fatalf("turn %d seat %d: the view changed with the seat's own cards:\n%+v\n%+v", g.Turn(), seat, got, want)
				}
			})
			if swapped == 0 {
				t.Errorf("no own card was ever swapped")
			}
		})
	}
}

// otherDeal is g's deck with the cards seat has not drawn shuffled and
// some of its own cards swapped with deck cards that no clue it received
// tells apart from them; it returns the deck and how many cards it swapped.
func otherDeal(g *engine.Game, seat int, rng *rand.Rand) ([]engine.Card, int) {
	cfg := g.Config()
	deck := g.Deck()
	drawn := len(deck) - g.DeckCount()
	rest := deck[drawn:]
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	// The clues, with what they said: the log's clues in order are the
	// views' clue records in order.
	var said []engine.Action
	for _, a := range g.Log() {
		if a.IsClue() {
			said = append(said, a)
		}
	}
	clues := g.View(engine.Public).Clues
	alike := func(id int, c engine.Card) bool {
		for i, cr := range clues {
			if cr.Hand&(1<<uint(id)) != 0 && cfg.ClueTouches(said[i], c) != cfg.ClueTouches(said[i], deck[id]) {
				return false
			}
		}
		return true
	}
	n := 0
	for _, id := range g.Hand(seat) {
		if rng.IntN(2) == 0 {
			continue
		}
		for j := drawn; j < len(deck); j++ {
			if deck[j] != deck[id] && alike(id, deck[j]) {
				deck[id], deck[j] = deck[j], deck[id]
				n++
				break
			}
		}
	}
	return deck, n
}
