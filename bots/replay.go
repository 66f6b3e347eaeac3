package bots

import (
	"fmt"

	"github.com/hanabi-server/hanabi/engine"
)

// Replay brings player p, new for seat, up to date with a game in progress:
// it deals deck, gives the first turn to seat first (engine.Game.First),
// and shows p the deal and every action of log with the views and events p
// would have seen live. A server uses it to seat a bot after a
// restart (or to rebuild one instead of keeping it in memory); the game it
// returns is where the log leaves off, so p.Act(g.View(seat)) is the bot's
// next move when it is the seat's turn. names, if not nil, are the seats'
// strategy names ("" for a person), passed on to a Partnered player.
func Replay(p Player, cfg engine.Config, deck []engine.Card, first int, log []engine.Action, seat int, names []string) (*engine.Game, error) {
	g, err := engine.NewFirst(cfg, deck, first)
	if err != nil {
		return nil, err
	}
	if seat < 0 || seat >= g.Players() {
		return nil, fmt.Errorf("seat %d does not exist", seat)
	}
	if pp, ok := p.(Partnered); ok && names != nil {
		pp.Partners(names)
	}
	var v engine.View
	g.ViewInto(seat, &v)
	p.Start(&v)
	for i, a := range log {
		ev, err := g.Apply(a)
		if err != nil {
			return nil, &engine.ReplayError{Index: i, Err: err}
		}
		if !a.IsMove() {
			// A seat leaving or the game's end is no move to learn from.
			continue
		}
		g.ViewInto(seat, &v)
		p.Observe(&v, g.Config().EventSeen(ev, seat, g.Over()))
	}
	return g, nil
}
