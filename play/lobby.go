package play

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"crypto/subtle"
	"errors"
	"slices"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
)

// LobbyChange is one change to a lobby, which play decides on its snapshot
// and the store makes only while the game is still at the version it was
// decided on (see Store.ChangeLobby): a seat taken or given up, or none (a
// lobby cancelled); the status and the deadline it leaves; its time; and
// the request's idempotency key.
type LobbyChange struct {
	Take, Free *Seat
	Status     string
	Deadline   *time.Time
	At         time.Time
	Key        *Key
	// Seed, when set, is the deal a table that starts gets (see Seeds);
	// FirstSeat the seat that then acts first.
	Seed      *string
	FirstSeat int
	// Deal is the shared deal Seed deals (DealName), "" for none: the
	// table's players claim it as in GameRow.Deal.
	Deal string
	// Guests: no seat of the table that starts is a signed-in player's,
	// so that nobody is told that it started (the store may skip it).
	Guests bool
	// Guest, when set, are the keys of the name of the guest who takes a
	// seat: the store makes the change only while no account has one of
	// them (ErrLookAlike else, and nothing is written).
	Guest *NameKeys
}

// Join takes the lowest free seat of game id for the caller; the game
// starts when the last seat is taken. A private table asks for its join
// secret. key, when set, is the request's idempotency key. A player's
// seat (signed in, or by a seat's token of theirs) records them and takes
// their name, and one who holds a seat of the game already is answered
// that seat (a second device), the table unchanged; a guest sits under
// name.
func (g *Games) Join(ctx context.Context, id string, by auth.Caller, name, secret string, key *Key) (seat int, st *State, err error) {
	if key != nil {
		key.by = by
	}
	// A seat's token of this game that no longer holds its seat gets
	// nothing here either: it is refused as on the game's every other
	// route, not seated again.
	held := func(*State) error { return nil }
	if by.Seated() && by.Game == id {
		held = func(cur *State) error { return Admit(cur, by.Seat, by.Occupant) }
	}
	if by.Account != nil { // a seat's token of theirs too: its token names them
		return g.join(ctx, id, by.Account.Name, secret, key, by.Account, held)
	}
	return g.join(ctx, id, name, secret, key, nil, held)
}

func (g *Games) join(ctx context.Context, id, name, secret string, key *Key, p *Player, held func(*State) error) (seat int, st *State, err error) {
	var keys *NameKeys
	if p != nil {
		name = p.Name
	} else if name, keys, err = g.guestName(ctx, name, GuestName); err != nil {
		return -1, nil, err
	}
	st, err = g.inTurn(ctx, id, func(t *Table) (*State, error) {
		return g.judged(ctx, t, func(cur *State) (*State, error) {
			if err := held(cur); err != nil {
				return nil, err
			}
			// The secret never changes: any snapshot of the game knows it.
			if cur.JoinSecret != "" && subtle.ConstantTimeCompare([]byte(cur.JoinSecret), []byte(secret)) != 1 {
				return nil, ErrPrivate
			}
			if p != nil {
				if seat = cur.SeatOf(p.ID); seat >= 0 {
					// Nothing is written, so no store guards this answer:
					// it is given only from the game as stored now, not
					// from a copy that missed a leave on another replica.
					if stored, err := t.read(ctx); err != nil {
						return nil, err
					} else if stored.Version != cur.Version {
						return nil, ErrConflict // judged again on the stored game
					}
					return cur, nil
				}
			}
			switch cur.Status {
			case StatusLobby:
			case StatusActive:
				return nil, &Error{Code: GameFull, Msg: "every seat is taken and the game has started"}
			default:
				return nil, errorf(NotActive, "the table is %s: nobody sits down there any more", cur.Status)
			}
			// The lowest seat number that no seat (by number) holds.
			for seat = 0; slices.ContainsFunc(cur.Seats, func(s Seat) bool { return s.Seat == seat }); seat++ {
			}
			if seat >= cur.Players {
				return nil, ErrGameFull
			}
			status := StatusLobby
			if len(cur.Seats)+1 == cur.Players {
				status = StatusActive
			}
			take := &Seat{Seat: seat, Name: name, Occupant: NewID()}
			if p != nil {
				take.Player, take.PlayerBot = p.ID, p.Bot
			}
			c := LobbyChange{Take: take, Status: status, Key: key, Guest: keys}
			if status == StatusActive {
				seats := append(slices.Clone(cur.Seats), *take)
				c.Guests = !anySignedIn(seats)
				shared, err := g.sharedSeed(ctx, cur.SeedOpen, seats, cur.Variant, cur.Players)
				if err != nil {
					return nil, err
				}
				if shared != "" {
					c.Seed, c.Deal = &shared, DealName(shared)
				}
			}
			return g.changeLobby(ctx, t, cur, seat, c)
		})
	})
	if err != nil {
		return -1, nil, g.guestRefused(ctx, name, keys, err)
	}
	return seat, st, nil
}

