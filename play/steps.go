package play

import (
	"math/bits"
	"slices"

	"github.com/hanabi-server/hanabi/engine"
)

// Step is one entry of a game's log as a replay tells it: the entry, and
// what the log itself does not keep: the cards a clue touched, and the
// order a rearrangement left its seat's hand in (newest first).
type Step struct {
	Entry
	Touched []int
	Order   []int
}

// Steps are st's log entries as a replay tells them.
func (st *State) Steps() []Step {
	clues := st.Game.View(engine.Public).Clues
	orders := st.rearrangements()
	out := make([]Step, len(st.Log))
	for i, e := range st.Log {
		out[i] = Step{Entry: e, Order: orders[i]}
		if e.Action.IsClue() && len(clues) > 0 {
			// The log's clues and the game's clue records are in the same
			// order.
			out[i].Touched, clues = cardIDs(clues[0].Touched), clues[1:]
		}
	}
	return out
}

// rearrangements is the new order of each rearrangement in st's log, by
// its index: the log names only positions, so the game is dealt again and
// replayed. Nil when the log holds none.
func (st *State) rearrangements() map[int][]int {
	if !slices.ContainsFunc(st.Log, func(e Entry) bool { return e.Action.Kind == engine.Rearrange }) {
		return nil
	}
	g, err := engine.NewFirst(*st.Config, st.Game.Deck(), st.Game.First())
	if err != nil {
		return nil
	}
	out := map[int][]int{}
	for i, e := range st.Log {
		ev, err := g.Apply(e.Action)
		if err != nil {
			break
		}
		if e.Action.Kind == engine.Rearrange {
			out[i] = ev.Order.IDs()
		}
	}
	return out
}

// cardIDs lists the card ids of a set of them (bit i: card i).
func cardIDs(set uint64) []int {
	ids := []int{}
	for ; set != 0; set &= set - 1 {
		ids = append(ids, bits.TrailingZeros64(set))
	}
	return ids
}
