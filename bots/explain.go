package bots

// Explainer is implemented by players that can say why they chose a move,
// so that a table (the server's event for the move, the log on the page)
// can carry the reason with it and a person can learn from it. Why is about
// the move the last call to Act returned, and is "" when the player has no
// reason to give; a driver asks right after Act, before the next Observe.
type Explainer interface {
	Why() string
}

// CardNote is a seat's note on one card: for a card in its own hand what it
// believes the card is and means, for a card in another hand what it
// believes that card's holder knows of it.
type CardNote struct {
	Card int // deck id
	Text string
}

// Noter is implemented by players that keep a view of what each seat knows:
// Notes appends to buf one note per card of the current hands that the
// player has something to say about (newest first, hand by hand), as
// hanab.live's card notes would read.
type Noter interface {
	Notes(buf []CardNote) []CardNote
}

// seatNames are the names the H-group's documents give the seats, from the
// first: a reason names a seat by them ("Bob"), so that it reads as the
// documents' examples do.
var seatNames = [...]string{"Alice", "Bob", "Cathy", "Donald", "Emily", "Frank"}

func seatName(p int) string {
	if p >= 0 && p < len(seatNames) {
		return seatNames[p]
	}
	return "?"
}
