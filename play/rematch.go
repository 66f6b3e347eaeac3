package play

import (
	"context"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/variants"
)

// Rematch opens, at the word of one of its players (a seat's token, or the
// signed-in player who held a seat), the next table of finished game id:
// the same variant, options and player count, listed or not, private or
// not (with the same join secret, which those invited to the old table
// hold), with the same spectators, at a new deal. Its signed-in players
// and its bots take their seats at once, each one seat on, so that someone
// else starts; a guest's seat is left free for the guest, whom the invite
// link brings back; nobody else is seated. The finished game's Next names the new
// table, which tells every reader of the game where to go. Asked again,
// it answers the table made the first time.
func (g *Games) Rematch(ctx context.Context, id string, by auth.Caller) (*State, error) {
	st, err := g.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if by.Via == auth.Seat && by.Game == id {
		// A seat's token of this game that no longer holds its seat is
		// refused as on the game's every other route.
		if err := Admit(st, by.Seat, by.Occupant); err != nil {
			return nil, err
		}
	}
	held := by.Seated() && by.Game == id && Admit(st, by.Seat, by.Occupant) == nil
	if !held && by.SignedIn() {
		held = st.SeatOf(by.Account.ID) >= 0
	}
	if !held {
		return nil, errorf(NoSuchSeat, "only a player of the game plays it again")
	}
	return g.rematch(ctx, id)
}

// rematch opens game id's next table, in the game's turn, or answers the
// one it has.
func (g *Games) rematch(ctx context.Context, id string) (*State, error) {
	var next *State
	_, err := g.inTurn(ctx, id, func(t *Table) (*State, error) {
		return g.judged(ctx, t, func(cur *State) (*State, error) {
			if cur.Next != "" {
				n, err := g.Load(ctx, cur.Next)
				if err != nil || n.Status != StatusCancelled {
					next = n
					return cur, err
				}
				// A rematch that nobody played (its lobby expired, or its
				// people left) is no rematch: the game is played again.
			}
			switch {
			case cur.Status != StatusFinished:
				return nil, errorf(NotActive, "only a finished game is played again: this one is %s", cur.Status)
			}
			n, err := g.playAgain(ctx, cur)
			if err != nil {
				return nil, err // a stale copy (ErrConflict) is judged again on the stored game
			}
			next = n
			// The old game's readers learn where to go: its version moved
			// on in the new table's transaction.
			after := *cur
			after.Version, after.Next = cur.Version+1, n.ID
			return t.publish(&after, 0), nil
		})
	})
	return next, err
}

// playAgain writes old's next table.
func (g *Games) playAgain(ctx context.Context, old *State) (*State, error) {
	req := NewGame{Variant: old.Variant, Options: old.Settings.Options(), Players: old.Players,
		Unlisted: old.Unlisted, Private: old.JoinSecret != "", Spectators: old.Spectators, secret: old.JoinSecret}
	_, set, cfg, err := variants.Setup(req.Variant, req.Options, req.Players)
	if err != nil {
		return nil, setupError(err)
	}
	kept := keptSeats(old)
	seed, first := newSeed(), 0
	if len(kept) == old.Players {
		// Every seat is taken at once: the deal, and so who starts, is
		// known now, and the seats are turned to it.
		if shared, err := g.sharedSeed(ctx, true, kept, req.Variant, req.Players); err != nil {
			return nil, err
		} else if shared != "" {
			seed, req.shared = shared, shared
		}
		first = cfg.FirstSeat(seed)
	}
	// The seat after the one that started the old game starts the new one.
	for i := range kept {
		kept[i].Seat = (kept[i].Seat - old.Game.First() - 1 + first + 2*old.Players) % old.Players
	}
	return g.open(ctx, req, set, cfg, kept, seed, -1, old)
}

// keptSeats are the seats of old that its rematch takes at once, in old's
// seat numbers: its signed-in players' (bot accounts too) and its bots'.
func keptSeats(old *State) []Seat {
	last := map[int]Seat{} // a seat's last row names who holds it
	for _, s := range old.Seats {
		last[s.Seat] = s
	}
	var out []Seat
	for seat := range old.Players {
		s, ok := last[seat]
		switch {
		case !ok || (s.Player == "" && s.Bot == ""):
			continue // a guest's (or nobody's): theirs to take again
		case s.Player == "":
			// A bot's, or a seat a bot took over: the bot plays again.
			out = append(out, Seat{Seat: seat, Name: s.Bot, Bot: s.Bot})
		default:
			out = append(out, Seat{Seat: seat, Name: s.Name, Player: s.Player, PlayerBot: s.PlayerBot})
		}
	}
	return out
}
