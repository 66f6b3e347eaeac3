package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// Fixed bounds let a game live in small arrays, so that applying an action
// allocates nothing. Every real variant fits well inside them.
const (
	MaxPlayers = 6
	MaxHand    = 6 // five, and one extra card (hanab.live's oneExtraCard)
	MaxSuits   = 8
	MaxRank    = 7
	MaxDeck    = 64 // card ids fit one uint64 bit set
	MaxColors  = 8
	// The tokens fit the bits a game's Key gives them (and a game's
	// slices, sized by the note tokens, stay small).
	MaxNoteTokens  = 63
	MaxStormTokens = 255
)

// StartRank is the rank of an Up or Down suit's START card (hanab.live's
// START_CARD_RANK): a card of its own, never named by a rank clue.
const StartRank = 7

// Suit is one firework: the ranks of its cards (a multiset, e.g. 1,1,1,2,2,3,3,4,4,5)
// and which clues touch them.
//
// Touches is the whole truth: Touches[r-1] says which clues touch a card of
// rank r. Without it, the clue colors of CluedBy (indices into
// Config.ClueColors) touch every card of the suit and a rank clue touches its
// own rank: the shape of the rules' own variants.
type Suit struct {
	Name    string
	Ranks   []int
	CluedBy []int
	Touches []Touch
	// Swapped swaps play and discard for the suit's cards (hanab.live's
	// Orange): a card asked to be played is discarded, one asked to be
	// discarded is played.
	Swapped bool
	// Reversed plays the suit from its highest rank down to 1 (hanab.live's
	// Reversed suits): an empty firework takes the highest rank, then each
	// card is one rank lower; the 1 completes it.
	Reversed bool
}

// Touch is which clues touch a card of one suit and rank: bit i of Colors for
// clue color i, bit r of Ranks for a rank clue that names r.
type Touch struct {
	Colors uint8
	Ranks  uint8
}

// Ident packs a card's identity into a bit index below 64: every card of every
// variant the engine allows has its own bit in one uint64.
func Ident(suit, rank int) uint { return uint(suit)<<3 | uint(rank) }

// Touch is which clues touch a card of suit and rank.
func (c *Config) Touch(suit, rank int) Touch {
	s := &c.Suits[suit]
	if s.Touches != nil {
		if rank < 1 || rank > len(s.Touches) {
			return Touch{}
		}
		return s.Touches[rank-1]
	}
	var t Touch
	for _, col := range s.CluedBy {
		t.Colors |= 1 << col
	}
	if rank >= 0 && rank <= MaxRank {
		t.Ranks = 1 << rank
	}
	return t
}

// ClueMask is the set of card identities (see Ident) that clue a touches:
// the one table every clue is decided from.
func (c *Config) ClueMask(a Action) uint64 {
	var m uint64
	for si, s := range c.Suits {
		for r := 1; r <= maxRank(s); r++ {
			t := c.Touch(si, r)
			hit := false
			switch a.Kind {
			case ColorClue:
				hit = a.Value >= 0 && a.Value < MaxColors && t.Colors&(1<<a.Value) != 0
			case RankClue:
				hit = a.Value >= 0 && a.Value <= MaxRank && t.Ranks&(1<<a.Value) != 0
			}
			if hit {
				m |= 1 << Ident(si, r)
			}
		}
	}
	return m
}

func maxRank(s Suit) int {
	if len(s.Ranks) == 0 {
		return 0
	}
	return slices.Max(s.Ranks)
}

