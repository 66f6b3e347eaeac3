package engine

// A seat's view holds everything needed to judge its own moves: its own card
// ids, the note tokens, and the hands a clue could go to. These helpers let a
// bot (or a client) ask the rules what it may do without ever seeing a Game.

// ClueTouches reports whether clue a touches card c, as the engine decides it.
func (c *Config) ClueTouches(a Action, card Card) bool {
	if card.Suit < 0 || card.Suit >= len(c.Suits) || card.Rank < 0 || card.Rank > MaxRank {
		return false
	}
	t := c.Touch(card.Suit, card.Rank)
	switch a.Kind {
	case ColorClue:
		return a.Value >= 0 && a.Value < MaxColors && t.Colors&(1<<a.Value) != 0
	case RankClue:
		return a.Value >= 0 && a.Value <= MaxRank && t.Ranks&(1<<a.Value) != 0
	}
	return false
}

// Touches is the set of card ids in the clue's target hand that it touches,
// or 0 when the viewer cannot see that hand (its own, or a spectator's view).
func (v *View) Touches(a Action) uint64 {
	if a.Target < 0 || a.Target >= v.Players {
		return 0
	}
	var set uint64
	for _, cv := range v.Hand(a.Target) {
		if cv.Known && v.Config.ClueTouches(a, cv.Card) {
			set |= 1 << uint(cv.ID)
		}
	}
	return set
}

// Check reports whether the viewer may take the action now, with the same
// typed errors as Game.Check.
func (v *View) Check(a Action) error {
	if !v.Over && v.Seat != v.Current {
		return ErrNotYourTurn
	}
	return check(v, a)
}

// LegalActions appends to buf[:0] every action the viewer may take now, in the
// order Game.LegalActions lists them: plays and discards in hand order, then
// clues by target seat, colors before ranks. It is empty when it is not the
// viewer's turn.
func (v *View) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	if v.Over || v.Paused || v.Seat != v.Current || v.Seat < 0 {
		return buf
	}
	hand := v.Hand(v.Seat)
	for _, cv := range hand {
		buf = append(buf, PlayCard(cv.ID))
	}
	if id := v.Config.DeckSize() - 1; v.deckPlay(id) {
		buf = append(buf, PlayCard(id))
	}
	for _, cv := range hand {
		if v.Config.MayDiscard(v.NoteTokens, cv.Possible) {
			buf = append(buf, DiscardCard(cv.ID))
		}
	}
	if id := v.Config.DeckSize() - 1; v.deckPlay(id) && v.Config.DiscardsDeck() {
		buf = append(buf, DiscardCard(id))
	}
	if v.NoteTokens == 0 {
		return buf
	}
	for t := range v.Players {
		if t == v.Seat {
			continue
		}
		for c := range v.Config.ClueColors {
			if a := ClueColor(t, c); checkClue(v, a) == nil {
				buf = append(buf, a)
			}
		}
		for _, r := range v.Config.ClueRanks {
			if a := ClueRank(t, r); checkClue(v, a) == nil {
				buf = append(buf, a)
			}
		}
	}
	return buf
}
