package play

import (
	"context"
	"errors"
	"math"
	"sync"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// Defaults of the clock's settings (see Config).
const (
	DefaultLobbyTTL   = time.Hour
	DefaultIdleTTL    = 24 * time.Hour
	DefaultSweepEvery = 250 * time.Millisecond
	// dueBatch bounds the games one sweep settles; the next sweep takes more.
	dueBatch = 100
)

// due is what is next due in a game.
type due uint8

const (
	dueNone  due = iota
	dueLobby     // a lobby that never filled expires
	dueIdle      // an active game in which nobody acted ends
	dueTurn      // the seat to act ran out of time
)

// TurnDeadline is when the seat to act runs out of time, and false when the
// game is untimed or not running. The clock runs from LastAt, which the log
// stores, so every replica and every restart agree on it.
func (st *State) TurnDeadline() (time.Time, bool) {
	if st.Status != StatusActive || st.Game == nil || st.Game.Over() || st.Game.Paused() {
		return time.Time{}, false
	}
	return turnEnds(st.LastAt, st.Settings)
}

// TurnTimeLeft is the time the seat to act has left, as of now (for a
// paused game, as it stands still), and false when the game is untimed or
// not running.
func (st *State) TurnTimeLeft(now time.Time) (time.Duration, bool) {
	if st.Status != StatusActive || st.Game == nil || st.Game.Over() {
		return 0, false
	}
	d, ok := turnEnds(st.LastAt, st.Settings)
	if st.Game.Paused() {
		return st.PausedLeft, ok
	}
	return max(d.Sub(now), 0), ok
}

// turnEnds is when a turn that began at lastAt runs out, and false when
// the game is untimed.
func turnEnds(lastAt time.Time, set variants.Settings) (time.Time, bool) {
	if set.TurnSeconds <= 0 {
		return time.Time{}, false
	}
	return lastAt.Add(time.Duration(set.TurnSeconds) * time.Second), true
}

// due derives from the stored game alone when something is next due in it.
func (g *Games) due(st *State) (time.Time, due) {
	switch st.Status {
	case StatusLobby:
		if g.cfg.LobbyTTL > 0 {
			return st.CreatedAt.Add(g.cfg.LobbyTTL), dueLobby
		}
	case StatusActive:
		// The turn's time (see TurnDeadline) or idleness, whichever first.
		at, what := time.Time{}, dueNone
		if st.Game == nil || st.Game.Over() {
			return at, what
		}
		if g.cfg.IdleTTL > 0 {
			at, what = st.LastAt.Add(g.cfg.IdleTTL), dueIdle
			if st.Game.Paused() {
				// A paused game that nobody resumes ends as an idle one.
				at = st.PausedAt.Add(g.cfg.IdleTTL)
			}
		}
		if d, ok := st.TurnDeadline(); ok && (what == dueNone || !d.After(at)) {
			at, what = d, dueTurn
		}
		return at, what
	}
	return time.Time{}, dueNone
}

// arm records st's next deadline in the store, so that any replica's sweep
// finds the game when it is due. Only an index: a lost write (a crash right
// after a change) is made good by SettleAll at the next start.
func (g *Games) arm(ctx context.Context, st *State) {
	at, what := g.due(st)
	var d *time.Time
	if what != dueNone {
		d = &at
	}
	if err := g.store.SetDeadline(ctx, st.ID, st.Version, d); err != nil {
		g.log.Warn("could not record a game's deadline", "game", st.ID, "err", err.Error())
	}
}

// Sweep settles every game whose recorded deadline has passed and tells
// how many it looked at. The background sweeper calls it every
// Config.SweepEvery; tests on a fake clock call it themselves.
func (g *Games) Sweep(ctx context.Context) (int, error) {
	now := g.cfg.Now()
	waiting := g.unsettled.waiting(now)
	// Past those set aside, so that games which never settle (a variant
	// removed from under them) cannot take every place of a sweep.
	ids, err := g.store.DueGames(ctx, now, dueBatch+waiting)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if n == dueBatch {
			break
		}
		if g.unsettled.aside(id, now) {
			continue
		}
		n++
		if err := g.settle(ctx, id); err != nil {
			g.log.Warn("could not settle a due game", "game", id, "err", err.Error())
			g.unsettled.failed(id, now)
		} else {
			g.unsettled.settled(id)
		}
	}
	return n, nil
}

// unsettled are the due games whose settling failed, each set aside for a
// time that doubles with each failure in a row (1 s to a minute).
type unsettled struct {
	mu    sync.Mutex
	games map[string]unsettledGame
}

type unsettledGame struct {
	until time.Time
	fails int
}

// waiting counts the games set aside at now, and forgets those whose time
// is long past (no longer due, or settled by another replica).
func (u *unsettled) waiting(now time.Time) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	n := 0
	for id, x := range u.games {
		switch {
		case now.Before(x.until):
			n++
		case now.Sub(x.until) > 10*time.Minute:
			delete(u.games, id)
		}
	}
	return n
}

