package hanablive

import "errors"

// Errors that an import or export wraps, so that callers can tell them apart
// with errors.Is. An illegal action is reported as an *engine.ReplayError
// instead, whose Err is the engine's typed error or ErrBadAction.
var (
	ErrJSON           = errors.New("not a hanab.live JSON game")
	ErrUnknownVariant = errors.New("unsupported hanab.live variant")
	ErrOption         = errors.New("bad option")
	ErrPlayers        = errors.New("bad players")
	ErrDeck           = errors.New("bad deck")
	ErrBadAction      = errors.New("malformed action")
	ErrNotFinished    = errors.New("only a finished game can be exported")
	ErrMismatch       = errors.New("game does not match its description")
)
