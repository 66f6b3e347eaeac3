package bots

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

func TestWhyFor(t *testing.T) {
	why := "Bob's 2 clue on the chop saves the " + heldCard(1, "yellow 2") + ", and Cathy blind-plays the " + heldCard(2, "red 1")
	for _, tc := range []struct {
		viewer int
		over   bool
		want   string
	}{
		{1, false, "Bob's 2 clue on the chop saves the card, and Cathy blind-plays the red 1"},
		{2, false, "Bob's 2 clue on the chop saves the yellow 2, and Cathy blind-plays the card"},
		{engine.Spectator, false, "Bob's 2 clue on the chop saves the yellow 2, and Cathy blind-plays the red 1"},
		// The public sees no hand: a seat that drops its token must not
		// read its own cards, nor a no_hands spectator anyone's.
		{engine.Public, false, "Bob's 2 clue on the chop saves the card, and Cathy blind-plays the card"},
		{engine.Public, true, "Bob's 2 clue on the chop saves the yellow 2, and Cathy blind-plays the red 1"},
		{7, false, "Bob's 2 clue on the chop saves the card, and Cathy blind-plays the card"}, // no seat of the table
		{1, true, "Bob's 2 clue on the chop saves the yellow 2, and Cathy blind-plays the red 1"},
	} {
		if got := WhyFor(why, tc.viewer, 3, tc.over); got != tc.want {
			t.Errorf("viewer %d, over %v: %q, want %q", tc.viewer, tc.over, got, tc.want)
		}
	}
	if got := WhyFor("a plain reason", 0, 3, false); got != "a plain reason" {
		t.Errorf("a reason with no card: %q", got)
	}
	if got := WhyFor("cut "+string(cardMark)+"1red", 0, 3, false); got != "cut " {
		t.Errorf("a mark cut short: %q", got)
	}
	// Words about a card that tell more than its name: its holder reads
	// the words given for them instead, until the end.
	held := "a generation discard: " + heldText(2, "Cathy's chop is the red 3, which must not be discarded", "a discard gives Bob a clue")
	for _, tc := range []struct {
		viewer int
		over   bool
		want   string
	}{
		{1, false, "a generation discard: Cathy's chop is the red 3, which must not be discarded"},
		{2, false, "a generation discard: a discard gives Bob a clue"},
		{engine.Public, false, "a generation discard: a discard gives Bob a clue"},
		{2, true, "a generation discard: Cathy's chop is the red 3, which must not be discarded"},
	} {
		if got := WhyFor(held, tc.viewer, 3, tc.over); got != tc.want {
			t.Errorf("held text, viewer %d, over %v: %q, want %q", tc.viewer, tc.over, got, tc.want)
		}
	}
}

// TestHgroupNamesNoCardToItsHolder: while a game runs, an hgroup seat's
// reason, as the seat its clue went to reads it, names none of the cards
// the clue touched in that seat's hand ("saves the card", not "saves the
// yellow 2"): a person playing beside the bot would learn their own cards.
// Every card a reason names as held is held there, by another seat.
func TestHgroupNamesNoCardToItsHolder(t *testing.T) {
	hg := mustGet(t, "hgroup")
	checked := 0
	for players := 2; players <= 4; players++ {
		_, _, cfg, err := variants.Setup("no-variant", variants.Options{}, players)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 20 {
			g, err := engine.NewSeeded(cfg, fmt.Sprintf("whyfor/%d/%d", players, i))
			if err != nil {
				t.Fatal(err)
			}
			ps := make([]Player, players)
			for p := range ps {
				ps[p] = hg.New(g.Config(), p, uint64(i*10+p))
				ps[p].Start(g.View(p))
			}
			for !g.Over() {
				seat := g.Current()
				a := ps[seat].Act(g.View(seat))
				why := ps[seat].(Explainer).Why()
				checkHeld(t, g, seat, why)
				if a.IsClue() {
					read := WhyFor(why, a.Target, players, false)
					// A name the target also sees in another hand may be
					// that card's.
					seen := map[string]bool{}
					for q := range players {
						for _, c := range g.View(engine.Spectator).Hand(q) {
							if q != a.Target {
								seen[cardText(g.Config(), ident(c.Card))] = true
							}
						}
					}
					for _, c := range g.View(engine.Spectator).Hand(a.Target) {
						name := cardText(g.Config(), ident(c.Card))
						if g.View(engine.Spectator).Touches(a)&bit(c.ID) != 0 && !seen[name] && strings.Contains(read, "the "+name) {
							t.Fatalf("%d players, game %d, turn %d: seat %d reads %q, naming its own %s", players, i, g.Turn(), a.Target, read, name)
						}
					}
					checked++
				}
				ev, err := g.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				for p := range ps {
					ps[p].Observe(g.View(p), g.Config().EventSeen(ev, p, g.Over()))
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d clues checked", checked)
	}
}

// checkHeld holds every card a reason names as held to the truth: a card
// of that name in that seat's hand, not the speaker's own.
func checkHeld(t *testing.T, g *engine.Game, speaker int, why string) {
	t.Helper()
	for rest := why; ; {
		i := strings.IndexRune(rest, cardMark)
		if i < 0 {
			return
		}
		rest = rest[i+len(string(cardMark)):]
		end := strings.IndexRune(rest, cardEnd)
		holder, name := int(rest[0]-'0'), rest[1:end]
		rest = rest[end:]
		// Words about the card (heldText) name it as "the <card>".
		shown, _, words := strings.Cut(name, string(cardAlt))
		found := false
		for _, c := range g.View(engine.Spectator).Hand(holder) {
			text := cardText(g.Config(), ident(c.Card))
			if text == name || words && strings.Contains(shown, "the "+text+",") {
				found = true
			}
		}
		if holder == speaker || !found {
			t.Fatalf("turn %d: seat %d's reason %q names a %s held by seat %d", g.Turn(), speaker, why, name, holder)
		}
	}
}

func cardText(cfg *engine.Config, x int) string {
	return fmt.Sprintf("%s %d", strings.ToLower(cfg.Suits[x>>3].Name), x&7)
}
