package bots

import (
	"strings"
	"testing"
)

// hgDocPositions are positions of the beginner's guide at hanabi.github.io
// (docs/beginner/<doc>), each with the move or the reading the guide's
// answer gives. Where the guide asks what the giver should do, the giver is
// the viewer ("give"); where it asks what a clue means, its reader is
// ("read"). Hands are transcribed from the guide's pictures; cards the
// guide leaves blank are filled with cards that no longer matter.
var hgDocPositions = []hgPos{
	// 2 saves.
	{doc: "2-save-question-1 (read)", stacks: "r3 y0 g0 b1 p2", viewer: 1, clue: "Alice 2 Bob",
		hands: []string{"x x x x x", "x x x x! x", "y5 y1* r3 r2 b2"}, note: "Bob 4: y2 b2"},
	{doc: "2-save-question-2 (read)", stacks: "r0 y1 g2 b0 p0", viewer: 1, clue: "Alice 2 Bob",
		hands: []string{"x x x x x", "1*+ x x x x!", "g5 b3 g4 p3 p3"}, note: "Bob 5: r2 y2 b2 p2", want: "play 1"},
	{doc: "2-save-question-3 (give)", stacks: "r0 y0 g0 b2 p1",
		hands: []string{"x x x 5* 5*", "r4 p3 y2 r2 g2", "y5 g2 g1 g1 y2"}, want: "discard 3"},
	// 5 saves.
	{doc: "5-save-question-1 (give)", stacks: "r1 y2 g0 b1 p1", trash: "g3",
		hands: []string{"x x x x", "p4 g4 y5 y1", "y4 g4 g3* g2*", "p5 b5 p3 p3"}, want: "discard 4"},
	{doc: "5-save-question-2 (give)", stacks: "r1 y0 g0 b3 p2",
		hands: []string{"x x x x", "r1 p5 g5 y2", "r4 y5 b5* y2*"}, want: "clue Cathy 5"},
	// Clue interpretation.
	{doc: "clue-interpretation-question-1 (read)", stacks: "r1 y3 g2 b3 p1", trash: "g1 b2 g3", viewer: 2, clue: "Alice green Cathy",
		hands: []string{"x x x x", "x x x x", "x x x! x!", "b3 g2 p3* r3*"}, note: "Cathy 4: g3", want: "play 4"},
	{doc: "clue-interpretation-question-2 (read)", stacks: "r2 y1 g1 b2 p3", viewer: 1, clue: "Alice 2 Bob",
		hands: []string{"x x x x x", "x x x x x!", "x x x x x"}, note: "Bob 5: y2 g2", want: "play 5"},
	{doc: "clue-interpretation-question-3 (read)", stacks: "r1 y0 g3 b5 p4", viewer: 1, clue: "Alice red Bob",
		hands: []string{"x x x x x", "x x! x! 2*! 5*!", "x x x x x"}, note: "Bob 3: r3", want: "play 4"},
	{doc: "clue-interpretation-question-4 (read)", stacks: "r5 y0 g2 b1 p2", trash: "b3 b4", viewer: 1, clue: "Alice blue Bob",
		hands: []string{"x x x x x", "x x x! x! 2*!", "x x x x x"}, note: "Bob 4: b3 b4", want: "play 5"},
	// Critical saves.
	{doc: "critical-save-question-1 (read)", stacks: "r1 y2 g0 b0 p3", trash: "g3", viewer: 1, clue: "Alice 3 Bob",
		hands: []string{"x x x x x", "x x x! 4* 4*", "p4 r2* y1 y2 y4"}, note: "Bob 3: r3 y3 g3", want: "no play"},
	{doc: "critical-save-question-2 (give)", stacks: "r4 y0 g1 b2 p0", trash: "p3 p4", clues: 2,
		hands: []string{"x x x x x", "x x x x x", "r1 r1 g4 p3 p5"}, want: "clue Cathy 5"},
	{doc: "critical-save-question-3 (read)", stacks: "r2 y0 g1 b4 p3", trash: "y3 y4", viewer: 1, clue: "Alice yellow Bob",
		hands: []string{"x x x x x", "x x x x! 3*", "g3 g4 y3 g1 p1"}, note: "Bob 4: y1 y4", want: "no play"},
	{doc: "critical-save-question-4 (read)", stacks: "r0 y2 g2 b2 p2", trash: "r2", viewer: 1, clue: "Alice red Bob",
		hands: []string{"x x x x x", "x x x x x!", "p1 g1 b2 b1 g2"}, note: "Bob 5: r1 r2", want: "no play"},
	// Delayed play clues.
	{doc: "delayed-play-clues-question-1 (read)", stacks: "r1 y4 g4 b2 p3", viewer: 2, clue: "Bob red Cathy",
		hands: []string{"x x x x", "x x x x", "x x x! x", "x r2*r+ x x"}, note: "Cathy 3: r3", want: "no play"},
	{doc: "delayed-play-clues-question-2 (read)", stacks: "r0 y1 g0 b2 p2", viewer: 1, clue: "Alice 3 Bob",
		hands: []string{"x x x x x", "x! x x x x", "x x r1*1+ g1*1+ x"}, note: "Bob 1: b3 p3", want: "play 1"},
	{doc: "delayed-play-clues-question-3 (read)", stacks: "r3 y1 g0 b2 p3", viewer: 1, clue: "Alice 4 Bob",
		hands: []string{"x x x x", "x! x x x", "r1 y2* y3* g5*", "p5 g2 p1 b3*"}, note: "Bob 1: r4 y4 b4 p4"},
	// The early game.
	{doc: "early-game-question-2 (give)", stacks: "r1 y2 g0 b1 p0", clues: 1,
		hands: []string{"x x x x 5*", "r1 g2 p1*1+ g1*1+ y2", "b3 p4 p4 p5* g5*"}, want: "clue Bob green"},
	{doc: "early-game-question-3 (give)", stacks: "r1 y0 g1 b0 p1", clues: 1,
		hands: []string{"x x x x", "p4 r2* r3* p1", "g1 p2 r2 y4", "g4 r1 g5 b4"}, want: "clue Cathy purple"},
	{doc: "early-game-question-4 (give)", stacks: "r2 y1 g3 b1 p0", clues: 1,
		hands: []string{"x x x x", "r4 r1 p3 g1", "p2 b4 b4 r2", "p5 g3 b1 r1"}, want: "discard 4"},
	// Finesses and prompts.
	{doc: "finesse-question-1 (give)", stacks: "r0 y1 g2 b0 p1",
		hands: []string{"x x x x x", "b1 y5* r4 g5* r3", "p4 y2 b2 g4* p3*"}, want: "clue Cathy blue"},
	{doc: "finesse-question-1 (read: the finessed seat)", stacks: "r0 y1 g2 b0 p1", viewer: 1, clue: "Alice blue Cathy",
		hands: []string{"x x x x x", "x x x 5* x", "p4 y2 b2! g4* p3*"}, want: "play 1"},
	{doc: "finesse-question-1 (read: the target waits)", stacks: "r0 y1 g2 b0 p1", viewer: 2, clue: "Alice blue Cathy",
		hands: []string{"x x x x x", "b1 y5* r4 g5* r3", "x x x! 4* 3*"}, note: "Cathy 3: b1 b2", want: "no play"},
	{doc: "finesse-question-2 (read)", stacks: "r0 y2 g2 b4 p4", viewer: 1, clue: "Alice yellow Cathy",
		hands: []string{"x x x x x", "x x x 3* 5*", "y4! x x x x"}, want: "play 4"},
	{doc: "prompt-question-1 (read)", stacks: "r1 y0 g3 b0 p5", trash: "g1 g4 r3 b3", viewer: 1, clue: "Alice red Cathy",
		hands: []string{"x x x x x", "x x 2* 2* x", "b4 y3 r3! g4*4 r5*5!"}, want: "no play"},
	{doc: "prompt-question-2 (give)", stacks: "r1 y2 g1 b2 p1",
		hands: []string{"x x x x x", "y4 b4 p1 g1 p4", "y2 r1 y3*3 b3*3 p5*"}, want: "clue Bob yellow"},
	{doc: "prompt-question-2 (read: the prompted seat)", stacks: "r1 y2 g1 b2 p1", viewer: 2, clue: "Alice yellow Bob",
		hands: []string{"x x x x x", "y4! b4 p1 g1 p4", "x x 3* 3* 5*"}, want: "play 3"},
	{doc: "prompt-question-3 (give)", stacks: "r0 y0 g1 b2 p1",
		hands: []string{"x x x x x", "b1 p4 b2 g1 r5*", "g4 b1 g4 p3*p p2*p"}, want: "clue Cathy 3|clue Cathy purple"},
	{doc: "prompt-question-3 (read: the self-prompt)", stacks: "r0 y0 g1 b2 p1", viewer: 2, clue: "Alice 3 Cathy",
		hands: []string{"x x x x x", "b1 p4 b2 g1 r5*", "x x x p*! p*"}, note: "Cathy 4: p3", want: "play 5"},
	// Good touch.
	{doc: "good-touch-principle-question-1 (give)", stacks: "r1 y4 g5 b2 p1",
		hands: []string{"x x x x x", "p1 r3 g1 b2 b3", "x x x x x"}, want: "clue Bob 3"},
	{doc: "good-touch-principle-question-2 (give)", stacks: "r1 y0 g0 b3 p3",
		hands: []string{"x x x x x", "p1 p5 r4 b1 r2", "g2 p2 r3* r4* g3*"}, want: "clue Bob 2"},
	{doc: "good-touch-principle-question-2 (read)", stacks: "r1 y0 g0 b3 p3", viewer: 1, clue: "Alice 2 Bob",
		hands: []string{"x x x x x", "x x x x x!", "g2 p2 r3* r4* g3*"}, note: "Bob 5: r2 y2"},
	{doc: "good-touch-principle-question-3 (give)", stacks: "r0 y1 g1 b0 p0",
		hands: []string{"x x x x 2*", "y2 p3 b3 p5 p3", "b4 b5 b4 g1 g3"}, want: "discard 4"},
	{doc: "good-touch-principle-question-4 (give)", stacks: "r0 y0 g2 b0 p0",
		hands: []string{"x x x x x", "p3 r2 g3 p4 g3", "r5 b3 y4 y2 g1"}, want: "discard 5"},
	// Play clues, save principle, choosing a clue.
	{doc: "play-clues-question-1 (read)", stacks: "r5 y3 g2 b1 p2", viewer: 1, clue: "Alice blue Bob",
		hands: []string{"x x x x x", "x x x! x x", "x x x x x"}, note: "Bob 3: b2", want: "play 3"},
	{doc: "play-clues-question-2 (read)", stacks: "r3 y4 g3 b3 p2", viewer: 1, clue: "Alice 4 Bob",
		hands: []string{"x x x x x", "x x x x! x", "x x x x x"}, note: "Bob 4: r4 g4 b4", want: "play 4"},
	{doc: "save-principle-question-1 (read)", stacks: "r1 y1 g0 b0 p3", trash: "g4", viewer: 1, clue: "Alice blue Bob",
		hands: []string{"x x x x x", "x! x x x x", "r1 p4 p3 r1 g4"}, note: "Bob 1: b1", want: "clue Cathy 4|clue Cathy green"},
	{doc: "save-principle-question-2 (give)", stacks: "r2 y0 g1 b1 p0",
		hands: []string{"x x x x x", "g4 b5 g1 r2 y2", "r5 p3 g3 p5* p4*"}, want: "clue Bob 2"},
	{doc: "save-principle-question-2 (read)", stacks: "r2 y0 g1 b1 p0", viewer: 1, clue: "Alice 2 Bob",
		hands: []string{"x x x x x", "x x x x! x!", "r5 p3 g3 p5* p4*"}, note: "Bob 5: g2 y2 b2 p2"},
	{doc: "other-general-strategy-question-1 (give)", stacks: "r0 y1 g0 b1 p3", trash: "g3 g4 p4",
		hands: []string{"y2*+ x x x x", "p2 b1 r4 y1 p3", "r3 r3 y1 y5 b5"}, want: "play 1"},
	{doc: "other-general-strategy-question-2 (give)", stacks: "r1 y2 g2 b0 p3",
		hands: []string{"x x x x 2*", "b4 p3 r1 g2 b4", "r3 g3 y2 p1 r5"}, want: "clue Cathy green"},
	{doc: "other-general-strategy-question-3 (give)", stacks: "r3 y1 g3 b0 p3",
		hands: []string{"x x x x x", "y3 r2 g2 r1 b5", "b4 y2* p4 r3 p1"}, want: "clue Bob 5"},
	{doc: "other-general-strategy-question-4 (give)", stacks: "r4 y1 g4 b1 p1",
		hands: []string{"x x x x x", "r3 b2 y1 p1 p1", "x x x x x"}, want: "clue Bob blue"},
	{doc: "other-general-strategy-question-5 (give)", stacks: "r5 y0 g2 b4 p1",
		hands: []string{"x x x x x", "y5 b4 g3 y3 r1", "x x x x x"}, want: "clue Bob 3"},
}

