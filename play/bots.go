package play

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
)

// Bots are the strategies that may take a seat.
func (g *Games) Bots() []bots.Strategy { return g.cfg.Bots }

// Strategy is the playable strategy of that name, or nil.
func (g *Games) Strategy(name string) *bots.Strategy {
	for i := range g.cfg.Bots {
		if g.cfg.Bots[i].Name == name && g.cfg.Bots[i].New != nil {
			return &g.cfg.Bots[i]
		}
	}
	return nil
}

// Kick starts the bot driver of a game that has a bot to move. One driver
// runs per game in this process; a kick while it runs makes it look again
// before it stops, so no turn is missed.
//
// Load kicks too, so that a bot whose turn came while no driver ran (a
// restart, a crash) moves as soon as anyone looks at the game.
func (g *Games) Kick(st *State) {
	if !g.botToAct(st) || g.shuttingDown() {
		return
	}
	id := st.ID
	g.botMu.Lock()
	defer g.botMu.Unlock()
	if g.botRunning[id] {
		g.botAgain[id] = true
		return
	}
	g.botRunning[id] = true
	g.bg.Add(1)
	go func() {
		defer g.bg.Done()
		for {
			g.driveBots(id)
			g.botMu.Lock()
			if g.botAgain[id] && !g.shuttingDown() {
				delete(g.botAgain, id)
				g.botMu.Unlock()
				continue
			}
			delete(g.botAgain, id)
			delete(g.botRunning, id)
			g.botMu.Unlock()
			return
		}
	}()
}

// botToAct tells a running game whose seat to act is a bot's.
func (g *Games) botToAct(st *State) bool {
	return st != nil && st.Status == StatusActive && st.Game != nil && !st.Game.Over() && !st.Game.Paused() &&
		g.seatStrategy(st, st.Game.Current()) != nil
}

// driveBots moves for bot seats while one is to act. A bot's move goes
// through the same path as a seat's, so it meets every check and races
// fairly for the log: another replica driving the same game costs a lost
// race, never a double move.
func (g *Games) driveBots(id string) {
	defer func() {
		if r := recover(); r != nil {
			g.log.Error("bot driver panicked", "game", id, "panic", r)
		}
	}()
	for !g.shuttingDown() {
		if !g.driveOnce(id) {
			return
		}
	}
}

// botTimeout bounds the database work of one bot move.
const botTimeout = 10 * time.Second

// driveOnce makes the move of the bot that is to act, if one is, and says
// whether to look again. Its database work has a deadline, as a request's.
func (g *Games) driveOnce(id string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), botTimeout)
	defer cancel()
	again := false
	_, err := g.inTurn(ctx, id, func(t *Table) (*State, error) {
		st, err := t.read(ctx)
		if err != nil {
			return nil, err
		}
		if st.Status != StatusActive || st.Game.Over() || st.Game.Paused() {
			return nil, nil
		}
		seat := st.Game.Current()
		strat := g.seatStrategy(st, seat)
		if strat == nil {
			return nil, nil
		}
		a, why, ok := g.botChoice(st, strat, seat)
		if !ok {
			return nil, nil
		}
		// The version pins the move to the state the bot saw.
		m := entryMove(a)
		m.Version, m.why = &st.Version, why
		_, err = g.botAct(ctx, t, st, seat, m, strat.Name)
		switch {
		case err == nil:
		case errors.Is(err, ErrStaleVersion), errors.Is(err, ErrNotYourTurn):
			// Someone else moved first; look again.
		default:
			var refused *engine.Error
			var own *Error
			switch {
			case errors.As(err, &refused): // botAct told it
			case errors.As(err, &own):
				g.log.Error("bot move refused", "game", id, "seat", seat, "strategy", strat.Name, "code", refusal(err))
			default:
				return nil, err // the store's failure: tried again below
			}
			return nil, nil
		}
		again = true
		return nil, nil
	})
	if err != nil && !g.shuttingDown() {
		// The store failed (a fail-over, a deadline): nothing else would
		// move the bot until someone reads the game, and a table of bots
		// has nobody to read it. Look again later, ever less often.
		g.log.Warn("bot move failed; trying again", "game", id, "err", err.Error())
		g.retryBots(id)
	} else {
		g.botMu.Lock()
		delete(g.botFailed, id)
		g.botMu.Unlock()
	}
	return again
}

// retryBots reads game id again after a delay that doubles with each
// failure in a row (250 ms to 30 s): the read sets its bots going.
func (g *Games) retryBots(id string) {
	g.botMu.Lock()
	n := g.botFailed[id]
	g.botFailed[id] = n + 1
	g.botMu.Unlock()
	time.AfterFunc(min(250*time.Millisecond<<min(n, 7), 30*time.Second), func() {
		if g.shuttingDown() {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), botTimeout)
		defer cancel()
		if st, err := g.Load(ctx, id); err == nil && (st.Status != StatusActive || st.Game.Over()) {
			g.botMu.Lock()
			delete(g.botFailed, id) // no bot to move any more
			g.botMu.Unlock()
		}
	})
}

