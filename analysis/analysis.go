package analysis

import (
	"context"
	"errors"
	"fmt"

	"github.com/hanabi-server/hanabi/engine"
)

// Input is a game as the engine replays it: its config, its deck in
// dealing order, the seat that took the first turn and every entry of its
// log (moves and table entries).
type Input struct {
	Config engine.Config
	Deck   []engine.Card
	First  int
	Log    []engine.Action
	// Seats, when set, is the seat each entry of Log says it was made by
	// (a file's word): a move the rules' turn order gives another seat is
	// refused, not read as that seat's. nil: the turn order alone.
	Seats []int
}

// Options tune the analysis; the zero value is the defaults.
type Options struct {
	// EndgameDeck is N: the endgame is computed for every state with at
	// most N cards left in the deck. 0 is DefaultEndgameDeck; a negative
	// value computes no endgame.
	EndgameDeck int
	// Deals is how many deals an endgame state solves at most: when more
	// deals are consistent with what the seat knew, that many are drawn
	// at random among them. 0 is DefaultDeals.
	Deals int
}

// Analysis is what a finished game teaches (see the package's doc for its
// JSON).
type Analysis struct {
	MaxScore int `json:"max_score"`
	// Score is the game's final score.
	Score int `json:"score"`
	// EndgameDeck is the N of Options.EndgameDeck the endgame was
	// computed with (-1 for none).
	EndgameDeck int `json:"endgame_deck"`
	// Turns holds one entry per state: after 0, 1, ... n moves.
	Turns []Turn `json:"turns"`
	// Lost holds each move after which max_reachable fell, in order.
	Lost []Loss `json:"lost"`
	// Endgame holds each state with at most EndgameDeck cards in the deck
	// whose game was still running, in order.
	Endgame []Endgame `json:"endgame"`
}

// Turn is one state of the game: after Turn moves (and the table entries
// before the next move).
type Turn struct {
	Turn int `json:"turn"`
	// Seat is the seat to act; -1 once the game is over.
	Seat      int `json:"seat"`
	Score     int `json:"score"`
	DeckCount int `json:"deck_count"`
	// Pace is hanab.live's: score + deck_count + players − max_possible;
	// null once the deck is empty or the game is over.
	Pace *int `json:"pace" extensions:"x-nullable"`
	// Efficiency is cards_gotten per clue spent, null before a clue is
	// spent; EfficiencyNeeded the efficiency still needed to reach
	// max_possible, null once no clue is left to use (see engine.Stats).
	Efficiency       *float64 `json:"efficiency" extensions:"x-nullable"`
	EfficiencyNeeded *float64 `json:"efficiency_needed" extensions:"x-nullable"`
	CardsGotten      int      `json:"cards_gotten"`
	CluesSpent       float64  `json:"clues_spent"`
	// MaxPossible is the highest score the cards left allow, the turns
	// aside; MaxReachable the best final score still reachable from this
	// state had every card been known to everyone: exact, never rising,
	// at least the score, the score itself once the game is over.
	MaxPossible  int `json:"max_possible"`
	MaxReachable int `json:"max_reachable"`
}

// Errors of an analysis: an unfinished game, and a search stopped by its
// context (which wraps the context's error).
var (
	ErrUnfinished = errors.New("the game has not finished: only a finished game is analysed")
	ErrStopped    = errors.New("the analysis was stopped")
)

// Analyse replays in and analyses it. A deck the config cannot deal is a
// *DeckError, a log the rules refuse an *engine.ReplayError (with the
// engine's reason), a log that leaves the game running ErrUnfinished.
func Analyse(ctx context.Context, in Input, opt Options) (*Analysis, error) {
	r, err := replay(in)
	if err != nil {
		return nil, err
	}
	return analyse(ctx, r, opt)
}

// AnalyseGame analyses a finished game.
func AnalyseGame(ctx context.Context, g *engine.Game, opt Options) (*Analysis, error) {
	return Analyse(ctx, Input{Config: *g.Config(), Deck: g.Deck(), First: g.First(), Log: g.Log()}, opt)
}

