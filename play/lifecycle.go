package play

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/engine"
)

// tableRetries bounds how often an entry about the table (an end, a leave)
// is tried again after losing the log's next seq to a racing move: it may
// come at any turn, so a lost race is no reason to give up, but a game in
// which moves keep winning must not hold the caller forever.
const tableRetries = 8

// Terminate ends game id for everyone, charged to seat: score 0, reason
// terminated. It is an entry in the log like a move, under the same (game,
// seq) key, so that a termination and a move racing for one seq have one
// winner, and a second termination finds the game over.
func (g *Games) Terminate(ctx context.Context, id string, seat int) (*State, engine.Event, error) {
	return g.tableEntry(ctx, id, seat, engine.EndGame(seat, engine.EndTerminated))
}

// tableEntry appends a that seat asks for at whatever turn the game is on,
// trying again when a move took the seq first.
func (g *Games) tableEntry(ctx context.Context, id string, seat int, a engine.Action) (*State, engine.Event, error) {
	m := Move{Action: func(*engine.Config) engine.Action { return a }}
	for range tableRetries {
		st, ev, err := g.act(ctx, id, seat, m)
		if errors.Is(err, ErrStaleVersion) || errors.Is(err, ErrNotYourTurn) {
			continue
		}
		if err == nil {
			g.Kick(st)
		}
		return st, ev, err
	}
	return nil, engine.Event{}, errorf(StaleVersion, "the game kept moving; try again")
}