func (u *unsettled) aside(id string, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	x, ok := u.games[id]
	return ok && now.Before(x.until)
}

func (u *unsettled) failed(id string, now time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.games == nil {
		u.games = map[string]unsettledGame{}
	}
	x := u.games[id]
	u.games[id] = unsettledGame{until: now.Add(min(time.Second<<min(x.fails, 6), time.Minute)), fails: x.fails + 1}
}

func (u *unsettled) settled(id string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	delete(u.games, id)
}

// SettleAll settles every lobby and active game, whatever its recorded
// deadline says, and sets going the bots whose turn it is: at start, a
// deadline that passed while no server ran is applied, one whose record was
// lost is recorded again, and a bot's turn that a restart or a crash left
// pending moves now, not when someone next looks at the game (a table of
// bots only has nobody to look). Replicas that settle the same game race
// for the log's key, so each move is still applied once.
func (g *Games) SettleAll(ctx context.Context) (int, error) {
	n := 0
	for _, status := range []string{StatusLobby, StatusActive} {
		cursor := ""
		for {
			rows, next, err := g.store.ListGames(ctx, status, true, math.MaxInt, cursor)
			if err != nil {
				return n, err
			}
			for _, row := range rows {
				if err := g.settle(ctx, row.ID); err != nil {
					g.log.Warn("could not settle a game", "game", row.ID, "err", err.Error())
				}
				n++
			}
			if next == "" {
				break
			}
			cursor = next
		}
	}
	return n, nil
}

// settle applies what is due in game id, if its time has come, else
// records when it will be. Everything it applies goes through the log's
// (game, seq) key, pinned to the version it judged, so that replicas
// settling the same game at once, or a late move racing a timeout, have
// one winner: each turn times out once, or not at all.
func (g *Games) settle(ctx context.Context, id string) error {
	_, err := g.inTurn(ctx, id, func(t *Table) (*State, error) { return g.settleTable(ctx, t) })
	return err
}

// settleTable is settle in the table's turn; it returns the game as it
// left it, if it knows.
func (g *Games) settleTable(ctx context.Context, t *Table) (*State, error) {
	st, err := t.read(ctx)
	if err != nil {
		return nil, err
	}
	at, what := g.due(st)
	if what == dueNone || g.cfg.Now().Before(at) {
		g.arm(ctx, st)
		return st, nil
	}
	var m Move
	switch what {
	case dueLobby:
		_, err = g.changeLobby(ctx, t, st, -1, LobbyChange{Status: StatusCancelled})
		if errors.Is(err, ErrConflict) {
			return nil, nil // it changed meanwhile: the next look decides
		}
		return nil, err
	case dueIdle:
		m = entryMove(engine.EndGame(st.Game.Current(), engine.EndIdle))
	case dueTurn:
		cur := st.Game.Current()
		m = entryMove(engine.EndGame(cur, engine.EndTimeout))
		if st.Settings.OnTimeout != variants.OnTimeoutEnd {
			if strat, _ := g.takeOverBot(""); strat != nil {
				a, why, ok := g.botChoice(st, strat, cur)
				if !ok {
					break // no move to make: the time-out ends the game
				}
				m = entryMove(a)
				m.auto, m.why = true, why
				m.Version = &st.Version
				// A bot's move the rules refuse gives way to one they take
				// (botAct), rather than a deadline kept for good.
				moved, err := g.botAct(ctx, t, st, cur, m, strat.Name)
				return settled(moved, err)
			}
		}
	}
	// Pinned to the version it was judged on.
	m.Version = &st.Version
	moved, _, err := g.act(ctx, t, st.Game.Current(), m)
	return settled(moved, err)
}

// settled is a due change's outcome: nothing where someone moved first, or
// another replica settled it.
func settled(moved *State, err error) (*State, error) {
	if errors.Is(err, ErrStaleVersion) || errors.Is(err, ErrNotYourTurn) || errors.Is(err, ErrNotActive) {
		return nil, nil // someone moved, or another replica settled it first
	}
	return moved, err
}

// sweep runs Sweep every SweepEvery until shutdown.
func (g *Games) sweep() {
	defer g.bg.Done()
	t := time.NewTicker(g.cfg.SweepEvery)
	defer t.Stop()
	for {
		select {
		case <-g.shutdown:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			_, err := g.Sweep(ctx)
			switch {
			case err == nil:
				// A sweep may only have read: an outage (a full disk refuses
				// writes while reads go on) ends when a write is served again.
				if g.cfg.Outage.Active() && g.store.ProbeWrite(ctx) != nil {
					break
				}
				g.cfg.Outage.Served(ctx, g.log)
			case g.shuttingDown():
			case g.Unavailable(err) || errors.Is(err, context.DeadlineExceeded):
				// Part of the outage's one story, not a line a sweep.
				g.cfg.Outage.Failed(ctx, g.log, g.cfg.Now(), err)
			default:
				g.log.Warn("sweep for due games failed", "err", err.Error())
			}
			cancel()
		}
	}
}
