package api

import (
	"errors"
	"testing"
)

// FuzzDecodeAction: whatever the bytes, the decoder never panics, and it
// either refuses them as a client error or returns a well-formed move.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{
		`{"type":"play","card":13}`,
		`{"type":"discard","card":0,"version":17}`,
		`{"type":"clue","target":2,"color":"blue"}`,
		`{"type":"clue","target":2,"rank":3}`,
		`{"type":"clue","target":2,"rank":3,"color":"red"}`,
		`{"type":"clue"}`,
		`{"type":"play","card":1e400}`,
		`{"type":"play","card":-1}`,
		`{"type":null,"card":null}`,
		`{"type":"play","card":1}{"type":"play"}`,
		`[]`, `null`, `""`, `{`, ``, "\x00", `{"type":"\ud800"}`,
		`{"type":"play","card":1,"extra":true}`,
		`{"TYPE":"play","Card":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := decodeAction(data)
		if err != nil {
			var ae *apiError
			if !errors.As(err, &ae) {
				t.Fatalf("error %v is not a problem", err)
			}
			if ae.code != codeBadRequest && !(ae.code == codeIllegalAction && ae.reason == "bad_clue") {
				t.Fatalf("code %s for %q", ae.code, data)
			}
			if ae.detail == "" {
				t.Fatalf("no detail for %q", data)
			}
			return
		}
		switch req.Type {
		case "play", "discard":
			if req.Card == nil || req.Target != nil || req.Color != nil || req.Rank != nil {
				t.Fatalf("accepted %+v", req)
			}
		case "clue":
			if req.Target == nil || req.Card != nil || (req.Color == nil) == (req.Rank == nil) {
				t.Fatalf("accepted %+v", req)
			}
		default:
			t.Fatalf("accepted type %q", req.Type)
		}
		if req.Version != nil && *req.Version < 0 {
			t.Fatalf("accepted version %d", *req.Version)
		}
	})
}

// TestLeaksFinds makes sure the leak detector the security tests rely on
// does detect a leak.
func TestLeaksFinds(t *testing.T) {
	hidden := map[int]bool{7: true}
	for doc, want := range map[string]int{
		`{"hands":[{"cards":[{"id":7,"suit":null,"rank":null}]}]}`:  0,
		`{"hands":[{"cards":[{"id":7,"suit":"red","rank":null}]}]}`: 1,
		`{"event":{"card":{"id":7,"suit":"red","rank":1}}}`:         1,
		`{"deck":[{"id":6,"suit":"red","rank":1}]}`:                 0,
		`[{"id":7,"rank":2}]`:                                       1,
		`{"drawn":7}`:                                               0,
	} {
		if got := len(leaks(t, []byte(doc), hidden)); got != want {
			t.Errorf("%s: %d leaks, want %d", doc, got, want)
		}
	}
}
