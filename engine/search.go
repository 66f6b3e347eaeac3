package engine

// A search over a game's futures (what the best play could still score)
// copies the state at every step: a search copy is the state that decides
// the rules without the history that only replays and views read.

// SearchCopy copies g into dst without its log and clue records, so that
// copying allocates nothing and dst's moves append to neither. A search
// copy answers every question of the rules (Apply, Check, LegalActions,
// Score, MaxPossible, Needed, Stats, Key); its Log, At, View and UnseenBy
// lack the history and are not to be asked.
func (g *Game) SearchCopy(dst *Game) {
	*dst = *g
	dst.log, dst.clues, dst.bare = nil, nil, true
}
