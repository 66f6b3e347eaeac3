package hanablive

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// Export writes a game in hanab.live's format. The game must be over, or
// closed by r.End (which becomes a final game-over action): an export shows
// the whole deck, so a running game's hidden cards must never reach it.
// r.Variant, r.Settings and r.Players must describe r.State; nil Players get
// the names "Player 1", "Player 2", ...
func Export(r *Replay) (*Game, error) {
	g := r.State
	if g == nil {
		return nil, fmt.Errorf("%w: no game state", ErrMismatch)
	}
	if !g.Over() && r.End == nil {
		return nil, ErrNotFinished
	}
	live, err := LiveName(r.Variant, r.Settings)
	if err != nil {
		return nil, err
	}
	v, err := variants.Get(r.Variant)
	if err != nil {
		return nil, err
	}
	cfg, err := v.Config(r.Settings, g.Players())
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMismatch, err)
	}
	// A game dealt under other settings would export under a name and options
	// that import to a different game; refuse rather than write that file.
	if !reflect.DeepEqual(cfg, *g.Config()) {
		return nil, fmt.Errorf("%w: the game was not set up as variant %s with these settings", ErrMismatch, r.Variant)
	}
	players := r.Players
	if players == nil {
		for i := range g.Players() {
			players = append(players, fmt.Sprintf("Player %d", i+1))
		}
	}
	if len(players) != g.Players() {
		return nil, fmt.Errorf("%w: %d player names for %d seats", ErrMismatch, len(players), g.Players())
	}

	out := &Game{
		Players: players,
		Options: liveOptions(live, r.Settings),
		Seed:    r.Seed,
		Notes:   r.Notes,
	}
	out.Options.StartingPlayer = g.First()
	deck := g.Deck()
	for _, c := range deck {
		out.Deck = append(out.Deck, Card{SuitIndex: c.Suit, Rank: c.Rank})
	}
	log := g.Log()
	out.Actions = make([]Action, 0, len(log)+1)
	ended := false
	for _, a := range log {
		switch a.Kind {
		case engine.Leave, engine.Rearrange, engine.Vote, engine.Pause, engine.Resume:
			// hanab.live's log has no entry for a seat taken over, a hand
			// rearranged, a vote or a pause: the moves name their cards by
			// id, so they read the same without it, and an end by vote is
			// its game-over action (below).
			continue
		case engine.End:
			ended = true
			out.Actions = append(out.Actions, gameOver(a.Target, endConditions[engine.EndReason(a.Value)]))
			continue
		}
		out.Actions = append(out.Actions, fromEngine(happened(cfg, deck, a)))
	}
	if res, over := g.Result(); r.End != nil && !ended {
		out.Actions = append(out.Actions, gameOver(r.End.Seat, r.End.Condition))
	} else if over && res.Reason == engine.EndVoted {
		out.Actions = append(out.Actions, gameOver(-1, EndConditionTerminatedByVote))
	}
	return out, nil
}

// gameOver is the closing action for hanab.live's end condition, as
// hanab.live writes it: an end by vote is an action of its own type and
// names no seat.
func gameOver(seat, condition int) Action {
	if condition == EndConditionTerminatedByVote {
		return Action{Type: ActionGameOverByVote, Target: -1, Value: condition}
	}
	return Action{Type: ActionGameOver, Target: seat, Value: condition}
}

// Marshal exports a game as indented JSON, the way hanab.live writes it.
func Marshal(r *Replay) ([]byte, error) {
	g, err := Export(r)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(g, "", "  ")
}

func liveOptions(variant string, s variants.Settings) Options {
	o := Options{Variant: variant, EmptyClues: s.EmptyClues, OneExtraCard: s.OneExtraCard, OneLessCard: s.OneLessCard,
		DeckPlays: s.DeckPlays, AllOrNothing: s.AllOrNothing}
	if r, _ := engine.ParseRules(s.Rules); r != engine.RulesHanabLive {
		o.Rules = r.String()
	}
	if s.StormTokens != liveStormTokens {
		o.StormTokens = &s.StormTokens
	}
	if s.NoteTokens != liveNoteTokens {
		o.NoteTokens = &s.NoteTokens
	}
	return o
}

func fromEngine(a engine.Action) Action {
	switch a.Kind {
	case engine.Play:
		return Action{Type: ActionPlay, Target: a.Card}
	case engine.Discard:
		return Action{Type: ActionDiscard, Target: a.Card}
	case engine.ColorClue:
		return Action{Type: ActionColorClue, Target: a.Target, Value: a.Value}
	}
	return Action{Type: ActionRankClue, Target: a.Target, Value: a.Value}
}
