package web_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// playOut plays tb, a game of variant dealt from seed, to its end through
// the API, mirrored by the engine: a seat plays a card that extends a
// firework when it holds one, else clues the next seat while it may, else
// discards; so the game scores. It answers how many turns it took.
func playOut(t *testing.T, tb *table, variant string, players int, seed string) int {
	t.Helper()
	_, _, cfg, err := variants.Setup(variant, variants.Options{}, players)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	deck := g.Deck()
	for !g.Over() {
		var pick *engine.Action
		for _, a := range g.LegalActions(nil) {
			c := deck[a.Card]
			switch {
			case a.Kind == engine.Play && g.Firework(c.Suit)+1 == c.Rank:
				pick = &a
			case pick == nil && a.Kind == engine.RankClue && a.Target == (g.Current()+1)%players:
				pick = &a
			case pick == nil && a.Kind == engine.Discard:
				pick = &a
			}
			if pick != nil && pick.Kind == engine.Play {
				break
			}
		}
		if pick == nil {
			legal := g.LegalActions(nil)
			pick = &legal[0] // nothing better: a misplay
		}
		body := map[string]any{"type": "discard", "card": pick.Card}
		switch pick.Kind {
		case engine.Play:
			body = map[string]any{"type": "play", "card": pick.Card}
		case engine.RankClue:
			body = map[string]any{"type": "clue", "target": pick.Target, "rank": pick.Value}
		}
		apiDo(t, tb.base, "POST", "/games/"+tb.id+"/actions", tb.tokens[g.Current()], body, nil)
		if _, err := g.Apply(*pick); err != nil {
			t.Fatal(err)
		}
	}
	return g.Turn()
}

