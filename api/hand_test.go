package api

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/hanablive"
	"github.com/hanabi-server/hanabi/variants"
)

// rearrange puts seat's hand in order through PUT /games/{id}/hand and
// mirrors it locally; it returns the seat's view from the answer.
func (tb *table) rearrange(seat int, order []int) *GameView {
	tb.e.t.Helper()
	r := tb.e.req("PUT", "/v1/games/"+tb.id+"/hand", tb.tokens[seat], map[string]any{"order": order})
	tb.e.expect(r, http.StatusOK)
	var got GameResponse
	r.json(tb.e.t, &got)
	a, err := engine.RearrangeHand(seat, tb.local.Hand(seat), order)
	if err != nil {
		tb.e.t.Fatal(err)
	}
	if _, err := tb.local.ApplyAs(seat, a); err != nil {
		tb.e.t.Fatalf("local rearrangement: %v", err)
	}
	return got.Game
}

// handOf is the card ids of seat's hand as view lists them.
func handOf(v *GameView, seat int) []int {
	var ids []int
	for _, h := range v.Hands {
		if h.Seat == seat {
			for _, c := range h.Cards {
				ids = append(ids, c.ID)
			}
		}
	}
	return ids
}

// backwards is ids in the other order.
func backwards(ids []int) []int {
	out := slices.Clone(ids)
	slices.Reverse(out)
	return out
}

// TestRearrangeHand: a seat that is not to act rearranges its hand; every
// view shows the new order (its own cards still hidden from it), the turn
// stays, the events, the replay and the hanab.live export (which leaves it
// out and still imports back) all tell it, on every backend.
func TestRearrangeHand(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("farbrausch", 3, variants.Options{}, "rearrange")
		tb.act(tb.pick())
		seat := (tb.local.Current() + 1) % 3 // not to act
		before := e.req("GET", "/v1/games/"+tb.id, "", nil)
		var was GameView
		before.json(t, &was)

		order := backwards(tb.local.Hand(seat))
		g := tb.rearrange(seat, order)
		if g.Version != was.Version+1 || g.Turn != was.Turn || deref(g.CurrentSeat) != deref(was.CurrentSeat) {
			t.Fatalf("after the rearrangement: version %d (was %d), turn %d (was %d), seat %v to act (was %v)",
				g.Version, was.Version, g.Turn, was.Turn, g.CurrentSeat, was.CurrentSeat)
		}
		for viewer := -1; viewer < 3; viewer++ {
			token := ""
			if viewer >= 0 {
				token = tb.tokens[viewer]
			}
			r := e.req("GET", "/v1/games/"+tb.id, token, nil)
			e.expect(r, http.StatusOK)
			var v GameView
			r.json(t, &v)
			if got := handOf(&v, seat); !slices.Equal(got, order) {
				t.Fatalf("viewer %d sees seat %d's hand as %v, want %v", viewer, seat, got, order)
			}
			if viewer >= 0 {
				if l := leaks(t, r.body, tb.ownCards(viewer)); len(l) > 0 {
					t.Fatalf("viewer %d sees its own cards at %v", viewer, l)
				}
			}
		}

		// The same order again changes nothing.
		r := e.req("PUT", "/v1/games/"+tb.id+"/hand", tb.tokens[seat], map[string]any{"order": order})
		e.expect(r, http.StatusOK)
		var same GameResponse
		r.json(t, &same)
		if same.Game.Version != g.Version {
			t.Fatalf("the same order again: version %d, was %d", same.Game.Version, g.Version)
		}
		// A condition on another version is refused; one on the version is met.
		body := map[string]any{"order": backwards(order), "version": g.Version - 1}
		e.expect(e.req("PUT", "/v1/games/"+tb.id+"/hand", tb.tokens[seat], body), http.StatusConflict)
		e.expect(e.req("PUT", "/v1/games/"+tb.id+"/hand", tb.tokens[seat], map[string]any{"order": backwards(order)},
			"If-Match", `"`+strconv.FormatInt(g.Version-1, 10)+`"`), http.StatusPreconditionFailed)
		// The seat to act rearranges too, on its own turn.
		mover := tb.local.Current()
		tb.rearrange(mover, backwards(tb.local.Hand(mover)))

		r = e.req("GET", "/v1/games/"+tb.id+"/events", tb.tokens[seat], nil)
		e.expect(r, http.StatusOK)
		var evs EventsResponse
		r.json(t, &evs)
		if len(evs.Events) != 3 {
			t.Fatalf("%d events, want the move and two rearrangements", len(evs.Events))
		}
		ev := evs.Events[1]
		if ev.Type != "rearrange" || ev.Seq != 2 || ev.Turn != 1 || deref(ev.Seat) != seat || !slices.Equal(ev.Order, order) {
			t.Fatalf("event %+v", ev)
		}

		// Play on to the end, rearranging now and then.
		moves := 1
		for i := 0; !tb.local.Over(); i++ {
			if i%4 == 0 {
				s := i % 3
				if h := tb.local.Hand(s); len(h) > 1 {
					tb.rearrange(s, append(h[1:len(h):len(h)], h[0]))
				}
			}
			tb.act(tb.pick())
			moves++
		}
		// A finished game is over for its hands too.
		r = e.req("PUT", "/v1/games/"+tb.id+"/hand", tb.tokens[seat], map[string]any{"order": backwards(tb.local.Hand(seat))})
		e.expect(r, http.StatusConflict)
		if p := r.problem(t); p.Code != codeGameNotActive {
			t.Fatalf("code %s", p.Code)
		}

		r = e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil)
		e.expect(r, http.StatusOK)
		var rv ReplayView
		r.json(t, &rv)
		log := tb.local.Log()
		if len(rv.Actions) != len(log) {
			t.Fatalf("%d replay actions for %d entries", len(rv.Actions), len(log))
		}
		re, err := engine.NewFirst(tb.cfg, tb.local.Deck(), tb.local.First())
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range log {
			ev, err := re.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			ra := rv.Actions[i]
			if (ra.Type == "rearrange") != (a.Kind == engine.Rearrange) {
				t.Fatalf("replay action %d: %+v for %v", i, ra, a.Kind)
			}
			if a.Kind == engine.Rearrange && (ra.Seat != a.Target || !slices.Equal(ra.Order, ev.Order.IDs())) {
				t.Fatalf("replay action %d: %+v, want seat %d order %v", i, ra, a.Target, ev.Order.IDs())
			}
			if a.Kind != engine.Rearrange && ra.Order != nil {
				t.Fatalf("replay action %d of type %s has an order", i, ra.Type)
			}
		}
		if rv.Actions[1].Type != "rearrange" || !slices.Equal(rv.Actions[1].Order, order) {
			t.Fatalf("replay action 1: %+v", rv.Actions[1])
		}

		r = e.req("GET", "/v1/games/"+tb.id+"/replay?format=hanablive", "", nil)
		e.expect(r, http.StatusOK)
		var live hanablive.Game
		r.json(t, &live)
		if len(live.Actions) != moves {
			t.Fatalf("%d hanab.live actions for %d moves", len(live.Actions), moves)
		}
		r = e.req("POST", "/v1/replays", "", r.body)
		e.expect(r, http.StatusOK)
		var imp ImportResponse
		r.json(t, &imp)
		if res := imp.Game.Result; res == nil || res.Score != tb.local.Score() || imp.Game.Turn != tb.local.Turn() {
			t.Fatalf("re-imported result %+v at turn %d, want score %d at turn %d", res, imp.Game.Turn, tb.local.Score(), tb.local.Turn())
		}
	})
}

