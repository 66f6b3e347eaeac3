// Package livemodel is hanab.live's rules of play written out plainly, for
// tests only: a second account of how its server deals, plays, discards,
// clues, keeps its maximum score and ends a game (server/src game.go,
// game_player.go, command_action.go and the variants_*.go helpers, as its
// code states the rules), written apart from the engine so that tests can
// hold the engine to it move by move, and replay exported files as
// hanab.live does.
//
// It reads a variant's cards and which clues touch them from an
// engine.Config (that table is checked against hanab.live's elsewhere);
// everything else, from the hands to the end, is its own. It is written
// for clarity, not speed, and like hanab.live keeps hands oldest card
// first.
package livemodel

import (
	"errors"

	"github.com/hanabi-server/hanabi/engine"
)

// Action types, as hanab.live numbers them in its game files.
const (
	Play      = 0
	Discard   = 1
	ColorClue = 2
	RankClue  = 3
)

// Action is one move as hanab.live's files write it: a card (play,
// discard) or a seat (clue) as Target, a color index or rank as Value.
type Action struct {
	Type, Target, Value int
}

// ActionOf is the engine's move a as hanab.live's files write it.
func ActionOf(a engine.Action) Action {
	switch a.Kind {
	case engine.Play:
		return Action{Type: Play, Target: a.Card}
	case engine.Discard:
		return Action{Type: Discard, Target: a.Card}
	case engine.ColorClue:
		return Action{Type: ColorClue, Target: a.Target, Value: a.Value}
	}
	return Action{Type: RankClue, Target: a.Target, Value: a.Value}
}

// Dir is a firework's direction as hanab.live tracks it in the variants
// where it matters (Up or Down, Reversed, Sudoku's "finished").
type Dir int

const (
	Undecided Dir = iota
	Up
	Down
	Finished
)

// End is how a game ended, by hanab.live's end checks.
type End int

const (
	Running End = iota
	Strikeout
	AllOrNothingFail
	AllOrNothingSoftlock
	FinalTurn  // the turn after the last round
	MaxReached // the score reached the maximum still possible
	NoneLeft   // no card that could be played is left
)

// startRank is an Up or Down START card.
const startRank = 7

type card struct {
	suit, rank              int
	discarded, cannotBePlay bool
	failed                  bool
}

// Game is one game as hanab.live's server keeps it.
type Game struct {
	cfg *engine.Config
	// Replaying is hanab.live's replay of a stored or imported game, in
	// which an Orange card is not swapped again: the file already records
	// the move that happened.
	Replaying bool

	deck      []card
	Hands     [][]int // card ids, oldest first
	DeckIndex int
	Stacks    []int // each firework's top card (START is 7)
	Dirs      []Dir
	Starts    []int // Sudoku: each firework's first card
	Score     int
	MaxScore  int // never rises (hanab.live keeps the lowest GetMaxScore)
	Strikes   int
	Clues     int // in halves in Clue Starved
	Turn      int
	Active    int
	EndTurn   int // -1 until the last card is drawn
	lastClue  int // the type of the last clue, -1 for none
	anyTouch  map[[2]int]bool
	End       End
	// Record is the log as hanab.live stores it: a play or discard as it
	// happened (an Orange card asked to be played is stored as a discard).
	Record []Action
}

// New deals deck (cards in dealing order) to cfg.Players seats; seat first
// takes the first turn.
func New(cfg *engine.Config, deck []engine.Card, first int) *Game {
	g := &Game{cfg: cfg, Active: first, EndTurn: -1, lastClue: -1, anyTouch: map[[2]int]bool{}}
	for _, c := range deck {
		g.deck = append(g.deck, card{suit: c.Suit, rank: c.Rank})
	}
	n := len(cfg.Suits)
	g.Stacks, g.Dirs, g.Starts = make([]int, n), make([]Dir, n), make([]int, n)
	if !cfg.UpOrDown {
		for s, su := range cfg.Suits {
			if su.Reversed {
				g.Dirs[s] = Down
			} else if g.reversible() {
				g.Dirs[s] = Up
			}
		}
	}
	g.Clues = g.units(cfg.NoteTokens)
	g.MaxScore = g.perfect()
	g.Hands = make([][]int, cfg.Players)
	for p := range cfg.Players {
		for range g.handSize() {
			g.draw(p)
		}
	}
	return g
}

// handSize is hanab.live's hand size for the table.
func (g *Game) handSize() int {
	n := map[int]int{2: 5, 3: 5, 4: 4, 5: 4, 6: 3}[g.cfg.Players]
	return n + g.cfg.HandDelta
}

// units is clue tokens as the server counts them: halves in Clue Starved.
func (g *Game) units(tokens int) int {
	if g.cfg.ClueStarved {
		return 2 * tokens
	}
	return tokens
}

