package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"

	"github.com/hanabi-server/hanabi/api"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// examples puts real answers into the document: the README's walkthrough
// (Farbrausch² for two, 2 storm tokens, seed "walkthrough") played against
// a server of its own, in memory, so that every example request is legal in
// the example game and every example answer is what the server sent.
func examples(doc obj) error {
	ex, err := walkthrough()
	if err != nil {
		return fmt.Errorf("examples: %w", err)
	}
	paths := doc["paths"].(obj)
	for _, e := range ex {
		op, ok := paths[e.path].(obj)[e.method].(obj)
		if !ok {
			return fmt.Errorf("examples: no operation %s %s", e.method, e.path)
		}
		var media obj
		if e.where == "request" {
			media, _ = op["requestBody"].(obj)["content"].(obj)["application/json"].(obj)
		} else {
			r, _ := op["responses"].(obj)[e.where].(obj)
			media, _ = r["content"].(obj)["application/json"].(obj)
		}
		if media == nil {
			return fmt.Errorf("examples: %s %s has no JSON %s", e.method, e.path, e.where)
		}
		var generic any
		if err := json.Unmarshal(e.body, &generic); err != nil {
			return fmt.Errorf("examples: %s %s %s: %w", e.method, e.path, e.where, err)
		}
		media["example"] = generic
	}
	return problemExamples(paths)
}

// example is one request's or answer's body, for an operation's place in
// the document.
type example struct {
	path, method, where string
	body                []byte
}

// The random game id and the signed tokens of the walkthrough are replaced
// by these, so that the document is the same every time.
const (
	exampleID    = "k3j9x0c2m4n5b6v7"
	exampleToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJnYW1lIjoiazNqOXgwYzJtNG41YjZ2NyIsInNlYXQiOjB9.c2lnbmF0dXJl"
)

