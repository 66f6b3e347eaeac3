// Package bots holds strategies that choose a move from one seat's view, and
// the self-play simulator. A bot is only ever given engine.View values built
// for its own seat, so it cannot see its own cards or the deck.
package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// Player is one bot in one seat of one game. It may keep memory between
// turns, built only from what it was shown.
type Player interface {
	// Observe is called after every action of the game (its own included),
	// with the event as the table saw it and the seat's view after it.
	Observe(v *engine.View, ev engine.Event)
	// Act chooses the seat's action when it is to act. It must be legal.
	Act(v *engine.View) engine.Action
}

// Strategy makes players. Seed makes a player's random choices reproducible.
type Strategy struct {
	Name        string
	Description string
	New         func(cfg *engine.Config, seat int, seed uint64) Player
}
