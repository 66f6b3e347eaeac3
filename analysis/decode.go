package analysis

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/hanablive"
	"github.com/hanabi-server/hanabi/variants"
)

// Decode reads a finished game from a file: hanab.live's JSON game format
// (what POST /v1/replays takes, this server's hanab.live exports among
// them) or this server's native replay (GET /v1/games/{id}/replay). Its
// errors tell a bad file from a bad game, so that a server can answer
// each: a file that is no game this server can read is a *BadInputError
// (400); a deck the variant cannot deal a *DeckError, an action the rules
// refuse an *engine.ReplayError that wraps the engine's reason (an
// *engine.Error where the rules gave one), and a game the log leaves
// running ErrUnfinished (each 422).
func Decode(data []byte) (Input, error) {
	var probe struct {
		Variant *string `json:"variant"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return Input{}, &BadInputError{Err: fmt.Errorf("not JSON: %w", err)}
	}
	if probe.Variant != nil {
		return decodeNative(data)
	}
	return decodeLive(data)
}

// BadInputError is a file that is no game this server can read: not JSON
// of either format, an unknown variant, an option or a player count the
// variant does not take.
type BadInputError struct{ Err error }

func (e *BadInputError) Error() string { return "not a game this server can read: " + e.Err.Error() }
func (e *BadInputError) Unwrap() error { return e.Err }

func decodeLive(data []byte) (Input, error) {
	r, err := hanablive.Import(data)
	var re *engine.ReplayError
	switch {
	case errors.As(err, &re):
		return Input{}, err
	case errors.Is(err, hanablive.ErrDeck):
		return Input{}, &DeckError{Err: err}
	case err != nil:
		return Input{}, &BadInputError{Err: err}
	}
	g := r.State
	if !g.Over() {
		return Input{}, ErrUnfinished
	}
	return Input{Config: *g.Config(), Deck: g.Deck(), First: g.First(), Log: g.Log()}, nil
}

// native is the part of this server's native replay that the rules read.
type native struct {
	Variant string            `json:"variant"`
	Options variants.Settings `json:"options"`
	Players int               `json:"players"`
	Seed    string            `json:"seed"`
	Deck    []struct {
		Suit string `json:"suit"`
		Rank int    `json:"rank"`
	} `json:"deck"`
	Actions []struct {
		Seat   int     `json:"seat"`
		Type   string  `json:"type"`
		Card   *int    `json:"card"`
		Target *int    `json:"target"`
		Color  *string `json:"color"`
		Rank   *int    `json:"rank"`
	} `json:"actions"`
	Result *struct {
		Reason string `json:"reason"`
		Seat   *int   `json:"seat"`
	} `json:"result"`
}

func decodeNative(data []byte) (Input, error) {
	var n native
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&n); err != nil {
		return Input{}, &BadInputError{Err: err}
	}
	v, err := variants.Get(n.Variant)
	if err != nil {
		return Input{}, &BadInputError{Err: err}
	}
	// The options within the bounds a game of the server's has (its
	// tokens, its cards), as the server resolves them; the rules as given.
	if _, err := v.Resolve(n.Options.Options()); err != nil {
		return Input{}, &BadInputError{Err: err}
	}
	cfg, err := v.Config(n.Options.Clock(), n.Players)
	if err != nil {
		return Input{}, &BadInputError{Err: err}
	}
	in := Input{Config: cfg}
	for i, c := range n.Deck {
		s := suitIndex(cfg, c.Suit)
		if s < 0 {
			return Input{}, &DeckError{Err: fmt.Errorf("card %d: the variant has no suit %.32q", i, c.Suit)}
		}
		in.Deck = append(in.Deck, engine.Card{Suit: s, Rank: c.Rank})
	}
	in.First = cfg.FirstSeat(n.Seed)
	first := true
	for i, a := range n.Actions {
		var ea engine.Action
		switch a.Type {
		case "play", "discard":
			if a.Card == nil {
				return Input{}, &engine.ReplayError{Index: i, Err: engine.ErrBadAction}
			}
			ea = engine.PlayCard(*a.Card)
			if a.Type == "discard" {
				ea = engine.DiscardCard(*a.Card)
			}
		case "clue":
			switch {
			case a.Target == nil:
				return Input{}, &engine.ReplayError{Index: i, Err: engine.ErrBadClue}
			case a.Color != nil:
				ea = engine.ClueColor(*a.Target, colorIndex(cfg, *a.Color))
			case a.Rank != nil:
				ea = engine.ClueRank(*a.Target, *a.Rank)
			default:
				return Input{}, &engine.ReplayError{Index: i, Err: engine.ErrBadClue}
			}
		case "seat_left", "rearrange", "vote", "pause", "resume", "end":
			// A seat taken over, a hand rearranged, a vote or a pause: none
			// changes what the cards allow. How the game ended is below.
			continue
		default:
			// A type the replay does not have (a typo, "Play") is not a
			// move to pass over: the log would be another game.
			return Input{}, &BadInputError{Err: fmt.Errorf("action %d: no action has the type %.32q", i, a.Type)}
		}
		if first {
			// The log says who took the first turn.
			in.First, first = a.Seat, false
		}
		in.Log, in.Seats = append(in.Log, ea), append(in.Seats, a.Seat)
	}
	return in, in.closeNative(n)
}

// closeNative ends the log as the replay's result says the game ended: by
// a seat, the clock or a vote, which only the result tells.
func (in *Input) closeNative(n native) error {
	if n.Result == nil {
		return nil
	}
	reason := engine.NotOver
	for r := engine.EndStorms; r <= engine.EndVoted; r++ {
		if r.String() == n.Result.Reason {
			reason = r
		}
	}
	switch {
	case reason == engine.EndVoted:
		// As many votes as it took: the rules say how many.
		g, err := engine.ReplayFirst(in.Config, in.Deck, in.First, in.Log)
		if err != nil {
			return nil // Analyse replays it again and reports it
		}
		for seat := 0; seat < in.Config.Players && !g.Over(); seat++ {
			a := engine.VoteToEnd(seat, true)
			if _, err := g.Apply(a); err != nil {
				return nil
			}
			in.Log = append(in.Log, a)
		}
	case reason.Chosen():
		seat := 0
		if n.Result.Seat != nil {
			seat = *n.Result.Seat
		}
		in.Log = append(in.Log, engine.EndGame(seat, reason))
	}
	return nil
}

func suitIndex(cfg engine.Config, name string) int {
	for i, s := range cfg.Suits {
		if s.Name == name {
			return i
		}
	}
	return -1
}

func colorIndex(cfg engine.Config, name string) int {
	for i, c := range cfg.ClueColors {
		if c == name {
			return i
		}
	}
	return -1 // the engine refuses it as an unknown color
}
