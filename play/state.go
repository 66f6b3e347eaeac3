package play

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// Game statuses.
const (
	StatusLobby    = "lobby"
	StatusActive   = "active"
	StatusFinished = "finished"
	// StatusCancelled is a lobby that never started: everyone left, or it
	// expired.
	StatusCancelled = "cancelled"
)

// Dealt reports whether a game of this status was dealt: it has hands,
// and stats, once it has started (a table in the lobby, or cancelled
// there, has neither).
func Dealt(status string) bool { return status != StatusLobby && status != StatusCancelled }

// Record is a game's creation parameters and bookkeeping, as stored.
// Version counts every change (a seat taken, an action applied).
type Record struct {
	ID       string
	Variant  string
	Settings variants.Settings
	Seed     string
	Players  int
	Status   string
	Version  int64
	// CreatedAt and UpdatedAt are in UTC.
	CreatedAt time.Time
	UpdatedAt time.Time
	// Unlisted keeps the table out of the public list; JoinSecret, when
	// set, is what a joiner must bring (the invite link carries it).
	Unlisted   bool
	JoinSecret string
	// NotesRev is the table's side revision: it counts what changes apart
	// from Version, the game's card notes and its chat lines (neither is a
	// move), so that a reader's copy learns of them.
	NotesRev int64
	// ChatLines counts the table's chat lines.
	ChatLines int
	// SeedOpen: the creator named no deal, so a table of signed-in
	// players gets one as it starts (see Config.Seeds).
	SeedOpen bool
	// Spectators is the table's spectator policy (SpectatorsOpen, …;
	// "" is open).
	Spectators string
	// Next is a finished game's rematch: the table of the same players
	// that one of them opened to play again ("" before; see Rematch).
	Next string
	// Taken and Host are set in listings only: the seats taken, and seat
	// 0's name ("" when it is free); HostGuest that seat 0 is a guest's (a
	// name of their own, no account).
	Taken     int
	Host      string
	HostGuest bool
}

// Seat is one taken seat; Bot names the strategy of a bot seat, else "".
// Occupant names this occupancy of the seat: a transport's credential for
// the seat carries it, so that leaving revokes it. Player is the signed-in
// player who holds it ("" for a guest or a bot strategy), PlayerBot whether
// that account is a program's.
type Seat struct {
	Seat      int
	Name      string
	Bot       string
	Occupant  string
	Player    string
	PlayerBot bool
	// Left: a signed-in player left this seat of the running game, and a
	// bot took it; the game is in their history still (see GameEnd).
	Left bool
}

// Player is a signed-in player taking a seat: their account's id and name,
// and whether a program plays it.
type Player = auth.Account

// signedIn tells whether a signed-in player holds a seat of st.
func (st *State) signedIn() bool { return anySignedIn(st.Seats) }

// Listing is st's record as a listing of open tables shows it: with its
// seats taken and its host (seat 0's name, and whether a guest holds it).
func (st *State) Listing() *Record {
	rec := st.Record
	rec.Taken, rec.Host = 0, ""
	for _, seat := range st.Seats {
		if seat.Occupant != "" || seat.Bot != "" {
			rec.Taken++
		}
		if seat.Seat == 0 {
			rec.Host, rec.HostGuest = seat.Name, seat.Player == "" && seat.Bot == ""
		}
	}
	return &rec
}

// DealShown is nil once the game's whole deal may be shown to whoever may
// read the game (its replay, its analysis, a shared replay room): when it
// has finished. Before, the deck is every card's identity, a seat's own
// among them. Its refusal says what the game is instead (NotActive).
func (st *State) DealShown() error {
	if st.Status != StatusFinished || st.Game == nil || !st.Game.Over() {
		return errorf(NotActive, "only a finished game shows its whole deal (its replay, its analysis): this one is %s", st.Status)
	}
	return nil
}

// anySignedIn tells seats of which one is a signed-in player's.
func anySignedIn(seats []Seat) bool {
	return slices.ContainsFunc(seats, func(s Seat) bool { return s.Player != "" })
}

