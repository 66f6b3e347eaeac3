package livemodel

// Legal lists every move the active seat may make: plays and discards of
// its cards and of the deck's last card, then every clue.
func (g *Game) Legal() []Action {
	if g.Over() {
		return nil
	}
	var out []Action
	cands := append([]int(nil), g.Hands[g.Active]...)
	if g.cfg.DeckPlays && g.DeckLeft() == 1 {
		cands = append(cands, g.DeckIndex)
	}
	for _, typ := range []int{Play, Discard} {
		for _, id := range cands {
			if a := (Action{Type: typ, Target: id}); g.Check(a) == nil {
				out = append(out, a)
			}
		}
	}
	for t := range g.cfg.Players {
		for c := range g.cfg.ClueColors {
			if a := (Action{Type: ColorClue, Target: t, Value: c}); g.Check(a) == nil {
				out = append(out, a)
			}
		}
		for _, r := range g.cfg.ClueRanks {
			if a := (Action{Type: RankClue, Target: t, Value: r}); g.Check(a) == nil {
				out = append(out, a)
			}
		}
	}
	return out
}

// Fits reports whether card id would extend its firework now, without
// playing it.
func (g *Game) Fits(id int) bool {
	c := g.deck[id]
	for _, r := range g.nextRanks(c.suit) {
		if r == c.rank {
			return true
		}
	}
	return false
}
