package api

import (
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/feed"
)

// credentialWatch is a follow's watch of its caller's credential: one
// signal that every way the credential may stop working fires, whose first
// channel is taken as the watch begins, so that an end from then on is
// never missed, however late the follow starts waiting.
type credentialWatch struct {
	sig   feed.Signal
	first <-chan struct{}
	stops []func()
	taken bool // a parked request's follow owns the watch (see follow)
}

// watchCredential watches by's credential for the ways it may stop working
// by itself, as soon as that can be told; nil when none can:
//   - one of its player's credentials was revoked (a sign-out, a password
//     changed, a token revoked, on any replica: see
//     players.Service.FollowCredentials);
//   - its own expiry came (auth.Caller.Ends);
//   - a seat's token heard off its game (the lobby's stream) sees its seat
//     taken from its occupancy on the game's table (watchSeat).
func (s *Server) watchCredential(by auth.Caller) *credentialWatch {
	cw := &credentialWatch{}
	cw.first = cw.sig.C()
	if by.Account != nil && s.accounts != nil {
		w := s.accounts.FollowCredentials(by.Account.ID)
		cw.stops = append(cw.stops, w.OnChange(cw.sig.Fire), w.Close)
	}
	if end := by.Ends(); !end.IsZero() {
		t := time.AfterFunc(time.Until(end), cw.sig.Fire)
		cw.stops = append(cw.stops, func() { t.Stop() })
	}
	if by.Via == auth.Seat && by.OffGame() && s.games != nil {
		cw.stops = append(cw.stops, s.watchSeat(by, &cw.sig))
	}
	if len(cw.stops) == 0 {
		return nil
	}
	return cw
}

// wake is the channel a waiting follow waits on (feed.Wait.Wake): the one
// taken as the watch began, then the signal's next.
func (cw *credentialWatch) wake() <-chan struct{} {
	if ch := cw.first; ch != nil {
		cw.first = nil
		return ch
	}
	return cw.sig.C()
}

// follow is a parked request's follow (park.Request.Revoked): wake runs at
// each fire, and at once for one since the watch began; its stop ends the
// watch.
func (cw *credentialWatch) follow(wake func()) (stop func()) {
	cw.taken = true
	unsubscribe := cw.sig.OnFire(wake)
	select {
	case <-cw.first:
		go wake()
	default:
	}
	return func() {
		unsubscribe()
		cw.stop()
	}
}

// stop ends the watch.
func (cw *credentialWatch) stop() {
	for _, stop := range cw.stops {
		stop()
	}
}

// watchSeat fires sig at each snapshot of by's game that does not seat
// by's occupancy at by's seat, until the returned stop. On its game's
// routes every read asks play.Admit; off them nothing reads the game, so
// this watch reads its table, asking the store nothing (a snapshot this
// replica has not caught up on yet fires too: the credential's own check
// then asks the store).
func (s *Server) watchSeat(by auth.Caller, sig *feed.Signal) (stop func()) {
	t := s.games.Follow(by.Game)
	quit := make(chan struct{})
	go func() {
		for {
			st, changed := t.Latest()
			if st != nil && st.Occupant(by.Seat) != by.Occupant {
				sig.Fire()
			}
			select {
			case <-changed:
			case <-quit:
				return
			}
		}
	}()
	return func() {
		close(quit)
		t.Close()
	}
}
