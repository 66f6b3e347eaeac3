package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
)

// Move is one seat's move, as data, and the conditions it is made on.
type Move struct {
	// Kind is engine.Play, Discard, ColorClue or RankClue; Card the card
	// played or discarded; Target the seat a clue is for; Color a color
	// clue's color by name, which the game's config resolves (so that the
	// rules, not the caller, decide what may be named); Rank a rank clue's.
	Kind   engine.Kind
	Card   int
	Target int
	Color  string
	Rank   int
	// IfMatch, when not nil, lists the game versions the move may apply at
	// (a transport's precondition, an HTTP If-Match: empty matches none);
	// at another it is refused with PreconditionFailed, before anything
	// else is judged.
	IfMatch []int64
	// Version, when set, makes the move apply only at that game version, so
	// that a retried request can never act twice.
	Version *int64
	// occupant, when set, makes the move apply only while the seat is held
	// by that occupant: a seat's credential dies when its holder leaves.
	// play sets it from the caller.
	occupant *string
	// Key, when set, is the request's idempotency key.
	Key *Key
	// entry, when set, is the action itself: play's own entries (an end,
	// a leave, a bot's move).
	entry *engine.Action
	// takeOver, when set, is the bot strategy that takes the seat over
	// with this entry (a Leave).
	takeOver string
	// auto: a bot's move for a seat whose time ran out.
	auto bool
	// why: a bot's word on its move.
	why string
	// rearrange: the entry is the seat's rearrangement of its hand into
	// order, made against the hand of the state it is judged on.
	rearrange bool
	order     []int
	// pausedAt: the entry is a pause made then, which keeps the time the
	// turn of the state it is judged on has left (see State.setLogged).
	pausedAt time.Time
}

// entryMove is play's own move that appends a.
func entryMove(a engine.Action) Move { return Move{entry: &a} }

// action is m in the game's terms, as seat makes it on st.
func (m Move) action(st *State, seat int) (engine.Action, error) {
	if m.rearrange {
		return engine.RearrangeHand(seat, st.Game.Hand(seat), m.order)
	}
	a := m.move(st.Config)
	if !m.pausedAt.IsZero() {
		left, _ := st.TurnTimeLeft(m.pausedAt)
		a.Value = int(left.Round(time.Millisecond) / time.Millisecond)
	}
	return a, nil
}

// Action is m as an action of the game cfg configures, unjudged: what a
// move of a replay's hypothetical line asks the engine.
func (m Move) Action(cfg *engine.Config) engine.Action { return m.move(cfg) }

func (m Move) move(cfg *engine.Config) engine.Action {
	switch {
	case m.entry != nil:
		return *m.entry
	case m.Kind == engine.ColorClue:
		return engine.ClueColor(m.Target, slices.Index(cfg.ClueColors, m.Color))
	case m.Kind == engine.RankClue:
		return engine.ClueRank(m.Target, m.Rank)
	}
	return engine.Action{Kind: m.Kind, Card: m.Card}
}

// conditions refuses m at version when its caller's conditions say so.
func (m Move) conditions(version int64) error {
	if m.IfMatch != nil && !slices.Contains(m.IfMatch, version) {
		return errorf(PreconditionFailed, "the game is at version %d, which the move's condition does not name", version)
	}
	if m.Version != nil && *m.Version != version {
		return errorf(StaleVersion, "the move is for version %d but the game is at version %d", *m.Version, version)
	}
	return nil
}

// Act applies the move of the caller's seat to game id and appends it to
// the log, then wakes the bots whose turn it made. Two moves racing for the
// same turn cannot both apply: the log's (game, seq) key lets one win, and
// the loser gets ErrNotYourTurn or ErrStaleVersion.
func (g *Games) Act(ctx context.Context, id string, by auth.Caller, m Move) (st *State, ev engine.Event, err error) {
	seat, err := m.from(by, id)
	if err != nil {
		return nil, ev, err
	}
	st, err = g.inTurn(ctx, id, func(t *Table) (st *State, err error) {
		st, ev, err = g.act(ctx, t, seat, m)
		return st, err
	})
	return st, ev, err
}