// Config is everything the rules need to know about one game: the cards, which
// clues exist and whom they touch, and the table options. The engine never
// learns a variant's name.
type Config struct {
	Suits       []Suit
	ClueColors  []string // colors a player may name
	ClueRanks   []int    // ranks a player may name
	Players     int
	StormTokens int
	NoteTokens  int
	EmptyClues  bool // a clue may touch no card (ABACUS); false as hanab.live plays
	// ClueStarved (hanab.live's Clue Starved): a discard or a completed
	// firework turns back half a note token; a clue still costs a whole one.
	ClueStarved bool
	// AlternatingClues (hanab.live's Alternating Clues): after the first
	// clue, each clue must be of the other type than the one before it.
	AlternatingClues bool
	// Sudoku (hanab.live's Sudoku): a firework starts with any rank that no
	// other firework started with and wraps round after the suit's highest
	// rank, until it holds as many cards as that rank.
	Sudoku bool
	// UpOrDown (hanab.live's Up or Down): a card of rank StartRank is a
	// suit's START card. An empty firework takes a 1, the suit's highest
	// rank or its START; after START comes a 2 or the rank below the
	// highest. The first card other than START fixes the direction: up
	// from 1 (or 2), down from the highest (or the one below it). The
	// firework is complete with as many cards as the highest rank.
	UpOrDown bool
	// HandDelta is added to each hand's usual size (HandSize): +1 for
	// hanab.live's "one extra card", -1 for its "one less card".
	HandDelta int
	// DeckPlays (hanab.live's "bottom-deck blind plays", deckPlays): while
	// the deck holds one card, the seat to act may play it blind, a Play
	// of the deck's last card id (as hanab.live writes it). It is drawn and
	// played at once; the hand keeps its size and the last round begins.
	DeckPlays bool
	// AllOrNothing (hanab.live's allOrNothing): only a perfect game counts.
	// The deck running out starts no last round: play goes on until every
	// firework is complete. The game ends at once, scoring 0, when a card
	// some firework still needs has no copy left (all discarded or
	// misplayed), or when the seat to act has no card and cannot clue.
	AllOrNothing bool
	// FaceDownPlays (hanab.live's Throw It in a Hole): a card played goes
	// face down, so that while the game runs nobody (no seat, no
	// spectator) learns which card was played or whether it succeeded:
	// the fireworks, the score and the storm tokens used stay hidden until
	// the end (see View.PlaysHidden and Config.EventSeen). A completed
	// firework turns back no note token, which would tell it.
	FaceDownPlays bool
	// ClueShows is what a clue tells anyone but its giver (hanab.live's
	// Cow & Pig and Duck). A clue that does not show everything narrows no
	// card's deductions: its holder does not know what it said.
	ClueShows ClueShows
	// Rules is the rule book the game's end, its first turn and the
	// Orange details follow (see Rules).
	Rules Rules
}

// ClueShows is what a clue tells the table beyond its giver.
type ClueShows uint8

const (
	// ShowsAll: its type and value, as in the rules.
	ShowsAll ClueShows = iota
	// ShowsType: the cards it touched and whether it named a color or a
	// rank, not which (hanab.live's Cow & Pig: "moo" or "oink").
	ShowsType
	// ShowsTouches: only the cards it touched (hanab.live's Duck: "quack").
	ShowsTouches
)

// HiddenValue is a clue's value (Action.Value, ClueRecord.Value) as a
// viewer sees it who may not know it (see Config.ClueShows).
const HiddenValue = -1

// Hand is the number of cards each player holds: HandSize and HandDelta.
func (c *Config) Hand() int { return HandSize(c.Players) + c.HandDelta }

// NextClueKind is the type the next clue must have after clues, and false
// when any type may be given (see AlternatingClues).
func (c *Config) NextClueKind(clues []ClueRecord) (Kind, bool) {
	if !c.AlternatingClues || len(clues) == 0 {
		return 0, false
	}
	if clues[len(clues)-1].Kind == ColorClue {
		return RankClue, true
	}
	return ColorClue, true
}

// HandSize is the number of cards each player holds: 5 with 2–3 players,
// 4 with 4–5, 3 with 6.
func HandSize(players int) int {
	switch {
	case players <= 3:
		return 5
	case players <= 5:
		return 4
	default:
		return 3
	}
}

// DeckSize is the number of cards in the variant's deck.
func (c *Config) DeckSize() int {
	n := 0
	for _, s := range c.Suits {
		n += len(s.Ranks)
	}
	return n
}

// MaxScore is the score of a perfect game: each suit's stack size, summed.
func (c *Config) MaxScore() int {
	n := 0
	for si := range c.Suits {
		n += c.StackSize(si)
	}
	return n
}

// StackSize is the number of cards that complete suit s's firework: its
// highest rank, an Up or Down START card aside.
func (c *Config) StackSize(s int) int {
	return StackSize(c.Suits[s].Ranks, c.UpOrDown)
}

// StackSize is the number of cards that complete a firework of a suit with
// these ranks: the highest, a START card aside when upOrDown.
func StackSize(ranks []int, upOrDown bool) int {
	n := 0
	for _, r := range ranks {
		if r > n && (!upOrDown || r != StartRank) {
			n = r
		}
	}
	return n
}

