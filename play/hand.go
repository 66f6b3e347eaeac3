package play

import (
	"context"
	"errors"
	"slices"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
)

// Rearrange puts seat's hand in game id in order: its card ids, newest
// first as views list them (engine.RearrangeHand; the rules decide whether
// the game allows it). It is an entry in the log like a move, under the
// same (game, seq) key, but no turn: any seat may rearrange its own hand
// at any time while the game runs, and the clocks run on (see
// State.LastAt). m carries the conditions (IfMatch, Version);
// without a version condition, a rearrangement that loses the log's next
// seq to a move is judged again on the game after it, as an end or a
// leave is: only the seat's own moves change its hand, so the order is
// judged against the hand it names or refused. An order that is the
// hand's own changes nothing: the game is answered as it is, and nothing
// is appended.
func (g *Games) Rearrange(ctx context.Context, id string, by auth.Caller, order []int, m Move) (*State, error) {
	m.Key = nil
	seat, err := m.from(by, id)
	if err != nil {
		return nil, err
	}
	m.rearrange, m.order, m.entry = true, slices.Clone(order), nil
	return g.inTurn(ctx, id, func(t *Table) (*State, error) {
		var st *State
		var err error
		if m.IfMatch != nil || m.Version != nil {
			st, _, err = g.act(ctx, t, seat, m)
		} else {
			st, _, err = g.tableEntry(ctx, t, seat, m)
		}
		if errors.Is(err, engine.ErrSameOrder) {
			return t.read(ctx)
		}
		return st, err
	})
}
