package play

import (
	"context"

	"github.com/hanabi-server/hanabi/auth"
)

// Invitation is what an invitation to a table carries: the table, who
// invites (their account's name) and a private table's join secret.
type Invitation struct {
	Game, From, Secret string
	// FromID is the inviting player's id.
	FromID string
}

// Invitation is the invitation the caller may send to game id: only a
// signed-in player seated at a table that has not started invites (a
// guest's seat invites nobody).
func (g *Games) Invitation(ctx context.Context, id string, by auth.Caller) (Invitation, error) {
	if err := auth.NeedSeat(by, id); err != nil {
		return Invitation{}, err
	}
	st, err := g.Load(ctx, id)
	if err == nil {
		err = Admit(st, by.Seat, by.Occupant)
	}
	if err != nil {
		return Invitation{}, err
	}
	var from, fromID string
	for _, s := range st.Seats {
		if s.Seat == by.Seat && s.Player != "" {
			from, fromID = s.Name, s.Player
		}
	}
	switch {
	case from == "":
		return Invitation{}, errorf(NoSuchSeat, "a guest's seat invites nobody: sign in")
	case st.Status != StatusLobby:
		return Invitation{}, errorf(NotActive, "the table has started: it takes nobody more")
	}
	return Invitation{Game: st.ID, From: from, FromID: fromID, Secret: st.JoinSecret}, nil
}
