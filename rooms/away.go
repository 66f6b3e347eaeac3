package rooms

import (
	"context"
	"slices"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
)

// A member is in a room while they read it: the page follows it on a
// stream whose heartbeat tells it, an API client by its reads (a long-poll
// at its start and its end, at most a minute apart). A member who reads
// nothing for AwayFor has gone (closed the tab,
// as leaving hanab.live's shared replay is closing it) and leaves: a
// leader's lead passes on, as when they press Leave, and a full room makes
// room again.
const AwayFor = 2 * time.Minute

// Here records that by, a member of room r, reads it now, and lets the
// members gone for AwayFor leave; each at most every SeenEvery per process
// (per member, per room). It answers the room after the members gone
// left, or r. A reader who is no member changes nothing. Read calls it; a
// stream calls it at each heartbeat, with the room it last read.
func (rs *Rooms) Here(ctx context.Context, r *Room, by auth.Caller) (*Room, error) {
	if !by.SignedIn() || !r.IsMember(by.Account.ID) {
		return r, nil
	}
	now := rs.now().UTC().Truncate(time.Millisecond)
	if err := rs.here.Write(r.ID+"/"+by.Account.ID, struct{}{}, now, func() error {
		return rs.store.SeeMember(ctx, r.ID, by.Account.ID, now)
	}); err != nil {
		return r, err
	}
	if !rs.checked.Due(r.ID, struct{}{}, now) {
		return r, nil
	}
	return rs.dropGone(ctx, r, now, by.Account.ID)
}

// dropGone lets the members of room r who read nothing since AwayFor
// before now leave it, but reader, who reads it now (whose read of now
// another reader's look may not find yet in the store). A member the store
// has no read of is gone: Open and Join record the member's first.
func (rs *Rooms) dropGone(ctx context.Context, r *Room, now time.Time, reader string) (*Room, error) {
	seen, err := rs.store.MembersSeen(ctx, r.ID)
	if err != nil {
		return r, err
	}
	gone := func(m Member) bool { return m.Player != reader && seen[m.Player].Before(now.Add(-AwayFor)) }
	if !slices.ContainsFunc(r.Members, gone) {
		return r, nil
	}
	next, _, err := rs.change(ctx, r.ID, func(r *Room, _ *play.State) (bool, error) {
		if !slices.ContainsFunc(r.Members, gone) {
			return false, nil
		}
		r.Members = slices.DeleteFunc(r.Members, gone)
		if !r.IsMember(r.Leader) {
			r.Leader = ""
			if len(r.Members) > 0 {
				r.Leader = r.Members[0].Player
			}
		}
		return true, nil
	})
	if err != nil {
		return r, err
	}
	return next, nil
}

// KeptFor is how long a room that nobody reads is kept after its last
// change: its game's replay stays, and anyone may open it again. A room is
// a session of its members, who leave it two minutes after they stop
// reading it; without an end, rooms opened and left would be kept for good.
const KeptFor = 24 * time.Hour

// Forget deletes the reads of members gone (a read older than AwayFor
// counts as none), so that the rooms' reads are those of members there;
// then the rooms nobody has read or changed for KeptFor.
func (rs *Rooms) Forget(ctx context.Context) error {
	now := rs.now().UTC()
	if err := rs.store.ForgetMembersSeen(ctx, now.Add(-AwayFor)); err != nil {
		return err
	}
	return rs.store.ForgetRooms(ctx, now.Add(-KeptFor))
}
