package bots

import "github.com/hanabi-server/hanabi/engine"

func newConventions(cfg *engine.Config, seat int, seed uint64) Player {
	return newRandom(cfg, seat, seed)
}
