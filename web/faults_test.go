package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// botGame creates a game of variant through the API with bots on every seat
// but seat 0, and sits seat 0 down in ctx's browser.
func botGame(t *testing.T, ctx context.Context, base, variant string, players int, seed string) *table {
	t.Helper()
	var created struct {
		Game  struct{ ID string } `json:"game"`
		Token string              `json:"token"`
	}
	var bots []map[string]any
	for s := 1; s < players; s++ {
		bots = append(bots, map[string]any{"seat": s, "strategy": "conventions"})
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": variant, "players": players, "name": "Alice", "seed": seed, "bots": bots}, &created)
	tb := &table{base: base, id: created.Game.ID, tokens: []string{created.Token}}
	tb.sitDown(t, ctx, 0)
	return tb
}

// lastClueJS lists what is wrong with how the page marks the cards the last
// clue touched: each such card shows that clue's tag ringed, and no label
// of the clue's words covers a card's rank or letter.
const lastClueJS = `(() => {
  const bad = [];
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const meet = (a, b) => { const p = a.getBoundingClientRect(), q = b.getBoundingClientRect(); return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom; };
  for (const card of document.querySelectorAll('.hand .card.last')) {
    if (!card.querySelector('.tag.last')) bad.push('card ' + card.dataset.card + ' has no ringed tag');
    for (const label of card.querySelectorAll('.last-label')) {
      if (!shown(label)) continue;
      for (const face of card.querySelectorAll('.rank, .letter')) {
        if (shown(face) && meet(label, face)) bad.push('card ' + card.dataset.card + ': "' + label.textContent + '" covers "' + face.textContent + '"');
      }
    }
  }
  return bad;
})()`

// notFits lists the notes on the table that are cut short.
const notFitsJS = `[...document.querySelectorAll('.hand .card .note')].filter((n) => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)`

// TestBrowserPhoneNotes: on a phone, the cards the last clue touched show
// it without covering their rank; a short note reads whole on its card, and
// after the game, at the table and in the replay, a tap on a card reads its
// notes in full. axe finds nothing serious on the phone's table or replay.
func TestBrowserPhoneNotes(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	alice := newBrowser(t, base).player("alice")
	run(t, alice, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	tb := botGame(t, alice, base, "basic", 2, "phone-notes")

	// Alice gives clues until the bot's last move was a clue to her.
	prev, marked := "", 0
	for range 12 {
		if !move(t, alice, "alice", "clue", &prev) {
			t.Fatal("the game ended")
		}
		run(t, alice, "her turn again", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
		var bad []string
		run(t, alice, "the last clue", chromedp.Evaluate(lastClueJS, &bad))
		if len(bad) > 0 {
			t.Fatalf("the last clue on a phone: %v", bad)
		}
		marked += count(t, alice, `.hand.mine .card.last`)
	}
	if marked == 0 {
		t.Fatal("no clue to Alice was ever the last move")
	}
	checkAxe(t, alice, "phone table")

	// Notes: one on her own card, a long one on the bot's.
	v := tb.view(t, 0)
	own, theirs := v.Hands[0].Cards[1].ID, v.Hands[1].Cards[0].ID
	const short, long = "blue or green 4", "chop, but save it: the last green four, which we need for the end"
	apiDo(t, base, "PUT", "/games/"+tb.id+"/notes/"+strconv.Itoa(own), tb.tokens[0], map[string]any{"text": short}, nil)
	apiDo(t, base, "PUT", "/games/"+tb.id+"/notes/"+strconv.Itoa(theirs), tb.tokens[0], map[string]any{"text": long}, nil)
	run(t, alice, "reload", chromedp.Reload(), chromedp.WaitVisible(`#table .note`, chromedp.ByQuery))
	var cut []string
	run(t, alice, "notes fit", chromedp.Evaluate(notFitsJS, &cut))
	if len(cut) != 1 || cut[0] != long {
		t.Errorf("notes cut short on a phone: %q, want only the long one", cut)
	}
	eval(t, alice, "no sideways scroll with notes", `document.documentElement.scrollWidth <= 390`)
	eval(t, alice, "hand and buttons on one screen with a note", `Math.max(...[...document.querySelectorAll('.hand.mine button')].map((b) => b.getBoundingClientRect().bottom)) <= 844`)

	// After the game, a tap reads a note whole: at the table and in the replay.
	apiDo(t, base, "POST", "/games/"+tb.id+"/terminate", tb.tokens[0], nil, nil)
	run(t, alice, "the end", chromedp.WaitVisible(`#table[data-status="finished"]`, chromedp.ByQuery))
	readNote := func(where string, card int, says string) {
		t.Helper()
		sel := `#table [data-card="` + strconv.Itoa(card) + `"] .card-hit`
		tap(t, alice, where+": tap the card", sel)
		run(t, alice, where+": the notes", chromedp.WaitVisible(`#note-reader`, chromedp.ByQuery))
		if got := text(t, alice, `#note-reader .note-lines`); got != says {
			t.Errorf("%s: the card's notes read %q, want %q", where, got, says)
		}
		eval(t, alice, where+": the notes fit the phone", `document.querySelector('#note-reader').getBoundingClientRect().right <= 390`)
		checkAxe(t, alice, where+": notes")
		run(t, alice, where+": close", chromedp.Click(`#note-reader-close`, chromedp.ByQuery), chromedp.WaitNotPresent(`#note-reader`, chromedp.ByQuery))
	}
	readNote("finished table", theirs, "Alice: "+long)
	readNote("finished table", own, "Alice: "+short)
	run(t, alice, "the replay", chromedp.Click(`#watch-replay`, chromedp.ByQuery), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery))
	checkAxe(t, alice, "phone replay")
	eval(t, alice, "no sideways scroll in the replay", `document.documentElement.scrollWidth <= 390`)
	run(t, alice, "blur", chromedp.Evaluate(`document.activeElement.blur()`, nil))
	press(t, alice, "to the end", kb.End)
	waitTrue(t, alice, "the end", `document.querySelector('#replay-turn').value === document.querySelector('#replay-turn').max`)
	readNote("replay", theirs, "Alice: "+long)
	readNote("replay", own, "Alice: "+short)
}

// creates records the bodies of the games created through a server.
type creates struct {
	mu     sync.Mutex
	bodies []map[string]any
}

func (c *creates) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/v1/games" {
			b, _ := io.ReadAll(r.Body)
			var body map[string]any
			_ = json.Unmarshal(b, &body)
			c.mu.Lock()
			c.bodies = append(c.bodies, body)
			c.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
		h.ServeHTTP(w, r)
	})
}

