package engine_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// fuzzInput reads a fuzzer's bytes as a game: a header that picks the variant,
// options, table and seed, then a stream of moves. A move byte below 0x78 takes
// one of the legal actions (so the fuzzer reaches deep positions); one below
// 0x80 has a seat rearrange its hand in an order the next byte picks; any
// other is followed by a raw kind byte and three raw numbers, small or full
// 64-bit, so every out-of-range value reaches the engine.
type fuzzInput struct{ b []byte }

func (in *fuzzInput) byte() byte {
	if len(in.b) == 0 {
		return 0
	}
	x := in.b[0]
	in.b = in.b[1:]
	return x
}

func (in *fuzzInput) int() int {
	w := in.byte()
	if w&1 == 0 || len(in.b) < 8 {
		return int(int8(w) >> 1)
	}
	x := int(int64(binary.LittleEndian.Uint64(in.b)))
	in.b = in.b[8:]
	return x
}

func (in *fuzzInput) config(t *testing.T) (engine.Config, string) {
	all := variants.All()
	v := all[int(in.byte())%len(all)]
	players := 2 + int(in.byte())%5
	flags := in.byte()
	o := variants.Options{
		StormTokens: ptr(1 + int(in.byte())%3),
		NoteTokens:  ptr(1 + int(in.byte())%16),
		EmptyClues:  ptr(flags&1 == 0),
	}
	if v.HasRainbow() && flags&2 != 0 {
		o.RainbowCards = ptr(5)
	}
	return setup(t, v.Name, players, o), fmt.Sprint(in.byte(), in.byte())
}

