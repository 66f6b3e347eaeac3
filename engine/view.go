package engine

import "slices"

// Public is the seat number of a spectator's view: no hand shows.
const Public = -1

// Spectator is the seat number of the view of a spectator who may see every
// hand (hanab.live's spectators): every card in every hand, and nothing
// else the public may not see (a Cow & Pig or Duck clue's value, a card
// played face down in Throw It in a Hole).
const Spectator = -2

// SeesHand reports whether seat viewer sees the faces of the cards in
// holder's hand, in a game of players seats, over (every face shows) or
// not: the one rule that a view and whatever else names a held card (a
// bot's reason) follow. A seat that is not at the table sees what the
// public sees, never every hand.
func SeesHand(viewer, holder, players int, over bool) bool {
	player := viewer >= 0 && viewer < players
	return over || (player && viewer != holder) || viewer == Spectator
}

// CardView is a card as one viewer sees it. Known is false for the viewer's
// own cards (and every hand in a public view) while the game runs: then Card
// is zero and only the id and the holder's deductions are there.
type CardView struct {
	ID       int
	Known    bool
	Card     Card
	Possible uint64 // identities (see Ident) the holder can deduce the card may be
	Suits    uint8  // bit set of the suits among them
	Ranks    uint8  // bit set of the ranks among them (bit r for rank r)
	// Empathy is what the viewer can tell the holder knows of the card
	// (see empathy.go): 0 on a seat's own cards, never shown it.
	Empathy uint64
}

// proj is a set of identities projected onto its suits (low byte) and its
// ranks (high byte).
type proj uint16

func project(m uint64) proj {
	s, r := suitsRanks(m)
	return proj(s) | proj(r)<<8
}

// suitsRanks projects a set of identities onto its suits and its ranks.
func suitsRanks(m uint64) (suits, ranks uint8) {
	// Byte s of m holds suit s's ranks: OR the bytes for the ranks, and
	// gather "byte s is not zero" into bit s for the suits.
	r := m | m>>32
	r |= r >> 16
	r |= r >> 8
	t := m | m>>4
	t |= t >> 2
	t |= t >> 1
	t &= 0x0101010101010101
	return uint8((t * 0x0102040810204080) >> 56), uint8(r)
}

// SeenCard is a card whose identity everyone knows: discarded, or misplayed
// where plays are face up.
type SeenCard struct {
	ID int
	Card
}

// View is the game as one seat (or a spectator) sees it: everything public,
// every other hand, and for the viewer's own cards only ids and deductions.
// It is the one thing a bot or a client is given to decide a move.
type View struct {
	Config         *Config
	Seat           int // Public for a spectator
	Players        int
	Current        int
	Turn           int
	NoteTokens     int
	HalfNote       bool // half a note token on top of NoteTokens (Clue Starved only)
	StormsUsed     int
	DeckCount      int
	FinalTurnsLeft int           // -1 while the deck lasts
	Fireworks      [MaxSuits]int // each firework's top card, 0 for none
	Starts         [MaxSuits]int // in Sudoku and Up or Down, each firework's first card (0 for none); zero otherwise
	// Directions is the way each firework is played (see Game.Direction):
	// filled where Config.HasDirections; all Up otherwise.
	Directions [MaxSuits]Direction
	// Next is, per firework, the ranks a card must have to extend it now
	// (bit r: rank r; StartRank in Up or Down): 0 once it is complete.
	// Zero while plays are hidden.
	Next     [MaxSuits]uint16
	Discards []SeenCard
	Clues    []ClueRecord // every clue given, in order; what the viewer may not know of one is withheld (Config.ClueShows)
	HandLen  [MaxPlayers]int
	Hands    [MaxPlayers][MaxHand]CardView // newest first
	Score    int
	MaxScore int
	// MaxPossible is the highest score the game can still reach (see
	// Game.MaxPossible); while plays are hidden, as far as the discards
	// alone tell it.
	MaxPossible int
	// First is the seat that took the first turn: turn t is seat
	// (First + t) mod Players.
	First  int
	Over   bool
	Result Result
	// PlaysHidden is true while plays go face down (Config.FaceDownPlays,
	// until the game ends): Fireworks, Starts, Score and StormsUsed are
	// then zero, Discards holds only the cards discarded, and FaceDown the
	// cards played, in order.
	PlaysHidden bool
	FaceDown    []FaceDownCard
	// Votes holds the seats whose vote to end the game stands, one bit
	// each (see Game.Votes); Paused, whether the game is paused.
	Votes  uint8
	Paused bool
	// Stats are hanab.live's pace and efficiency as the viewer can count
	// them: its own cards by its deductions, and while plays go face down
	// every card played as played (see Stats).
	Stats Stats
}

