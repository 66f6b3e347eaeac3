package engine

import (
	"fmt"
	"slices"
)

type card8 struct{ suit, rank uint8 }

// ClueRecord is a clue as everyone at the table saw it: who gave it to whom,
// what it named, and which of the target's cards it touched and missed.
type ClueRecord struct {
	Turn    int
	Giver   int
	Target  int
	Kind    Kind // ColorClue or RankClue
	Value   int  // color index or rank
	Touched uint64
	Hand    uint64 // the target's whole hand at the time: touched and missed cards
}

// Game is the whole state of one game. Everything lives in fixed arrays so
// that applying an action allocates nothing; Clone is a plain copy plus the logs.
type Game struct {
	// The pointers come first, so that the collector scans a short prefix
	// of the game's allocation and skips its arrays.
	r         *rules
	log       []Action
	clues     []ClueRecord
	deck      [MaxDeck]card8
	drawn     int // cards dealt or drawn so far; the next draw is deck[drawn]
	hands     [MaxPlayers][MaxHand]int8
	handLen   [MaxPlayers]uint8
	fireworks [MaxSuits]uint8 // each firework's top card (0 for none)
	played    [MaxSuits]uint8 // cards on each firework
	start     [MaxSuits]uint8 // each firework's first card (0 for none)
	discards  [MaxDeck]int8
	nDiscards int
	notes     int  // whole note tokens
	half      bool // and half a token on top (Clue Starved)
	storms    int  // storm tokens used
	turn      int
	current   int
	finalLeft int // turns left after the last draw; -1 while the deck lasts
	reason    EndReason
	endSeat   int   // the seat a forced end is charged to
	left      uint8 // seats that left the table (Leave), one bit each
	votes     uint8 // seats whose vote to end the game stands (Vote), one bit each
	paused    bool  // no move is made until a Resume (Pause)
	// rearranged counts each seat's rearrangements since the last move
	// (see MaxRearranges).
	rearranged [MaxPlayers]uint8
	shown      bool            // a past state of a finished game: its views show every face (see At)
	down       uint8           // fireworks played downward, one bit each: reversed suits, Up or Down fireworks started down
	know       [MaxDeck]uint64 // identities (see Ident) each card may be, as its holder deduces from the clues
	proj       [MaxDeck]proj   // know's suits and ranks, kept with it for the views

	// The rule books' own state (see Rules).
	first uint8 // the seat that took the first turn
	// done holds the seats that have had their last turn (hanab.live's
	// rules: their cards can no longer be played, see playableLeft).
	done        uint8
	maxPossible uint8           // the highest score still possible (see MaxPossible)
	suitMax     [MaxSuits]uint8 // each firework's share of it (not in Sudoku)
	goneN       [MaxDeck]uint8  // copies of each identity discarded or misplayed
	dead        uint64          // identities with no copy left
	// endMax is the maximum a game of hanab.live's rules ends at (and All
	// or Nothing fails below): maxPossible, except in Sudoku, where
	// hanab.live's server counts it otherwise (sudokuLiveMax).
	endMax uint8

	// What the rules and the counts need of the history, kept apart from
	// the log so that a search copy (SearchCopy) has it without one.
	lastClue Kind   // the kind of the last clue given (Alternating Clues), if anyClue
	anyClue  bool   // a clue has been given
	clued    uint64 // cards touched by a clue at least once, one bit each
	// spent counts, in half tokens, the clues spent as hanab.live's
	// efficiency counts them (see Stats): each clue, each strike and each
	// firework completed without its token.
	spent uint16
	// bare is true in a search copy: its moves append nothing to the log
	// and the clue records.
	bare bool
}

// NewSeeded deals a new game from the deck that seed shuffles; the seat
// the seed picks (Config.FirstSeat) takes the first turn.
func NewSeeded(cfg Config, seed string) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return NewFirst(cfg, cfg.Shuffle(seed), cfg.FirstSeat(seed))
}

// New deals a new game from an explicit deck (deck[0] is dealt first), which
// must hold exactly the variant's cards. Seat 0 takes the first turn (see
// NewFirst).
func New(cfg Config, deck []Card) (*Game, error) {
	// The game and its compiled rules share one allocation: dealing is most
	// of what a short game costs.
	ga := &struct {
		r rules // its pointers (the config's slices) lead, and then the game's
		g Game
	}{}
	if err := compileInto(&ga.r, cfg); err != nil {
		return nil, err
	}
	r := &ga.r
	if err := sameCards(&cfg, deck); err != nil {
		return nil, err
	}
	g := &ga.g
	*g = Game{r: r, notes: cfg.NoteTokens, finalLeft: -1, down: r.reversed}
	for i, c := range deck {
		g.deck[i] = card8{uint8(c.Suit), uint8(c.Rank)}
		g.know[i], g.proj[i] = r.identities, r.allProj
	}
	// Plays and discards use up cards; clues use up note tokens, and only
	// discards and completed suits (one play each at least) return them. So
	// a game has at most deck+notes clues and twice the deck plus notes actions.
	// One End and one Leave per seat may come on top.
	g.log = make([]Action, 0, 2*r.deckSize+cfg.NoteTokens+1+cfg.Players)
	g.clues = make([]ClueRecord, 0, r.deckSize+cfg.NoteTokens)
	for p := range cfg.Players {
		for range r.handSize {
			g.draw(p)
		}
	}
	g.initMaxPossible()
	if g.drawn == r.deckSize && !cfg.AllOrNothing {
		// The deal took the last card: as after any last draw, everyone
		// gets one more turn. Without this the game could never run out.
		// hanab.live counts the deal's last draw as one made on the first
		// turn: its seat, which draws nothing then, gets a second turn.
		g.finalLeft = cfg.Players
		if r.live {
			g.finalLeft++
		}
	}
	return g, nil
}

