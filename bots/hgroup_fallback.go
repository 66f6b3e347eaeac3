package bots

import (
	"fmt"

	"github.com/hanabi-server/hanabi/engine"
)

// hgFallback seats the conventions player where the H-group's readings
// have no meaning: a clue whose value only its giver sees (Cow & Pig,
// Duck: no focus reads as a 2 or a 5, no color as a suit) and plays that
// go face down (Throw It in a Hole: no finesse can be seen to connect).
// Its moves say so, and what they are.
type hgFallback struct {
	names []string // the table's names of the seats, for reasons (Named)
	Player
	why    string
	reason string
}

func newHgroupFallback(cfg *engine.Config, seat int, seed uint64) (Player, bool) {
	var reason string
	switch {
	case cfg.ClueShows != engine.ShowsAll:
		reason = "a clue's value is hidden here, so no H-group reading applies"
	case cfg.FaceDownPlays:
		reason = "plays go face down here, so no finesse or prompt can be seen to connect"
	default:
		return nil, false
	}
	return &hgFallback{Player: swapAware(newConventions)(cfg, seat, seed), reason: reason}, true
}

func (f *hgFallback) Act(v *engine.View) engine.Action {
	a := f.Player.Act(v)
	f.why = fmt.Sprintf("%s: the simple conventions (play what clues say, save the last copies, discard the chop): %s", f.reason, describeMove(v, a))
	return a
}

func (f *hgFallback) Why() string { return withNames(f.why, f.names) }

// SeatNames are the table's names for the seats, which reasons use.
func (f *hgFallback) SeatNames(names []string) { f.names = append([]string(nil), names...) }

// Notes: the simple conventions keep no notes beyond the clues themselves.
func (f *hgFallback) Notes(buf []CardNote) []CardNote { return buf }

// describeMove words a move as a player would say it.
func describeMove(v *engine.View, a engine.Action) string {
	switch a.Kind {
	case engine.Play, engine.Discard:
		return fmt.Sprintf("%v slot %d", a.Kind, slotOf(v.Hand(v.Seat), a.Card))
	case engine.ColorClue:
		if a.Value >= 0 && a.Value < len(v.Config.ClueColors) {
			return fmt.Sprintf("clue %s to %s", v.Config.ClueColors[a.Value], seatName(a.Target))
		}
	case engine.RankClue:
		return fmt.Sprintf("clue %d to %s", a.Value, seatName(a.Target))
	}
	return a.Kind.String()
}