// act is the path of every move, a seat's or a bot's, so that each meets the
// same checks; its caller holds the table's turn.
//
// A busy game's table has its newest snapshot, and act first judges the move
// on it without reading the database: for an active game every change is an
// append to the log, so a stale snapshot can only make the append hit a
// taken seq, which the store refuses. Whatever the snapshot refuses or loses
// is judged again on the stored game, so no answer rests on stale data.
func (g *Games) act(ctx context.Context, t *Table, seat int, m Move) (*State, engine.Event, error) {
	if c, _ := t.Latest(); c != nil && c.Status == StatusActive {
		if st, ev, err := g.tryAct(ctx, t, c.mutable(), seat, m); err == nil {
			return st, ev, nil
		}
	}
	st, err := t.read(ctx)
	if err != nil {
		return nil, engine.Event{}, err
	}
	st, ev, err := g.tryAct(ctx, t, st.mutable(), seat, m)
	if errors.Is(err, ErrConflict) {
		return nil, engine.Event{}, g.conflict(ctx, t, seat, m)
	}
	return st, ev, err
}

// tryAct judges and appends the move on st, the caller's own copy of the
// state.
func (g *Games) tryAct(ctx context.Context, t *Table, st *State, seat int, m Move) (*State, engine.Event, error) {
	if err := m.admit(st, seat); err != nil {
		return nil, engine.Event{}, err
	}
	if st.Status != StatusActive {
		return nil, engine.Event{}, errorf(NotActive, "the game is %s", st.Status)
	}
	if err := m.conditions(st.Version); err != nil {
		return nil, engine.Event{}, err
	}
	a, err := m.action(st, seat)
	if err != nil {
		return nil, engine.Event{}, err
	}
	if m.entry == nil && !m.rearrange && !a.IsMove() {
		return nil, engine.Event{}, errorf(Invalid, "a move is a play, a discard or a clue")
	}
	ev, err := st.Game.ApplyAs(seat, a)
	if errors.Is(err, engine.ErrUnknownColor) && m.Color != "" {
		// The engine saw only an index; name the color the caller sent.
		err = &engine.Error{Code: engine.ErrUnknownColor.Code, Msg: fmt.Sprintf("%q is not a clue color of this game", truncate(m.Color, 32))}
	}
	if err != nil {
		return nil, engine.Event{}, err
	}
	// Only the move that ends the game changes its status; the store then
	// writes the game's row too.
	status := ""
	if ev.Over {
		status = StatusFinished
	}
	// Stamped by play's clock, from which turn clocks run.
	at := g.cfg.Now().UTC().Truncate(time.Millisecond)
	ap := Append{Entry: Entry{Seq: len(st.Log), Seat: seat, Action: a, At: at, Auto: m.auto, Why: m.why}, After: st.Version, Status: status, Key: m.Key, TurnOf: -1}
	if ev.Over {
		r, _ := st.Game.Result()
		ap.End = &GameEnd{Variant: st.Variant, Players: st.Players, Seed: g.RecordedSeed(st.Seed), Score: r.Score,
			Perfect: r.Score == st.Config.MaxScore(), Strikeout: r.Reason == engine.EndStorms, Reason: r.Reason.String(), Turns: st.Game.Turn(), Abandoned: r.Reason.Forced(),
			Guests: !slices.ContainsFunc(st.Seats, func(s Seat) bool { return s.Player != "" || s.Left })}
	} else if st.signedIn() && (!clockless(a.Kind) || a.Kind == engine.Resume) {
		// A rearrangement, a vote, a pause or a seat left passes no turn:
		// nobody's turn is news; a resumed game's seat to act may move again.
		ap.TurnOf = st.Game.Current()
	}
	// st becomes the game as the append will leave it (st is this move's
	// own copy, dropped if the append fails), so that a keyed move's answer
	// is rendered before it commits, and commits with it.
	st.Version, st.UpdatedAt = ap.After+1, at
	if status != "" {
		st.Status = status
	}
	if m.takeOver != "" {
		// The seat's new holder: a bot, under an occupancy of its own.
		st.Seats = slices.Clone(st.Seats)
		for i, s := range st.Seats {
			if s.Seat == seat {
				ap.Leaver = s.Occupant
				st.Seats[i].Bot, st.Seats[i].Occupant = m.takeOver, NewID()
				st.Seats[i].Left = s.Player != "" // as the store keeps it (left_player)
				st.Seats[i].Player, st.Seats[i].PlayerBot = "", false
				ap.TakeOver = &st.Seats[i]
			}
		}
	}
	st.appendLog(ap.Entry)
	st.setLogged()
	if err := g.replyTo(m.Key, st, seat, &ev); err != nil {
		return nil, engine.Event{}, err
	}
	if err := g.store.Append(ctx, st.ID, ap); err != nil {
		forget(m.Key)
		// ErrConflict stays itself here: act tells the race's story.
		return nil, engine.Event{}, err
	}
	g.stats.Actions.Add(1)
	if ev.Over {
		g.stats.Finished.Add(1)
	}
	// The append took the log's next seq, so st is the stored game as of
	// its commit.
	t.publish(st, 0)
	// A timed game's deadline moves with each entry. An untimed game's
	// next one (idleness) only moves later, and a recorded deadline that
	// comes early is harmless (settle finds nothing due and records the
	// true one), so those skip the write that every move would cost.
	if st.Settings.TurnSeconds > 0 && a.Kind != engine.Rearrange && a.Kind != engine.Vote {
		// A rearrangement or a vote leaves the turn's clock as it is (see
		// setLogged); a pause stops it, a resume starts it again.
		g.arm(ctx, st)
	}
	return st, ev, nil
}