// sharedSeed is the deal of a table that starts with seats taken, "" to
// keep the one it has: only a table whose creator named none, with a
// signed-in player at it, gets the next deal that none of its players has
// played (Config.Seeds).
func (g *Games) sharedSeed(ctx context.Context, open bool, seats []Seat, variant string, players int) (string, error) {
	if !open || g.cfg.Seeds == nil {
		return "", nil
	}
	var ids []string
	for _, s := range seats {
		if s.Player != "" {
			ids = append(ids, s.Player)
		}
	}
	if len(ids) == 0 {
		return "", nil
	}
	name, err := g.cfg.Seeds(ctx, ids, variant, players)
	if err != nil || len(g.cfg.DealKey) == 0 {
		return name, err
	}
	return name + dealMark + g.dealKey(name), nil
}

// dealKey is the key that makes the deal of the shared seed name this
// server's own: nobody can deal it before the server hands it out.
func (g *Games) dealKey(name string) string {
	mac := hmac.New(sha256.New, g.cfg.DealKey)
	mac.Write([]byte("deal:" + name))
	return hex.EncodeToString(mac.Sum(nil))[:24]
}

// RecordedSeed is the seed a finished game is recorded and shown under
// (history, replays): a shared deal's name when seed is one this server
// handed out, without the key that deals it, else seed itself, so that a
// creator who names a seed like a shared one, with a key of their own
// making, puts no score on the shared deal's page. A key shown would let
// anyone who read a replay deal the deal, and score on it, knowing it.
func (g *Games) RecordedSeed(seed string) string {
	name, key, ok := strings.Cut(seed, dealMark)
	if !ok || len(g.cfg.DealKey) == 0 || !hmac.Equal([]byte(key), []byte(g.dealKey(name))) {
		return seed
	}
	return name
}

// dealMark parts a shared seed's name from the key of its deal.
const dealMark = "~"

// DealName is the name of the deal a seed deals, as history and the seed
// pages know it: a shared seed without the key of its deal.
func DealName(seed string) string {
	name, _, _ := strings.Cut(seed, dealMark)
	return name
}

// SharedDeal is the name of the shared deal a seed deals, "" for a seed
// that is no shared deal's (a creator's, or a random one).
func SharedDeal(seed string) string {
	name, _, ok := strings.Cut(seed, dealMark)
	if !ok {
		return ""
	}
	return name
}

// Spoils refuses a read of st, a game the reader holds no seat at, by one
// who is playing the shared deal inPlay at another table ("": none) while
// st is a game of that deal: its cards are the reader's, in the order they
// will draw them. Whoever reads without a credential cannot be told apart,
// and is not refused (the deal's key keeps anyone from dealing it
// themselves; nothing keeps a second browser from reading it).
func Spoils(st *State, inPlay string) error {
	if inPlay != "" && DealName(st.Seed) == inPlay {
		return ErrDealInPlay
	}
	return nil
}

// changeLobby makes c to cur, a lobby snapshot of t's game, and publishes
// the lobby as c leaves it; with a key, its answer is seat's. The store
// refuses it with ErrConflict when the game has moved on from cur.
func (g *Games) changeLobby(ctx context.Context, t *Table, cur *State, seat int, c LobbyChange) (*State, error) {
	c.At = g.cfg.Now().UTC().Truncate(time.Millisecond)
	st := *cur
	st.Version, st.Status, st.UpdatedAt, st.StartedAt = cur.Version+1, c.Status, c.At, c.At
	if c.Seed != nil {
		dealt, err := engine.NewSeeded(*cur.Config, *c.Seed)
		if err != nil {
			return nil, err
		}
		st.Seed, st.Game, st.SeedOpen = *c.Seed, dealt, false
	}
	c.FirstSeat = st.Game.Current()
	st.Seats = slices.DeleteFunc(slices.Clone(cur.Seats), func(s Seat) bool { return c.Free != nil && s.Seat == c.Free.Seat })
	if c.Take != nil {
		i, _ := slices.BinarySearchFunc(st.Seats, c.Take.Seat, func(s Seat, n int) int { return s.Seat - n })
		st.Seats = slices.Insert(st.Seats, i, *c.Take)
	}
	st.setLogged()
	if at, what := g.due(&st); what != dueNone {
		c.Deadline = &at
	}
	if err := g.replyTo(c.Key, &st, seat, nil); err != nil {
		return nil, err
	}
	if err := g.store.ChangeLobby(ctx, st.ID, cur.Version, c); err != nil {
		forget(c.Key)
		return nil, err
	}
	return t.publish(&st, 0), nil
}

// judged runs try, a change that its caller holds t's turn for, on the
// table's newest snapshot, and again on the game as stored when the
// snapshot refuses it or the store finds it stale; on the stored game, a
// refusal stands, and only a change that lost a race to another replica
// (ErrConflict) is tried again.
func (g *Games) judged(ctx context.Context, t *Table, try func(cur *State) (*State, error)) (*State, error) {
	cur, _ := t.Latest()
	fresh := false
	for range tableRetries {
		if cur == nil {
			var err error
			if cur, err = t.read(ctx); err != nil {
				return nil, err
			}
			fresh = true
		}
		st, err := try(cur)
		if err == nil || fresh && !errors.Is(err, ErrConflict) {
			return st, err
		}
		cur, fresh = nil, false
	}
	return nil, errorf(StaleVersion, "the game kept changing; try again")
}
