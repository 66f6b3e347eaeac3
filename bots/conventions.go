package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// conventionsPlayer plays by a small set of table conventions that a person
// can follow at a real table. Every seat applies the same reading of a clue,
// so a clue means more than the cards it names:
//
//   - Chop: a hand's oldest card that no clue has touched. With nothing
//     better to do, a player discards their chop, so a card that must not be
//     lost is clued while it sits there.
//   - Focus: the card a clue is about. If the clue touches the chop for the
//     first time, the chop; otherwise the newest card it touches for the
//     first time. A clue touching no new card (a stall) has no focus.
//   - Save clue: a rank clue whose focus is the chop and could be critical
//     (the last copy of a card still needed, every 5 included), as far as
//     its holder can tell, says "keep this". The card is played once clues
//     show it playable. Saves are always given by rank, so that color clues
//     on the chop stay free to mean "play".
//   - Play clue: any other clue whose focus could be playable now says "play
//     this": the holder plays it. A giver only gives such a clue when the
//     focus really is playable.
//   - Touched cards are never discarded while an untouched one is left.
//   - When notes are full and no clue helps, an empty clue (where the rules
//     allow it) or a clue on cards already touched passes the turn safely.
type conventionsPlayer struct {
	d     *deckInfo
	seat  int
	n     int
	b     board
	clued [engine.MaxDeck]bool // touched by some clue: not on the chop any more
	// play[id] is set on the focus of a play clue: what it may be, which was
	// playable when the clue was given. Its holder plays it while one of
	// those can still be played.
	play [engine.MaxDeck]uint64
	buf  []engine.Action
	// hole keeps what the seat believes of the cards played face down
	// (Config.FaceDownPlays); nil elsewhere.
	hole *hole
}

func newConventions(cfg *engine.Config, seat int, _ uint64) Player {
	c := &conventionsPlayer{d: newDeckInfo(cfg), seat: seat, n: cfg.Players}
	if cfg.FaceDownPlays {
		c.hole = &hole{}
	}
	return c
}

func (c *conventionsPlayer) Start(v *engine.View) { c.load(v) }

// load reads the board from v, or where v hides the plays, from what the
// seat believes of them.
func (c *conventionsPlayer) load(v *engine.View) {
	if c.hole == nil {
		c.b.load(c.d, v)
		return
	}
	if v.PlaysHidden {
		c.hole.note(v)
		c.b.loadHole(c.d, v, c.hole)
		return
	}
	c.b.load(c.d, v)
}

func (c *conventionsPlayer) Observe(v *engine.View, ev engine.Event) {
	if c.hole != nil && ev.FaceDown {
		c.hole.played(c.d.cfg, ev.Action.Card, c.b.playable)
	}
	if (ev.Action.IsClue() || ev.Action.Kind == engine.HiddenClue) && ev.Touched != 0 {
		// A clue does not change any hand, so v shows the target's hand as
		// the giver saw it; the flags are still those from before the clue.
		hand := v.Hand(ev.Action.Target)
		if f := c.focus(hand, ev.Touched); f >= 0 {
			// v's deductions include this clue: the holder's reading.
			if know := c.d.knowMask(&hand[f]); c.readsAsPlay(hand, f, ev.Action, know) {
				c.play[hand[f].ID] = know & c.b.playable
			}
		}
		for _, cv := range hand {
			if ev.Touched&bit(cv.ID) != 0 {
				c.clued[cv.ID] = true
			}
		}
	}
	c.load(v)
}

// readsAsPlay is how clue a with focus f, after which its holder knows it
// is one of know, is read: as a play clue, or as a save (or nothing).
func (c *conventionsPlayer) readsAsPlay(hand []engine.CardView, f int, a engine.Action, know uint64) bool {
	if a.Kind == engine.RankClue && f == c.chop(hand) && know&c.b.critical != 0 {
		return false
	}
	return know&c.b.playable != 0
}

// seenBy is clue a as its holder sees it: in a variant whose clues show only
// their touches (Duck), of no type.
func (c *conventionsPlayer) seenBy(a engine.Action) engine.Action {
	if c.d.cfg.ClueShows == engine.ShowsTouches {
		a.Kind, a.Value = engine.HiddenClue, engine.HiddenValue
	}
	return a
}

