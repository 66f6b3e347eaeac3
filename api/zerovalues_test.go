package api

import (
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
)

// A request that names a field with its zero value means that value: card
// 0, seat 0, target 0, false, version 0, an empty list and an empty name are
// all taken as sent, never as "absent".
func TestZeroValuesAreMeant(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	create := func(body string) SeatResponse {
		t.Helper()
		r := e.req("POST", "/v1/games", "", body)
		e.expect(r, http.StatusCreated)
		var sr SeatResponse
		r.json(t, &sr)
		return sr
	}

	sr := create(`{"variant":"basic","players":2,"options":{"empty_clues":false},"name":"","bots":[],"seed":"zero"}`)
	if sr.Game.Options.EmptyClues {
		t.Errorf("empty_clues false came back %v", sr.Game.Options.EmptyClues)
	}
	if sr.Seat == nil || *sr.Seat != 0 || sr.Token == nil {
		t.Fatalf("the creator got seat %v, token %v", sr.Seat, sr.Token)
	}
	id, alice := sr.Game.ID, *sr.Token

	r := e.req("POST", "/v1/games/"+id+"/seats", "", `{"name":""}`)
	e.expect(r, http.StatusCreated)
	var joined SeatResponse
	r.json(t, &joined)
	bob := deref(joined.Token)

	// Version 0 is a real version, long past: the move must not apply.
	r = e.req("POST", "/v1/games/"+id+"/actions", alice, `{"type":"play","card":0,"version":0}`)
	e.expect(r, http.StatusConflict)
	if p := r.problem(t); p.Code != codeStaleVersion {
		t.Errorf("version 0: %s, want %s", p.Code, codeStaleVersion)
	}
	// Seat 0 was dealt card 0.
	r = e.req("POST", "/v1/games/"+id+"/actions", alice, `{"type":"play","card":0}`)
	e.expect(r, http.StatusOK)
	var ar ActionResponse
	r.json(t, &ar)
	if ar.Event.Card == nil || ar.Event.Card.ID != 0 {
		t.Errorf("played %+v, want card 0", ar.Event.Card)
	}
	r = e.req("POST", "/v1/games/"+id+"/actions", bob, `{"type":"clue","target":0,"rank":1}`)
	if r.status != http.StatusOK && r.status != http.StatusUnprocessableEntity {
		t.Fatalf("a clue to seat 0: %d %s", r.status, r.body)
	}
	if r.status == http.StatusUnprocessableEntity {
		if p := r.problem(t); p.Reason != "empty_clue" {
			t.Errorf("a clue to seat 0 refused for %q; only an empty clue may be", p.Reason)
		}
	}

	// A bot in seat 0: the creator only watches.
	sr = create(`{"variant":"basic","players":2,"bots":[{"seat":0,"strategy":"random"},{"seat":1,"strategy":"random"}]}`)
	if sr.Seat != nil || sr.Token != nil {
		t.Errorf("a table of bots gave the creator seat %v, token %v", sr.Seat, sr.Token)
	}
}