// Validate reports the first way the config falls outside what the engine can play.
func (c *Config) Validate() error {
	if c.Players < 2 || c.Players > MaxPlayers {
		return fmt.Errorf("players must be 2–%d, got %d", MaxPlayers, c.Players)
	}
	if len(c.Suits) == 0 || len(c.Suits) > MaxSuits {
		return fmt.Errorf("a variant needs 1–%d suits, got %d", MaxSuits, len(c.Suits))
	}
	if len(c.ClueColors) > MaxColors {
		return fmt.Errorf("at most %d clue colors, got %d", MaxColors, len(c.ClueColors))
	}
	for _, s := range c.Suits {
		if len(s.Ranks) == 0 {
			return fmt.Errorf("suit %q has no cards", s.Name)
		}
		for _, r := range s.Ranks {
			if r < 1 || r > MaxRank {
				return fmt.Errorf("suit %q has rank %d outside 1–%d", s.Name, r, MaxRank)
			}
		}
		for _, col := range s.CluedBy {
			if col < 0 || col >= len(c.ClueColors) {
				return fmt.Errorf("suit %q is touched by unknown color index %d", s.Name, col)
			}
		}
		if c.UpOrDown && (s.Reversed || c.Sudoku) {
			return fmt.Errorf("suit %q: Up or Down goes with neither a reversed suit nor Sudoku", s.Name)
		}
		if c.UpOrDown && StackSize(s.Ranks, true) < 4 {
			// START takes a 2 going up or the rank below the highest going
			// down: two different ranks only from four up.
			return fmt.Errorf("suit %q: Up or Down needs ranks up to at least 4", s.Name)
		}
		if s.Touches != nil && len(s.Touches) < maxRank(s) {
			return fmt.Errorf("suit %q: touches for %d ranks, its cards go up to %d", s.Name, len(s.Touches), maxRank(s))
		}
		for i, t := range s.Touches {
			if t.Colors>>len(c.ClueColors) != 0 {
				return fmt.Errorf("suit %q rank %d is touched by an unknown clue color", s.Name, i+1)
			}
			if t.Ranks&1 != 0 {
				return fmt.Errorf("suit %q rank %d is touched by rank clue 0", s.Name, i+1)
			}
		}
	}
	for _, r := range c.ClueRanks {
		if r < 1 || r > MaxRank {
			return fmt.Errorf("clue rank %d outside 1–%d", r, MaxRank)
		}
	}
	if h := c.Hand(); h < 1 || h > MaxHand || c.HandDelta < -1 || c.HandDelta > 1 {
		return fmt.Errorf("hands of %d cards (one more or one less than %d at most, 1–%d)", h, HandSize(c.Players), MaxHand)
	}
	if n := c.DeckSize(); n > MaxDeck || n < c.Players*c.Hand() {
		return fmt.Errorf("deck of %d cards cannot be dealt to %d players (at most %d cards)", n, c.Players, MaxDeck)
	}
	if c.StormTokens < 1 || c.StormTokens > MaxStormTokens {
		return fmt.Errorf("storm tokens must be 1–%d, got %d", MaxStormTokens, c.StormTokens)
	}
	if c.NoteTokens < 1 || c.NoteTokens > MaxNoteTokens {
		return fmt.Errorf("note tokens must be 1–%d, got %d", MaxNoteTokens, c.NoteTokens)
	}
	if c.ClueShows > ShowsTouches {
		return fmt.Errorf("clue shows %d is none of ShowsAll, ShowsType, ShowsTouches", c.ClueShows)
	}
	// Combinations hanab.live has none of, which a seat's view cannot
	// follow: which clue type comes next when clues show only their
	// touches (the view would allow a clue the rules refuse), and the
	// fireworks of face-down plays that start anywhere or go either way
	// (no bot can keep them, and a refused bot move stalls the game).
	if c.AlternatingClues && c.ClueShows == ShowsTouches {
		return fmt.Errorf("alternating clues need each clue's type told: clues that show only their touches cannot alternate")
	}
	if c.FaceDownPlays && (c.Sudoku || c.UpOrDown) {
		return fmt.Errorf("face-down plays go with neither Sudoku nor Up or Down")
	}
	if c.Rules > RulesHanabLive {
		return fmt.Errorf("rules %d are neither the ABACUS rules nor hanab.live's", c.Rules)
	}
	return nil
}

// rules is the config compiled into lookup tables for the hot path.
type rules struct {
	cfg        Config
	handSize   int
	deckSize   int
	maxScore   int
	topRank    [MaxSuits]uint8     // each suit's stack size: its highest rank, a START card aside
	reversed   uint8               // bit s: suit s is played from its highest rank down
	colorMask  [MaxColors]uint64   // identities (see Ident) each color clue touches
	rankMask   [MaxRank + 1]uint64 // identities each rank clue touches
	identities uint64              // identities that exist in the deck
	swapped    uint64              // identities of the suits whose play and discard are swapped
	allProj    proj                // their suits and ranks
	copies     [MaxDeck]uint8      // cards of each identity in the deck
	live       bool                // hanab.live's rules (Config.Rules)
	anyDiscard bool                // any card may be discarded at the note maximum (Config.DiscardsAtMax)

	// For Key: whether the cards that can never be played again are keyed
	// as one (not in Sudoku nor Up or Down, whose maximum reads every
	// copy), the class such a card is keyed as (the clue kinds that touch
	// it and whether its suit swaps play and discard, as Ident(class, 0)),
	// and whether a holder's knowledge decides a move (a discard at the
	// note maximum).
	mergeTrash  bool
	trashClass  [MaxDeck]uint8
	knowMatters bool
}

