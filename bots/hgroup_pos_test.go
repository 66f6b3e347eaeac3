package bots

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// hgPos is a position of the H-group's documents (hanabi.github.io, the
// page named by doc), set up as one seat's view, and what the documents say
// that seat does or reads there.
//
// Hands are seat by seat from Alice, newest card first, one word a card:
//
//	r3     a card the viewer sees, untouched
//	r3*    touched before, its holder knowing it; r3*r, r3*3 touched by
//	       red, by 3 only; a trailing + marks it to be played (a play clue)
//	x      a card the viewer cannot see (its own) or that does not matter
//	2*, r* the viewer's own card, touched before by 2, by red
//	!      after any of these: touched by the clue the position reads
type hgPos struct {
	doc     string
	players int
	stacks  string // "r3 y0 g0 b1 p2"
	trash   string // the discard pile, "g3 b2"
	hands   []string
	viewer  int
	clues   int // note tokens, 5 when 0
	// clue, when set, is read by the viewer before it is asked anything:
	// "Alice 2 Bob", "Alice red Cathy".
	clue string
	// want is the viewer's move: "play 3" (slot), "discard 5", "clue Bob 2",
	// "clue Cathy red", or "no play" (anything but a play); alternatives
	// split by |. Empty: not asked.
	want string
	// note is the viewer's note on a card after the clue: "Bob 4: y2 b2"
	// (seat, slot: the identities, exactly).
	note string
}

var hgSuits = map[byte]int{'r': 0, 'y': 1, 'g': 2, 'b': 3, 'p': 4}

// view builds the position as the viewer sees it, the player for the
// viewer's seat with its notes on the cards already touched, and the ids
// of the cards the clue to read touches.
func (ps hgPos) view(t *testing.T) (*engine.View, *hgPlayer, uint64) {
	t.Helper()
	n := ps.players
	if n == 0 {
		n = len(ps.hands)
	}
	_, _, cfg, err := variants.Setup("no-variant", variants.Options{}, n)
	if err != nil {
		t.Fatal(err)
	}
	d := newDeckInfo(&cfg)
	v := &engine.View{Config: &cfg, Seat: ps.viewer, Players: n, Current: ps.viewer, NoteTokens: ps.clues, DeckCount: 20, FinalTurnsLeft: -1, MaxScore: cfg.MaxScore()}
	if v.NoteTokens == 0 {
		v.NoteTokens = 5
	}
	left := d.count
	for _, w := range strings.Fields(ps.stacks) {
		s, r := hgSuits[w[0]], int(w[1]-'0')
		v.Fireworks[s] = r
		for k := 1; k <= r; k++ {
			left[s<<3|k]--
		}
	}
	for _, w := range strings.Fields(ps.trash) {
		x := hgIdent(t, w)
		left[x]--
		v.Discards = append(v.Discards, engine.SeenCard{ID: 60 - len(v.Discards), Card: engine.Card{Suit: x >> 3, Rank: x & 7}})
	}
	type pending struct {
		seat, slot int
		word       string
	}
	var cards []pending
	for p, hand := range ps.hands {
		for i, w := range strings.Fields(hand) {
			cards = append(cards, pending{p, i, w})
			if x, ok := hgFace(w); ok {
				left[x]--
			}
		}
	}
	touched := map[int]bool{}
	play := map[int]bool{}
	var clued uint64
	id := 0
	for _, c := range cards {
		w := c.word
		if strings.HasSuffix(w, "!") {
			w = strings.TrimSuffix(w, "!")
			clued |= bit(id)
		}
		if strings.HasSuffix(w, "+") {
			w = strings.TrimSuffix(w, "+")
			play[id] = true
		}
		cv := engine.CardView{ID: id, Possible: d.all}
		face, clue, wasTouched := strings.Cut(w, "*")
		if x, ok := hgFace(face); ok {
			cv.Known, cv.Card = c.seat != ps.viewer, engine.Card{Suit: x >> 3, Rank: x & 7}
			if wasTouched && clue == "" {
				cv.Possible = bit(x)
			}
		} else if c.seat != ps.viewer {
			// A card that does not matter: the first identity with a copy
			// left that can no longer be played, else any.
			x := hgFiller(d, v, &left)
			cv.Known, cv.Card = true, engine.Card{Suit: x >> 3, Rank: x & 7}
		}
		if wasTouched {
			touched[id] = true
			for _, k := range hgClueMasks(t, &cfg, d, face+"|"+clue) {
				cv.Possible &= k
			}
		}
		v.Hands[c.seat][c.slot] = cv
		v.HandLen[c.seat] = max(v.HandLen[c.seat], c.slot+1)
		id++
	}
	h := newHgroup(&cfg, ps.viewer, 0).(*hgPlayer)
	h.Start(v)
	for id := range touched {
		h.note[id].touched = true
	}
	for id := range play {
		h.note[id].play = true
	}
	h.load(v)
	return v, h, clued
}

