package engine

// Some variants withhold facts from the table that the rules still decide
// on: the cards played face down (Config.FaceDownPlays) and what a clue
// said (Config.ClueShows). The game keeps the truth; a viewer's View and
// its copy of an Event (EventSeen) are where the engine withholds them, so
// that every reader of the game (the server's views and events, the bots)
// gets them withheld in the same way.

// FaceDownCard is a card played face down: who played it and when, not
// what it was.
type FaceDownCard struct {
	ID   int
	Seat int
	Turn int
}

// hidePlays withholds from v what the face-down plays would tell: the
// cards played, whether they succeeded (the fireworks, the score, the
// storm tokens used, the maximum score still possible, which a misplay or
// a play that fixes a direction lowers). A card that was discarded stays
// in the discards, and the maximum is what they alone leave possible.
func (g *Game) hidePlays(v *View) {
	v.PlaysHidden = true
	v.Fireworks, v.Starts, v.Next = [MaxSuits]int{}, [MaxSuits]int{}, [MaxSuits]uint16{}
	v.Score, v.StormsUsed = 0, 0
	v.Discards = v.Discards[:0]
	if cap(v.FaceDown) < g.r.deckSize {
		v.FaceDown = make([]FaceDownCard, 0, g.r.deckSize)
	}
	var discarded [MaxDeck]int8
	n := 0
	turn := 0
	for _, a := range g.log {
		if !a.IsMove() {
			continue
		}
		if a.Kind == Play || a.Kind == Discard {
			if g.wentDown(a) {
				v.FaceDown = append(v.FaceDown, FaceDownCard{ID: a.Card, Seat: g.seatOf(turn), Turn: turn})
			} else {
				v.Discards = append(v.Discards, SeenCard{ID: a.Card, Card: g.card(a.Card)})
				discarded[n] = int8(a.Card)
				n++
			}
		}
		turn++
	}
	var none [MaxSuits]uint8
	dead := g.r.deadIdentities(&g.deck, discarded[:n])
	v.MaxPossible = g.r.maxPossible(dead, &none, &none, &none, g.r.reversed)
}

// wentDown reports whether the card of play or discard a was played: asked
// to be played, or asked to be discarded but of a suit that swaps the two.
func (g *Game) wentDown(a Action) bool {
	c := g.deck[a.Card]
	return (a.Kind == Play) != (g.r.swapped&(1<<(c.suit<<3|c.rank)) != 0)
}

// hideClues withholds from every clue seat did not give what the variant's
// clues do not show.
func (c *Config) hideClues(clues []ClueRecord, seat int) {
	if c.ClueShows == ShowsAll {
		return // a view is rendered on every read: no walk for nothing
	}
	for i := range clues {
		if !c.ClueHidden(clues[i].Giver, seat) {
			continue
		}
		clues[i].Value = HiddenValue
		if c.ClueShows == ShowsTouches {
			clues[i].Kind = HiddenClue
		}
	}
}

// ClueHidden reports whether seat may not know the value of a clue that
// giver gave (Cow & Pig, Duck): anyone but its giver, for good.
func (c *Config) ClueHidden(giver, seat int) bool {
	return c.ClueShows != ShowsAll && seat != giver
}

// EventSeen is ev as seat (Public for a spectator) may see it, over telling
// whether the game has ended by the time it is shown. A clue that does not
// show everything keeps its value (and in ShowsTouches its type) for its
// giver; while the game runs, a face-down play keeps its card and success
// from everyone, and no event tells the storm tokens used.
func (c *Config) EventSeen(ev Event, seat int, over bool) Event {
	a := ev.Action
	if a.IsClue() {
		if c.ClueHidden(ev.Seat, seat) {
			ev.Action.Value = HiddenValue
			if c.ClueShows == ShowsTouches {
				ev.Action.Kind = HiddenClue
			}
		}
	}
	if !c.FaceDownPlays || over {
		return ev
	}
	if (a.Kind == Play || a.Kind == Discard) && ev.Played() {
		ev.FaceDown, ev.Card, ev.Success = true, Card{}, false
	}
	ev.StormsUsed = 0
	return ev
}