// walkthrough plays the README's walkthrough (Alice creates the game, Bob
// joins, Alice reads her view and clues Bob red, then Bob plays his
// rainbow 1 and both misplay, which ends the game) and returns the bodies
// exchanged, its id and tokens replaced.
func walkthrough() ([]example, error) {
	ctx := context.Background()
	store, err := models.Open(ctx, ":memory:")
	if err != nil {
		return nil, err
	}
	defer store.Close()
	games, err := play.New(play.Config{Store: store, SweepEvery: -1})
	if err != nil {
		return nil, err
	}
	defer games.Shutdown(ctx)
	srv, err := api.New(ctx, api.Config{Games: games, Keys: games, Probe: games, Secret: []byte("examples-secret-examples-secret-examples")})
	if err != nil {
		return nil, err
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	var out []example
	var id string
	var tokens []string
	exchange := func(path, method, wantPath, token string, req any, status int) ([]byte, error) {
		var body io.Reader
		if req != nil {
			data, err := json.Marshal(req)
			if err != nil {
				return nil, err
			}
			out = append(out, example{wantPath, method, "request", data})
			body = bytes.NewReader(data)
		}
		r, err := http.NewRequest(strings.ToUpper(method), hs.URL+"/v1"+path, body)
		if err != nil {
			return nil, err
		}
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		data, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != status {
			return nil, fmt.Errorf("%s %s: %d %s %v", method, path, res.StatusCode, data, err)
		}
		return data, nil
	}
	keep := func(path, method, where string, data []byte) {
		pairs := []string{id, exampleID}
		for _, t := range tokens {
			pairs = append(pairs, t, exampleToken)
		}
		out = append(out, example{path, method, where, []byte(strings.NewReplacer(pairs...).Replace(string(data)))})
	}
	var seat struct {
		Game  struct{ ID string }
		Token string
	}
	create := api.CreateGameRequest{Variant: "farbrausch2", Players: 2, Options: variants.Options{StormTokens: ptr(2)}, Seed: ptr("walkthrough"), Name: "Alice"}
	data, err := exchange("/games", "post", "/games", "", create, http.StatusCreated)
	if err != nil || json.Unmarshal(data, &seat) != nil {
		return nil, fmt.Errorf("create: %v", err)
	}
	id, tokens = seat.Game.ID, []string{seat.Token}
	keep("/games", "post", "201", data)
	if data, err = exchange("/games/"+id+"/seats", "post", "/games/{id}/seats", "", api.JoinRequest{Name: "Bob"}, http.StatusCreated); err != nil || json.Unmarshal(data, &seat) != nil {
		return nil, fmt.Errorf("join: %v", err)
	}
	tokens = append(tokens, seat.Token)
	keep("/games/{id}/seats", "post", "201", data)
	if data, err = exchange("/games/"+id, "get", "", tokens[0], nil, http.StatusOK); err != nil {
		return nil, err
	}
	keep("/games/{id}", "get", "200", data)
	clue := api.ClueAction{Type: "clue", Target: 1, Color: ptr("red")}
	if data, err = exchange("/games/"+id+"/actions", "post", "/games/{id}/actions", tokens[0], clue, http.StatusOK); err != nil {
		return nil, err
	}
	keep("/games/{id}/actions", "post", "200", data)
	n := len(out)
	for i, card := range []int{6, 3, 9} {
		if _, err := exchange("/games/"+id+"/actions", "post", "", tokens[(i+1)%2], api.PlayAction{Type: "play", Card: card}, http.StatusOK); err != nil {
			return nil, err
		}
	}
	out = out[:n] // these requests are no examples
	if data, err = exchange("/games/"+id+"/events", "get", "", "", nil, http.StatusOK); err != nil {
		return nil, err
	}
	if !strings.Contains(string(data), `"game_over"`) {
		return nil, fmt.Errorf("the example game has not ended: %s", data)
	}
	keep("/games/{id}/events", "get", "200", data)
	return out, nil
}

func ptr[T any](v T) *T { return &v }

// problemExamples gives every error response the example problems of the
// codes its description names, and checks that the one problem table maps
// each of them to that response's status.
func problemExamples(paths obj) error {
	for path, pi := range paths {
		for method, op := range pi.(obj) {
			resp, _ := op.(obj)["responses"].(obj)
			for status, r := range resp {
				content, _ := r.(obj)["content"].(obj)
				media, ok := content[problemJSON].(obj)
				if !ok {
					continue
				}
				desc, _ := r.(obj)["description"].(string)
				examples := obj{}
				for _, word := range strings.FieldsFunc(desc, func(r rune) bool { return r != '_' && (r < 'a' || r > 'z') }) {
					p, ok := api.ProblemOf(word, exampleDetails[word])
					if !ok {
						continue
					}
					if word == "illegal_action" {
						p.Reason = engine.ErrNoNoteTokens.Code
					}
					if strconv.Itoa(p.Status) != status {
						return fmt.Errorf("%s %s: %s is %d, not %s", method, path, word, p.Status, status)
					}
					examples[word] = obj{"value": generic(p)}
				}
				switch len(examples) {
				case 0:
					return fmt.Errorf("%s %s: the %s response names no problem code", method, path, status)
				case 1:
					for _, e := range examples {
						media["example"] = e.(obj)["value"]
					}
				default:
					media["examples"] = examples
				}
			}
		}
	}
	return nil
}

// exampleDetails are the details of the document's example problems.
var exampleDetails = map[string]string{
	"bad_request":         "field players must be an integer, not string",
	"unauthorized":        "the seat token has expired",
	"forbidden":           "this token is for another game",
	"not_found":           "no such game",
	"method_not_allowed":  "this resource does not take PUT",
	"not_your_turn":       "seat 1 is to act, not seat 0",
	"stale_version":       "the move is for version 16 but the game is at version 17",
	"game_not_active":     "the game is finished",
	"game_full":           "every seat is taken",
	"precondition_failed": "the game is at version 17, which the move's condition does not name",
	"illegal_action":      engine.ErrNoNoteTokens.Msg,
	"rate_limited":        "too many requests; retry after 1s",
	"internal":            "something went wrong on our side",
	"unavailable":         "the database does not answer",
	"busy":                "as much of this work as the server takes at once is under way: retry after Retry-After",

	"idempotency_key_in_use": "a request with this Idempotency-Key is still being processed",
	"idempotency_key_reused": "this Idempotency-Key came with another request",
}

func generic(v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	return out
}
