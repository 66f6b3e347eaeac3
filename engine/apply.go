package engine

// Event is what one applied action did, as the whole table saw it. The card
// of a play or discard is public once it leaves the hand; a drawn card is
// named only by its id.
type Event struct {
	Turn    int
	Seat    int
	Action  Action
	Card    Card // the card played or discarded
	Success bool // a play that extended its firework
	// Swapped is true when the card's suit swaps play and discard: a card
	// asked to be played was discarded, one asked to be discarded was played.
	Swapped bool
	// FaceDown is true in a viewer's copy of a play whose card went face
	// down (Config.FaceDownPlays): Card and Success are then withheld.
	FaceDown bool
	// Order is a rearrangement's (Rearrange): the seat's hand in its new
	// order. Empty for every other action.
	Order Order
	// Votes are the seats whose vote to end the game stands after a Vote,
	// one bit each (see Game.Votes); zero for every other action.
	Votes      uint8
	Drawn      int // id of the card drawn, -1 if none
	Touched    uint64
	NoteGained bool // a discard, or a completed firework with a token (half a token in Clue Starved) to turn back
	HalfNote   bool // half a note token on top of NoteTokens (Clue Starved only)
	NoteTokens int  // after the action: whole tokens
	StormsUsed int  // after the action
	Over       bool
	Result     Result
}

// Played says whether a play or discard event's card went to its
// firework (extending it, or struck), not to the discards as meant:
// asked to be played, or discarded in a suit that swaps them (see
// Config.Plays).
func (e *Event) Played() bool { return (e.Action.Kind == Play) != e.Swapped }

// Check reports whether the current seat may take the action, without taking it.
func (g *Game) Check(a Action) error { return check(g, a) }

// touches is the set of card ids in the target's hand that the clue touches.
// The clue must have passed checkClueNaming.
func (g *Game) touches(a Action) uint64 {
	var set uint64
	mask := g.r.mask(a)
	for _, id := range g.hands[a.Target][:g.handLen[a.Target]] {
		c := g.deck[id]
		if mask&(1<<(c.suit<<3|c.rank)) != 0 {
			set |= 1 << uint(id)
		}
	}
	return set
}

// mask is the set of identities clue a touches; a must name a valid clue.
func (r *rules) mask(a Action) uint64 {
	if a.Kind == ColorClue {
		return r.colorMask[a.Value]
	}
	return r.rankMask[a.Value]
}

func (g *Game) slot(p, id int) int {
	if id < 0 || id >= MaxDeck {
		return -1
	}
	for i := range g.handLen[p] {
		if int(g.hands[p][i]) == id {
			return int(i)
		}
	}
	return -1
}

