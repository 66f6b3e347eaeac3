package bots

import "github.com/hanabi-server/hanabi/engine"

// swapAware makes a strategy's players fit for suits that swap play and
// discard (hanab.live's Orange): a card its holder knows to be of such a
// suit is discarded to play it and played to discard it, and a discard
// goes to a card that cannot be of such a suit when there is one, so that
// it does not turn into a blind play. At a table without such suits the
// strategy's own player is returned as it is.
func swapAware(newPlayer func(cfg *engine.Config, seat int, seed uint64) Player) func(cfg *engine.Config, seat int, seed uint64) Player {
	return func(cfg *engine.Config, seat int, seed uint64) Player {
		p := newPlayer(cfg, seat, seed)
		swapped := cfg.SwappedIdentities()
		if swapped == 0 {
			return p
		}
		return &swapPlayer{Player: p, swapped: swapped}
	}
}

type swapPlayer struct {
	Player
	swapped uint64
}

// Partners passes the table's strategies on to a player that wants them.
func (s *swapPlayer) Partners(names []string) {
	if p, ok := s.Player.(Partnered); ok {
		p.Partners(names)
	}
}

func (s *swapPlayer) Act(v *engine.View) engine.Action {
	return swapAct(v, s.Player.Act(v), s.swapped)
}

// swapAct turns a play or discard chosen as if no suit swapped them into
// the move that does it, as far as the engine's deductions about the card
// tell: swapped identities are swapped.
func swapAct(v *engine.View, a engine.Action, swapped uint64) engine.Action {
	if a.Kind != engine.Play && a.Kind != engine.Discard {
		return a
	}
	hand := v.Hand(v.Seat)
	var possible uint64
	for _, cv := range hand {
		if cv.ID == a.Card {
			possible = cv.Possible
		}
	}
	certain := possible != 0 && possible&^swapped == 0
	switch {
	case certain && a.Kind == engine.Play:
		if d := engine.DiscardCard(a.Card); v.Check(d) == nil {
			return d
		}
	case certain:
		return engine.PlayCard(a.Card)
	case a.Kind == engine.Discard && possible&swapped != 0:
		for i := len(hand) - 1; i >= 0; i-- { // the oldest first
			if hand[i].Possible&swapped == 0 {
				if d := engine.DiscardCard(hand[i].ID); v.Check(d) == nil {
					return d
				}
			}
		}
	}
	return a
}