// FuzzApply: no input panics the engine; Check, Apply, LegalActions and the
// acting seat's view agree on every move; refusals change nothing; the log
// replays to the same state. Minimizing a long input is slow, so run it as
//
//	go test -run '^$' -fuzz FuzzApply -fuzzminimizetime 2s ./engine/
func FuzzApply(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 0, 7, 1, 2})
	f.Add([]byte{1, 3, 2, 2, 0, 9, 9, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	f.Add([]byte{2, 4, 3, 1, 15, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	// Raw moves: every kind, and numbers at the edges of int.
	raw := []byte{0, 0, 0, 2, 7, 1, 1}
	for kind := range byte(6) {
		for _, n := range []int64{-1, 0, 7, 8, 63, 64, 255, 256, math.MaxInt64, math.MinInt64} {
			raw = append(raw, 0x80, kind, 1)
			raw = binary.LittleEndian.AppendUint64(raw, uint64(n))
			raw = append(raw, 2, 1)
			raw = binary.LittleEndian.AppendUint64(raw, uint64(n))
			raw = append(raw, 0) // a legal move between, to move the game on
		}
	}
	f.Add(raw)
	f.Add(append([]byte{1, 4, 1, 0, 3, 4, 4}, slices.Repeat([]byte{0x80, 3, 2, 14, 1, 0x10, 0, 0, 0, 0, 0, 0, 0}, 20)...))
	// A raw entry of no kind, for a seat that does not exist.
	f.Add([]byte("0000000\xc1000"))
	// Rearrangements in the rules' own variant, between moves.
	f.Add([]byte{0, 2, 0, 0, 7, 1, 2, 0x78, 5, 0x79, 200, 3, 0x7a, 7, 0x7a, 7, 0x7a, 7, 0x7a, 7, 0x7a, 7, 0x7a, 7, 0x7a, 7, 1, 0x7b, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &fuzzInput{data}
		cfg, seed := in.config(t)
		g, err := engine.NewSeeded(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		var legal []engine.Action
		// A game is under 200 actions; the cap keeps a huge input from
		// stalling the fuzzer on refused moves after the end.
		for moves := 0; len(in.b) > 0 && moves < 500; moves++ {
			legal = g.LegalActions(legal)
			op := in.byte()
			if op >= 0x78 && op < 0x80 {
				checkRearrange(t, g, int(op-0x78)%g.Players(), in.byte())
				continue
			}
			if op < 0x80 && len(legal) > 0 {
				a := legal[int(op)%len(legal)]
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("listed action %+v refused: %v", a, err)
				}
				continue
			}
			a := engine.Action{Kind: engine.Kind(in.byte()), Card: in.int(), Target: in.int(), Value: in.int()}
			checkRawMove(t, g, a, legal)
		}
		re, err := engine.ReplayFirst(cfg, g.Deck(), g.First(), g.Log())
		if err != nil || !reflect.DeepEqual(re, g) {
			t.Fatalf("replay: %v, equal %v", err, reflect.DeepEqual(re, g))
		}
		deck := g.Deck()
		var v engine.View
		if err := views(g, &v, deck); err != nil {
			t.Fatal(err)
		}
	})
}

// checkRawMove applies an arbitrary action: Check and Apply must agree with
// each other and with the list of legal actions, and a refusal changes nothing.
func checkRawMove(t *testing.T, g *engine.Game, a engine.Action, legal []engine.Action) {
	t.Helper()
	if a.Kind == engine.End || a.Kind == engine.Leave || a.Kind == engine.Rearrange {
		// An entry about the table, which Check (a judge of moves) does
		// not know: refused, it changes nothing.
		before := g.Clone()
		ev, err := g.Apply(a)
		var e *engine.Error
		if err != nil && (!errors.As(err, &e) || ev != (engine.Event{}) || !reflect.DeepEqual(g, before)) {
			t.Fatalf("%+v: refused with %v, but the game changed", a, err)
		}
		return
	}
	listed := slices.ContainsFunc(legal, func(l engine.Action) bool {
		if a.IsClue() {
			return l.Kind == a.Kind && l.Target == a.Target && l.Value == a.Value
		}
		return l.Kind == a.Kind && l.Card == a.Card
	})
	before := g.Clone()
	checkErr := g.Check(a)
	// The seat to act judges the move from its view alone, the same way.
	if !g.Over() {
		viewErr := g.View(g.Current()).Check(a)
		var e1, e2 *engine.Error
		if (viewErr == nil) != (checkErr == nil) || checkErr != nil && (!errors.As(viewErr, &e1) || !errors.As(checkErr, &e2) || e1 != e2) {
			t.Fatalf("%+v: game says %v, the view says %v", a, checkErr, viewErr)
		}
	}
	ev, err := g.Apply(a)
	if (checkErr == nil) != (err == nil) || (err == nil) != listed {
		t.Fatalf("%+v: Check %v, Apply %v, listed %v", a, checkErr, err, listed)
	}
	if err == nil {
		return
	}
	var e1, e2 *engine.Error
	if !errors.As(err, &e1) || !errors.As(checkErr, &e2) || e1 != e2 {
		t.Fatalf("%+v: errors %v and %v are not the same typed error", a, err, checkErr)
	}
	if ev != (engine.Event{}) || !reflect.DeepEqual(g, before) {
		t.Fatalf("%+v: refused, but the game changed", a)
	}
}

// checkRearrange has seat rearrange its hand in the order pick chooses
// (the identity among them): under the ABACUS rules it is applied unless
// the game is over, the order is the hand's own or the seat used up its
// rearrangements; refused, it changes nothing. Applied, the hand is in the
// new order with each card's knowledge, and the turn stays.
func checkRearrange(t *testing.T, g *engine.Game, seat int, pick byte) {
	t.Helper()
	hand := g.Hand(seat)
	order := slices.Clone(hand)
	for i := len(order) - 1; i > 0; i-- {
		j := int(pick) % (i + 1)
		pick = pick*37 + 11
		order[i], order[j] = order[j], order[i]
	}
	a, err := engine.RearrangeHand(seat, hand, order)
	if err != nil {
		t.Fatalf("RearrangeHand(%v, %v): %v", hand, order, err)
	}
	before := g.Clone()
	v := g.View(seat)
	ev, err := g.ApplyAs(seat, a)
	if err != nil {
		var e *engine.Error
		if !errors.As(err, &e) {
			t.Fatalf("rearrangement: untyped error %v", err)
		}
		allowed := g.Config().Rearranges() && !g.Over() && !slices.Equal(order, hand)
		if allowed && e != engine.ErrRearrangeLimit || ev != (engine.Event{}) || !reflect.DeepEqual(g, before) {
			t.Fatalf("rearrangement %v of %v: %v, or the game changed", order, hand, err)
		}
		return
	}
	if !g.Config().Rearranges() || !slices.Equal(g.Hand(seat), order) || !slices.Equal(ev.Order.IDs(), order) ||
		g.Turn() != before.Turn() || g.Current() != before.Current() {
		t.Fatalf("rearrangement %v of %v: hand %v, event %+v", order, hand, g.Hand(seat), ev)
	}
	after := g.View(seat)
	for _, cv := range v.Hand(seat) {
		i := slices.Index(order, cv.ID)
		if got := after.Hand(seat)[i]; got != cv {
			t.Fatalf("card %d was %+v, is %+v", cv.ID, cv, got)
		}
	}
}

// FuzzNew deals arbitrary decks: a deck is dealt only if it holds exactly the
// variant's cards, and nothing panics either way.
func FuzzNew(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0}, []byte{})
	f.Add([]byte{1, 0, 2, 0, 0}, []byte{0xff, 65, 1, 0xc1})
	f.Add([]byte{0, 0, 0, 0, 0}, []byte{0, 0xff, 65}) // suit -1 rank 65 once passed as red 1
	f.Add([]byte{2, 5, 1, 2, 0}, []byte{5, 1, 5, 1})
	f.Fuzz(func(t *testing.T, header, changes []byte) {
		in := &fuzzInput{header}
		cfg, _ := in.config(t)
		deck := cfg.Deck()
		// Each change is a position, a suit and a rank (signed bytes); a
		// position past the deck swaps two cards instead.
		for i := 0; i+2 < len(changes); i += 3 {
			p := int(changes[i])
			if p < len(deck) {
				deck[p] = engine.Card{Suit: int(int8(changes[i+1])), Rank: int(int8(changes[i+2]))}
			} else {
				x, y := int(changes[i+1])%len(deck), int(changes[i+2])%len(deck)
				deck[x], deck[y] = deck[y], deck[x]
			}
		}
		g, err := engine.New(cfg, deck)
		sorted := func(d []engine.Card) []engine.Card {
			d = slices.Clone(d)
			slices.SortFunc(d, func(a, b engine.Card) int {
				if a.Suit != b.Suit {
					return a.Suit - b.Suit
				}
				return a.Rank - b.Rank
			})
			return d
		}
		same := slices.Equal(sorted(deck), sorted(cfg.Deck()))
		if (err == nil) != same {
			t.Fatalf("New: %v, but the deck holds the variant's cards: %v", err, same)
		}
		if err != nil {
			return
		}
		var legal []engine.Action
		for !g.Over() {
			legal = g.LegalActions(legal)
			if _, err := g.Apply(legal[0]); err != nil {
				t.Fatal(err)
			}
		}
	})
}