// Apply takes the current seat's action and returns what happened. An illegal
// action changes nothing and returns a typed *Error (see Check).
func (g *Game) Apply(a Action) (Event, error) {
	if !a.IsMove() {
		return g.applyTable(a)
	}
	if g.paused && g.reason == NotOver {
		return Event{}, ErrPaused
	}
	var touched uint64
	if a.IsClue() && g.reason == NotOver {
		// Check would walk the hand for the empty-clue rule and the clue
		// again to record it: walk it once.
		if err := checkClueNaming(g, a); err != nil {
			return Event{}, err
		}
		if touched = g.touches(a); touched == 0 && !g.r.cfg.EmptyClues && g.r.mask(a) != 0 {
			return Event{}, ErrEmptyClue
		}
	} else if err := g.Check(a); err != nil {
		return Event{}, err
	}
	p := g.current
	ev := Event{Turn: g.turn, Seat: p, Action: a, Drawn: -1}
	// Each move opens a new allowance of rearrangements (MaxRearranges).
	g.rearranged = [MaxPlayers]uint8{}
	switch a.Kind {
	case Play, Discard:
		fromDeck := a.Card == g.drawn // a blind play of the deck's last card (Config.DeckPlays)
		if fromDeck {
			g.drawn++
		} else {
			g.removeFromHand(p, a.Card)
		}
		c := g.deck[a.Card]
		ev.Card = Card{int(c.suit), int(c.rank)}
		play := a.Kind == Play
		if g.r.swapped&(1<<(c.suit<<3|c.rank)) != 0 {
			play, ev.Swapped = !play, true
		}
		if play && g.extends(int(c.suit), c.rank) {
			ev.Success = true
			if g.r.cfg.UpOrDown {
				g.fixDirection(int(c.suit), c.rank)
			}
			g.fireworks[c.suit] = c.rank
			if g.played[c.suit] == 0 {
				g.start[c.suit] = c.rank
			}
			g.played[c.suit]++
			// Every firework is complete with as many cards as its
			// highest rank, whichever way it is played.
			if g.played[c.suit] == g.r.topRank[c.suit] {
				if !g.r.cfg.FaceDownPlays {
					if ev.NoteGained = g.gainNote(); !ev.NoteGained {
						g.spent += g.tokenValue()
					}
				}
				if g.allComplete() {
					g.reason = EndPerfect
				}
			}
			if g.r.cfg.UpOrDown || g.r.cfg.Sudoku {
				// A direction or a first card fixed may close other ways.
				g.updateMaxPossible(int(c.suit))
			}
		} else {
			g.discards[g.nDiscards] = int8(a.Card)
			g.nDiscards++
			g.gone(int8(a.Card))
			if !play {
				ev.NoteGained = g.gainNote()
			} else {
				g.storms++
				g.spent += g.tokenValue()
				if g.storms >= g.r.cfg.StormTokens {
					g.reason = EndStorms
				}
			}
		}
		if g.r.cfg.AllOrNothing && g.reason == NotOver && int(g.endMax) < g.r.maxScore {
			// A perfect game became impossible: a card it needs is gone,
			// or a play closed the only way a firework had.
			g.reason = EndAllOrNothing
		}
		// The ABACUS rules draw nothing on a move that ends the game;
		// hanab.live's draw first and judge the end after.
		draws := g.reason == NotOver || g.r.live
		if fromDeck {
			if draws && !g.r.cfg.AllOrNothing {
				g.finalLeft = g.r.cfg.Players + 1 // the deck is empty: as after the last draw
			}
		} else if draws && g.drawn < g.r.deckSize {
			ev.Drawn = g.draw(p)
			if g.drawn == g.r.deckSize && !g.r.cfg.AllOrNothing {
				// Everyone, the drawer included, gets one more turn; the
				// decrement below counts this one, so start one higher.
				g.finalLeft = g.r.cfg.Players + 1
			}
		}
	case ColorClue, RankClue:
		g.notes--
		ev.Touched = touched
		g.clue(a, touched)
	}
	if !g.bare {
		g.log = append(g.log, a)
	}
	if g.r.live {
		g.lastTurn(p)
	}
	g.turn++
	g.current = (g.current + 1) % g.r.cfg.Players
	if g.finalLeft > 0 {
		g.finalLeft--
		if g.finalLeft == 0 && g.reason == NotOver {
			g.reason = EndDeckOut
		}
	}
	if g.r.cfg.AllOrNothing && g.reason == NotOver && g.handLen[g.current] == 0 && g.stuck() {
		g.reason = EndAllOrNothing
	}
	if g.r.live && g.reason == NotOver {
		g.endEarly()
	}
	ev.NoteTokens, ev.HalfNote, ev.StormsUsed = g.notes, g.half, g.storms
	if g.reason != NotOver {
		ev.Result, ev.Over = g.Result()
	}
	return ev, nil
}

func (g *Game) gainNote() bool {
	if g.notes < g.r.cfg.NoteTokens {
		// In Clue Starved a gain is half a token: the first half waits
		// for its other half. The maximum is always whole tokens.
		if g.r.cfg.ClueStarved {
			if g.half = !g.half; g.half {
				return true
			}
		}
		g.notes++
		return true
	}
	return false
}

func (g *Game) allComplete() bool {
	for i := range g.r.cfg.Suits {
		if g.played[i] != g.r.topRank[i] {
			return false
		}
	}
	return true
}

func (g *Game) removeFromHand(p, id int) {
	i := g.slot(p, id)
	h := &g.hands[p]
	copy(h[i:], h[i+1:g.handLen[p]])
	g.handLen[p]--
}

// clue narrows the target's knowledge of every card in its hand, touched or
// not; a clue that does not show what it said (Config.ClueShows) narrows
// nothing.
func (g *Game) clue(a Action, touched uint64) {
	var hand uint64
	t := a.Target
	mask := g.r.mask(a)
	narrow := g.r.cfg.ClueShows == ShowsAll
	for i := range g.handLen[t] {
		id := g.hands[t][i]
		hand |= 1 << uint(id)
		if !narrow {
			continue
		}
		if touched&(1<<uint(id)) != 0 {
			g.know[id] &= mask
		} else {
			g.know[id] &^= mask
		}
		g.proj[id] = project(g.know[id])
	}
	g.lastClue, g.anyClue = a.Kind, true
	g.clued |= touched
	g.spent += 2
	if !g.bare {
		g.clues = append(g.clues, ClueRecord{Turn: g.turn, Giver: g.current, Target: t, Kind: a.Kind, Value: a.Value, Touched: touched, Hand: hand})
	}
}