func compileInto(r *rules, c Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	*r = rules{cfg: c, handSize: c.Hand(), deckSize: c.DeckSize(), maxScore: c.MaxScore(),
		live: c.Rules == RulesHanabLive, anyDiscard: c.DiscardsAtMax()}
	for si, s := range c.Suits {
		r.topRank[si] = uint8(StackSize(s.Ranks, c.UpOrDown))
		if s.Reversed {
			r.reversed |= 1 << si
		}
		if s.Swapped {
			r.swapped |= 0xff << Ident(si, 0)
		}
		for _, rk := range s.Ranks {
			r.copies[Ident(si, rk)]++
			bit := uint64(1) << Ident(si, rk)
			if r.identities&bit != 0 {
				continue
			}
			r.identities |= bit
			t := c.Touch(si, rk)
			for m := t.Colors; m != 0; m &= m - 1 {
				r.colorMask[bits.TrailingZeros8(m)] |= bit
			}
			for m := t.Ranks; m != 0; m &= m - 1 {
				r.rankMask[bits.TrailingZeros8(m)] |= bit
			}
		}
	}
	r.allProj = project(r.identities)
	r.swapped &= r.identities
	r.mergeTrash = !c.Sudoku && !c.UpOrDown
	r.knowMatters = r.swapped != 0 && !r.anyDiscard
	var named uint8 // the ranks a clue may name
	for _, rk := range c.ClueRanks {
		named |= 1 << rk
	}
	for si := range c.Suits {
		for rk := 1; rk <= MaxRank; rk++ {
			t := c.Touch(si, rk)
			cls := b2u(t.Ranks&named != 0) | b2u(t.Colors&(1<<len(c.ClueColors)-1) != 0)<<1 | b2u(c.Suits[si].Swapped)<<2
			r.trashClass[Ident(si, rk)] = uint8(Ident(int(cls), 0))
		}
	}
	return nil
}

// extends reports whether a card of rank extends suit s's firework whose
// top card is height (0 for none).
func (r *rules) extends(s int, height, rank uint8) bool {
	if r.reversed&(1<<s) == 0 {
		return rank == height+1
	}
	if height == 0 {
		return rank == r.topRank[s]
	}
	return rank == height-1
}

// Playable reports whether a card of suit s and rank extends the suit's
// firework whose top card is height (0 for none): the rule Extends states,
// in the suit's direction (see Suit.Reversed). In Sudoku and Up or Down the
// top card alone does not say it (the firework's start and direction do):
// there the game decides (Game.Direction, View.Starts).
func (c *Config) Playable(s, height, rank int) bool {
	if !c.Suits[s].Reversed {
		return Extends(height, rank)
	}
	if height == 0 {
		return rank == slices.Max(c.Suits[s].Ranks)
	}
	return height > 1 && rank == height-1
}

// Plays says whether a, a play or a discard of card c, puts c to its
// firework: a play does and a discard does not, but in a suit that swaps
// them (hanab.live's Orange).
func (c *Config) Plays(a Action, card Card) bool {
	return (a.Kind == Play) != c.Suits[card.Suit].Swapped
}

// SwappedIdentities is the set of identities (see Ident) whose suit swaps
// play and discard.
func (c *Config) SwappedIdentities() uint64 {
	var m uint64
	for si, s := range c.Suits {
		if s.Swapped {
			for _, r := range s.Ranks {
				m |= 1 << Ident(si, r)
			}
		}
	}
	return m
}

// MayDiscard reports whether a card its holder deduces may be any of the
// identities possible may be discarded with notes note tokens available.
// At the maximum a discard is refused, except for a card that may be of a
// suit whose play and discard are swapped: such a discard may be a play.
// It asks only what the holder knows, so a refusal never tells a seat
// anything about its own card. Under hanab.live's rules a variant with such
// a suit allows any discard at the maximum (Config.DiscardsAtMax).
func (c *Config) MayDiscard(notes int, possible uint64) bool {
	return mayDiscard(notes, c.NoteTokens, possible, c.SwappedIdentities(), c.DiscardsAtMax())
}

// mayDiscard is the rule of MayDiscard, given the swapped suits' identities
// and whether any card may go at the maximum (a game keeps both resolved).
func mayDiscard(notes, max int, possible, swapped uint64, anyCard bool) bool {
	return notes < max || anyCard || possible&swapped != 0
}
