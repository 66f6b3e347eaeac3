package engine

import "math"

// Stats are hanab.live's pace and efficiency (its stats reducer and
// rules/stats.ts), counted from what one viewer knows: the whole truth for
// a game's state (Game.Stats), a seat's or a spectator's share of it in
// their view (View.Stats).
type Stats struct {
	// Pace is score + cards left in the deck + players − MaxPossible: how
	// many more cards can be discarded before the highest score still
	// possible needs more turns than are left. HasPace is false once the
	// deck is empty or the game is over, where hanab.live shows none.
	Pace    int
	HasPace bool
	// Gotten is the cards gotten: played, or touched by a clue in a hand
	// and, as far as the viewer can tell, still needed (see Game.Needed),
	// at most MaxPossible.
	Gotten int
	// Spent is the clues spent: each clue given, and the token lost to each
	// strike and each firework completed with every note token in hand
	// (half a token each in Clue Starved).
	Spent float64
	// Usable is the clues that can still be spent before the end without
	// giving up the highest score still possible (hanab.live's
	// cluesStillUsable); HasUsable is false once the deck is empty.
	Usable    int
	HasUsable bool
	// MaxPossible is the highest score still possible as the viewer knows
	// it (see Game.MaxPossible).
	MaxPossible int
}

// Efficiency is the cards gotten per clue spent, and false while no clue
// is spent.
func (s Stats) Efficiency() (float64, bool) {
	if s.Spent <= 0 {
		return 0, false
	}
	return float64(s.Gotten) / s.Spent, true
}

// NeededEfficiency is the efficiency still needed: the cards not yet
// gotten of the highest score still possible per clue still usable, and
// false once no clue is usable (or the deck is empty).
func (s Stats) NeededEfficiency() (float64, bool) {
	if !s.HasUsable || s.Usable <= 0 {
		return 0, false
	}
	return float64(s.MaxPossible-s.Gotten) / float64(s.Usable), true
}

// tokenValue is what a discard turns back, in half tokens.
func (g *Game) tokenValue() uint16 {
	if g.r.cfg.ClueStarved {
		return 1
	}
	return 2
}

// Stats are the game's pace and efficiency with every card known, as
// hanab.live shows them in a replay.
func (g *Game) Stats() Stats {
	return g.stats(g.seen(), Spectator)
}

// seenPlay is what a viewer can count the stats from: the score, the
// highest score still possible and each firework's share of it, the cards
// on each firework, the identities still needed and the clues spent (in
// half tokens).
type seenPlay struct {
	score, maxPossible int
	suitMax, played    [MaxSuits]int
	needed             uint64
	spent              uint16
}

// seen is the play as it is.
func (g *Game) seen() seenPlay {
	sp := seenPlay{score: g.points(), maxPossible: int(g.maxPossible), needed: g.Needed(), spent: g.spent}
	for s := range g.r.cfg.Suits {
		sp.suitMax[s], sp.played[s] = g.suitMaxNow(s), int(g.played[s])
	}
	return sp
}

// stats counts the stats of a viewer who sees the cards of seat viewer's
// hand as its deductions and unseen copies allow (every hand for
// Spectator, none for Public) and the play as sp says.
func (g *Game) stats(sp seenPlay, viewer int) Stats {
	score, maxPossible, needed := sp.score, sp.maxPossible, sp.needed
	st := Stats{MaxPossible: maxPossible, Spent: float64(sp.spent) / 2}
	deck := g.DeckCount()
	if g.reason == NotOver && deck > 0 {
		st.Pace, st.HasPace = score+deck+g.r.cfg.Players-maxPossible, true
	}
	// What the viewer has not seen is counted only if one of the cards it
	// cannot see has been clued.
	var unseen Unseen
	counted := false
	gotten := score
	for p := range g.r.cfg.Players {
		for _, id := range g.hands[p][:g.handLen[p]] {
			if g.clued&(1<<uint(id)) == 0 {
				continue
			}
			may := uint64(1) << (g.deck[id].suit<<3 | g.deck[id].rank)
			if viewer != Spectator && (p == viewer || viewer < 0) {
				if !counted {
					unseen, counted = g.UnseenBy(viewer), true
				}
				may = unseen.Candidates(g.know[id])
			}
			if may&needed != 0 {
				gotten++
			}
		}
	}
	st.Gotten = min(gotten, maxPossible)
	if deck > 0 {
		st.Usable, st.HasUsable = g.cluesUsable(&sp), true
	}
	return st
}

