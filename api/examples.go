package api

import (
	"fmt"
	"slices"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// Examples are the OpenAPI document's examples, rendered by this package's
// own code from a real game: the README's walkthrough (Farbrausch² for two,
// 2 storm tokens, seed "walkthrough"). So the example action is legal in the
// example game, and every example is what the server would send.
type Examples struct {
	Create  CreateGameRequest
	Created SeatResponse
	Join    JoinRequest
	Joined  SeatResponse
	// Game is seat 0's view when Alice is to make the first move, Action.
	Game   GameView
	Action ClueAction
	Acted  ActionResponse
	// Events are the whole game's, up to its game_over.
	Events EventsResponse
}

// exampleID and exampleToken stand where a real server puts a random id and
// a signed token.
const (
	exampleID    = "k3j9x0c2m4n5b6v7"
	exampleToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJnYW1lIjoiazNqOXgwYzJtNG41YjZ2NyIsInNlYXQiOjB9.c2lnbmF0dXJl"
)

// exampleMoves are the walkthrough's moves after the first clue: Bob plays
// his rainbow 1, then Alice and Bob each misplay, using the 2 storm tokens.
var exampleMoves = []engine.Action{engine.PlayCard(6), engine.PlayCard(3), engine.PlayCard(9)}

// BuildExamples plays the walkthrough through the engine and renders it.
func BuildExamples() (*Examples, error) {
	ex := &Examples{
		Create: CreateGameRequest{Variant: "farbrausch2", Players: 2, Options: variants.Options{StormTokens: ptr(2)}, Seed: ptr("walkthrough"), Name: "Alice"},
		Join:   JoinRequest{Name: "Bob"},
		Action: ClueAction{Type: "clue", Target: 1, Color: ptr("red")},
	}
	_, set, cfg, err := variants.Setup(ex.Create.Variant, ex.Create.Options, ex.Create.Players)
	if err != nil {
		return nil, err
	}
	g, err := engine.NewSeeded(cfg, *ex.Create.Seed)
	if err != nil {
		return nil, err
	}
	st := &play.State{
		Record: play.Record{ID: exampleID, Variant: ex.Create.Variant, Settings: set, Seed: *ex.Create.Seed, Players: 2, Status: play.StatusLobby},
		Seats:  []play.Seat{{Seat: 0, Name: ex.Create.Name}},
		Config: &cfg, Game: g,
	}
	ex.Created = SeatResponse{Game: buildView(st, 0), Seat: ptr(0), Token: ptr(exampleToken)}

	st.Seats = append(st.Seats, play.Seat{Seat: 1, Name: ex.Join.Name})
	st.Status, st.Version = play.StatusActive, 1
	ex.Joined = SeatResponse{Game: buildView(st, 1), Seat: ptr(1), Token: ptr(exampleToken)}
	ex.Game = *buildView(st, 0)

	color := slices.Index(cfg.ClueColors, *ex.Action.Color)
	moves := append([]engine.Action{engine.ClueColor(ex.Action.Target, color)}, exampleMoves...)
	for i, a := range moves {
		seat := g.Current()
		ev, err := g.Apply(a)
		if err != nil {
			return nil, fmt.Errorf("example move %d is illegal: %w", i, err)
		}
		st.Log = append(st.Log, play.Entry{Seq: i, Seat: seat, Action: a})
		st.Actions, st.Version = len(st.Log), st.Version+1
		if i == 0 {
			ex.Acted = ActionResponse{Event: eventView(&cfg, len(st.Log), ev, seatBot(st), seat, g.Over()), Game: buildView(st, seat)}
		}
	}
	if !g.Over() {
		return nil, fmt.Errorf("the example game has not ended")
	}
	st.Status = play.StatusFinished
	evs, err := eventsOf(st, 0, 0)
	if err != nil {
		return nil, err
	}
	ex.Events = EventsResponse{Events: evs, Version: st.Version}
	return ex, nil
}

// exampleDetails are the details of the document's example problems.
var exampleDetails = map[string]string{
	codeBadRequest:         "field players must be an integer, not string",
	codeUnauthorized:       "the seat token has expired",
	codeForbidden:          "this token is for another game",
	codeNotFound:           "no such game",
	codeMethodNotAllowed:   "this resource does not take PUT",
	codeNotYourTurn:        "seat 1 is to act, not seat 0",
	codeStaleVersion:       "the move is for version 16 but the game is at version 17",
	codeGameNotActive:      "the game is finished",
	codeGameFull:           "every seat is taken",
	codePreconditionFailed: `If-Match "16" does not match the game's version 17`,
	codeIllegalAction:      engine.ErrNoNoteTokens.Msg,
	codeRateLimited:        "too many requests; retry after 1s",
	codeInternal:           "something went wrong on our side",
	codeUnavailable:        "the database does not answer",

	codeIdempotencyKeyInUse:  "a request with this Idempotency-Key is still being processed",
	codeIdempotencyKeyReused: "this Idempotency-Key came with another request",
}

// ProblemExample is the example problem document of code, from the one
// problem table; false for a code the table does not know.
func ProblemExample(code string) (Problem, bool) {
	row, ok := problemTable[code]
	if !ok {
		return Problem{}, false
	}
	p := Problem{Type: "/problems/" + code, Title: row.title, Status: row.status, Detail: exampleDetails[code], Code: code}
	if code == codeIllegalAction {
		p.Reason = engine.ErrNoNoteTokens.Code
	}
	return p, true
}
