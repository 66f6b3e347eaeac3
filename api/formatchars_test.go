package api

import (
	"net/http"
	"testing"
)

// Bidirectional, invisible and other format characters (Unicode's Cf) are
// refused with 400 invalid_text in every text a person writes for others:
// a sign-up's name, a guest's name, an access token's name, a table's
// chat, the lobby's chat and a card's note. Each text is also tried
// without its format character, which passes.
func TestFormatCharactersRefused(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Host"})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		game, host := "/v1/games/"+created.Game.ID, deref(created.Token)
		for _, c := range []struct {
			what, method, path, token, field string
			extra                            map[string]any
		}{
			{"a sign-up's name", "POST", "/v1/players", "", "name", map[string]any{"password": "correct horse"}},
			{"a guest's table", "POST", "/v1/games", "", "name", map[string]any{"variant": "basic", "players": 2}},
			{"a guest's seat", "POST", game + "/seats", "", "name", nil},
			{"an access token's name", "POST", "/v1/me/tokens", alice, "name", nil},
			{"a table's chat", "POST", game + "/chat", host, "text", nil},
			{"the lobby's chat", "POST", "/v1/lobby/chat", alice, "text", nil},
			{"a note", "PUT", game + "/notes/0", host, "text", nil},
		} {
			for _, bad := range []string{"abc\u202egnp", "\u2066Bob\u2069", "Bo\u200bb", "\ufeffBob"} {
				body := map[string]any{c.field: bad}
				for k, v := range c.extra {
					body[k] = v
				}
				r := e.req(c.method, c.path, c.token, body)
				if r.status != http.StatusBadRequest || r.problem(t).Code != codeInvalidText {
					t.Fatalf("%s %q: %d %s, want 400 invalid_text", c.what, bad, r.status, r.body)
				}
			}
		}
		// The same texts without them pass (the seat that starts the game
		// before the note, which needs a game in play).
		e.expect(e.req("POST", "/v1/me/tokens", alice, map[string]any{"name": "abcgnp"}), http.StatusCreated)
		e.expect(e.req("POST", "/v1/lobby/chat", alice, map[string]any{"text": "hi 👩‍🚀"}), http.StatusCreated)
		e.expect(e.req("POST", game+"/chat", host, map[string]any{"text": "hi"}), http.StatusCreated)
		e.expect(e.req("POST", "/v1/players", "", map[string]any{"name": "Bob", "password": "correct horse"}), http.StatusCreated)
		e.expect(e.req("POST", game+"/seats", "", map[string]any{"name": "Carol"}), http.StatusCreated)
		e.expect(e.req("PUT", game+"/notes/0", host, map[string]any{"text": "red?"}), http.StatusOK)
	})
}