// TestBrowserCreateOptions: the form offers every yes-or-no option the
// server takes (one extra card and one card less exclude each other), and
// creates the table with them.
func TestBrowserCreateOptions(t *testing.T) {
	sent := &creates{}
	base := startServerWith(t, filepath.Join(t.TempDir(), "hanabi.db"), sent.wrap)
	alice := newBrowser(t, base).player("alice")
	run(t, alice, "the lobby", chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery))
	var offered map[string]any
	apiDo(t, base, "GET", "/variants/basic", "", nil, &struct {
		Options *map[string]any `json:"options"`
	}{&offered})
	for _, k := range []string{"one_extra_card", "one_less_card", "deck_plays", "all_or_nothing"} {
		if _, ok := offered[k]; !ok {
			t.Fatalf("the server offers no %s: %v", k, offered)
		}
		if n := count(t, alice, `#opt-`+strings.ReplaceAll(k, "_", "-")+`[type=checkbox]:not(:checked)`); n != 1 {
			t.Fatalf("the form offers no %s, unchecked", k)
		}
	}
	run(t, alice, "one extra, then one less", chromedp.Click(`#opt-one-extra-card`, chromedp.ByQuery), chromedp.Click(`#opt-one-less-card`, chromedp.ByQuery))
	eval(t, alice, "one less unchecks one extra", `!document.querySelector('#opt-one-extra-card').checked && document.querySelector('#opt-one-less-card').checked`)
	run(t, alice, "create",
		chromedp.Click(`#opt-one-extra-card`, chromedp.ByQuery),
		chromedp.Click(`#opt-deck-plays`, chromedp.ByQuery),
		chromedp.Click(`#opt-all-or-nothing`, chromedp.ByQuery),
		chromedp.SetValue(`select[data-seat="1"]`, "conventions", chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table`, chromedp.ByQuery))
	sent.mu.Lock()
	defer sent.mu.Unlock()
	if len(sent.bodies) != 1 {
		t.Fatalf("%d games created", len(sent.bodies))
	}
	opts, _ := sent.bodies[0]["options"].(map[string]any)
	for k, want := range map[string]any{"one_extra_card": true, "one_less_card": false, "deck_plays": true, "all_or_nothing": true} {
		if got := opts[k]; got != want {
			t.Errorf("the page created the table with %s %v, want %v", k, got, want)
		}
	}
	var v struct {
		Options map[string]any `json:"options"`
		Hands   []struct {
			Cards []struct{} `json:"cards"`
		} `json:"hands"`
	}
	publicView(t, base, gameID(t, alice), &v)
	for k, want := range map[string]any{"one_extra_card": true, "deck_plays": true, "all_or_nothing": true} {
		if got := v.Options[k]; got != want {
			t.Errorf("the table's %s is %v, want %v", k, got, want)
		}
	}
	if n := len(v.Hands[0].Cards); n != 6 {
		t.Errorf("with one extra card a hand of two players holds %d cards", n)
	}
	run(t, alice, "the rules", chromedp.Click(`details.rules summary`, chromedp.ByQuery))
	if r := text(t, alice, `#table-options`); !strings.Contains(r, "one extra card") || !strings.Contains(r, "deck plays") || !strings.Contains(r, "all or nothing") {
		t.Errorf("the table's rules say %q", r)
	}
}

