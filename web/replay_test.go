package web_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/internal/race"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// shownState is what the page shows of one state of a game, as the test
// compares it: the fireworks' heights, each hand's cards (id, and face
// where shown), the tokens, the strikes, the deck, the score, the discards
// and the cards played face down.
type shownState struct {
	Step      string            `json:"step"`
	Fireworks map[string]int    `json:"fireworks"`
	Hands     map[string]string `json:"hands"`
	Clues     string            `json:"clues"`
	Strikes   string            `json:"strikes"`
	Deck      string            `json:"deck"`
	Score     string            `json:"score"`
	Discards  []string          `json:"discards"`
	FaceDown  int               `json:"faceDown"`
}

const shownStateJS = `(() => {
  const t = document.querySelector('#table');
  const txt = (sel) => (t.querySelector(sel) || {}).textContent || '';
  const card = (c) => c.dataset.card + ':' + (c.dataset.face || '?');
  return {
    step: t.dataset.step || '',
    fireworks: Object.fromEntries([...t.querySelectorAll('.pile')].map((p) => [p.dataset.suit, Number(p.dataset.height)])),
    hands: Object.fromEntries([...t.querySelectorAll('.hand[data-seat]')].map((h) => [h.dataset.seat, [...h.querySelectorAll('.card[data-card]')].map(card).join(' ')])),
    clues: txt('#note-tokens'), strikes: txt('#strikes'), deck: txt('#deck-count'), score: txt('#score'),
    discards: [...t.querySelectorAll('.discards:not(.hole) .card[data-card]')].map(card).sort(),
    faceDown: t.querySelectorAll('.hole .card').length,
  };
})()`

// turnView is what the test reads of the server's view after a turn.
type turnView struct {
	Turn      int            `json:"turn"`
	Status    string         `json:"status"`
	Fireworks map[string]int `json:"fireworks"`
	Hands     []struct {
		Seat  int `json:"seat"`
		Cards []struct {
			ID   int     `json:"id"`
			Suit *string `json:"suit"`
			Rank *int    `json:"rank"`
		} `json:"cards"`
	} `json:"hands"`
	NoteTokens  int   `json:"note_tokens"`
	HalfToken   *bool `json:"half_note_token"`
	StormsUsed  int   `json:"storm_tokens_used"`
	DeckCount   int   `json:"deck_count"`
	Score       int   `json:"score"`
	MaxScore    int   `json:"max_score"`
	PlaysHidden bool  `json:"plays_hidden"`
	FaceDown    []struct {
		ID int `json:"id"`
	} `json:"face_down"`
	Discards []struct {
		ID   int    `json:"id"`
		Suit string `json:"suit"`
		Rank int    `json:"rank"`
	} `json:"discards"`
	Options struct {
		NoteTokens  int `json:"note_tokens"`
		StormTokens int `json:"storm_tokens"`
	} `json:"options"`
}

// want is what the page must show of v, drawn as step step.
func (v turnView) want(step int) shownState {
	w := shownState{Step: strconv.Itoa(step), Fireworks: v.Fireworks, Hands: map[string]string{}, Discards: []string{}, Deck: strconv.Itoa(v.DeckCount)}
	half := ""
	if v.HalfToken != nil && *v.HalfToken {
		half = "½"
	}
	w.Clues = fmt.Sprintf("%d%s/%d", v.NoteTokens, half, v.Options.NoteTokens)
	strikes, score := strconv.Itoa(v.StormsUsed), strconv.Itoa(v.Score)
	if v.PlaysHidden {
		strikes, score, w.FaceDown = "?", "?", len(v.FaceDown)
	}
	w.Strikes = strikes + "/" + strconv.Itoa(v.Options.StormTokens)
	w.Score = score + "/" + strconv.Itoa(v.MaxScore)
	for _, h := range v.Hands {
		var cs []string
		for _, c := range h.Cards {
			face := "?"
			if c.Suit != nil {
				face = *c.Suit + ":" + strconv.Itoa(*c.Rank)
			}
			cs = append(cs, strconv.Itoa(c.ID)+":"+face)
		}
		w.Hands[strconv.Itoa(h.Seat)] = strings.Join(cs, " ")
	}
	for _, d := range v.Discards {
		w.Discards = append(w.Discards, strconv.Itoa(d.ID)+":"+d.Suit+":"+strconv.Itoa(d.Rank))
	}
	slices.Sort(w.Discards)
	return w
}

func sameState(got, want shownState) []string {
	var diff []string
	add := func(what string, g, w any) {
		if fmt.Sprint(g) != fmt.Sprint(w) {
			diff = append(diff, fmt.Sprintf("%s: the page shows %v, the server says %v", what, g, w))
		}
	}
	add("step", got.Step, want.Step)
	add("fireworks", got.Fireworks, want.Fireworks)
	add("hands", got.Hands, want.Hands)
	add("clues", got.Clues, want.Clues)
	add("strikes", got.Strikes, want.Strikes)
	add("deck", got.Deck, want.Deck)
	add("score", got.Score, want.Score)
	add("discards", got.Discards, want.Discards)
	add("face down", got.FaceDown, want.FaceDown)
	return diff
}

