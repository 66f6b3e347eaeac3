package api

import (
	"net/http"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// identities is a card's list of identities as "suit rank" strings.
func identities[T any](list []T, of func(T) (string, int)) []string {
	out := []string{}
	for _, x := range list {
		s, r := of(x)
		out = append(out, s+" "+itoa(r))
	}
	return out
}

// TestEmpathy (acceptance, on both stores): in every seat's view, every
// card of another seat's hand carries empathy, and the seat's own cards
// none; the empathy holds every candidate the card's holder lists in its
// own view; and in a two-player game it is exactly what the card's clues
// allow less the identities of which every copy is played or discarded.
func TestEmpathy(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		for _, players := range []int{2, 3} {
			tb := e.newTable("basic", players, variants.Options{}, "empathy-"+itoa(players))
			narrowed := false
			for move := 0; move < 24 && !tb.local.Over(); move++ {
				views := make([]GameView, players)
				for s := range players {
					r := e.req("GET", "/v1/games/"+tb.id, tb.tokens[s], nil)
					e.expect(r, http.StatusOK)
					r.json(t, &views[s])
				}
				for viewer, v := range views {
					// Every copy played (a firework's cards below its top: one
					// copy each in basic) or discarded.
					gone := map[string]int{}
					for suit, top := range v.Fireworks {
						for rank := 1; rank <= top; rank++ {
							gone[suit+" "+itoa(rank)]++
						}
					}
					for _, d := range v.Discards {
						gone[d.Suit+" "+itoa(d.Rank)]++
					}
					for _, h := range v.Hands {
						for i, c := range h.Cards {
							if h.Seat == viewer {
								if c.Empathy != nil {
									t.Fatalf("seat %d is told empathy of its own card %d: %v", viewer, c.ID, c.Empathy)
								}
								continue
							}
							if c.Empathy == nil {
								t.Fatalf("seat %d: seat %d's card %d carries no empathy", viewer, h.Seat, c.ID)
							}
							got := identities(c.Empathy, func(x Identity) (string, int) { return x.Suit, x.Rank })
							own := views[h.Seat].Hands[h.Seat].Cards[i]
							if own.ID != c.ID {
								t.Fatalf("seat %d's slot %d is card %d in its view, %d in seat %d's", h.Seat, i, own.ID, c.ID, viewer)
							}
							for _, cand := range identities(own.Candidates, func(x Candidate) (string, int) { return x.Suit, x.Rank }) {
								if !slices.Contains(got, cand) {
									t.Fatalf("seat %d: seat %d's card %d has empathy %v without its holder's candidate %s", viewer, h.Seat, c.ID, got, cand)
								}
							}
							narrowed = narrowed || len(got) < len(c.PossibleSuits)*len(c.PossibleRanks)
							if players != 2 {
								continue
							}
							want := []string{}
							for _, s := range c.PossibleSuits {
								for _, r := range c.PossibleRanks {
									copies := map[int]int{1: 3, 5: 1}[r]
									if copies == 0 {
										copies = 2
									}
									if gone[s+" "+itoa(r)] < copies {
										want = append(want, s+" "+itoa(r))
									}
								}
							}
							if !slices.Equal(got, want) {
								t.Fatalf("two players, seat %d: seat %d's card %d has empathy %v; its clues less what is gone allow %v", viewer, h.Seat, c.ID, got, want)
							}
						}
					}
				}
				tb.act(tb.pick())
			}
			if !narrowed {
				t.Errorf("%d players: no empathy ever said more than the clues: nothing was tested beyond them", players)
			}
		}
	})
}