// SeatOf is the seat that player holds in st, or -1.
func (st *State) SeatOf(player string) int {
	if player == "" {
		return -1
	}
	for _, t := range st.Seats {
		if t.Player == player {
			return t.Seat
		}
	}
	return -1
}

// Occupant is who holds seat now ("" when it is free).
func (st *State) Occupant(seat int) string {
	for _, t := range st.Seats {
		if t.Seat == seat {
			return t.Occupant
		}
	}
	return ""
}

// Entry is one action of a game's log: Seq is its place in the log. At is
// when it was appended; Auto marks a move a bot made for a seat whose time
// ran out.
type Entry struct {
	Seq    int
	Seat   int
	Action engine.Action
	At     time.Time
	Auto   bool
	// Why is a bot's word on its move (see bots.Explainer), "" for none,
	// as kept: read it through WhyFor.
	Why string
}

// WhyFor is the entry's reason as seat viewer of a game of cfg may read
// it: while the game runs, a card the bot named in a hand viewer does not
// see is not named (bots.WhyFor); and a clue whose value viewer may not
// know (Cow & Pig, Duck: engine.Config.ClueHidden) has no reason for it,
// since a reason names the clue ("Bob's 2 clue ...").
func (e Entry) WhyFor(cfg *engine.Config, viewer int, over bool) string {
	if e.Action.IsClue() && cfg.ClueHidden(e.Seat, viewer) {
		return ""
	}
	return bots.WhyFor(e.Why, viewer, cfg.Players, over)
}

// State is one game as stored plus the engine's state after replaying its
// log. The log is the truth; Game is derived from it. A State handed out is
// a table's snapshot, shared by every reader: read only.
type State struct {
	Record
	Seats  []Seat
	Log    []Entry
	Config *engine.Config
	Game   *engine.Game
	// Notes are every seat's card notes, by seat and card; who may read
	// which is NotesFor's decision.
	Notes []Note
	// Chat is the table's chat, by line (Chat[i] is line i+1).
	Chat []Line
	// Actions counts the log's entries.
	Actions int
	// EndLogged: the log's last entry ended the game (engine.End), so that
	// entry is the game_over event.
	EndLogged bool
	// StartedAt is when an active game began (its lobby filled, or it was
	// made full): its row's own time of change, which no entry of its log
	// moves on (Stored.StartedAt).
	StartedAt time.Time
	// LastAt is when the game last moved on: its last log entry that
	// passes a turn or ends the game (not a rearrangement, a vote or a
	// pause), or (with none yet) the start; after a pause, as far before
	// the resume as the turn had used. Turn clocks and idleness run from
	// it.
	LastAt time.Time
	// PausedAt is when the game was paused, zero while it is not: its
	// clock stands still from then, with PausedLeft left on the turn.
	PausedAt   time.Time
	PausedLeft time.Duration
}

// appendLog appends e to st's log, in the room after it when there is
// some: only the holder of the table's turn appends, to a copy of the newest
// snapshot and after the store took the entry, so nobody else ever reads or
// writes that room (a snapshot reads only as far as its own log goes).
func (st *State) appendLog(e Entry) {
	if len(st.Log) == cap(st.Log) {
		st.Log = append(make([]Entry, 0, max(2*len(st.Log), 32)), st.Log...)
	}
	st.Log = append(st.Log, e)
}

// EventCount is the number of events the game has produced: one per log
// entry, the game_over event of a game that its cards ended, and the
// next_game event of a finished game whose rematch is open.
func (st *State) EventCount() int {
	n := st.Actions
	if st.Status == StatusFinished && !st.EndLogged {
		n++
	}
	if st.Next != "" {
		n++
	}
	return n
}