// botAct makes m, a bot's move for seat on st (pinned to its version), and,
// when the rules refuse it, the first move of fallbackMove instead: no
// bot's mistake stalls a game.
func (g *Games) botAct(ctx context.Context, t *Table, st *State, seat int, m Move, strategy string) (*State, error) {
	moved, _, err := g.act(ctx, t, seat, m)
	var refused *engine.Error
	if !errors.As(err, &refused) || errors.Is(err, engine.ErrNotYourTurn) {
		return moved, err
	}
	g.log.Error("bot move refused", "game", st.ID, "seat", seat, "strategy", strategy, "code", refusal(err))
	fb, ok := fallbackMove(st, seat)
	if !ok {
		return nil, err
	}
	next := entryMove(fb)
	next.Version, next.auto = &st.Version, m.auto
	moved, _, err = g.act(ctx, t, seat, next)
	if errors.As(err, &refused) && !errors.Is(err, engine.ErrNotYourTurn) {
		g.log.Error("bot's fallback move refused", "game", st.ID, "seat", seat, "code", refusal(err))
	}
	return moved, err
}

// fallbackMove is a move of seat's that the rules take, the first of those
// its view lists (so that nothing the seat may not know chooses it): what a
// bot makes when the rules refused its own, so that no bot's mistake
// stalls a game.
func fallbackMove(st *State, seat int) (engine.Action, bool) {
	for _, a := range st.Game.View(seat).LegalActions(nil) {
		if st.Game.Check(a) == nil {
			return a, true
		}
	}
	return engine.Action{}, false
}

// botChoice is the move strat makes for seat on st, with its reason; when
// the strategy fails (it cannot replay the game, or it breaks), the first
// move of fallbackMove instead, so that no bot's failure stalls a game.
// ok is false when there is no move to make at all.
func (g *Games) botChoice(st *State, strat *bots.Strategy, seat int) (engine.Action, string, bool) {
	a, why, err := botMove(st, strat, seat)
	if err == nil {
		return a, why, true
	}
	g.log.Error("bot failed to choose a move", "game", st.ID, "seat", seat, "strategy", strat.Name, "err", err.Error())
	a, ok := fallbackMove(st, seat)
	return a, "", ok
}

// refusal names a refused move's reason for the log, without its details.
func refusal(err error) string {
	var pe *Error
	var ee *engine.Error
	switch {
	case errors.As(err, &ee):
		return ee.Code
	case errors.As(err, &pe):
		return pe.Code.String()
	}
	return "internal"
}

func (g *Games) seatStrategy(st *State, seat int) *bots.Strategy {
	for _, t := range st.Seats {
		if t.Seat == seat && t.Bot != "" {
			return g.Strategy(t.Bot)
		}
	}
	return nil
}

// botMove rebuilds the bot's memory by showing it the game so far, through
// its own seat's views only (bots.Replay), and asks for its move, and for
// its word on it when it has one to say (bots.Explainer), naming the seats
// as the table does.
func botMove(st *State, strat *bots.Strategy, seat int) (a engine.Action, why string, err error) {
	defer func() {
		// A bot's bug is the bot's failure, not the server's: the caller
		// may run on the sweeper, where a panic would end the process
		// (and end it again at every start, settling the same game).
		if r := recover(); r != nil {
			a, why, err = engine.Action{}, "", fmt.Errorf("strategy %s failed: %v", strat.Name, r)
		}
	}()
	h := fnv.New64a()
	h.Write([]byte(st.Seed + "/" + strconv.Itoa(seat)))
	p := strat.New(st.Config, seat, h.Sum64())
	names, called := make([]string, st.Players), make([]string, st.Players)
	for _, t := range st.Seats {
		if t.Seat >= 0 && t.Seat < len(names) {
			names[t.Seat], called[t.Seat] = t.Bot, t.Name
		}
	}
	if n, ok := p.(bots.Named); ok {
		n.SeatNames(called)
	}
	log := make([]engine.Action, len(st.Log))
	for i, e := range st.Log {
		log[i] = e.Action
	}
	g, err := bots.Replay(p, *st.Config, st.Config.Shuffle(st.Seed), st.Game.First(), log, seat, names)
	if err != nil {
		return engine.Action{}, "", err
	}
	a = p.Act(g.View(seat))
	if e, ok := p.(bots.Explainer); ok {
		why = e.Why()
	}
	return a, why, nil
}
