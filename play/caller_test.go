package play_test

import (
	"context"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
)

// nobody is a caller who brought no credential: a guest creating or
// joining a table.
var nobody = auth.Anonymous("192.0.2.1")

// holder is the caller who holds seat of game id now, as the seat's token
// would speak for it.
func holder(g *play.Games, id string, seat int) auth.Caller {
	occ := ""
	if st, err := g.Load(context.Background(), id); err == nil {
		occ = st.Occupant(seat)
	}
	return occupancy(id, seat, occ)
}

// occupancy is the caller whose token names occupancy occ of seat of game
// id, which may since have ended.
func occupancy(id string, seat int, occ string) auth.Caller {
	return auth.Caller{Via: auth.Seat, Game: id, Seat: seat, Occupant: occ}
}