// Hand returns seat p's cards in the view, newest first.
func (v *View) Hand(p int) []CardView { return v.Hands[p][:v.HandLen[p]] }

// View builds seat's view (Public for a spectator) into a new View.
func (g *Game) View(seat int) *View {
	// A one-off view gets exactly the room it needs.
	v := &View{Discards: make([]SeenCard, 0, g.nDiscards), Clues: make([]ClueRecord, 0, len(g.clues))}
	g.ViewInto(seat, v)
	return v
}

// ViewInto fills v with seat's view, reusing v's slices so that a caller that
// keeps one View allocates nothing.
func (g *Game) ViewInto(seat int, v *View) {
	cfg := &g.r.cfg
	over := g.reason != NotOver
	// A finished game shows every face, in its past states too (see At).
	open := over || g.shown
	// When a kept View must grow, grow it to a whole game's size at once, so
	// that it is not grown again turn after turn.
	discards, clues, faceDown := v.Discards[:0], v.Clues[:0], v.FaceDown[:0]
	if cap(discards) < g.nDiscards {
		discards = make([]SeenCard, 0, g.r.deckSize)
	}
	if cap(clues) < len(g.clues) {
		clues = make([]ClueRecord, 0, cap(g.clues))
	}
	*v = View{
		Config: cfg, Seat: seat, Players: cfg.Players, Current: g.current, Turn: g.turn,
		NoteTokens: g.notes, HalfNote: g.half, StormsUsed: g.storms, DeckCount: g.DeckCount(), FinalTurnsLeft: g.finalLeft,
		Discards: discards, Clues: append(clues, g.clues...), FaceDown: faceDown,
		Score: g.Score(), MaxScore: g.r.maxScore, MaxPossible: int(g.maxPossible), First: int(g.first), Over: over,
		Votes: g.votes, Paused: g.Paused(),
	}
	v.Result, _ = g.Result()
	for i := range cfg.Suits {
		v.Fireworks[i] = int(g.fireworks[i])
	}
	if cfg.Sudoku || cfg.UpOrDown {
		for i := range cfg.Suits {
			v.Starts[i] = int(g.start[i])
		}
	}
	if cfg.UpOrDown || g.r.reversed != 0 {
		for i := range cfg.Suits {
			v.Directions[i] = g.Direction(i)
		}
	}
	for i := range cfg.Suits {
		v.Next[i] = g.nextRanks(i)
	}
	for _, id := range g.discards[:g.nDiscards] {
		v.Discards = append(v.Discards, SeenCard{ID: int(id), Card: g.card(int(id))})
	}
	if cfg.FaceDownPlays && !open {
		g.hidePlays(v)
	}
	cfg.hideClues(v.Clues, seat)
	for p := range cfg.Players {
		v.HandLen[p] = int(g.handLen[p])
		visible := SeesHand(seat, p, cfg.Players, open)
		for i := range g.handLen[p] {
			id := int(g.hands[p][i])
			pr := g.proj[id]
			cv := CardView{ID: id, Possible: g.know[id], Suits: uint8(pr), Ranks: uint8(pr >> 8)}
			if visible {
				cv.Known, cv.Card = true, g.card(id)
			}
			v.Hands[p][i] = cv
		}
	}
	v.Stats = g.viewStats(seat, v, open)
	g.empathyInto(seat, v, open)
}

// Clone returns a copy of the view that shares nothing mutable with it.
func (v *View) Clone() *View {
	c := *v
	c.Discards = slices.Clone(v.Discards)
	c.Clues = slices.Clone(v.Clues)
	c.FaceDown = slices.Clone(v.FaceDown)
	return &c
}