// chop is the index of the oldest untouched card, or -1 when all are touched.
func (c *conventionsPlayer) chop(hand []engine.CardView) int {
	for i := len(hand) - 1; i >= 0; i-- {
		if !c.clued[hand[i].ID] {
			return i
		}
	}
	return -1
}

// focus is the index of the card a clue touching the set touched is about.
func (c *conventionsPlayer) focus(hand []engine.CardView, touched uint64) int {
	if ch := c.chop(hand); ch >= 0 && touched&bit(hand[ch].ID) != 0 {
		return ch
	}
	for i, cv := range hand {
		if touched&bit(cv.ID) != 0 && !c.clued[cv.ID] {
			return i
		}
	}
	return -1
}

func (c *conventionsPlayer) Act(v *engine.View) engine.Action {
	own := v.Hand(c.seat)
	// What this seat can tell about its own cards: its clues, less the
	// identities whose every copy is in sight (played, discarded, or held
	// by someone else).
	var seen [64]int
	for p := range v.Players {
		if p != c.seat {
			for _, cv := range v.Hand(p) {
				seen[ident(cv.Card)]++
			}
		}
	}
	mine := func(cv *engine.CardView) uint64 {
		m := c.d.knowMask(cv)
		forEach(m, func(x int) {
			if c.b.gone[x]+seen[x] >= c.d.count[x] {
				m &^= bit(x)
			}
		})
		if m == 0 {
			return c.d.knowMask(cv)
		}
		return m
	}

	// 1. Save a critical card on the chop of the next player, who is about
	//    to discard it: a save cannot wait, a play can.
	if v.NoteTokens > 0 {
		if a, ok := c.saveClue(v); ok {
			return a
		}
	}

	// 2. Play a card known to be playable, or the focus of a play clue
	//    that may still be playable. Known cards first, lowest rank first;
	//    a play clue's card that can no longer be playable is trash.
	best := -1
	for i := range own {
		m := mine(&own[i])
		if m&^c.b.playable == 0 && (best < 0 || lowest(m) < lowest(mine(&own[best]))) {
			best = i
		}
	}
	if best < 0 {
		for i := range own {
			if c.play[own[i].ID]&mine(&own[i])&c.b.playable != 0 {
				best = i
				break
			}
		}
	}
	if best >= 0 {
		return engine.PlayCard(own[best].ID)
	}

	// 3. The play clue that gets the most cards played.
	if v.NoteTokens > 0 {
		if a, ok := c.playClue(v); ok {
			return a
		}
	}

	if len(own) == 0 {
		// An empty hand (All or Nothing goes on after the deck runs out):
		// a clue is all there is, and the engine ends the game before
		// leaving a seat without one.
		return anyLegal(v)
	}
	if v.NoteTokens < v.Config.NoteTokens {
		// 4. Discard: a card known to be useless, else the chop, else the
		//    touched card most likely to be useless.
		for i := range own {
			m := mine(&own[i])
			if m&^c.b.dead == 0 || c.play[own[i].ID] != 0 && c.play[own[i].ID]&m&^c.b.dead == 0 {
				return engine.DiscardCard(own[i].ID)
			}
		}
		if ch := c.chop(own); ch >= 0 {
			return engine.DiscardCard(own[ch].ID)
		}
		best, bestDead := 0, -1
		for i := range own {
			if d := bits.OnesCount64(mine(&own[i]) & c.b.dead); d > bestDead && mine(&own[i])&c.b.critical == 0 {
				best, bestDead = i, d
			}
		}
		return engine.DiscardCard(own[best].ID)
	}

	// 5. Notes are full and no clue helps: stall without misleading.
	if a, ok := c.stall(v); ok {
		return a
	}
	best = 0
	for i := range own {
		if bits.OnesCount64(mine(&own[i])&c.b.playable) > bits.OnesCount64(mine(&own[best])&c.b.playable) {
			best = i
		}
	}
	return engine.PlayCard(own[best].ID)
}

func lowest(m uint64) int {
	r := engine.MaxRank + 1
	forEach(m, func(x int) { r = min(r, x&7) })
	return r
}

// after is the holder's deduction about cv once clue a (touching touched) is given.
func (c *conventionsPlayer) after(cv *engine.CardView, a engine.Action, touched uint64) uint64 {
	if c.d.cfg.ClueShows != engine.ShowsAll {
		// The holder does not learn what the clue said (Cow & Pig, Duck).
		return c.d.knowMask(cv)
	}
	set := c.d.touchMask(a)
	if touched&bit(cv.ID) != 0 {
		return c.d.knowMask(cv) & set
	}
	return c.d.knowMask(cv) &^ set
}