// DeckError is a deck the config cannot deal: not the variant's cards, or
// a first seat that is not at the table.
type DeckError struct{ Err error }

func (e *DeckError) Error() string { return "the deck cannot be dealt: " + e.Err.Error() }
func (e *DeckError) Unwrap() error { return e.Err }

// replayed is a game replayed: its state after each move and the table
// entries before the next (states[t] after t moves), and the entries that
// led from each state to the next (the move, then table entries).
type replayed struct {
	states []*engine.Game
	steps  [][]engine.Action
}

// replay deals in and applies its log.
func replay(in Input) (*replayed, error) {
	g, err := engine.NewFirst(in.Config, in.Deck, in.First)
	if err != nil {
		return nil, &DeckError{Err: err}
	}
	r := &replayed{}
	for i, a := range in.Log {
		if a.IsMove() {
			r.states = append(r.states, g.Clone())
			r.steps = append(r.steps, nil)
		}
		apply := g.Apply
		if i < len(in.Seats) {
			apply = func(a engine.Action) (engine.Event, error) { return g.ApplyAs(in.Seats[i], a) }
		}
		if _, err := apply(a); err != nil {
			return nil, &engine.ReplayError{Index: i, Err: err}
		}
		if n := len(r.steps); n > 0 {
			r.steps[n-1] = append(r.steps[n-1], a)
		}
	}
	if !g.Over() {
		return nil, ErrUnfinished
	}
	r.states = append(r.states, g)
	return r, nil
}

func analyse(ctx context.Context, r *replayed, opt Options) (*Analysis, error) {
	states := r.states
	last := states[len(states)-1]
	out := &Analysis{MaxScore: last.MaxScore(), Score: last.Score(), Turns: make([]Turn, len(states)),
		Lost: []Loss{}, Endgame: []Endgame{}, EndgameDeck: -1}
	s := newSolver(ctx)
	defer s.tt.release()
	reachable := last.MaxScore()
	for t, g := range states {
		// The best never rises along the game, and the game's own line
		// reaches its final score from every state.
		reachable = s.best(g, out.Score, reachable)
		if s.err != nil {
			return nil, fmt.Errorf("%w: %w", ErrStopped, s.err)
		}
		out.Turns[t] = turnOf(t, g, reachable)
	}
	for t := range len(states) - 1 {
		if from, to := out.Turns[t].MaxReachable, out.Turns[t+1].MaxReachable; to < from {
			out.Lost = append(out.Lost, s.loss(t, states[t], states[t+1], r.steps[t], from, to))
		}
	}
	if s.err != nil {
		return nil, fmt.Errorf("%w: %w", ErrStopped, s.err)
	}
	n, deals := opt.EndgameDeck, opt.Deals
	if n == 0 {
		n = DefaultEndgameDeck
	}
	if deals <= 0 {
		deals = DefaultDeals
	}
	if n > 0 {
		out.EndgameDeck = n
		for t, g := range states {
			if g.Over() || g.DeckCount() > n {
				continue
			}
			out.Endgame = append(out.Endgame, s.endgame(t, g, out.Turns[t].MaxReachable, deals))
			if s.err != nil {
				return nil, fmt.Errorf("%w: %w", ErrStopped, s.err)
			}
		}
	}
	return out, nil
}

func turnOf(t int, g *engine.Game, reachable int) Turn {
	st := g.Stats()
	tu := Turn{Turn: t, Seat: g.Current(), Score: g.Score(), DeckCount: g.DeckCount(), CardsGotten: st.Gotten,
		CluesSpent: st.Spent, MaxPossible: g.MaxPossible(), MaxReachable: reachable}
	if g.Over() {
		tu.Seat = -1
	}
	if st.HasPace {
		tu.Pace = &st.Pace
	}
	if e, ok := st.Efficiency(); ok {
		tu.Efficiency = &e
	}
	if e, ok := st.NeededEfficiency(); ok {
		tu.EfficiencyNeeded = &e
	}
	return tu
}
