package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// rearranged is the action by which seat puts its hand in order; the order
// must be a good one.
func rearranged(t testing.TB, g *engine.Game, seat int, order ...int) engine.Action {
	t.Helper()
	a, err := engine.RearrangeHand(seat, g.Hand(seat), order)
	if err != nil {
		t.Fatalf("RearrangeHand(%d, %v, %v): %v", seat, g.Hand(seat), order, err)
	}
	return a
}

// TestRearrange: under the ABACUS rules a seat puts its hand in any order
// at any time, its turn or not; the whole table sees the new order, the
// turn does not pass, and the knowledge of each card goes with it.
func TestRearrange(t *testing.T) {
	for _, variant := range []string{"basic", "farbrausch", "farbrausch2"} {
		t.Run(variant, func(t *testing.T) {
			cfg := setup(t, variant, 3, variants.Options{})
			if !cfg.Rearranges() {
				t.Fatal("the rule book's variant does not rearrange")
			}
			// Seat 0 holds ids 4..0 newest first: 0 and 1 are red, 2 is a 1.
			g := deal(t, cfg, c(red, 1), c(red, 2), c(blue, 1), c(green, 3), c(white, 4))
			apply(t, g, engine.ClueColor(1, red)) // seat 0 clues seat 1: seat 1's turn
			apply(t, g, engine.ClueColor(0, red)) // seat 1 clues seat 0 red: ids 0 and 1
			before := g.View(0)
			know := map[int]engine.CardView{}
			for _, cv := range before.Hand(0) {
				know[cv.ID] = cv
			}
			turn, cur, notes, log := g.Turn(), g.Current(), g.NoteTokens(), len(g.Log())
			// Seat 0 moves its two red cards to the front, on seat 2's turn.
			order := ids(0, 1, 4, 3, 2)
			a := rearranged(t, g, 0, order...)
			ev, err := g.ApplyAs(0, a)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ev.Order.IDs(), order) || ev.Seat != 0 || ev.Turn != turn || ev.Drawn != -1 || ev.NoteTokens != notes || ev.Over {
				t.Fatalf("event %+v", ev)
			}
			if !slices.Equal(g.Hand(0), order) {
				t.Fatalf("hand %v, want %v", g.Hand(0), order)
			}
			if g.Turn() != turn || g.Current() != cur || len(g.Log()) != log+1 || g.Log()[log] != a {
				t.Fatalf("turn %d seat %d log %v: the turn passed", g.Turn(), g.Current(), g.Log())
			}
			for _, seat := range []int{engine.Public, 0, 1, 2} {
				v := g.View(seat)
				var got []int
				for _, cv := range v.Hand(0) {
					got = append(got, cv.ID)
					k := know[cv.ID]
					if cv.Possible != k.Possible || cv.Suits != k.Suits || cv.Ranks != k.Ranks {
						t.Fatalf("seat %d sees card %d's knowledge %+v, was %+v", seat, cv.ID, cv, k)
					}
					if cv.Known != (seat == 1 || seat == 2) {
						t.Fatalf("seat %d sees card %d: %+v", seat, cv.ID, cv)
					}
				}
				if !slices.Equal(got, order) {
					t.Fatalf("seat %d sees seat 0's hand as %v", seat, got)
				}
			}
			// The red cards are still the ones a play of them plays.
			apply(t, g, engine.DiscardCard(g.Hand(2)[0])) // seat 2
			ev = apply(t, g, engine.PlayCard(0))          // seat 0 plays red 1
			if !ev.Success || ev.Card != c(red, 1) {
				t.Fatalf("play of card 0: %+v", ev)
			}
			// The draw goes to the front of the order the seat chose.
			if want := append([]int{ev.Drawn}, 1, 4, 3, 2); !slices.Equal(g.Hand(0), want) {
				t.Fatalf("after the draw %v, want %v", g.Hand(0), want)
			}
			// The log replays to the same game.
			re, err := engine.ReplayFirst(cfg, g.Deck(), g.First(), g.Log())
			if err != nil || !reflect.DeepEqual(re, g) {
				t.Fatalf("replay: %v", err)
			}
		})
	}
}

