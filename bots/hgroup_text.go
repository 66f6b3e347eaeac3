package bots

import (
	"fmt"
	"strings"

	"github.com/hanabi-server/hanabi/engine"
)

// The words of the reasons and notes, as the H-group documents write them:
// "red 2", "slot 1" for a hand's newest card.

func (h *hgPlayer) cardName(x int) string {
	s, r := x>>3, x&7
	name := "?"
	if s < len(h.d.cfg.Suits) {
		name = strings.ToLower(h.d.cfg.Suits[s].Name)
	}
	if h.d.upOrDown && r == engine.StartRank {
		return name + " START"
	}
	return fmt.Sprintf("%s %d", name, r)
}

// heldName is cardName for the card x in seat p's hand, marked as its
// holder's (see heldCard): the holder reads it unnamed while the game runs.
func (h *hgPlayer) heldName(p, x int) string { return heldCard(p, h.cardName(x)) }

func (h *hgPlayer) clueName(a engine.Action) string {
	switch {
	case a.Kind == engine.ColorClue && a.Value >= 0 && a.Value < len(h.d.cfg.ClueColors):
		return strings.ToLower(h.d.cfg.ClueColors[a.Value])
	case a.Kind == engine.RankClue:
		return fmt.Sprint(a.Value)
	}
	return "a"
}

// setName lists identities: "red 2", "red 2 or blue 2", "any of 5 cards".
func (h *hgPlayer) setName(m uint64) string {
	var names []string
	forEach(m, func(x int) { names = append(names, h.cardName(x)) })
	switch {
	case len(names) == 0:
		return "nothing known"
	case len(names) > 4:
		return fmt.Sprintf("one of %d cards", len(names))
	case len(names) == 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func slotOf(hand []engine.CardView, id int) int {
	for i := range hand {
		if hand[i].ID == id {
			return i + 1
		}
	}
	return 0
}

// Notes tells, for every card in play, what the seat's notes say: its own
// cards as it reads them, the others' as it believes their holders do.
func (h *hgPlayer) Notes(buf []CardNote) []CardNote {
	for p := range h.n {
		for i := range h.handLen[p] {
			cv := &h.hands[p][i]
			n := &h.note[cv.ID]
			if !n.touched && !n.play && !n.cm {
				continue
			}
			var t string
			if p == h.seat {
				t = h.setName(h.mine(cv))
			} else {
				t = h.setName(h.common(cv))
			}
			switch {
			case n.blind:
				t += ", finessed: play"
			case n.play && h.common(cv)&^h.b.playable == 0:
				t += ", play"
			case n.play:
				t += ", play later"
			case n.save:
				t += ", saved"
			case n.cm:
				t = "chop moved"
			}
			buf = append(buf, CardNote{Card: cv.ID, Text: t})
		}
	}
	return buf
}