// ApplyAs is Apply for a move that seat asks to make: a seat that is not to
// act gets ErrNotYourTurn, and one that would rearrange another seat's
// hand ErrNotYourHand (after the game's end, ErrGameOver).
func (g *Game) ApplyAs(seat int, a Action) (Event, error) {
	if g.reason == NotOver && seat != g.current && a.IsMove() {
		return Event{}, wrap(ErrNotYourTurn, "seat %d is to act, not seat %d", g.current, seat)
	}
	if g.reason == NotOver && a.Kind == Rearrange && a.Target != seat {
		return Event{}, wrap(ErrNotYourHand, "seat %d may not rearrange seat %d's hand", seat, a.Target)
	}
	if g.reason == NotOver && (a.Kind == Vote || a.Kind == Pause || a.Kind == Resume) && a.Target != seat {
		return Event{}, wrap(ErrNotYourVote, "seat %d may not vote, pause or resume for seat %d", seat, a.Target)
	}
	return g.Apply(a)
}

// Extends reports whether a card of rank extends a firework whose highest
// card is height (0 for none): fireworks grow one rank at a time from 1.
// Bots ask it too, so that what "playable" means is said once.
func Extends(height, rank int) bool { return rank == height+1 }

// applyTable applies an entry about the table rather than a turn: any seat
// may end the game, leave or rearrange its hand at any time while it runs,
// so the turn and the seat to act stay as they are.
func (g *Game) applyTable(a Action) (Event, error) {
	if g.reason != NotOver {
		return Event{}, ErrGameOver
	}
	if a.Kind != End && a.Kind != Leave && a.Kind != Rearrange && a.Kind != Vote && a.Kind != Pause && a.Kind != Resume {
		return Event{}, ErrBadAction
	}
	if a.Target < 0 || a.Target >= g.r.cfg.Players {
		return Event{}, wrap(ErrNoSuchSeat, "seat %d does not exist (seats 0–%d)", a.Target, g.r.cfg.Players-1)
	}
	var order Order
	var err error
	switch a.Kind {
	case End:
		if r := EndReason(a.Value); a.Value < 0 || a.Value > 255 || !r.Chosen() {
			return Event{}, ErrBadEnd
		}
		g.reason, g.endSeat = EndReason(a.Value), a.Target
	case Leave:
		if g.Left(a.Target) {
			return Event{}, wrap(ErrAlreadyLeft, "seat %d has already left", a.Target)
		}
		g.left |= 1 << uint(a.Target)
	case Rearrange:
		if order, err = g.rearrange(a); err != nil {
			return Event{}, err
		}
	case Vote, Pause, Resume:
		if err := g.applyLifecycle(a); err != nil {
			return Event{}, err
		}
	default:
		return Event{}, ErrBadAction
	}
	if !g.bare {
		g.log = append(g.log, a)
	}
	ev := Event{Turn: g.turn, Seat: a.Target, Action: a, Order: order, Drawn: -1, NoteTokens: g.notes, HalfNote: g.half, StormsUsed: g.storms}
	if a.Kind == Vote {
		ev.Votes = g.votes
	}
	if g.reason != NotOver {
		ev.Result, ev.Over = g.Result()
	}
	return ev, nil
}

// extends reports whether a card of suit s and rank extends its firework
// now: in the suit's direction (see rules.extends), or in Sudoku from any
// rank no other firework started with, wrapping round after the highest.
func (g *Game) extends(s int, rank uint8) bool {
	if !g.r.cfg.Sudoku {
		if g.r.cfg.UpOrDown {
			return g.extendsUpOrDown(s, rank)
		}
		return g.r.extends(s, g.fireworks[s], rank)
	}
	n := g.r.topRank[s]
	switch g.played[s] {
	case 0:
		for o := range g.r.cfg.Suits {
			if g.played[o] != 0 && g.start[o] == rank {
				return false
			}
		}
		return rank >= 1 && rank <= n
	case n:
		return false
	}
	return rank == g.fireworks[s]%n+1
}

// Start is the rank suit's firework started with, 0 while it is empty.
func (g *Game) Start(suit int) int { return int(g.start[suit]) }
