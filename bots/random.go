package bots

import (
	"math/rand/v2"

	"github.com/hanabi-server/hanabi/engine"
)

// randomPlayer picks uniformly among the moves the engine says are legal from
// its view; it remembers nothing.
type randomPlayer struct {
	rng *rand.Rand
	buf []engine.Action
}

func newRandom(_ *engine.Config, seat int, seed uint64) Player {
	return &randomPlayer{rng: rand.New(rand.NewPCG(seed, uint64(seat)))}
}

func (p *randomPlayer) Start(*engine.View)                 {}
func (p *randomPlayer) Observe(*engine.View, engine.Event) {}

func (p *randomPlayer) Act(v *engine.View) engine.Action {
	p.buf = v.LegalActions(p.buf)
	return p.buf[p.rng.IntN(len(p.buf))]
}