// conflict explains a lost race. A move made on a condition (If-Match, a
// version) lost because the condition no longer holds, whatever else the
// winner changed; otherwise, when the winner's move passed the turn on, the
// loser is simply not to act any more.
func (g *Games) conflict(ctx context.Context, t *Table, seat int, m Move) error {
	st, err := t.read(ctx)
	if err == nil {
		if err := m.admit(st, seat); err != nil {
			return err
		}
		if err := m.conditions(st.Version); err != nil {
			return err
		}
		if st.Status != StatusActive {
			return errorf(NotActive, "the game is %s", st.Status)
		}
		if cur := st.Game.Current(); cur != seat {
			return errorf(NotYourTurn, "another move was applied first; seat %d is to act, not seat %d", cur, seat)
		}
	}
	return errorf(StaleVersion, "another move was applied first")
}

// admit checks the seat the move is for: a seat of the game and, when the
// move names one, still held by its occupancy (see Admit).
func (m Move) admit(st *State, seat int) error {
	if m.occupant == nil {
		return CheckSeat(st, seat)
	}
	return Admit(st, seat, *m.occupant)
}

// from makes m the move of the seat the caller holds in game id: it
// applies only while the caller's occupancy holds the seat. It answers the
// seat, or why the caller holds none.
func (m *Move) from(by auth.Caller, id string) (int, error) {
	if err := auth.NeedSeat(by, id); err != nil {
		return -1, err
	}
	occ := by.Occupant
	m.occupant = &occ
	if m.Key != nil {
		m.Key.by = by
	}
	return by.Seat, nil
}

// Admit is the one decision of what a reader may see of a game, asked of
// every state any read path answers with (a read, a long-poll on each wake,
// a stream on each event): nil when a token for seat, issued to the seat's
// occupancy occupant, may read st as that seat. A seat left (and maybe taken
// again) has a new occupancy, so the old token sees nothing. The public
// (seat -1) may always read the public view.
func Admit(st *State, seat int, occupant string) error {
	if seat < 0 {
		return nil
	}
	if err := CheckSeat(st, seat); err != nil {
		return err
	}
	if cur := st.Occupant(seat); cur == "" || cur != occupant {
		return ErrRevoked
	}
	return nil
}

// CheckSeat refuses a seat number that the game does not have.
func CheckSeat(st *State, seat int) error {
	if seat < 0 || seat >= st.Players {
		return errorf(NoSuchSeat, "the seat token names seat %d, which this game does not have", seat)
	}
	return nil
}
