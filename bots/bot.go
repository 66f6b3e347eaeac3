// Package bots holds strategies that choose a move from one seat's view, and
// the self-play simulator. A bot is only ever given engine.View values built
// for its own seat, so it cannot see its own cards or the deck.
package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// Player is one bot in one seat of one game. It may keep memory between
// turns, built only from what it was shown.
//
// A driver (the simulator, or the server for a bot seat) calls Start once
// with the seat's view of the deal, then Observe after every action with the
// seat's view after it, and Act when the seat is to move. To resume a game
// (after a restart), make a new player and feed it the same sequence again:
// Start with the view before the first action, then one Observe per logged
// action; a player's choices depend only on what it was shown and its seed,
// so it ends in the state it had. Replay does exactly that.
//
// A view is lent for the duration of the call: drivers reuse it, so a
// player copies what it wants to keep.
type Player interface {
	// Start is called once, before any action, with the seat's view of the deal.
	Start(v *engine.View)
	// Observe is called after every action of the game (its own included),
	// with the event as the table saw it and the seat's view after it.
	Observe(v *engine.View, ev engine.Event)
	// Act chooses the seat's action when it is to act. It must be legal.
	Act(v *engine.View) engine.Action
}

// Partnered is implemented by players whose conventions only work when every
// other seat shares them (hat reads every clue as a sum of answers). A driver
// that knows who sits where says so once, before Start: names[i] is seat i's
// strategy name, "" for a person. A player that is not told assumes a table
// of its own kind, and falls back to safer play if the cards prove otherwise.
type Partnered interface {
	Partners(names []string)
}

// Strategy makes players. Seed makes a player's random choices reproducible.
type Strategy struct {
	Name        string
	Description string
	New         func(cfg *engine.Config, seat int, seed uint64) Player
}
