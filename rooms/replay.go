package rooms

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/play"
)

// Room is a shared replay of a finished game: its leader sets the turn
// every member sees, points at a card and plays out hypothetical moves,
// which the engine judges; "play again" names the game its members go on
// to.
type Room struct {
	ID   string
	Game string
	// Leader is the leading member's player id, "" while nobody is there.
	Leader  string
	Members []Member
	Turn    int
	// Pointer is the card the leader points at, -1 for none.
	Pointer int
	// Hypo are the leader's hypothetical moves from Turn, in order.
	Hypo []engine.Action
	// Next is the game of "play again", "" before.
	Next      string
	Version   int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Member is a player in a room, in the order they came.
type Member struct {
	Player string
	Name   string
	Bot    bool
}

// Player is a signed-in player, as a room knows its members.
type Player = play.Player

// member is the signed-in player a caller is, or why it is none: the rooms
// are for signed-in players alone.
func member(by auth.Caller) (Player, error) {
	if err := auth.NeedSignedIn(by); err != nil {
		return Player{}, err
	}
	return *by.Account, nil
}

// RoomStore is what the rooms need from storage.
type RoomStore interface {
	// CreateRoom writes a new room.
	CreateRoom(ctx context.Context, r *Room) error
	// Room reads a room; ErrNoRoom when there is none.
	Room(ctx context.Context, id string) (*Room, error)
	// SaveRoom writes r over the room while it is still at version after;
	// play.ErrConflict when it has moved on.
	SaveRoom(ctx context.Context, r *Room, after int64) error
	// ListenRooms calls heard with the room of each change, on any
	// replica, or "" when any room's may have been missed.
	ListenRooms(heard func(id string))
	// SeeMember records that player read room at at; it changes nothing
	// of the room (no version, nobody told).
	SeeMember(ctx context.Context, room, player string, at time.Time) error
	// MembersSeen is when each player last read room, as SeeMember
	// recorded it.
	MembersSeen(ctx context.Context, room string) (map[string]time.Time, error)
	// ForgetMembersSeen deletes the reads of every room made before
	// before.
	ForgetMembersSeen(ctx context.Context, before time.Time) error
	// ForgetRooms deletes the rooms last changed before before that
	// nobody has read since (no read of theirs is kept).
	ForgetRooms(ctx context.Context, before time.Time) error
}

// Games is where the rooms read the games they replay, and play them
// again; play.Games is it.
type Games interface {
	Load(ctx context.Context, id string) (*play.State, error)
	Rematch(ctx context.Context, id string, by auth.Caller) (*play.State, error)
}

// errNotLeader refuses a member who does what only the leader does.
var errNotLeader = &Error{Code: Forbidden, Msg: "only the room's leader does that"}

// ErrNoRoom is a room that does not exist.
var ErrNoRoom = &Error{Code: NotFound, Msg: "no such room"}

// errBusyRoom: a change met others every time it was tried; a retry in a
// moment goes in.
var errBusyRoom = &fault.Error{Kind: fault.Unavailable, Code: "unavailable", Msg: "the room kept changing; try again", RetryAfter: 1}

// saveRetries and saveBudget bound how long a change is tried again after
// another change to the room got there first: at least saveRetries times,
// and on for saveBudget, since on a loaded store a crowd joining at once
// (a link pasted in a busy chat) takes one round each.
const (
	saveRetries = 16
	saveBudget  = 3 * time.Second
)

// MaxMembers bounds a room's members; MaxHypo its hypothetical moves.
const (
	MaxMembers = 64
	MaxHypo    = 200
)

// Rooms are the shared replay rooms, and the one wait on each.
type Rooms struct {
	store RoomStore
	games Games
	now   func() time.Time
	hub   feed.Hub[string]
	// here and checked are when this process last recorded a member's
	// read of a room ("room/player"), and last looked for its members
	// gone (see Here).
	here, checked *Recent[string, struct{}]
	log           *slog.Logger

	// dealsInPlay is the shared deals a player is playing now (see
	// SetDealsInPlay).
	dealsInPlay func(ctx context.Context, playerID string) ([]string, error)
}

// SetDealsInPlay gives the rooms the players' domain's word on the shared
// deals a player is playing now: such a player neither opens nor joins a
// room on another game of the deal (play.Spoils) until their game ends.
func (rs *Rooms) SetDealsInPlay(fn func(ctx context.Context, playerID string) ([]string, error)) {
	rs.dealsInPlay = fn
}

// SetLogger gives the rooms the server's logger (slog's default else).
func (rs *Rooms) SetLogger(log *slog.Logger) { rs.log = log }

// spoils refuses p a room on st when p plays st's shared deal elsewhere.
func (rs *Rooms) spoils(ctx context.Context, st *play.State, p Player) error {
	deal := play.SharedDeal(st.Seed)
	if deal == "" || rs.dealsInPlay == nil || st.SeatOf(p.ID) >= 0 {
		return nil
	}
	deals, err := rs.dealsInPlay(ctx, p.ID)
	if err != nil || !slices.Contains(deals, deal) {
		return err
	}
	return play.Spoils(st, deal)
}

// NewRooms builds the rooms on store, replaying games.
func NewRooms(store RoomStore, games Games, now func() time.Time) *Rooms {
	if now == nil {
		now = time.Now
	}
	rs := &Rooms{store: store, games: games, now: now, here: NewRecent[string, struct{}](AwayFor), checked: NewRecent[string, struct{}](AwayFor), log: slog.Default()}
	store.ListenRooms(rs.hub.Heard)
	return rs
}

// Follow is a reader's hold on room id's changes; follow before reading,
// and Close when done.
func (rs *Rooms) Follow(id string) *feed.Watch[string] { return rs.hub.Watch(id) }

// Waiting is how many readers wait on room id.
func (rs *Rooms) Waiting(id string) int { return rs.hub.Watching(id) }

// Open opens finished game game as a shared replay room, led by p, its
// first member, at the game's first turn.
func (rs *Rooms) Open(ctx context.Context, game string, by auth.Caller) (*Room, *play.State, error) {
	p, err := member(by)
	if err != nil {
		return nil, nil, err
	}
	st, err := rs.games.Load(ctx, game)
	if err != nil {
		return nil, nil, err
	}
	if st.DealShown() != nil {
		return nil, nil, &Error{Code: NotFinished, Msg: "only a finished game opens as a shared replay: this one is " + st.Status}
	}
	if err := rs.mayRead(ctx, st, p); err != nil {
		return nil, nil, err
	}
	at := rs.now().UTC().Truncate(time.Millisecond)
	r := &Room{ID: play.NewID(), Game: game, Leader: p.ID, Members: []Member{{Player: p.ID, Name: p.Name, Bot: p.Bot}},
		Pointer: -1, Version: 1, CreatedAt: at, UpdatedAt: at}
	if err := rs.store.CreateRoom(ctx, r); err != nil {
		return nil, nil, err
	}
	if err := rs.store.SeeMember(ctx, r.ID, p.ID, at); err != nil {
		return nil, nil, err
	}
	return r, st, nil
}

// mayRead is nil when p may read a room on st, and why not else: the one
// check of opening, joining and reading a room. A private table's replay
// stays behind its secret, so its players alone share it; and a shared
// deal's replay spoils it for a player who plays it elsewhere now.
func (rs *Rooms) mayRead(ctx context.Context, st *play.State, p Player) error {
	if st.JoinSecret != "" && st.SeatOf(p.ID) < 0 {
		return &Error{Code: Forbidden, Msg: "a private table's replay is shared by its players only"}
	}
	return rs.spoils(ctx, st, p)
}

// Read is room id and the game it replays, as by reads them: a signed-in
// player whom mayRead lets in, and, for membersOnly (a room's changes),
// only a member. Each read asks again, so that a room's readers are
// always those its doors let in.
func (rs *Rooms) Read(ctx context.Context, id string, by auth.Caller, membersOnly bool) (*Room, *play.State, error) {
	p, err := member(by)
	if err != nil {
		return nil, nil, err
	}
	r, st, err := rs.get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if membersOnly && !r.IsMember(p.ID) {
		return nil, nil, &Error{Code: Forbidden, Msg: "only a member of the room reads its changes: join it first"}
	}
	if err := rs.mayRead(ctx, st, p); err != nil {
		return nil, nil, err
	}
	r, err = rs.Here(ctx, r, by)
	if err != nil && ctx.Err() == nil {
		rs.log.Warn("could not record a room's member there", "room", r.ID, "err", err.Error())
	}
	return r, st, nil
}

// get reads room id and the game it replays.
func (rs *Rooms) get(ctx context.Context, id string) (*Room, *play.State, error) {
	if !play.ValidID(id) {
		return nil, nil, ErrNoRoom
	}
	r, err := rs.store.Room(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	st, err := rs.games.Load(ctx, r.Game)
	return r, st, err
}

// IsMember reports whether p is in r.
func (r *Room) IsMember(p string) bool {
	return slices.ContainsFunc(r.Members, func(m Member) bool { return m.Player == p })
}

// Join adds p to room id (a member already changes nothing); a room with
// nobody leading gets p as its leader.
func (rs *Rooms) Join(ctx context.Context, id string, by auth.Caller) (*Room, *play.State, error) {
	p, err := member(by)
	if err != nil {
		return nil, nil, err
	}
	now := rs.now().UTC().Truncate(time.Millisecond)
	join := func() (*Room, *play.State, error) {
		return rs.change(ctx, id, func(r *Room, st *play.State) (bool, error) {
			if err := rs.mayRead(ctx, st, p); err != nil {
				return false, err
			}
			if r.IsMember(p.ID) {
				return false, nil
			}
			if len(r.Members) >= MaxMembers {
				return false, errFull
			}
			// The joiner's read is recorded before the join: a look for
			// the members gone between the two would count them gone.
			if err := rs.store.SeeMember(ctx, id, p.ID, now); err != nil {
				return false, err
			}
			r.Members = append(r.Members, Member{Player: p.ID, Name: p.Name, Bot: p.Bot})
			if r.Leader == "" {
				r.Leader = p.ID
			}
			return true, nil
		})
	}
	r, st, err := join()
	if errors.Is(err, errFull) { // the members gone make room
		if r, _, err = rs.get(ctx, id); err != nil {
			return nil, nil, err
		}
		if _, err := rs.dropGone(ctx, r, now, ""); err != nil {
			return nil, nil, err
		}
		r, st, err = join()
	}
	return r, st, err
}

// errFull refuses a member more than MaxMembers, all there.
var errFull = &Error{Code: Forbidden, Msg: "the room is full"}

// Leave takes p out of room id; a leader who leaves passes the lead to the
// member who came first of those who stay.
func (rs *Rooms) Leave(ctx context.Context, id string, by auth.Caller) (*Room, *play.State, error) {
	p, err := member(by)
	if err != nil {
		return nil, nil, err
	}
	return rs.change(ctx, id, func(r *Room, _ *play.State) (bool, error) {
		if !r.IsMember(p.ID) {
			return false, nil
		}
		r.Members = slices.DeleteFunc(r.Members, func(m Member) bool { return m.Player == p.ID })
		if r.Leader == p.ID {
			r.Leader = ""
			if len(r.Members) > 0 {
				r.Leader = r.Members[0].Player
			}
		}
		return true, nil
	})
}

// HandOver makes member name the leader of room id, at its leader p's
// word.
func (rs *Rooms) HandOver(ctx context.Context, id string, by auth.Caller, name string) (*Room, *play.State, error) {
	return rs.lead(ctx, id, by, func(r *Room, _ *play.State) error {
		// A name as its player may be named: unique up to case.
		i := slices.IndexFunc(r.Members, func(m Member) bool { return strings.EqualFold(m.Name, name) })
		if i < 0 {
			return &Error{Code: Invalid, Msg: "only a member of the room takes the lead"}
		}
		r.Leader = r.Members[i].Player
		return nil
	})
}

// SetTurn shows turn (0 is the deal) to every member of room id; the
// hypothetical moves and the pointer go.
func (rs *Rooms) SetTurn(ctx context.Context, id string, by auth.Caller, turn int) (*Room, *play.State, error) {
	return rs.lead(ctx, id, by, func(r *Room, st *play.State) error {
		if turn < 0 || turn > st.Game.Turn() {
			return &Error{Code: Invalid, Msg: "turn must be one of the game's: 0 to its last"}
		}
		r.Turn, r.Hypo, r.Pointer = turn, nil, -1
		return nil
	})
}

// Point points every member of room id at card (-1: at none).
func (rs *Rooms) Point(ctx context.Context, id string, by auth.Caller, card int) (*Room, *play.State, error) {
	return rs.lead(ctx, id, by, func(r *Room, st *play.State) error {
		if card < -1 || card >= st.Config.DeckSize() {
			return &Error{Code: Invalid, Msg: "card must be one of the deck's ids"}
		}
		r.Pointer = card
		return nil
	})
}

// Hypothesize plays m, as the seat to act, on room id's board: the game at
// its turn after the hypothetical moves so far. The engine judges it: a
// move it refuses is its own error, and changes nothing.
func (rs *Rooms) Hypothesize(ctx context.Context, id string, by auth.Caller, m play.Move) (*Room, *play.State, error) {
	return rs.lead(ctx, id, by, func(r *Room, st *play.State) error {
		if len(r.Hypo) >= MaxHypo {
			return &Error{Code: Invalid, Msg: "a hypothetical line is at most 200 moves"}
		}
		g, err := Board(r, st)
		if err != nil {
			return err
		}
		a := m.Action(st.Config)
		if !a.IsMove() {
			return &Error{Code: Invalid, Msg: "a hypothetical move is a play, a discard or a clue"}
		}
		if _, err := g.Apply(a); err != nil {
			return err
		}
		r.Hypo = append(slices.Clip(r.Hypo), a)
		return nil
	})
}

// Undo takes back room id's last hypothetical move, or (all) ends the
// hypothetical line.
func (rs *Rooms) Undo(ctx context.Context, id string, by auth.Caller, all bool) (*Room, *play.State, error) {
	return rs.lead(ctx, id, by, func(r *Room, _ *play.State) error {
		if len(r.Hypo) == 0 {
			return &Error{Code: Invalid, Msg: "no hypothetical move is on the board"}
		}
		if all {
			r.Hypo = nil
		} else {
			r.Hypo = r.Hypo[: len(r.Hypo)-1 : len(r.Hypo)-1]
		}
		return nil
	})
}

// Again opens, at the word of its leader who played the game, the rematch
// of room id's game (see
// play.Games.Rematch: the same players seated at once, one seat on, at a
// new deal; the game's own readers are told too). The room's Next names
// it, so that every member is told. Asked again, it answers the room as
// it is.
func (rs *Rooms) Again(ctx context.Context, id string, by auth.Caller) (*Room, *play.State, error) {
	p, err := member(by)
	if err != nil {
		return nil, nil, err
	}
	r, st, err := rs.Read(ctx, id, by, false)
	switch {
	case err != nil:
		return nil, nil, err
	case r.Leader != p.ID:
		return nil, nil, errNotLeader
	case r.Next != "":
		// A rematch cancelled unplayed is none: the game is played again
		// (as play.Games.Rematch does), and the room names the new table.
		if n, err := rs.games.Load(ctx, r.Next); err != nil || n.Status != play.StatusCancelled {
			return r, st, err
		}
	}
	// The same door as the game's own rematch: only one who played it.
	next, err := rs.games.Rematch(ctx, st.ID, by)
	if err != nil {
		return nil, nil, err
	}
	return rs.lead(ctx, id, by, func(r *Room, _ *play.State) error {
		r.Next = next.ID // the game's next table, whoever asked first
		return nil
	})
}

// lead makes fn's change to room id if the caller, signed in, leads it.
func (rs *Rooms) lead(ctx context.Context, id string, by auth.Caller, fn func(r *Room, st *play.State) error) (*Room, *play.State, error) {
	p, err := member(by)
	if err != nil {
		return nil, nil, err
	}
	return rs.change(ctx, id, func(r *Room, st *play.State) (bool, error) {
		if r.Leader != p.ID {
			return false, errNotLeader
		}
		if err := rs.mayRead(ctx, st, p); err != nil {
			return false, err // a change answers the room: the door of a read
		}
		return true, fn(r, st)
	})
}

// change reads room id, lets fn change a copy, and writes it if fn says it
// changed, trying again when another change got there first.
func (rs *Rooms) change(ctx context.Context, id string, fn func(r *Room, st *play.State) (bool, error)) (*Room, *play.State, error) {
	start := time.Now()
	for try := 0; try < saveRetries || time.Since(start) < saveBudget; try++ {
		if try > 0 {
			// Changes that met go apart again at random, ever further
			// (up to 32 ms), rather than meet again at once.
			select {
			case <-time.After(time.Duration(rand.Int64N(int64(time.Millisecond << min(try, 5))))):
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			}
		}
		r, st, err := rs.get(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		next := *r
		next.Members = slices.Clone(r.Members)
		changed, err := fn(&next, st)
		if err != nil || !changed {
			return r, st, err
		}
		next.Version, next.UpdatedAt = r.Version+1, rs.now().UTC().Truncate(time.Millisecond)
		err = rs.store.SaveRoom(ctx, &next, r.Version)
		if errors.Is(err, play.ErrConflict) {
			continue
		}
		return &next, st, err
	}
	return nil, nil, errBusyRoom
}