// cluesUsable is hanab.live's getCluesStillUsable: the note tokens in
// hand, one for each discard that can still be made before the last round
// without giving up the maximum, and one for each firework that can still
// be completed before it, rounded down.
func (g *Game) cluesUsable(sp *seenPlay) int {
	final := g.r.cfg.Players // turns after the last draw
	deck := g.DeckCount()
	missing := sp.maxPossible - sp.score
	discardValue := float64(g.tokenValue()) / 2
	suitValue := discardValue
	if g.r.cfg.FaceDownPlays {
		suitValue = 0
	}
	discards := 0
	switch {
	case missing <= final+1:
		discards = deck - 1
	case missing <= final+deck:
		discards = final + deck - missing
	}
	usable := float64(discards)*discardValue + float64(g.notes)
	if g.half {
		usable += 0.5
	}
	if suitValue > 0 {
		lastRound := min(missing, final+1)
		before := min(missing, final+deck) - lastRound
		var left [MaxSuits]int // cards each completable firework lacks
		nLeft := 0
		for s := range g.r.cfg.Suits {
			n := int(g.r.topRank[s])
			if p := sp.played[s]; p < n && sp.suitMax[s] == n {
				left[nLeft] = n - p
				nLeft++
			}
		}
		sortInts(left[:nLeft])
		played := 0
		for _, k := range left[:nLeft] {
			if played+k > before {
				break
			}
			played += k
			usable += suitValue
		}
	}
	return int(math.Floor(usable))
}

// suitMaxNow is the most suit s's firework can hold now (its share of
// MaxPossible). In Sudoku only whether it is whole is exact: a firework
// with a first card runs from it, one without takes any first card that
// is free only when every rank of it is left.
func (g *Game) suitMaxNow(s int) int {
	if !g.r.cfg.Sudoku {
		return int(g.suitMax[s])
	}
	n := g.r.topRank[s]
	count := uint8(0)
	for k := range n {
		u := (k + max(g.start[s], 1) - 1) % n
		if !g.r.alive(g.dead, s, u+1) {
			if g.played[s] > 0 {
				break
			}
			return 0
		}
		count++
	}
	return int(count)
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// viewStats is View.Stats of seat's view v, filled but for its stats.
func (g *Game) viewStats(seat int, v *View, open bool) Stats {
	if open {
		return g.Stats()
	}
	viewer := seat
	if seat != Spectator && (seat < 0 || seat >= g.r.cfg.Players) {
		viewer = Public
	}
	if !v.PlaysHidden {
		return g.stats(g.seen(), viewer)
	}
	// Plays go face down: every card played counts as played (hanab.live
	// counts the attempts), the fireworks and the strikes are unknown, and
	// what is still needed is what the discards alone leave.
	var discarded [MaxDeck]int8
	for i, c := range v.Discards {
		discarded[i] = int8(c.ID)
	}
	var none [MaxSuits]uint8
	dead := g.r.deadIdentities(&g.deck, discarded[:len(v.Discards)])
	sp := seenPlay{score: len(v.FaceDown), maxPossible: v.MaxPossible, spent: uint16(2 * len(g.clues)),
		needed: g.r.needed(dead, &none, &none, &none, g.r.reversed)}
	for s := range g.r.cfg.Suits {
		if !g.r.cfg.Sudoku {
			sp.suitMax[s] = g.r.suitMax(dead, s, 0, 0, g.r.reversed&(1<<s) != 0)
		} else if dead>>(8*s)&0xff == 0 {
			sp.suitMax[s] = int(g.r.topRank[s])
		}
	}
	return g.stats(sp, viewer)
}