func (g *Game) atMaxClues() bool { return g.Clues >= g.units(g.cfg.NoteTokens) }

// Card is card id's identity.
func (g *Game) Card(id int) engine.Card {
	return engine.Card{Suit: g.deck[id].suit, Rank: g.deck[id].rank}
}

// DeckLeft is the cards not yet drawn.
func (g *Game) DeckLeft() int { return len(g.deck) - g.DeckIndex }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.End != Running }

// FinalScore is the score hanab.live gives the game: 0 unless it ended
// normally (the last round, the maximum, nothing left to play).
func (g *Game) FinalScore() int {
	if g.End == Strikeout || g.End == AllOrNothingFail || g.End == AllOrNothingSoftlock {
		return 0
	}
	return g.Score
}

// Reason names the end as the engine does: a perfect score is "perfect"
// whichever check saw it first.
func (g *Game) Reason() engine.EndReason {
	switch g.End {
	case Running:
		return engine.NotOver
	case Strikeout:
		return engine.EndStorms
	case AllOrNothingFail, AllOrNothingSoftlock:
		return engine.EndAllOrNothing
	}
	if g.Score == g.perfect() {
		return engine.EndPerfect
	}
	switch g.End {
	case FinalTurn:
		return engine.EndDeckOut
	case MaxReached:
		return engine.EndMaxPossible
	}
	return engine.EndNoPlayable
}

// ErrIllegal is what Act answers a move hanab.live's server refuses.
var ErrIllegal = errors.New("refused")

// refusal is a refused move: it says why in words that need no
// formatting, since Legal asks about every move of every turn.
type refusal string

func (r refusal) Error() string        { return "refused: " + string(r) }
func (r refusal) Is(target error) bool { return target == ErrIllegal }

func refuse(why string) error { return refusal(why) }

func (g *Game) inverted(s int) bool { return g.cfg.Suits[s].Swapped }

func (g *Game) hasInverted() bool {
	for s := range g.cfg.Suits {
		if g.inverted(s) {
			return true
		}
	}
	return false
}

func (g *Game) inHand(p, id int) int {
	for i, h := range g.Hands[p] {
		if h == id {
			return i
		}
	}
	return -1
}

// isDeckMove is a play or discard of the deck's last card with deck plays.
func (g *Game) isDeckMove(id int) bool {
	return g.cfg.DeckPlays && g.DeckIndex == len(g.deck)-1 && id == g.DeckIndex
}

// Act makes the active seat's move, or refuses it as hanab.live does.
func (g *Game) Act(a Action) error {
	if g.Over() {
		return refuse("the game is over")
	}
	if err := g.Check(a); err != nil {
		return err
	}
	p := g.Active
	switch a.Type {
	case Play:
		g.play(p, a.Target)
	case Discard:
		g.discard(p, a.Target)
	default:
		g.clue(a)
	}
	// Once the last card is drawn, a seat's move other than the one that
	// drew it is its last: its cards can no longer be played.
	if g.EndTurn != -1 && g.EndTurn != g.Turn+g.cfg.Players+1 {
		for _, id := range g.Hands[p] {
			g.deck[id].cannotBePlay = true
		}
	}
	g.Turn++
	g.Active = (g.Active + 1) % g.cfg.Players
	g.checkEnd()
	return nil
}

// Check reports whether hanab.live's server takes move a from the active
// seat, without making it.
func (g *Game) Check(a Action) error {
	if g.Over() {
		return refuse("the game is over")
	}
	p := g.Active
	switch a.Type {
	case Play, Discard:
		if g.isDeckMove(a.Target) {
			// hanab.live's server warns of a discard of the deck's last
			// card outside the Orange variants (its client never sends
			// it); it is taken as refused.
			if a.Type == Discard && !g.hasInverted() {
				return refuse("the deck's last card may be discarded only in an Orange variant")
			}
			return nil
		}
		if g.inHand(p, a.Target) < 0 {
			return refuse("the card is not in the hand")
		}
		if a.Type == Discard && g.atMaxClues() && !g.hasInverted() {
			return refuse("no discard at the clue maximum")
		}
		return nil
	case ColorClue, RankClue:
		return g.checkClue(p, a)
	}
	return refuse("no such action type")
}

func (g *Game) play(p, id int) {
	if g.isDeckMove(id) {
		if g.inverted(g.deck[id].suit) && !g.Replaying {
			g.gainClue()
			g.discardDeck(p)
		} else {
			g.playDeck(p)
		}
		return
	}
	g.remove(p, id)
	if g.inverted(g.deck[id].suit) && !g.Replaying {
		g.gainClue()
		g.toDiscards(id)
	} else {
		g.toStacks(id)
	}
	g.draw(p)
}

