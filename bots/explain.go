package bots

import (
	"strings"

	"github.com/hanabi-server/hanabi/engine"
)

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

// Named is implemented by players whose reasons name the seats: a driver
// that knows the names the table reads gives them once, before Start
// (names[i] is seat i's). A player that is not told names the seats as
// the H-group's documents do: Alice, Bob, Cathy, ...
type Named interface {
	SeatNames(names []string)
}

// seatNames are the names the H-group's documents give the seats, from the
// first: a reason names a seat by them ("Bob") when the table's are not
// known, so that it reads as the documents' examples do.
var seatNames = [...]string{"Alice", "Bob", "Cathy", "Donald", "Emily", "Frank"}

// seatMark stands for a seat's name in a reason being written: the names
// are put in as it is read (withNames), those of the table when known.
const seatMark = '\uE000'

func seatName(p int) string {
	if p < 0 || p >= len(seatNames) {
		return "?"
	}
	return string([]rune{seatMark, rune('0' + p)})
}

// withNames is s with its seats named: names[p] where given, else the
// documents' names.
func withNames(s string, names []string) string {
	if !strings.ContainsRune(s, seatMark) {
		return s
	}
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] != seatMark || i+1 == len(rs) {
			b.WriteRune(rs[i])
			continue
		}
		p := int(rs[i+1] - '0')
		i++
		switch {
		case p >= 0 && p < len(names) && names[p] != "":
			b.WriteString(names[p])
		case p >= 0 && p < len(seatNames):
			b.WriteString(seatNames[p])
		}
	}
	return b.String()
}

// cardMark and cardEnd enclose, in a reason, the name of a card in a
// seat's hand: cardMark, the holder's seat as a digit, the name, cardEnd.
// The bot sees the others' cards; its reason must not show a person their
// own (WhyFor). A name may be words about the card, then cardAlt and the
// words its holder reads instead (heldText).
const (
	cardMark = '\uE001'
	cardEnd  = '\uE002'
	cardAlt  = '\uE003'
)

// heldCard marks name as that of a card in seat p's hand.
func heldCard(p int, name string) string {
	return string([]rune{cardMark, rune('0' + p)}) + name + string(cardEnd)
}

// heldText marks shown as words about a card in seat p's hand, which
// whoever does not see that hand reads as hidden: words that tell of the
// card more than its name (what it must not be) are no more the holder's
// to read than its name.
func heldText(p int, shown, hidden string) string {
	return heldCard(p, shown+string(cardAlt)+hidden)
}

// WhyFor is a reason (Explainer.Why, as kept) as seat viewer of a game of
// players seats may read it: a card it names in a hand viewer does not see
// (engine.SeesHand: its own, and every hand for the public) reads "card"
// while the game runs ("Bob's 2 clue on the chop saves the card"); once it
// is over every card has its name.
func WhyFor(why string, viewer, players int, over bool) string {
	if !strings.ContainsRune(why, cardMark) {
		return why
	}
	var b strings.Builder
	rest := why
	for {
		i := strings.IndexRune(rest, cardMark)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		rest = rest[i+len(string(cardMark)):]
		end := strings.IndexRune(rest, cardEnd)
		if rest == "" || end < 0 {
			return b.String() // a mark cut short names nothing
		}
		holder, name := int(rest[0])-'0', rest[1:end]
		rest = rest[end+len(string(cardEnd)):]
		shown, hidden, alt := strings.Cut(name, string(cardAlt))
		switch {
		case engine.SeesHand(viewer, holder, players, over):
			name = shown
		case alt:
			name = hidden
		default:
			name = "card"
		}
		b.WriteString(name)
	}
}