// stepThrough steps the page's replay or rewind from the deal to its end
// by the keyboard and compares each step with the server's view after that
// turn (GET /games/{id}?turn=K, as token sees it), to the last turn, last.
func stepThrough(t *testing.T, ctx context.Context, base, id, token string, last int) {
	t.Helper()
	run(t, ctx, "blur", chromedp.Evaluate(`document.activeElement.blur()`, nil))
	press(t, ctx, "to the deal", kb.Home)
	bad := 0
	for k := 0; k <= last; k++ {
		if k > 0 {
			press(t, ctx, "one turn on", kb.ArrowRight)
		}
		waitTrue(t, ctx, "step "+strconv.Itoa(k), `document.querySelector('#table').dataset.step === '`+strconv.Itoa(k)+`'`)
		// Under the race detector every turn is stepped to and every
		// third one (and the last) compared: the rest cost the same again
		// and find what the run without it finds.
		if race.Enabled && k%3 != 0 && k != last {
			continue
		}
		var got shownState
		run(t, ctx, "what the page shows", chromedp.Evaluate(shownStateJS, &got))
		var v turnView
		apiDo(t, base, "GET", "/games/"+id+"?turn="+strconv.Itoa(k), token, nil, &v)
		if v.Turn != k {
			t.Fatalf("the view after turn %d says turn %d", k, v.Turn)
		}
		if diff := sameState(got, v.want(k)); len(diff) > 0 {
			t.Errorf("after turn %d of %d:\n\t%s", k, last, strings.Join(diff, "\n\t"))
			if bad++; bad == 3 {
				t.Fatal("three turns differ: stopping")
			}
		}
	}
	waitTrue(t, ctx, "no further step", `document.querySelector('#replay-turn').max === '`+strconv.Itoa(last)+`'`)
}

// replayCases are the variants whose replay and rewind the tests check:
// stacks that go either way, plays face down, stacks that start anywhere,
// play and discard swapped, and one card more in each hand.
var replayCases = []struct {
	name, variant string
	options       map[string]any
}{
	{"up-or-down", "up-or-down-5-suits", nil},
	{"throw-it-in-a-hole", "throw-it-in-a-hole-5-suits", nil},
	{"sudoku", "sudoku-5-suits", nil},
	{"orange", "orange-5-suits", nil},
	{"one-extra-card", "basic", map[string]any{"one_extra_card": true}},
}

// TestBrowserReplayIsTheServers: a whole game of bots in each variant,
// replayed on the page from the deal to the end, shows at every turn what
// the server's view after that turn says.
func TestBrowserReplayIsTheServers(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	for _, c := range replayCases {
		t.Run(c.name, func(t *testing.T) {
			var created struct {
				Game struct{ ID string } `json:"game"`
			}
			body := map[string]any{"variant": c.variant, "players": 3, "seed": "replay-" + c.name,
				"bots": []map[string]any{{"seat": 0, "strategy": "conventions"}, {"seat": 1, "strategy": "conventions"}, {"seat": 2, "strategy": "hat"}}}
			if c.options != nil {
				body["options"] = c.options
			}
			apiDo(t, base, "POST", "/games", "", body, &created)
			id := created.Game.ID
			var end turnView
			for deadline := time.Now().Add(20 * time.Second); ; {
				apiDo(t, base, "GET", "/games/"+id, "", nil, &end)
				if end.Status == "finished" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the bots' game is still %s at turn %d", end.Status, end.Turn)
				}
				time.Sleep(100 * time.Millisecond)
			}
			ctx := b.player(c.name)
			run(t, ctx, "the replay", chromedp.Navigate(base+"/?replay="+id), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery))
			stepThrough(t, ctx, base, id, "", end.Turn)
		})
	}
}

// TestBrowserRewindIsTheServers: a game in each variant, played part way
// by Alice (through the API) and bots, rewound on Alice's page from the
// deal to now, shows at every turn what her view after that turn said.
func TestBrowserRewindIsTheServers(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	for _, c := range replayCases {
		t.Run(c.name, func(t *testing.T) {
			var created struct {
				Game  struct{ ID string } `json:"game"`
				Token string              `json:"token"`
			}
			body := map[string]any{"variant": c.variant, "players": 3, "name": "Alice", "seed": "rewind-2-" + c.name,
				"bots": []map[string]any{{"seat": 1, "strategy": "conventions"}, {"seat": 2, "strategy": "hat"}}}
			if c.options != nil {
				body["options"] = c.options
			}
			apiDo(t, base, "POST", "/games", "", body, &created)
			tb := &table{base: base, id: created.Game.ID, tokens: []string{created.Token}}
			// Alice clues or discards; the bots play too (face down in a
			// hole).
			for range 8 {
				var v seatView
				for deadline := time.Now().Add(10 * time.Second); ; {
					v = tb.view(t, 0)
					if v.Status != "active" || (v.CurrentSeat != nil && *v.CurrentSeat == 0) {
						break
					}
					if time.Now().After(deadline) {
						t.Fatal("the bots never gave Alice her turn")
					}
					time.Sleep(50 * time.Millisecond)
				}
				if v.Status != "active" {
					break
				}
				tb.move(t, 0)
			}
			if c.name == "throw-it-in-a-hole" {
				var v turnView
				apiDo(t, base, "GET", "/games/"+tb.id, tb.tokens[0], nil, &v)
				if len(v.FaceDown) == 0 {
					t.Fatal("nobody played a card face down: the rewind would not show one")
				}
			}
			ctx := b.player(c.name)
			tb.sitDown(t, ctx, 0)
			run(t, ctx, "her turn", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
			now := tb.view(t, 0).Turn
			run(t, ctx, "rewind", chromedp.Click(`#rewind`, chromedp.ByQuery), chromedp.WaitVisible(`#table.replaying[data-step="`+strconv.Itoa(now)+`"]`, chromedp.ByQuery))
			stepThrough(t, ctx, base, tb.id, tb.tokens[0], now)
			run(t, ctx, "back", chromedp.Click(`#rewind-back`, chromedp.ByQuery), chromedp.WaitVisible(`#table:not(.replaying) .hand.mine`, chromedp.ByQuery))
		})
	}
}
