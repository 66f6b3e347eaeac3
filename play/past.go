package play

import (
	"errors"
	"slices"

	"github.com/hanabi-server/hanabi/engine"
)

// At is the game as it stood after turn: the engine's game then, and the
// record as it was: the version then (each log entry adds one), active
// until the game ended, a seat that left later still its player's. Notes
// are left out: they are written apart from the turns. A game that has
// not started has no turns.
func (st *State) At(turn int) (*State, error) {
	if st.Status != StatusActive && st.Status != StatusFinished {
		return nil, errorf(NotActive, "a game that has not started has no turns; this one is %s", st.Status)
	}
	if turn < 0 || turn > st.Game.Turn() {
		return nil, errorf(Invalid, "turn must be 0–%d (the game's turn now), got %d", st.Game.Turn(), turn)
	}
	g, err := st.Game.At(turn)
	if err != nil {
		var ee *engine.Error
		if errors.As(err, &ee) && ee == engine.ErrNoSuchTurn {
			return nil, errorf(Invalid, "%s", err.Error())
		}
		return nil, err
	}
	n := g.Entries()
	past := &State{Record: st.Record, Config: st.Config, Game: g, Log: st.Log[:n:n], Actions: n}
	past.Version -= int64(len(st.Log) - n)
	past.NotesRev = 0
	past.EndLogged = n > 0 && st.Log[n-1].Action.Kind == engine.End
	past.Status = StatusActive
	if g.Over() {
		past.Status = StatusFinished
	}
	past.Seats = st.Seats
	copied := false
	for _, e := range st.Log[n:] {
		if e.Action.Kind != engine.Leave {
			continue
		}
		// A bot took the seat later: then it was still its player's. The
		// snapshot's seats are shared: change a copy.
		if !copied {
			past.Seats, copied = slices.Clone(st.Seats), true
		}
		for i := range past.Seats {
			if past.Seats[i].Seat == e.Action.Target {
				past.Seats[i].Bot = ""
			}
		}
	}
	return past, nil
}
