package engine

// table is what judging a move needs: the acting seat's hand, the tokens and
// the hands a clue could go to. A Game and a seat's View both provide it, so
// one function decides legality for the engine and for a seat that sees only
// its view.
type table interface {
	config() *Config
	over() bool
	halted() bool // paused: no move is made (see Pause)
	actor() int
	noteTokens() int
	holds(id int) bool       // the acting seat holds card id
	deckPlay(id int) bool    // card id is the deck's last card and may be played blind (Config.DeckPlays)
	nextClue() (Kind, bool)  // the kind the next clue must have (Alternating Clues), and false for any
	mayDiscard(id int) bool  // the acting seat may discard card id at this note count
	touches(a Action) uint64 // ids the clue touches in its target's hand
}

func check(t table, a Action) error {
	if t.over() {
		return ErrGameOver
	}
	if t.halted() && a.IsMove() {
		return ErrPaused
	}
	switch a.Kind {
	case Play, Discard:
		if !t.holds(a.Card) {
			// The deck's last card may be played blind (Config.DeckPlays)
			// and, where Config.DiscardsDeck, discarded blind, whatever
			// the note count (as hanab.live judges it).
			if !t.deckPlay(a.Card) || a.Kind == Discard && !t.config().DiscardsDeck() {
				return wrap(ErrCardNotInHand, "card %d is not in seat %d's hand", a.Card, t.actor())
			}
			return nil
		}
		if a.Kind == Discard && !t.mayDiscard(a.Card) {
			return ErrNotesFull
		}
		return nil
	case ColorClue, RankClue:
		return checkClue(t, a)
	}
	return ErrBadAction
}

func checkClue(t table, a Action) error {
	if err := checkClueNaming(t, a); err != nil {
		return err
	}
	// A clue that touches no card of the variant (color clues in a variant
	// whose color clues touch nothing) may always be given, as on hanab.live.
	if cfg := t.config(); !cfg.EmptyClues && t.touches(a) == 0 && cfg.ClueMask(a) != 0 {
		return ErrEmptyClue
	}
	return nil
}

// checkClueNaming checks everything about a clue but whether it touches a card.
func checkClueNaming(t table, a Action) error {
	cfg := t.config()
	if t.noteTokens() == 0 {
		return ErrNoNoteTokens
	}
	if a.Target < 0 || a.Target >= cfg.Players {
		return wrap(ErrNoSuchSeat, "seat %d does not exist (seats 0–%d)", a.Target, cfg.Players-1)
	}
	if a.Target == t.actor() {
		return ErrSelfClue
	}
	if cfg.AlternatingClues {
		if k, ok := t.nextClue(); ok && a.Kind != k {
			return ErrClueTypeRepeated
		}
	}
	if a.Kind == ColorClue {
		if a.Value < 0 || a.Value >= len(cfg.ClueColors) {
			return wrap(ErrUnknownColor, "color %d is not one of the %d clue colors", a.Value, len(cfg.ClueColors))
		}
	} else if !cfg.CanNameRank(a.Value) {
		return wrap(ErrUnknownRank, "rank %d cannot be named", a.Value)
	}
	return nil
}

// CanNameRank reports whether a rank clue may name rank.
func (c *Config) CanNameRank(rank int) bool {
	for _, r := range c.ClueRanks {
		if r == rank {
			return true
		}
	}
	return false
}

func (g *Game) config() *Config   { return &g.r.cfg }
func (g *Game) over() bool        { return g.reason != NotOver }
func (g *Game) halted() bool      { return g.paused }
func (g *Game) actor() int        { return g.current }
func (g *Game) noteTokens() int   { return g.notes }
func (g *Game) holds(id int) bool { return g.slot(g.current, id) >= 0 }
func (g *Game) deckPlay(id int) bool {
	return g.r.cfg.DeckPlays && g.drawn == g.r.deckSize-1 && id == g.drawn
}

// nextClue is Config.NextClueKind of the game's clues, from the last clue's
// kind, which a search copy keeps without the clue records.
func (g *Game) nextClue() (Kind, bool) {
	if !g.r.cfg.AlternatingClues || !g.anyClue {
		return 0, false
	}
	if g.lastClue == ColorClue {
		return RankClue, true
	}
	return ColorClue, true
}

// mayDiscard decides from the holder's knowledge of the card only (see
// Config.MayDiscard), exactly as the seat's view does.
func (g *Game) mayDiscard(id int) bool {
	return mayDiscard(g.notes, g.r.cfg.NoteTokens, g.know[id], g.r.swapped, g.r.anyDiscard)
}

func (v *View) config() *Config { return v.Config }
func (v *View) over() bool      { return v.Over }
func (v *View) halted() bool    { return v.Paused }
func (v *View) actor() int      { return v.Seat }
func (v *View) noteTokens() int { return v.NoteTokens }
func (v *View) deckPlay(id int) bool {
	return v.Config.DeckPlays && v.DeckCount == 1 && id == v.Config.DeckSize()-1
}

func (v *View) holds(id int) bool {
	if v.Seat < 0 || v.Seat >= v.Players {
		return false
	}
	for _, cv := range v.Hand(v.Seat) {
		if cv.ID == id {
			return true
		}
	}
	return false
}
func (v *View) touches(a Action) uint64 { return v.Touches(a) }
func (v *View) nextClue() (Kind, bool)  { return v.Config.NextClueKind(v.Clues) }
func (v *View) mayDiscard(id int) bool {
	if v.NoteTokens < v.Config.NoteTokens {
		return true
	}
	for _, cv := range v.Hand(v.Seat) {
		if cv.ID == id {
			return v.Config.MayDiscard(v.NoteTokens, cv.Possible)
		}
	}
	return false
}