// hgClueMasks are the clues a touched card's word says touched it: its
// clue letters, or for the viewer's own card ("2", "r") its face.
func hgClueMasks(t *testing.T, cfg *engine.Config, d *deckInfo, spec string) []uint64 {
	face, clue, _ := strings.Cut(spec, "|")
	if clue == "" {
		if _, ok := hgFace(face); ok || face == "x" {
			return nil
		}
		clue = face
	}
	var out []uint64
	for _, ch := range clue {
		if ch >= '1' && ch <= '5' {
			out = append(out, d.clueMask[ch-'0'])
			continue
		}
		out = append(out, d.colorMask[hgColor(t, cfg, byte(ch))])
	}
	return out
}

func hgColor(t *testing.T, cfg *engine.Config, ch byte) int {
	for i, c := range cfg.ClueColors {
		if strings.ToLower(c)[0] == ch {
			return i
		}
	}
	t.Fatalf("no color %q", ch)
	return 0
}

func hgFace(w string) (int, bool) {
	if len(w) < 2 || w[1] < '1' || w[1] > '5' {
		return 0, false
	}
	s, ok := hgSuits[w[0]]
	return s<<3 | int(w[1]-'0'), ok
}

func hgIdent(t *testing.T, w string) int {
	x, ok := hgFace(w)
	if !ok {
		t.Fatalf("bad card %q", w)
	}
	return x
}

func hgFiller(d *deckInfo, v *engine.View, left *[64]int) int {
	var b board
	b.load(d, v)
	pick := -1
	forEach(d.all, func(x int) {
		if left[x] > 0 && (pick < 0 || b.dead&bit(x) != 0 && b.dead&bit(pick) == 0) {
			pick = x
		}
	})
	left[pick]--
	return pick
}

// hgParseClue reads "Alice red Cathy".
func hgParseClue(t *testing.T, cfg *engine.Config, s string) (int, engine.Action) {
	f := strings.Fields(s)
	if len(f) != 3 {
		t.Fatalf("bad clue %q", s)
	}
	giver, target := hgSeat(t, f[0]), hgSeat(t, f[2])
	if r, err := strconv.Atoi(f[1]); err == nil {
		return giver, engine.ClueRank(target, r)
	}
	return giver, engine.ClueColor(target, hgColor(t, cfg, f[1][0]))
}

func hgSeat(t *testing.T, name string) int {
	for i, s := range seatNames {
		if s == name {
			return i
		}
	}
	t.Fatalf("no seat %q", name)
	return 0
}

// describe is a move as the positions' want writes it.
func (ps hgPos) describe(v *engine.View, a engine.Action) string {
	switch a.Kind {
	case engine.Play, engine.Discard:
		return fmt.Sprintf("%v %d", a.Kind, slotOf(v.Hand(v.Seat), a.Card))
	case engine.ColorClue:
		return fmt.Sprintf("clue %s %s", withNames(seatName(a.Target), nil), strings.ToLower(v.Config.ClueColors[a.Value]))
	case engine.RankClue:
		return fmt.Sprintf("clue %s %d", withNames(seatName(a.Target), nil), a.Value)
	}
	return a.Kind.String()
}

func (ps hgPos) run(t *testing.T) {
	v, h, touched := ps.view(t)
	if ps.clue != "" {
		giver, a := hgParseClue(t, v.Config, ps.clue)
		hand := v.Hands[a.Target][:v.HandLen[a.Target]]
		mask := h.d.touchMask(a)
		for i := range hand {
			if touched&bit(hand[i].ID) != 0 {
				hand[i].Possible &= mask
			} else {
				hand[i].Possible &^= mask
			}
		}
		v.NoteTokens--
		h.Observe(v, engine.Event{Seat: giver, Action: a, Touched: touched, Drawn: -1, NoteTokens: v.NoteTokens})
	}
	if ps.note != "" {
		who, rest, _ := strings.Cut(ps.note, ":")
		f := strings.Fields(who)
		seat := hgSeat(t, f[0])
		slot, _ := strconv.Atoi(f[1])
		var want uint64
		for _, w := range strings.Fields(rest) {
			want |= bit(hgIdent(t, w))
		}
		cv := &v.Hands[seat][slot-1]
		got := h.common(cv)
		if seat == h.seat {
			got = h.mine(cv)
		}
		if got != want {
			t.Errorf("%s: note on %s slot %d is %s, want %s", ps.doc, f[0], slot, h.setName(got), h.setName(want))
		}
	}
	if ps.want != "" {
		a := h.Act(v)
		got := ps.describe(v, a)
		ok := false
		for _, w := range strings.Split(ps.want, "|") {
			ok = ok || w == got || w == "no play" && a.Kind != engine.Play
		}
		if !ok {
			t.Errorf("%s: %s does %q (%s), want %q", ps.doc, withNames(seatName(ps.viewer), nil), got, h.Why(), ps.want)
		}
	}
}
