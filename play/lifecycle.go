package play

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
)

// tableRetries bounds how often an entry about the table (an end, a leave)
// is tried again after losing the log's next seq to a racing move: it may
// come at any turn, so a lost race is no reason to give up, but a game in
// which moves keep winning must not hold the caller forever.
const tableRetries = 8

// Terminate ends game id for everyone, charged to the caller's seat: score
// 0, reason terminated. It is an entry in the log like a move, under the
// same (game, seq) key, so that a termination and a move racing for one seq
// have one winner, and a second termination finds the game over.
func (g *Games) Terminate(ctx context.Context, id string, by auth.Caller) (*State, engine.Event, error) {
	var m Move
	seat, err := m.from(by, id)
	if err != nil {
		return nil, engine.Event{}, err
	}
	return g.terminate(ctx, id, seat, m.occupant)
}

// terminate is Terminate for seat, held by occupant (nil: whoever holds it).
func (g *Games) terminate(ctx context.Context, id string, seat int, occupant *string) (*State, engine.Event, error) {
	m := entryMove(engine.EndGame(seat, engine.EndTerminated))
	m.occupant = occupant
	var ev engine.Event
	st, err := g.inTurn(ctx, id, func(t *Table) (st *State, err error) {
		st, ev, err = g.tableEntry(ctx, t, seat, m)
		return st, err
	})
	return st, ev, err
}

// Leave gives up seat of game id, which the caller must hold. In a lobby
// the seat is free again, and a lobby with no person left is cancelled. In
// an active game the bot strategy bot ("": the strongest) plays the seat
// from now on, and the log says so (engine.Leave). Either way the seat gets
// a new occupant, so the leaver's credential stops working. The returned
// state is nil when nothing is left to show the leaver.
func (g *Games) Leave(ctx context.Context, id string, by auth.Caller, seat int, bot string) (*State, error) {
	var m Move
	held, err := m.from(by, id)
	if err != nil {
		return nil, err
	}
	if held != seat {
		return nil, errorf(NoSuchSeat, "the caller holds seat %d, not seat %d", held, seat)
	}
	return g.leaveSeat(ctx, id, seat, m.occupant, bot)
}

// leaveSeat is Leave for seat, held by occupant (nil: whoever holds it).
func (g *Games) leaveSeat(ctx context.Context, id string, seat int, occupant *string, bot string) (*State, error) {
	strat, err := g.takeOverBot(bot)
	if err != nil {
		return nil, err
	}
	return g.inTurn(ctx, id, func(t *Table) (*State, error) { return g.leave(ctx, t, seat, occupant, strat) })
}

func (g *Games) leave(ctx context.Context, t *Table, seat int, occupant *string, strat *bots.Strategy) (*State, error) {
	return g.judged(ctx, t, func(cur *State) (*State, error) {
		if err := (Move{occupant: occupant}).admit(cur, seat); err != nil {
			return nil, err
		}
		occ := cur.Occupant(seat)
		if occ == "" {
			return nil, ErrRevoked // a free seat: nobody to leave
		}
		switch cur.Status {
		case StatusLobby:
			// The last person to leave cancels the lobby.
			status := StatusCancelled
			for _, s := range cur.Seats {
				if s.Seat != seat && s.Bot == "" {
					status = StatusLobby
				}
			}
			return g.changeLobby(ctx, t, cur, seat, LobbyChange{Free: &Seat{Seat: seat, Occupant: occ}, Status: status})
		case StatusActive:
			if strat == nil {
				return nil, errorf(NoBot, "no bot strategy can take the seat on this server")
			}
			m := entryMove(engine.LeaveSeat(seat))
			m.occupant, m.takeOver = &occ, strat.Name
			left, _, err := g.tableEntry(ctx, t, seat, m)
			if err != nil || !left.Game.Paused() || !onlyBots(left) {
				return left, err
			}
			// The last person left a paused game: nobody is left to
			// resume it, and the bots play it on, as they play on every
			// game its people left.
			resumed, _, err := g.tableEntry(ctx, t, seat, entryMove(engine.ResumeGame(seat)))
			if errors.Is(err, engine.ErrNotPaused) {
				return t.read(ctx)
			}
			return resumed, err
		}
		return nil, errorf(NotActive, "the game is %s", cur.Status)
	})
}

// onlyBots tells whether every seat of st is a bot strategy's: no person
// is left at the table.
func onlyBots(st *State) bool {
	for _, s := range st.Seats {
		if s.Bot == "" {
			return false
		}
	}
	return true
}

// takeOverBot is the strategy named bot, or the strongest ("" names none).
func (g *Games) takeOverBot(bot string) (*bots.Strategy, error) {
	if bot != "" {
		s := g.Strategy(bot)
		if s == nil {
			return nil, errorf(Invalid, "unknown bot strategy %q (see GET /v1/bots)", truncate(bot, 64))
		}
		return s, nil
	}
	// Config.Bots lists the strategies weakest first.
	for i := len(g.cfg.Bots) - 1; i >= 0; i-- {
		if g.cfg.Bots[i].New != nil {
			return &g.cfg.Bots[i], nil
		}
	}
	return nil, nil
}

// tableEntry appends m's entry that seat asks for at whatever turn the game
// is on, trying again when a move took the seq first; the caller holds the
// table's turn.
func (g *Games) tableEntry(ctx context.Context, t *Table, seat int, m Move) (*State, engine.Event, error) {
	for range tableRetries {
		st, ev, err := g.act(ctx, t, seat, m)
		if errors.Is(err, ErrStaleVersion) || errors.Is(err, ErrNotYourTurn) {
			continue
		}
		return st, ev, err
	}
	return nil, engine.Event{}, errorf(StaleVersion, "the game kept moving; try again")
}
