package api

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
)

// The document's examples must be what a real server answers to the
// example requests: the walkthrough played through the API gives, exchange
// by exchange, the examples BuildExamples rendered (but for the random game
// id and the signed tokens).
func TestExamplesAreWhatTheServerSends(t *testing.T) {
	ex, err := BuildExamples()
	if err != nil {
		t.Fatal(err)
	}
	e := sqliteEnv(t)
	r := e.req("POST", "/v1/games", "", ex.Create)
	e.expect(r, http.StatusCreated)
	var created SeatResponse
	r.json(t, &created)
	id, alice := created.Game.ID, deref(created.Token)
	// same compares an example, its id and token made the real ones, with an answer.
	same := func(what string, example any, body []byte, token string) {
		t.Helper()
		want, err := json.Marshal(example)
		if err != nil {
			t.Fatal(err)
		}
		w := strings.NewReplacer(exampleID, id, exampleToken, token).Replace(string(want))
		var a, b any
		if err := json.Unmarshal([]byte(w), &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(body, &b); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the example differs from the answer\nexample: %s\nanswer:  %s", what, w, body)
		}
	}
	same("created", ex.Created, r.body, alice)

	r = e.req("POST", "/v1/games/"+id+"/seats", "", ex.Join)
	e.expect(r, http.StatusCreated)
	var joined SeatResponse
	r.json(t, &joined)
	bob := deref(joined.Token)
	same("joined", ex.Joined, r.body, bob)

	r = e.req("GET", "/v1/games/"+id, alice, nil)
	e.expect(r, http.StatusOK)
	same("game", ex.Game, r.body, "")

	r = e.req("POST", "/v1/games/"+id+"/actions", alice, ex.Action)
	e.expect(r, http.StatusOK)
	same("acted", ex.Acted, r.body, "")

	tokens := []string{alice, bob}
	for i, a := range exampleMoves {
		seat := (i + 1) % 2
		body := map[string]any{"type": "play", "card": a.Card}
		if a.Kind != engine.Play {
			t.Fatalf("example move %d is not a play", i)
		}
		e.expect(e.req("POST", "/v1/games/"+id+"/actions", tokens[seat], body), http.StatusOK)
	}
	r = e.req("GET", "/v1/games/"+id+"/events", "", nil)
	e.expect(r, http.StatusOK)
	same("events", ex.Events, r.body, "")
}