// TestBrowserResults (issue 48): Alice and Bob play one game out and vote
// to end another. The voted game's table says how many turns it took, as
// its replay does, and its log numbers the moves alone; Alice's profile
// counts the voted game apart, as abandoned, and its average and best are
// the game played out's; the people's leaderboard lists that game only;
// and its variant picker finds any variant by a search.
func TestBrowserResults(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	alice, bob := signUp(t, base, "Alice"), signUp(t, base, "Bob")
	newGame := func(seed string) *table {
		t.Helper()
		var created struct {
			Game  struct{ ID string } `json:"game"`
			Token string              `json:"token"`
		}
		body := map[string]any{"variant": "basic", "players": 2}
		if seed != "" {
			body["seed"] = seed
		}
		apiDo(t, base, "POST", "/games", alice, body, &created)
		var joined struct {
			Token string `json:"token"`
		}
		apiDo(t, base, "POST", "/games/"+created.Game.ID+"/seats", bob, map[string]any{}, &joined)
		return &table{base: base, id: created.Game.ID, tokens: []string{created.Token, joined.Token}}
	}
	// A deal the server deals (leaderboards hold no other): its seed is
	// the first shared deal's, keyed as the test server keys it.
	played := newGame("")
	playOut(t, played, "basic", 2, testDeal(play.SeedPrefix("basic", 2)+"1"))
	score := finalScore(t, base, played.id)
	voted := newGame("results-voted")
	for range 4 {
		voted.move(t, voted.firstSeat(t))
	}
	apiDo(t, base, "PUT", "/games/"+voted.id+"/votes/end", voted.tokens[0], nil, nil)
	apiDo(t, base, "PUT", "/games/"+voted.id+"/votes/end", voted.tokens[1], nil, nil)
	ctx := b.player("alice")
	signedIn(t, ctx, base, "Alice", alice)

	t.Run("turns and the log", func(t *testing.T) {
		run(t, ctx, "the voted game", chromedp.Navigate(base+"/?game="+voted.id), chromedp.WaitVisible(`#result`, chromedp.ByQuery))
		waitTrue(t, ctx, "the log is in", `document.querySelectorAll('#log-list li.game_over').length === 1`)
		if h := text(t, ctx, `#table .title`); !strings.Contains(h, "4 turns") || strings.Contains(h, "turn 5") {
			t.Errorf("the header of a game of 4 turns reads %q", h)
		}
		var numbers []string
		run(t, ctx, "the log's numbers", chromedp.Evaluate(`[...document.querySelectorAll('#log-list li')].map((li) => (getComputedStyle(li).listStyleType === 'none' ? '-' : String(li.value)) + ' ' + li.className)`, &numbers))
		want := []string{"- ev game_over", "- ev vote", "- ev vote", "4 ev clue", "3 ev clue", "2 ev clue", "1 ev clue"}
		if strings.Join(numbers, ",") != strings.Join(want, ",") {
			t.Errorf("the log numbers its lines %q, want %q", numbers, want)
		}
	})

	t.Run("abandoned counted apart", func(t *testing.T) {
		run(t, ctx, "alice's profile", chromedp.Navigate(base+"/?player=Alice"), chromedp.WaitVisible(`#stats`, chromedp.ByQuery))
		row := `#stats tr[data-variant="basic"]`
		var cells []string
		run(t, ctx, "the stats", chromedp.Evaluate(`[...document.querySelectorAll('`+row+` td')].map((td) => td.textContent)`, &cells))
		// Players, games, best, average, perfect, strikeouts, abandoned.
		if want := []string{"2", "1", strconv.Itoa(score), strconv.Itoa(score) + ".00"}; len(cells) < 7 || strings.Join(cells[:4], ",") != strings.Join(want, ",") || cells[6] != "1" {
			t.Errorf("Alice's statistics read %q; want %v and 1 abandoned", cells, want)
		}
		if s := text(t, ctx, `#profile-summary`); !strings.Contains(s, "1 of them abandoned") {
			t.Errorf("the profile's summary reads %q", s)
		}
		waitTrue(t, ctx, "the history marks the voted game", `!!document.querySelector('#history tr[data-game="`+voted.id+`"] .badge.abandoned') && !document.querySelector('#history tr[data-game="`+played.id+`"] .badge.abandoned')`)
		checkAxe(t, ctx, "a profile with an abandoned game")
	})

	t.Run("the leaderboard lists the game played out alone", func(t *testing.T) {
		run(t, ctx, "the leaderboard", chromedp.Navigate(base+"/?leaderboard=basic&players=2"), chromedp.WaitVisible(`#board-variant`, chromedp.ByQuery))
		waitTrue(t, ctx, "only the game played out", `document.querySelectorAll('table.history tbody tr').length === 1 && !!document.querySelector('tr[data-game="`+played.id+`"]')`)
	})

	t.Run("the leaderboard finds any variant", func(t *testing.T) {
		run(t, ctx, "the leaderboard", chromedp.Navigate(base+"/?leaderboard=basic&players=2"), chromedp.WaitVisible(`#board-variant`, chromedp.ByQuery))
		// A variant past the first hundred is found by a search.
		var first struct {
			Variants []struct{ Name, Title string } `json:"variants"`
		}
		apiDo(t, base, "GET", "/variants?limit=100", "", nil, &first)
		listed := map[string]bool{}
		for _, v := range first.Variants {
			listed[v.Name] = true
		}
		var found struct {
			Variants []struct{ Name, Title string } `json:"variants"`
		}
		apiDo(t, base, "GET", "/variants?limit=100&q=throw", "", nil, &found)
		var far struct{ Name, Title string }
		for _, v := range found.Variants {
			if !listed[v.Name] {
				far = v
				break
			}
		}
		if far.Name == "" {
			t.Fatal("every variant a search for throw finds is among the first hundred")
		}
		run(t, ctx, "search", chromedp.SendKeys(`#board-search`, "throw", chromedp.ByQuery))
		waitTrue(t, ctx, "the picker offers it", `!!document.querySelector('#board-variant option[value="`+far.Name+`"]')`)
		run(t, ctx, "choose it", chromedp.SetValue(`#board-variant`, far.Name, chromedp.ByQuery), chromedp.Click(`#board-show`, chromedp.ByQuery))
		waitTrue(t, ctx, "its board", `(document.querySelector('#board-h') || { textContent: '' }).textContent.includes(`+js(far.Title)+`)`)
		checkAxe(t, ctx, "the leaderboard with its search")
	})
}

// TestBrowserLinkTextNotEchoed: a page that finds nothing under the text
// of its link (a player, a variant, a seed) does not repeat that text: a
// crafted link cannot make the site's own page say sentences of its
// writer's.
func TestBrowserLinkTextNotEchoed(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	b.allow("status of 404 (Not Found) " + base + "/v1/")
	ctx := b.player("reader")
	crafted := "%E2%80%9D.%20Your%20session%20expired%2C%20sign%20in%20at%20evil.example%20%E2%80%9C"
	for _, tc := range []struct{ path, sel, want string }{
		{"/?player=" + crafted, ".panel p", "Nobody here goes by that name."},
		{"/?player=Zed", ".panel p", "Nobody here goes by that name."},
		{"/?leaderboard=" + crafted + "&players=2", ".panel p", "There is no variant by that name."},
		{"/?seed=" + crafted, ".panel h1", "Scores on this seed"},
	} {
		run(t, ctx, tc.path, chromedp.Navigate(base+tc.path), chromedp.WaitVisible(`.panel a[href="/"]`, chromedp.ByQuery))
		if got := text(t, ctx, tc.sel); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.path, got, tc.want)
		}
	}
}

// testDeal is the seed of the shared deal name as the test server deals it
// (its deal key, startServerWith's): the name and an HMAC of it.
func testDeal(name string) string {
	mac := hmac.New(sha256.New, []byte("browser-test-deal-key"))
	mac.Write([]byte("deal:" + name))
	return name + "~" + hex.EncodeToString(mac.Sum(nil))[:24]
}
