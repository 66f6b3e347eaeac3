package engine_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// goldenDealBasic is the start of basic's deal for seed "golden".
var goldenDealBasic = []engine.Card{c(yellow, 1), c(blue, 2), c(green, 5), c(white, 3), c(blue, 4),
	c(green, 1), c(red, 1), c(red, 1), c(green, 3), c(blue, 3)}

// golden is a whole game: a seeded deal played by a deterministic strategy to
// a recorded end. The digest covers every action and event, so any change to
// the rules, the deal, the order of LegalActions or the clue knowledge shows.
type golden struct {
	variant   string
	players   int
	opts      variants.Options
	seed      string
	strategy  string // "view": plays from clue knowledge; "random": seeded uniform legal moves; "oracle": sees all
	fireworks []int
	score     int
	turns     int
	reason    engine.EndReason
	notes     int
	storms    int
	digest    uint64
}

var goldens = []golden{
	{"basic", 2, variants.Options{}, "golden-1", "view", []int{5, 3, 4, 4, 1}, 17, 73, engine.EndDeckOut, 3, 0, 0x562f79986d8765ce},
	{"basic", 4, variants.Options{}, "golden-2", "view", []int{5, 2, 3, 3, 1}, 14, 67, engine.EndDeckOut, 0, 0, 0x936c17d2c5b7cef},
	{"basic", 6, variants.Options{EmptyClues: ptr(false)}, "golden-3", "view", []int{2, 3, 3, 2, 2}, 12, 66, engine.EndDeckOut, 0, 0, 0xeb98b2b51d266aa4},
	{"farbrausch", 3, variants.Options{}, "golden-4", "view", []int{4, 1, 3, 2, 5, 2}, 17, 79, engine.EndDeckOut, 7, 0, 0xf7b16102e79b23ef},
	{"farbrausch", 5, variants.Options{RainbowCards: ptr(5), NoteTokens: ptr(16)}, "golden-5", "view", []int{2, 4, 5, 3, 4, 0}, 18, 74, engine.EndDeckOut, 1, 0, 0x962632cba2c41c24},
	{"farbrausch2", 2, variants.Options{}, "golden-6", "view", []int{4, 1, 4, 2, 1, 3}, 15, 93, engine.EndDeckOut, 4, 0, 0x3a31b5ebb7587db6},
	{"farbrausch2", 4, variants.Options{StormTokens: ptr(1), RainbowCards: ptr(5)}, "golden-7", "view", []int{2, 5, 2, 1, 2, 1}, 13, 76, engine.EndDeckOut, 0, 0, 0xf98b26832cf4424b},
	{"basic", 4, variants.Options{}, "golden-8", "random", []int{0, 0, 0, 0, 1}, 0, 30, engine.EndStorms, 0, 3, 0x2af7d5e9b1b88d0b},
	{"farbrausch", 2, variants.Options{StormTokens: ptr(2), EmptyClues: ptr(false)}, "golden-9", "random", []int{0, 0, 0, 1, 0, 1}, 0, 14, engine.EndStorms, 2, 2, 0xa922e5a10c68fbae},
	{"farbrausch2", 6, variants.Options{NoteTokens: ptr(3)}, "golden-10", "random", []int{0, 0, 0, 0, 0, 1}, 0, 11, engine.EndStorms, 0, 3, 0xc66e16b8f682a86d},
	{"basic", 3, variants.Options{}, "golden-11", "oracle", []int{5, 5, 5, 5, 5}, 25, 49, engine.EndPerfect, 8, 0, 0x9ac7c6bde6dbc612},
	{"farbrausch2", 5, variants.Options{}, "golden-12", "oracle", []int{5, 5, 5, 5, 5, 5}, 30, 55, engine.EndPerfect, 8, 0, 0x80f3932fd43e2a6c},
	{"farbrausch", 2, variants.Options{NoteTokens: ptr(1)}, "golden-13", "oracle", []int{5, 5, 5, 5, 5, 5}, 30, 75, engine.EndPerfect, 1, 0, 0xa3e2979ac41a6aa0},
}

