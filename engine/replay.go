package engine

import "fmt"

// ReplayError names the first action of a log that the rules refuse.
type ReplayError struct {
	Index int
	Err   error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("action %d: %v", e.Index, e.Err) }
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay deals deck and applies the log in order, seat 0 first (see
// ReplayFirst). The same inputs give the same state every time.
func Replay(cfg Config, deck []Card, log []Action) (*Game, error) {
	return ReplayFirst(cfg, deck, 0, log)
}

// ReplayFirst is Replay of a game whose first turn seat first took
// (Game.First).
func ReplayFirst(cfg Config, deck []Card, first int, log []Action) (*Game, error) {
	g, err := NewFirst(cfg, deck, first)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if _, err := g.Apply(a); err != nil {
			return g, &ReplayError{Index: i, Err: err}
		}
	}
	return g, nil
}
