package play

import (
	"context"
	"errors"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
)

// Vote casts the caller's seat's vote to end game id (end true), or takes
// it back: the engine ends the game once enough votes stand
// (engine.VotesToEnd). Asking for the vote the seat already has changes
// nothing and answers the game as it is, so that a client may send it
// again.
func (g *Games) Vote(ctx context.Context, id string, by auth.Caller, end bool) (*State, error) {
	var m Move
	seat, err := m.from(by, id)
	if err != nil {
		return nil, err
	}
	return g.lifecycle(ctx, id, seat, m.occupant, engine.VoteToEnd(seat, end), func(st *State) bool {
		return st.Game.Voted(seat) == end
	})
}

// Pause stops the clock of timed game id at the caller's seat's request: no
// move is made, and no turn runs out, until a seat resumes it. A game with
// no clock has nothing to pause. Pausing a paused game answers it as it is.
func (g *Games) Pause(ctx context.Context, id string, by auth.Caller) (*State, error) {
	var m Move
	seat, err := m.from(by, id)
	if err != nil {
		return nil, err
	}
	return g.lifecycle(ctx, id, seat, m.occupant, engine.PauseGame(seat), func(st *State) bool { return st.Game.Paused() })
}

// Resume starts paused game id again at the caller's seat's request; the
// seat to act has the time its turn had left when the game was paused.
// Resuming a running game answers it as it is.
func (g *Games) Resume(ctx context.Context, id string, by auth.Caller) (*State, error) {
	var m Move
	seat, err := m.from(by, id)
	if err != nil {
		return nil, err
	}
	return g.lifecycle(ctx, id, seat, m.occupant, engine.ResumeGame(seat), func(st *State) bool { return !st.Game.Paused() })
}

// lifecycle appends a, an entry of seat's about the running game, unless
// done says the game already is as a would leave it.
func (g *Games) lifecycle(ctx context.Context, id string, seat int, occupant *string, a engine.Action, done func(*State) bool) (*State, error) {
	return g.inTurn(ctx, id, func(t *Table) (*State, error) {
		cur, err := t.read(ctx)
		if err != nil {
			return nil, err
		}
		if err := (Move{occupant: occupant}).admit(cur, seat); err != nil {
			return nil, err
		}
		if cur.Status != StatusActive || cur.Game == nil || cur.Game.Over() {
			return nil, errorf(NotActive, "the game is %s", cur.Status)
		}
		if (a.Kind == engine.Pause || a.Kind == engine.Resume) && cur.Settings.TurnSeconds <= 0 {
			return nil, errorf(Untimed, "only a timed game is paused: this one has no clock to stop")
		}
		if done(cur) {
			return cur, nil
		}
		m := entryMove(a)
		m.occupant = occupant
		if a.Kind == engine.Pause {
			// The pause keeps the turn's time left, from which its clock
			// runs on when resumed: of the game it is judged on, which a
			// move on another replica may have moved on from cur.
			m.pausedAt = g.cfg.Now().UTC().Truncate(time.Millisecond)
		}
		st, _, err := g.tableEntry(ctx, t, seat, m)
		if errors.Is(err, engine.ErrSameVote) || errors.Is(err, engine.ErrPaused) || errors.Is(err, engine.ErrNotPaused) {
			// Another replica made the same change first.
			return t.read(ctx)
		}
		return st, err
	})
}