func (g *Game) discard(p, id int) {
	if g.isDeckMove(id) {
		if g.inverted(g.deck[id].suit) && !g.Replaying {
			g.playDeck(p)
		} else {
			g.gainClue()
			g.discardDeck(p)
		}
		return
	}
	g.remove(p, id)
	if g.inverted(g.deck[id].suit) && !g.Replaying {
		g.toStacks(id)
	} else {
		g.gainClue()
		g.toDiscards(id)
	}
	g.draw(p)
}

func (g *Game) gainClue() {
	if !g.atMaxClues() {
		g.Clues++
	}
}

func (g *Game) remove(p, id int) {
	i := g.inHand(p, id)
	g.Hands[p] = append(g.Hands[p][:i], g.Hands[p][i+1:]...)
}

func (g *Game) draw(p int) {
	if g.DeckIndex >= len(g.deck) {
		return
	}
	g.Hands[p] = append(g.Hands[p], g.DeckIndex)
	g.DeckIndex++
	if g.DeckIndex >= len(g.deck) && !g.cfg.AllOrNothing {
		g.EndTurn = g.Turn + g.cfg.Players + 1
	}
}

// playDeck and discardDeck draw the deck's last card and play or discard
// it at once.
func (g *Game) playDeck(p int) {
	g.draw(p)
	id := len(g.deck) - 1
	g.remove(p, id)
	g.toStacks(id)
}

func (g *Game) discardDeck(p int) {
	g.draw(p)
	id := len(g.deck) - 1
	g.remove(p, id)
	g.toDiscards(id)
}

// toStacks plays card id: onto its firework, or a strike and the discards.
func (g *Game) toStacks(id int) {
	g.Record = append(g.Record, Action{Type: Play, Target: id})
	c := &g.deck[id]
	if !g.fits(c.suit, c.rank) {
		c.failed = true
		g.Strikes++
		g.toDiscards(id)
		return
	}
	g.Score++
	g.Stacks[c.suit] = c.rank
	if g.finishing(c.suit, c.rank) && !g.cfg.FaceDownPlays {
		g.Clues = min(g.Clues+1, g.units(g.cfg.NoteTokens))
	}
	g.MaxScore = min(g.MaxScore, g.maxScore())
}

func (g *Game) toDiscards(id int) {
	c := &g.deck[id]
	if !c.failed {
		g.Record = append(g.Record, Action{Type: Discard, Target: id})
	}
	c.discarded = true
	g.MaxScore = min(g.MaxScore, g.maxScore())
}

func (g *Game) checkClue(p int, a Action) error {
	if a.Target < 0 || a.Target >= g.cfg.Players {
		return refuse("no seat")
	}
	if a.Target == p {
		return refuse("a clue to oneself")
	}
	if g.Clues < g.units(1) {
		return refuse("no clue token")
	}
	var t engine.Action
	if a.Type == ColorClue {
		if a.Value < 0 || a.Value >= len(g.cfg.ClueColors) {
			return refuse("no such clue color")
		}
		t = engine.ClueColor(a.Target, a.Value)
	} else {
		found := false
		for _, r := range g.cfg.ClueRanks {
			found = found || r == a.Value
		}
		if !found {
			return refuse("no such clue rank")
		}
		t = engine.ClueRank(a.Target, a.Value)
	}
	if g.cfg.AlternatingClues && a.Type == g.lastClue {
		return refuse("the same clue type twice")
	}
	touched := false
	for _, id := range g.Hands[a.Target] {
		touched = touched || g.touches(t, g.deck[id].suit, g.deck[id].rank)
	}
	// Empty clues are allowed with the option, and where clues of that type
	// touch nothing at all (hanab.live's color or rank clues that touch
	// nothing): a clue that no card of the variant answers.
	if !touched && !g.cfg.EmptyClues && g.answered(t) {
		return refuse("a clue that touches no card")
	}
	return nil
}

func (g *Game) clue(a Action) {
	g.Clues -= g.units(1)
	g.lastClue = a.Type
	g.Record = append(g.Record, a)
}

func (g *Game) touches(a engine.Action, suit, rank int) bool {
	t := g.cfg.Touch(suit, rank)
	if a.Kind == engine.ColorClue {
		return t.Colors&(1<<a.Value) != 0
	}
	return t.Ranks&(1<<a.Value) != 0
}

func (g *Game) touchesAnything(a engine.Action) bool {
	for s, su := range g.cfg.Suits {
		for _, r := range su.Ranks {
			if g.touches(a, s, r) {
				return true
			}
		}
	}
	return false
}

// answered reports whether some card of the variant answers clue a,
// worked out once a clue.
func (g *Game) answered(a engine.Action) bool {
	k := [2]int{int(a.Kind), a.Value}
	v, ok := g.anyTouch[k]
	if !ok {
		v = g.touchesAnything(a)
		g.anyTouch[k] = v
	}
	return v
}
