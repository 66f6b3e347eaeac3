package bots

import (
	"fmt"

	"github.com/hanabi-server/hanabi/engine"
)

// Outcome is how one game ended.
type Outcome struct {
	Result engine.Result
	Turns  int
}

// IllegalMoveError is a bot choosing a move the engine refuses, or panicking.
type IllegalMoveError struct {
	Seed     string
	Seat     int
	Strategy string
	Turn     int
	Action   engine.Action
	Err      error
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("game %q turn %d: %s in seat %d chose %+v: %v", e.Seed, e.Turn, e.Strategy, e.Seat, e.Action, e.Err)
}

func (e *IllegalMoveError) Unwrap() error { return e.Err }

// table is one worker's reusable scratch: a view per seat, refilled in place
// so that a long simulation does not allocate a view per observation.
type table struct {
	views [engine.MaxPlayers]engine.View
	// check, when set, sees every view before a player does (tests use it to
	// prove what a bot is shown).
	check func(seat int, v *engine.View)
	// game is the last game played, as it ended.
	game *engine.Game
}

// PlayGame deals cfg from seed and plays it to the end, seats[i] in seat i
// (a single strategy fills every seat). botSeed makes the bots' own random
// choices reproducible. Every move is checked by the engine before it is
// applied; an illegal move or a bot's panic ends the game with an
// *IllegalMoveError.
func PlayGame(cfg engine.Config, seed string, seats []Strategy, botSeed uint64) (Outcome, error) {
	var t table
	return t.play(cfg, seed, seats, botSeed)
}

func (t *table) play(cfg engine.Config, seed string, seats []Strategy, botSeed uint64) (out Outcome, err error) {
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		return out, err
	}
	n := g.Players()
	if len(seats) != 1 && len(seats) != n {
		return out, fmt.Errorf("%d strategies for %d seats", len(seats), n)
	}
	strat := func(p int) Strategy { return seats[min(p, len(seats)-1)] }
	players := make([]Player, n)
	seat, turn := -1, 0
	var act engine.Action
	defer func() {
		if r := recover(); r != nil {
			err = &IllegalMoveError{Seed: seed, Seat: seat, Strategy: strat(max(seat, 0)).Name, Turn: turn, Action: act, Err: fmt.Errorf("panic: %v", r)}
		}
	}()
	names := make([]string, n)
	for p := range n {
		names[p] = strat(p).Name
	}
	for p := range n {
		seat = p
		players[p] = strat(p).New(g.Config(), p, mix(botSeed, uint64(p)))
		if pp, ok := players[p].(Partnered); ok {
			pp.Partners(names)
		}
		players[p].Start(t.view(g, p))
	}
	for !g.Over() {
		turn, seat = g.Turn(), g.Current()
		act = players[seat].Act(t.view(g, seat))
		if cerr := g.Check(act); cerr != nil {
			return out, &IllegalMoveError{Seed: seed, Seat: seat, Strategy: strat(seat).Name, Turn: turn, Action: act, Err: cerr}
		}
		ev, aerr := g.Apply(act)
		if aerr != nil {
			return out, aerr
		}
		for p := range n {
			seat = p
			players[p].Observe(t.view(g, p), g.Config().EventSeen(ev, p, g.Over()))
		}
	}
	res, _ := g.Result()
	t.game = g
	return Outcome{Result: res, Turns: g.Turn()}, nil
}

func (t *table) view(g *engine.Game, seat int) *engine.View {
	v := &t.views[seat]
	g.ViewInto(seat, v)
	if t.check != nil {
		t.check(seat, v)
	}
	return v
}

// mix is splitmix64 over a and b: well-spread seeds from small inputs.
func mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
