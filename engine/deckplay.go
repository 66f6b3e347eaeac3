package engine

// DeckPlayCard is the id of the card that a blind play from the deck would
// play now (Config.DeckPlays: the deck's last card, while it is the only
// one left and the game runs), and false when no deck play can be made.
// The id is public: cards are numbered in dealing order.
func (v *View) DeckPlayCard() (int, bool) {
	id := v.Config.DeckSize() - 1
	if v.Over || !v.deckPlay(id) {
		return 0, false
	}
	return id, true
}
