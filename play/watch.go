package play

import (
	"crypto/subtle"

	"github.com/hanabi-server/hanabi/engine"
)

// A table's spectator policy, chosen when it is made.
const (
	// SpectatorsOpen: anyone may watch; a signed-in spectator sees every
	// hand (hanab.live's spectators) or shadows one seat.
	SpectatorsOpen = "open"
	// SpectatorsNoHands: anyone may watch, and nobody sees a hand.
	SpectatorsNoHands = "no_hands"
	// SpectatorsClosed: nobody but its seats reads the table until it ends.
	SpectatorsClosed = "closed"
)

// SpectatorPolicies are the policies a table may have.
var SpectatorPolicies = []string{SpectatorsOpen, SpectatorsNoHands, SpectatorsClosed}

// Watcher is a reader of a game who holds none of its seats: the public
// (no token), or a signed-in player not seated at it, who may shadow a
// seat (see exactly what it sees) instead of seeing every hand.
type Watcher struct {
	SignedIn bool
	// Player is the signed-in watcher's account ("" for none): once it
	// holds a seat of the game, it reads as that seat.
	Player string
	// Shadow is the seat shadowed, -1 for none.
	Shadow int
	// Secret is the join secret the reader brought (a private table is
	// watched with its invite link's secret).
	Secret string
}

// AdmitWatcher is the one decision of what a watcher may see of st, on
// every read path alike: the seat whose view it gets (engine.Public, no
// hand; engine.Spectator, every hand; or the seat it shadows), or why it
// gets nothing. A finished game is public record: every face shows in its
// views, and anyone reads it, but a private table's, whose chat and
// replay stay behind its secret for good. A running table closed to
// spectators is read by its seats alone, and a private table with its
// secret.
// Without a token nobody sees a hand, so that nobody sees their own cards
// by dropping their token; a player seated at a game reads it as their
// seat, never as a spectator.
func AdmitWatcher(st *State, w Watcher) (int, error) {
	// A watcher who has taken a seat since it began to read (a long-poll
	// or a stream that runs on) reads as that seat from then on: as a
	// spectator it would see every hand, its own included.
	if seat := st.SeatOf(w.Player); seat >= 0 {
		return seat, nil
	}
	if w.Shadow >= 0 {
		if err := CheckSeat(st, w.Shadow); err != nil {
			return 0, err
		}
	}
	if st.JoinSecret != "" && subtle.ConstantTimeCompare([]byte(st.JoinSecret), []byte(w.Secret)) != 1 {
		return 0, ErrPrivate
	}
	if st.Status == StatusFinished || st.Status == StatusCancelled {
		if w.Shadow >= 0 {
			return w.Shadow, nil
		}
		return engine.Public, nil
	}
	switch {
	// A table closed to spectators still shows its lobby: whoever may join
	// it reads it before taking a seat, and it holds no card yet.
	case st.Spectators == SpectatorsClosed && st.Status != StatusLobby:
		return 0, ErrClosed
	case w.Shadow >= 0 && (!w.SignedIn || st.Spectators != SpectatorsOpen):
		return 0, errorf(Closed, "only a signed-in spectator of a table whose spectators see the hands shadows a seat")
	case w.SignedIn && st.Spectators == SpectatorsOpen:
		if w.Shadow >= 0 {
			return w.Shadow, nil
		}
		return engine.Spectator, nil
	}
	return engine.Public, nil
}