func TestHgroupDocPositions(t *testing.T) {
	for _, ps := range hgDocPositions {
		t.Run(strings.Fields(ps.doc)[0], func(t *testing.T) { ps.run(t) })
	}
}

// TestHgroupFocusAndChop: the beginner's guide's questions on which card a
// clue is about, and which card a hand would discard.
func TestHgroupFocusAndChop(t *testing.T) {
	focus := []struct {
		doc, clue, hand string
		want            int
	}{
		{"single-card-focus-question-1", "Alice purple Bob", "x! x! x! x! x", 1},
		{"single-card-focus-question-2", "Alice green Bob", "x! x! x! x! x!", 5},
		{"single-card-focus-question-3", "Alice blue Bob", "x 2*! x! x 2*", 3},
		{"single-card-focus-question-4", "Alice red Bob", "x x! x! 5* 2*!", 3},
	}
	for _, f := range focus {
		ps := hgPos{doc: f.doc, viewer: 1, hands: []string{"x x x x x", f.hand, "x x x x x"}}
		v, h, touched := ps.view(t)
		hand := v.Hand(1)
		if got := h.focusOf(hand, touched, h.chop(hand)) + 1; got != f.want {
			t.Errorf("%s: focus on slot %d, want %d", f.doc, got, f.want)
		}
	}
	chops := []struct {
		doc, hand string
		want      int // 0: no chop
	}{
		{"chop-question-1", "x x x x x", 5},
		{"chop-question-2", "x x x* x* x*", 2},
		{"chop-question-3", "x x* x x* x*", 3},
		{"chop-question-4", "x* x* x* x* x*", 0},
	}
	for _, c := range chops {
		ps := hgPos{doc: c.doc, hands: []string{c.hand, "x x x x x"}}
		v, h, _ := ps.view(t)
		if got := h.chop(v.Hand(0)) + 1; got != c.want {
			t.Errorf("%s: chop on slot %d, want %d", c.doc, got, c.want)
		}
	}
}