// sameCards reports whether deck holds exactly cfg's cards, in any order.
func sameCards(cfg *Config, deck []Card) error {
	if n := cfg.DeckSize(); len(deck) != n {
		return fmt.Errorf("deck has %d cards, the variant has %d", len(deck), n)
	}
	// Count by exact suit and rank: a card outside the variant's range must
	// be refused here, not alias a real card and break the game later.
	var count [MaxSuits][MaxRank + 1]int
	for si, s := range cfg.Suits {
		for _, r := range s.Ranks {
			count[si][r]++
		}
	}
	for i, c := range deck {
		if c.Suit < 0 || c.Suit >= MaxSuits || c.Rank < 0 || c.Rank > MaxRank || count[c.Suit][c.Rank] == 0 {
			return fmt.Errorf("deck card %d (suit %d, rank %d) is not in the variant or appears too often", i, c.Suit, c.Rank)
		}
		count[c.Suit][c.Rank]--
	}
	return nil
}

// draw puts the next deck card at the front of seat p's hand.
func (g *Game) draw(p int) int {
	id := g.drawn
	g.drawn++
	h := &g.hands[p]
	copy(h[1:g.handLen[p]+1], h[:g.handLen[p]])
	h[0] = int8(id)
	g.handLen[p]++
	return id
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	// Keep the capacity that New sized for a whole game, so the copy's
	// Apply allocates no more than the original's.
	c.log = append(make([]Action, 0, cap(g.log)), g.log...)
	c.clues = append(make([]ClueRecord, 0, cap(g.clues)), g.clues...)
	return &c
}

// CloneFor returns an independent copy with room for n more actions: a
// copy that is to take one move before it is copied again (a server's next
// state) needs a third of Clone's memory.
func (g *Game) CloneFor(n int) *Game {
	c := *g
	c.log = append(make([]Action, 0, len(g.log)+n), g.log...)
	c.clues = append(make([]ClueRecord, 0, len(g.clues)+n), g.clues...)
	return &c
}

// Config is the game's configuration.
func (g *Game) Config() *Config { return &g.r.cfg }

func (g *Game) Players() int    { return g.r.cfg.Players }
func (g *Game) Current() int    { return g.current }
func (g *Game) Turn() int       { return g.turn }
func (g *Game) NoteTokens() int { return g.notes }

// HalfNote reports whether half a note token is there on top of
// NoteTokens (only in Clue Starved).
func (g *Game) HalfNote() bool        { return g.half }
func (g *Game) StormsUsed() int       { return g.storms }
func (g *Game) DeckCount() int        { return g.r.deckSize - g.drawn }
func (g *Game) FinalTurnsLeft() int   { return g.finalLeft }
func (g *Game) Over() bool            { return g.reason != NotOver }
func (g *Game) Left(seat int) bool    { return g.left&(1<<uint(seat)) != 0 }
func (g *Game) Log() []Action         { return slices.Clone(g.log) }
func (g *Game) MaxScore() int         { return g.r.maxScore }
func (g *Game) Firework(suit int) int { return int(g.fireworks[suit]) }

// Deck is the whole deck in dealing order, hidden cards included: for replays
// and exports of finished games, never for a seat's view.
func (g *Game) Deck() []Card {
	out := make([]Card, g.r.deckSize)
	for i := range out {
		out[i] = g.card(i)
	}
	return out
}

// Discarded is the ids of the cards in the discard pile in order, misplays
// included: the truth, which a view of a variant whose plays go face down
// withholds in part.
func (g *Game) Discarded() []int {
	out := make([]int, g.nDiscards)
	for i, id := range g.discards[:g.nDiscards] {
		out[i] = int(id)
	}
	return out
}

func (g *Game) card(id int) Card { return Card{int(g.deck[id].suit), int(g.deck[id].rank)} }

// Hand is seat p's card ids, newest first.
func (g *Game) Hand(p int) []int {
	out := make([]int, g.handLen[p])
	for i := range out {
		out[i] = int(g.hands[p][i])
	}
	return out
}

// Score is the sum of the fireworks, or 0 once the storms, a seat or the
// clock have ended the game.
func (g *Game) Score() int {
	if g.reason == EndStorms || g.reason == EndAllOrNothing || g.reason.Forced() {
		return 0
	}
	return g.points()
}

// Result is the outcome, or false while the game runs.
func (g *Game) Result() (Result, bool) {
	if g.reason == NotOver {
		return Result{}, false
	}
	s := g.Score()
	return Result{Score: s, Reason: g.reason, Rating: Rating(s, g.r.maxScore), Seat: g.endSeat}, true
}