// TestBrowserOpenTablesUpdate: the list of open tables follows the tables
// that open and fill while the lobby is on screen, and names their variants
// by their titles.
func TestBrowserOpenTablesUpdate(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	dave := newBrowser(t, base).player("dave")
	run(t, dave, "the lobby", chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery))
	waitTrue(t, dave, "no table yet", `document.querySelector('#open-tables').textContent.includes('No table is waiting')`)
	var created struct {
		Game struct{ ID string } `json:"game"`
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "up-or-down-5-suits", "players": 2, "name": "Alice"}, &created)
	row := `#open-tables li[data-game="` + created.Game.ID + `"]`
	start := time.Now()
	run(t, dave, "the new table shows", chromedp.Poll(`!!document.querySelector('`+row+`')`, nil, chromedp.WithPollingTimeout(15*time.Second)))
	t.Logf("the new table showed after %v", time.Since(start).Round(100*time.Millisecond))
	if r := text(t, dave, row); !strings.Contains(r, "Up or Down (5 Suits)") || strings.Contains(r, "up-or-down") {
		t.Errorf("the open table reads %q", r)
	}
	apiDo(t, base, "POST", "/games/"+created.Game.ID+"/seats", "", map[string]any{"name": "Bob"}, nil)
	run(t, dave, "the full table goes", chromedp.Poll(`!document.querySelector('`+row+`')`, nil, chromedp.WithPollingTimeout(15*time.Second)))
}

// TestBrowserDeckPlay: with deck plays on, the page offers, on the seat's
// turn while the deck holds one card, the blind play of that card (the
// view's deck_next_card), and the server takes it.
func TestBrowserDeckPlay(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	alice := newBrowser(t, base).player("alice")
	var created struct {
		Game  struct{ ID string } `json:"game"`
		Token string              `json:"token"`
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Alice", "seed": "deck-play",
		"options": map[string]any{"deck_plays": true}, "bots": []map[string]any{{"seat": 1, "strategy": "conventions"}}}, &created)
	tb := &table{base: base, id: created.Game.ID, tokens: []string{created.Token}}
	tb.sitDown(t, alice, 0)
	prev := ""
	for range 60 {
		run(t, alice, "her turn", chromedp.Poll(tableState(prev), nil, chromedp.WithPollingTimeout(25*time.Second)))
		var v struct {
			DeckCount    int  `json:"deck_count"`
			DeckNextCard *int `json:"deck_next_card"`
		}
		apiDo(t, base, "GET", "/games/"+tb.id, tb.tokens[0], nil, &v)
		offered := count(t, alice, `#deck-play:not([aria-disabled=true])`)
		if v.DeckNextCard == nil {
			if offered != 0 || count(t, alice, `#deck-play`) != 0 {
				t.Fatalf("with %d cards in the deck the page offers a deck play", v.DeckCount)
			}
			if !move(t, alice, "alice", "discard", &prev) {
				t.Fatal("the game ended before Alice could play the deck's last card")
			}
			continue
		}
		if offered != 1 || text(t, alice, `#deck-play`) == "" {
			t.Fatalf("the deck's last card (%d) is not offered", *v.DeckNextCard)
		}
		if got := cardID(t, alice, `#deck-play`); got != strconv.Itoa(*v.DeckNextCard) {
			t.Fatalf("the page offers card %s, the view names %d", got, *v.DeckNextCard)
		}
		tap(t, alice, "play the deck's card", `#deck-play`)
		var evs struct {
			Events []struct {
				Type string `json:"type"`
				Card *struct {
					ID int `json:"id"`
				} `json:"card"`
			} `json:"events"`
		}
		for deadline := time.Now().Add(5 * time.Second); ; {
			apiDo(t, base, "GET", "/games/"+tb.id+"/events?after=0", "", nil, &evs)
			for _, e := range evs.Events {
				if e.Card != nil && e.Card.ID == *v.DeckNextCard {
					return
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("the server never played card %d", *v.DeckNextCard)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	t.Fatal("the deck never came down to one card on Alice's turn")
}