// setLogged derives what the log's tail says (EndLogged, the clock).
func (st *State) setLogged() {
	st.Actions = len(st.Log)
	st.EndLogged = len(st.Log) > 0 && st.Log[len(st.Log)-1].Action.Kind == engine.End
	if st.StartedAt.IsZero() {
		st.StartedAt = st.UpdatedAt
	}
	st.LastAt, st.PausedAt = st.StartedAt, time.Time{}
	// An entry that passes no turn (a rearrangement, a vote, a pause, a
	// seat left) stops no clock: the clocks run from the last other
	// entry, or, with none, from the start.
	i := len(st.Log) - 1
	for ; i >= 0; i-- {
		if !clockless(st.Log[i].Action.Kind) {
			st.LastAt = st.Log[i].At
			break
		}
	}
	// A pause keeps the time the turn had left (its Value, in ms): the
	// clock stands still until the resume, and runs on from there.
	turn := time.Duration(st.Settings.TurnSeconds) * time.Second
	for _, e := range st.Log[max(i, 0):] {
		switch e.Action.Kind {
		case engine.Pause:
			st.PausedAt, st.PausedLeft = e.At, time.Duration(e.Action.Value)*time.Millisecond
		case engine.Resume:
			if !st.PausedAt.IsZero() {
				st.LastAt = e.At.Add(st.PausedLeft - turn)
			}
			st.PausedAt, st.PausedLeft = time.Time{}, 0
		}
	}
}

// clockless reports whether an entry of kind k leaves the turn's clock as
// it is: it passes no turn. A seat that leaves passes none either: a bot
// takes its seat, and the seat to act keeps the time it had.
func clockless(k engine.Kind) bool {
	return k == engine.Rearrange || k == engine.Vote || k == engine.Pause || k == engine.Resume || k == engine.Leave
}

// setup resolves the stored variant and options into an engine config.
func setup(row *GameRow) (*variants.Variant, variants.Settings, engine.Config, error) {
	var set variants.Settings
	if err := json.Unmarshal([]byte(row.Options), &set); err != nil {
		return nil, set, engine.Config{}, fmt.Errorf("game %s: stored options: %w", row.ID, err)
	}
	set = set.Clock()
	v, err := variants.Get(row.Variant)
	if err != nil {
		return nil, set, engine.Config{}, fmt.Errorf("game %s: %w", row.ID, err)
	}
	cfg, err := v.Config(set, row.Players)
	if err != nil {
		return nil, set, engine.Config{}, fmt.Errorf("game %s: config: %w", row.ID, err)
	}
	return v, set, cfg, nil
}

// NewID returns a fresh random id, of a game or of a seat's occupancy.
func NewID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// ValidID keeps obviously bad ids away from the database.
func ValidID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// restore brings st (record, seats and log as just loaded from row) up to
// date: from prev's engine state when its log is a prefix of st's, else
// from the deal.
func restore(st *State, row *GameRow, prev *State) error {
	var g *engine.Game
	applied := 0
	if prev != nil && prev.Seed == st.Seed && len(prev.Log) <= len(st.Log) {
		g, applied = prev.Game.Clone(), len(prev.Log)
		st.Settings, st.Config = prev.Settings, prev.Config
	}
	if g == nil {
		_, set, cfg, err := setup(row)
		if err != nil {
			return err
		}
		g, err = engine.NewSeeded(cfg, st.Seed)
		if err != nil {
			return fmt.Errorf("game %s: deal: %w", st.ID, err)
		}
		st.Settings, st.Config = set, g.Config()
	}
	for i := applied; i < len(st.Log); i++ {
		if st.Log[i].Seq != i {
			return fmt.Errorf("game %s: log entry %d has seq %d", st.ID, i, st.Log[i].Seq)
		}
		if _, err := g.Apply(st.Log[i].Action); err != nil {
			return fmt.Errorf("game %s: stored action %d does not replay: %w", st.ID, i, err)
		}
	}
	st.Game = g
	return nil
}

// mutable returns a copy of st that its caller may change: its own engine
// state, and a log to which it may append (appendLog).
func (st *State) mutable() *State {
	cp := *st
	cp.Game = st.Game.CloneFor(1)
	return &cp
}