func (c *conventionsPlayer) clues(v *engine.View, target int) []engine.Action {
	c.buf = v.LegalActions(c.buf)
	out := c.buf[:0]
	for _, a := range c.buf {
		if a.IsClue() && a.Target == target {
			out = append(out, a)
		}
	}
	return out
}

// willDiscard reports whether seat p has nothing to play as far as it knows.
func (c *conventionsPlayer) willDiscard(v *engine.View, p int) bool {
	for _, cv := range v.Hand(p) {
		if c.play[cv.ID] != 0 || c.d.knowMask(&cv)&^c.b.playable == 0 {
			return false
		}
	}
	return true
}

// saveClue is the rank clue on the next seat's chop when that seat is about
// to discard a critical card. Seats further on are left to the players who
// come before them: a save spent early is a clue lost to plays.
func (c *conventionsPlayer) saveClue(v *engine.View) (engine.Action, bool) {
	p := (c.seat + 1) % v.Players
	hand := v.Hand(p)
	ch := c.chop(hand)
	if ch < 0 || !c.willDiscard(v, p) || c.b.critical&bit(ident(hand[ch].Card)) == 0 {
		return engine.Action{}, false
	}
	if c.d.cfg.ClueShows == engine.ShowsTouches {
		// A clue whose type nobody sees cannot say "keep this": its
		// holder would read it as a play.
		return engine.Action{}, false
	}
	a := engine.ClueRank(p, hand[ch].Card.Rank)
	return a, v.Check(a) == nil
}

func (c *conventionsPlayer) playClue(v *engine.View) (engine.Action, bool) {
	// Identities already on their way: known, or marked to play.
	var coming uint64
	for p := range v.Players {
		for _, cv := range v.Hand(p) {
			switch {
			case p != c.seat && (c.play[cv.ID] != 0 || c.d.knowMask(&cv)&^c.b.playable == 0):
				coming |= bit(ident(cv.Card))
			case p == c.seat:
				// Our own card on its way might be the same one.
				coming |= c.play[cv.ID]
			}
		}
	}
	var best engine.Action
	bestScore := 0.0
	for k := 1; k < v.Players; k++ {
		p := (c.seat + k) % v.Players
		hand := v.Hand(p)
		for _, a := range c.clues(v, p) {
			t := v.Touches(a)
			f := c.focus(hand, t)
			// One for a focus read as "play this", one more for every card
			// the clue shows to be playable outright (a saved card among
			// them); sooner seats and lower cards break ties. A focus read
			// as a play that is not playable would be a misplay: never.
			score, low := 0.0, engine.MaxRank
			seen := coming
			if f >= 0 && c.readsAsPlay(hand, f, c.seenBy(a), c.after(&hand[f], a, t)) {
				x := ident(hand[f].Card)
				if c.b.playable&bit(x) == 0 || seen&bit(x) != 0 {
					continue
				}
				score, low, seen = 1, x&7, seen|bit(x)
			}
			for i := range hand {
				y := ident(hand[i].Card)
				if i == f || t&bit(hand[i].ID) == 0 || seen&bit(y) != 0 ||
					c.play[hand[i].ID] != 0 || c.d.knowMask(&hand[i])&^c.b.playable == 0 {
					continue
				}
				if c.after(&hand[i], a, t)&^c.b.playable == 0 {
					score++
					low = min(low, y&7)
					seen |= bit(y)
				}
			}
			if score == 0 {
				continue
			}
			score += 0.1*float64(6-low)/6 - 0.01*float64(k)
			if score > bestScore {
				best, bestScore = a, score
			}
		}
	}
	return best, bestScore > 0
}

// stall is a clue that gives no focus: empty, or only on touched cards.
func (c *conventionsPlayer) stall(v *engine.View) (engine.Action, bool) {
	for k := 1; k < v.Players; k++ {
		p := (c.seat + k) % v.Players
		hand := v.Hand(p)
		for _, a := range c.clues(v, p) {
			t := v.Touches(a)
			if f := c.focus(hand, t); f < 0 {
				return a, true
			}
		}
	}
	return engine.Action{}, false
}

// anyLegal is the first move the rules allow the viewer.
func anyLegal(v *engine.View) engine.Action {
	return v.LegalActions(nil)[0]
}
