package hanablive

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/hanabi-server/hanabi/engine"
)

// The wire types see which fields are present, so that a missing "target" is
// an error instead of a silent 0 that would play card 0 or clue seat 0.
type wireGame struct {
	Players *[]string          `json:"players"`
	Deck    *[]json.RawMessage `json:"deck"`
	Actions []json.RawMessage  `json:"actions"`
	Options *Options           `json:"options"`
	Seed    string             `json:"seed"`
	Notes   [][]string         `json:"notes"`
}

type wireCard struct {
	SuitIndex *int `json:"suitIndex"`
	Rank      *int `json:"rank"`
}

type wireAction struct {
	Type   *ActionType `json:"type"`
	Target *int        `json:"target"`
	Value  *int        `json:"value"`
}

// Decode parses a hanab.live JSON game, checking its shape (every required
// field present and of the right type) but not yet its rules: ImportGame does that.
func Decode(data []byte) (*Game, error) {
	var w wireGame
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrJSON, jsonProblem(err))
	}
	if w.Players == nil {
		return nil, fmt.Errorf("%w: no \"players\" list", ErrJSON)
	}
	if w.Deck == nil {
		return nil, fmt.Errorf("%w: no \"deck\" list", ErrJSON)
	}
	g := &Game{Players: *w.Players, Seed: w.Seed, Notes: w.Notes, Deck: make([]Card, len(*w.Deck)), Actions: make([]Action, len(w.Actions))}
	if w.Options != nil {
		g.Options = *w.Options
	}
	for i, raw := range *w.Deck {
		var c wireCard
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, fmt.Errorf("%w: deck card %d: %s", ErrJSON, i, jsonProblem(err))
		}
		if c.SuitIndex == nil || c.Rank == nil {
			return nil, fmt.Errorf("%w: deck card %d needs \"suitIndex\" and \"rank\"", ErrJSON, i)
		}
		g.Deck[i] = Card{SuitIndex: *c.SuitIndex, Rank: *c.Rank}
	}
	for i, raw := range w.Actions {
		a, err := decodeAction(raw)
		if err != nil {
			return nil, &engine.ReplayError{Index: i, Err: err}
		}
		g.Actions[i] = a
	}
	return g, nil
}

func decodeAction(raw json.RawMessage) (Action, error) {
	var w wireAction
	if err := json.Unmarshal(raw, &w); err != nil {
		return Action{}, fmt.Errorf("%w: %s", ErrBadAction, jsonProblem(err))
	}
	if w.Type == nil {
		return Action{}, fmt.Errorf("%w: no \"type\"", ErrBadAction)
	}
	a := Action{Type: *w.Type}
	if w.Target != nil {
		a.Target = *w.Target
	}
	if w.Value != nil {
		a.Value = *w.Value
	}
	switch a.Type {
	case ActionPlay, ActionDiscard:
		if w.Target == nil {
			return a, fmt.Errorf("%w: a play or discard needs a \"target\" card", ErrBadAction)
		}
	case ActionColorClue, ActionRankClue:
		if w.Target == nil || w.Value == nil {
			return a, fmt.Errorf("%w: a clue needs a \"target\" seat and a \"value\"", ErrBadAction)
		}
	case ActionGameOver, ActionGameOverByVote:
	default:
		return a, fmt.Errorf("%w: unknown type %d %s", ErrBadAction, a.Type, actionTypes)
	}
	return a, nil
}

// jsonProblem says what is wrong in the JSON's own terms: the Go types that
// encoding/json names mean nothing to whoever wrote the file.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err.Error()
	}
	want := "something else"
	switch te.Type.Kind() {
	case reflect.Int:
		want = "an integer"
	case reflect.String:
		want = "a string"
	case reflect.Bool:
		want = "true or false"
	case reflect.Slice:
		want = "a list"
	case reflect.Struct, reflect.Map:
		want = "an object"
	}
	if te.Field == "" {
		return fmt.Sprintf("expected %s, got %s", want, te.Value)
	}
	return fmt.Sprintf("%q must be %s, got %s", te.Field, want, te.Value)
}