// TestRearrangeHandRefusals: every refusal of PUT /games/{id}/hand.
func TestRearrangeHandRefusals(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "refusals")
	other := e.newTable("basic", 2, variants.Options{}, "other")
	live := e.newTable("no-variant", 2, variants.Options{}, "live")
	hand := tb.local.Hand(0)
	var was GameView
	e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &was)
	for _, tc := range []struct {
		name, id, token string
		body            any
		status          int
		code, reason    string
	}{
		{"no token", tb.id, "", map[string]any{"order": backwards(hand)}, http.StatusUnauthorized, codeUnauthorized, ""},
		{"another game's token", tb.id, other.tokens[0], map[string]any{"order": backwards(hand)}, http.StatusForbidden, codeForbidden, ""},
		{"another seat's cards", tb.id, tb.tokens[1], map[string]any{"order": backwards(hand)}, http.StatusUnprocessableEntity, codeIllegalAction, "bad_order"},
		{"a card missing", tb.id, tb.tokens[0], map[string]any{"order": hand[1:]}, http.StatusUnprocessableEntity, codeIllegalAction, "bad_order"},
		{"a card twice", tb.id, tb.tokens[0], map[string]any{"order": append(hand[1:len(hand):len(hand)], hand[1])}, http.StatusUnprocessableEntity, codeIllegalAction, "bad_order"},
		{"no order", tb.id, tb.tokens[0], map[string]any{}, http.StatusBadRequest, codeBadRequest, ""},
		{"an order of null", tb.id, tb.tokens[0], map[string]any{"order": nil}, http.StatusBadRequest, codeBadRequest, ""},
		{"hanab.live's rules", live.id, live.tokens[1], map[string]any{"order": backwards(live.local.Hand(1))}, http.StatusUnprocessableEntity, codeIllegalAction, "no_rearrange"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.req("PUT", "/v1/games/"+tc.id+"/hand", tc.token, tc.body)
			e.expect(r, tc.status)
			if p := r.problem(t); p.Code != tc.code || p.Reason != tc.reason {
				t.Fatalf("code %s reason %s, want %s %s", p.Code, p.Reason, tc.code, tc.reason)
			}
		})
	}
	// None of that changed a hand.
	r := e.req("GET", "/v1/games/"+tb.id, "", nil)
	var g GameView
	r.json(t, &g)
	if g.Version != was.Version || !slices.Equal(handOf(&g, 0), hand) {
		t.Fatalf("version %d, hand %v", g.Version, handOf(&g, 0))
	}
	// A seventh rearrangement before the next move is one too many.
	for range engine.MaxRearranges {
		h := tb.local.Hand(1)
		tb.rearrange(1, append(h[1:len(h):len(h)], h[0]))
	}
	h := tb.local.Hand(1)
	r = e.req("PUT", "/v1/games/"+tb.id+"/hand", tb.tokens[1], map[string]any{"order": append(h[1:len(h):len(h)], h[0])})
	e.expect(r, http.StatusUnprocessableEntity)
	if p := r.problem(t); p.Reason != "rearrange_limit" {
		t.Fatalf("reason %s", p.Reason)
	}
}
