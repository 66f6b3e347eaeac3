package rooms

import (
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// Scene is what room r shows its members of finished game st: the game as
// it stood after the room's turn with the leader's hypothetical moves
// played on it (the state's Game is that board: active until a move ends
// it), and those moves' events, every face shown.
func Scene(r *Room, st *play.State) (*play.State, []engine.Event, error) {
	past, err := st.At(r.Turn)
	if err != nil {
		return nil, nil, &Error{Code: Invalid, Msg: err.Error()}
	}
	g := past.Game
	if g.Paused() {
		// A past taken while the game was paused: the board plays on.
		if _, err := g.Apply(engine.ResumeGame(0)); err != nil {
			return nil, nil, err
		}
	}
	evs := make([]engine.Event, 0, len(r.Hypo))
	for _, a := range r.Hypo {
		ev, err := g.Apply(a)
		if err != nil {
			return nil, nil, err
		}
		evs = append(evs, ev)
	}
	past.Status = play.StatusActive
	if g.Over() {
		past.Status = play.StatusFinished
	}
	return past, evs, nil
}

// Board is room r's board: the game st replays, as it stood after the
// room's turn, with the hypothetical moves played on it.
func Board(r *Room, st *play.State) (*engine.Game, error) {
	past, _, err := Scene(r, st)
	if err != nil {
		return nil, err
	}
	return past.Game, nil
}