func TestGoldenGames(t *testing.T) {
	for _, gg := range goldens {
		t.Run(gg.seed, func(t *testing.T) {
			cfg := setup(t, gg.variant, gg.players, gg.opts)
			g, err := engine.NewSeeded(cfg, gg.seed)
			if err != nil {
				t.Fatal(err)
			}
			digest := playGolden(t, g, gg.strategy, gg.seed)
			fw := make([]int, len(cfg.Suits))
			for s := range fw {
				fw[s] = g.Firework(s)
			}
			r, _ := g.Result()
			got := golden{gg.variant, gg.players, gg.opts, gg.seed, gg.strategy, fw, g.Score(), g.Turn(), r.Reason,
				g.NoteTokens(), g.StormsUsed(), digest}
			if fmt.Sprint(got) != fmt.Sprint(gg) {
				t.Errorf("got  %s\nwant %s", goldenLine(got), goldenLine(gg))
			}
			// The same inputs replay to the same state.
			re, err := engine.ReplayFirst(cfg, cfg.Shuffle(gg.seed), cfg.FirstSeat(gg.seed), g.Log())
			if err != nil || re.Score() != g.Score() || re.Turn() != g.Turn() {
				t.Errorf("replay: %v, score %d turn %d", err, re.Score(), re.Turn())
			}
		})
	}
}

func goldenLine(g golden) string {
	return fmt.Sprintf("fireworks %v score %d turns %d reason %s notes %d storms %d digest %#x",
		g.fireworks, g.score, g.turns, g.reason, g.notes, g.storms, g.digest)
}

// playGolden plays g to the end and digests every action and event.
func playGolden(t *testing.T, g *engine.Game, strategy, seed string) uint64 {
	t.Helper()
	h := fnv.New64a()
	rng := rand.New(rand.NewPCG(uint64(len(seed)), 7))
	var buf []engine.Action
	var v engine.View
	deck := g.Deck()
	for !g.Over() {
		var a engine.Action
		buf = g.LegalActions(buf)
		switch strategy {
		case "random":
			a = buf[rng.IntN(len(buf))]
		case "oracle":
			a = oracle(g, deck, buf, rng)
		default:
			g.ViewInto(g.Current(), &v)
			a = viewStrategy(&v, buf)
		}
		ev, err := g.Apply(a)
		if err != nil {
			t.Fatalf("turn %d: %+v: %v", g.Turn(), a, err)
		}
		// Named fields, so that a new Event field does not count as a change.
		fmt.Fprintln(h, ev.Turn, ev.Seat, ev.Action.Kind, ev.Action.Card, ev.Action.Target, ev.Action.Value,
			ev.Card, ev.Success, ev.Drawn, ev.Touched, ev.NoteGained, ev.NoteTokens, ev.StormsUsed,
			ev.Over, ev.Result.Score, ev.Result.Reason, ev.Result.Rating)
	}
	return h.Sum64()
}

// viewStrategy decides from one seat's view only: play a card that the clues
// prove playable; else clue the next seat's playable card; else discard the
// oldest card; else give the first legal clue.
func viewStrategy(v *engine.View, legal []engine.Action) engine.Action {
	me := v.Seat
	for _, cv := range v.Hand(me) {
		if surelyPlayable(v, cv.Suits, cv.Ranks) {
			return engine.PlayCard(cv.ID)
		}
	}
	if v.NoteTokens > 0 {
		for i := 1; i < v.Players; i++ {
			t := (me + i) % v.Players
			for _, cv := range v.Hand(t) {
				if v.Fireworks[cv.Card.Suit]+1 != cv.Card.Rank || surelyPlayable(v, cv.Suits, cv.Ranks) {
					continue
				}
				if cv.Ranks != 1<<cv.Card.Rank {
					return engine.ClueRank(t, cv.Card.Rank)
				}
				for col := range v.Config.ClueColors {
					if v.Config.ClueTouches(engine.ClueColor(t, col), cv.Card) && narrows(v, col, cv.Card.Rank, cv.Suits) {
						return engine.ClueColor(t, col)
					}
				}
			}
		}
	}
	if v.NoteTokens < v.Config.NoteTokens {
		hand := v.Hand(me)
		return engine.DiscardCard(hand[len(hand)-1].ID)
	}
	for _, a := range legal {
		if a.IsClue() {
			return a
		}
	}
	return legal[0]
}

// narrows reports whether color clue col rules out a suit the holder still
// thinks possible: a Farbrausch² rainbow needs two colors.
func narrows(v *engine.View, col, rank int, suits uint8) bool {
	for s := range v.Config.Suits {
		if suits&(1<<s) != 0 && !v.Config.ClueTouches(engine.ClueColor(0, col), engine.Card{Suit: s, Rank: rank}) {
			return true
		}
	}
	return false
}

// surelyPlayable reports whether every suit and rank the holder still thinks
// possible would be playable.
func surelyPlayable(v *engine.View, suits, ranks uint8) bool {
	for s := range v.Config.Suits {
		if suits&(1<<s) == 0 {
			continue
		}
		for r := 1; r <= engine.MaxRank; r++ {
			if ranks&(1<<r) != 0 && v.Fireworks[s]+1 != r {
				return false
			}
		}
	}
	return true
}