// TestRearrangeRefused: every way to get a rearrangement wrong is refused
// with its code, and changes nothing.
func TestRearrangeRefused(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	fresh := func() *engine.Game { return deal(t, cfg) } // seat 0: ids 4..0, seat 1: 9..5
	hand := ids(4, 3, 2, 1, 0)
	for _, tt := range []struct {
		name  string
		order []int
	}{
		{"missing id", ids(4, 3, 2, 1)},
		{"extra id", ids(4, 3, 2, 1, 0, 5)},
		{"duplicate", ids(4, 3, 2, 1, 1)},
		{"another seat's card", ids(4, 3, 2, 1, 5)},
		{"no card", ids(0, 1, 2, 3, 63)},
		{"empty", nil},
	} {
		if _, err := engine.RearrangeHand(0, hand, tt.order); err == nil {
			t.Errorf("%s: %v accepted", tt.name, tt.order)
		} else {
			wantErr(t, err, engine.ErrBadOrder)
		}
	}
	ok, err := engine.RearrangeHand(0, hand, ids(0, 1, 2, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		seat int
		a    engine.Action
		want *engine.Error
	}{
		{"not a permutation", 0, engine.Action{Kind: engine.Rearrange, Target: 0, Value: 0}, engine.ErrBadOrder},
		{"past the hand", 0, engine.Action{Kind: engine.Rearrange, Target: 0, Value: ok.Value | 1<<15}, engine.ErrBadOrder},
		{"position past the hand", 0, engine.Action{Kind: engine.Rearrange, Target: 0, Value: 5 | 1<<3 | 2<<6 | 3<<9 | 4<<12}, engine.ErrBadOrder},
		{"negative", 0, engine.Action{Kind: engine.Rearrange, Target: 0, Value: -1}, engine.ErrBadOrder},
		{"same order", 0, engine.Action{Kind: engine.Rearrange, Target: 0, Value: 0 | 1<<3 | 2<<6 | 3<<9 | 4<<12}, engine.ErrSameOrder},
		{"no such seat", 2, engine.Action{Kind: engine.Rearrange, Target: 2, Value: ok.Value}, engine.ErrNoSuchSeat},
		{"another seat's hand", 1, ok, engine.ErrNotYourHand},
	} {
		g := fresh()
		before := g.Clone()
		ev, err := g.ApplyAs(tt.seat, tt.a)
		if err == nil {
			t.Fatalf("%s: applied", tt.name)
		}
		wantErr(t, err, tt.want)
		if ev != (engine.Event{}) || !reflect.DeepEqual(g, before) {
			t.Fatalf("%s: refused, but the game changed", tt.name)
		}
	}

	// A finished game is over for rearrangements too.
	g := fresh()
	apply(t, g, engine.EndGame(0, engine.EndTerminated))
	_, err = g.ApplyAs(0, ok)
	wantErr(t, err, engine.ErrGameOver)

	// hanab.live's rules have no rearranging.
	live := setup(t, "no-variant", 2, variants.Options{})
	if live.Rearranges() {
		t.Fatal("a catalogue variant rearranges")
	}
	g = deal(t, live)
	back := g.Hand(0)
	slices.Reverse(back)
	a, err := engine.RearrangeHand(0, g.Hand(0), back)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.ApplyAs(0, a)
	wantErr(t, err, engine.ErrNoRearrange)
}

// TestRearrangeLimit: a seat rearranges at most MaxRearranges times between
// two moves; any move, its own or another seat's, opens a new allowance.
func TestRearrangeLimit(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	g := deal(t, cfg)
	swap := func(seat int) error {
		h := g.Hand(seat)
		h[0], h[1] = h[1], h[0]
		_, err := g.ApplyAs(seat, rearranged(t, g, seat, h...))
		return err
	}
	for i := range engine.MaxRearranges {
		if err := swap(1); err != nil {
			t.Fatalf("rearrangement %d: %v", i, err)
		}
	}
	wantErr(t, swap(1), engine.ErrRearrangeLimit)
	if err := swap(0); err != nil { // each seat has its own
		t.Fatal(err)
	}
	apply(t, g, engine.ClueRank(1, 1))
	if err := swap(1); err != nil {
		t.Fatal(err)
	}
	re, err := engine.ReplayFirst(cfg, g.Deck(), g.First(), g.Log())
	if err != nil || !reflect.DeepEqual(re, g) {
		t.Fatalf("replay: %v", err)
	}
}

// TestRearrangeAt: a past turn holds the rearrangements made before the
// next move, and a spectator's view of it shows their order.
func TestRearrangeAt(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	g := deal(t, cfg)
	apply(t, g, rearranged(t, g, 1, 5, 6, 7, 8, 9))
	apply(t, g, engine.ClueRank(1, 1))
	apply(t, g, rearranged(t, g, 0, 0, 1, 2, 3, 4))
	past, err := g.At(0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(past.Hand(1), ids(5, 6, 7, 8, 9)) || !slices.Equal(past.Hand(0), ids(4, 3, 2, 1, 0)) {
		t.Fatalf("turn 0: hands %v and %v", past.Hand(0), past.Hand(1))
	}
	now, err := g.At(1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(now.Hand(0), ids(0, 1, 2, 3, 4)) {
		t.Fatalf("turn 1: hand %v", now.Hand(0))
	}
}
