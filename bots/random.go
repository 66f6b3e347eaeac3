package bots

import (
	"math/rand/v2"

	"github.com/hanabi-server/hanabi/engine"
)

// randomPlayer picks uniformly among the moves the engine says are legal from
// its view. It remembers nothing: each choice is seeded by the player's seed
// and the turn, so a player rebuilt after a restart chooses as the first one
// would have.
type randomPlayer struct {
	seed uint64
	buf  []engine.Action
}

func newRandom(_ *engine.Config, seat int, seed uint64) Player {
	return &randomPlayer{seed: mix(seed, uint64(seat))}
}

func (p *randomPlayer) Start(*engine.View)                 {}
func (p *randomPlayer) Observe(*engine.View, engine.Event) {}

func (p *randomPlayer) Act(v *engine.View) engine.Action {
	p.buf = v.LegalActions(p.buf)
	rng := rand.New(rand.NewPCG(p.seed, uint64(v.Turn)))
	return p.buf[rng.IntN(len(p.buf))]
}
