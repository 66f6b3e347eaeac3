package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// signUp makes an account through the API and answers its session's token.
func signUp(t *testing.T, base, name string) string {
	t.Helper()
	var res struct {
		Token string `json:"token"`
	}
	apiDo(t, base, "POST", "/players", "", map[string]any{"name": name, "password": "correct horse battery"}, &res)
	return res.Token
}

// signedIn opens the lobby in ctx's browser signed in as name (the page
// keeps the session as its sign-in form does).
func signedIn(t *testing.T, ctx context.Context, base, name, token string) {
	t.Helper()
	kept, _ := json.Marshal(map[string]any{"name": name, "bot": false, "token": token})
	run(t, ctx, name+" signs in",
		chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.Evaluate(`localStorage.setItem('hanabi.player', `+js(string(kept))+`)`, nil),
		chromedp.Reload(), chromedp.WaitVisible(`#account-name`, chromedp.ByQuery))
}

// say types a line into the chat and sends it, and waits until the page
// has taken it (the field is empty again) or said why not.
func say(t *testing.T, ctx context.Context, who, line string) {
	t.Helper()
	run(t, ctx, who+" says "+line,
		chromedp.SetValue(`#chat-text`, line, chromedp.ByQuery),
		chromedp.Click(`#chat-send`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#chat-text').value === '' || document.querySelector('#chat-says').textContent !== ''`, nil))
}

// clickReady clicks sel in one step of the page's own once it is there and
// enabled: the table is redrawn on every change, and a redraw between
// finding a button and clicking it would lose the click.
func clickReady(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	waitTrue(t, ctx, what, `(() => { const b = document.querySelector(`+js(sel)+`); if (!b || b.disabled) return false; b.click(); return true; })()`)
}

// hasLine is true once the chat shows line, as text, said by from.
func hasLine(from, line string) string {
	return `[...document.querySelectorAll('#chat-lines .chat-line')].some((li) => li.querySelector('.chat-text').textContent === ` + js(line) +
		` && li.querySelector('.chat-sayer').textContent === ` + js(from) + `)`
}

// TestBrowserEvening: a table is a room. Alice and Carol, signed in, and
// Bob, a guest, sit at Alice's timed table; Dave, signed in, finds it among
// the games being played and watches it. They chat: Bob, whose panel is
// closed, counts the lines he has not read, until he opens it; a line
// written as markup reads as the text it is and runs nothing; Alice mutes
// Dave and reads his lines no more (Bob still does), then unmutes him; a
// flood is refused in words that say when to send again. Dave sees every
// hand, then shadows Bob: Bob's own cards are hidden from him exactly as
// Bob's page shows them, and the table tells everyone who watches, and as
// whom. Alice pauses the game (the clock stands, no move is offered, the
// log says who paused) and Carol resumes it. Bob votes to end, takes it
// back and votes again; Carol's vote ends the game, which everyone reads
// as voted, and the chat goes on after it. axe finds nothing serious on
// the room's panels.
func TestBrowserEvening(t *testing.T) {
	onStore(t, "sqlite", func(t *testing.T, dbURL string) {
		base := startServer(t, dbURL)
		b := newBrowser(t, base)
		alice, bob, carol, dave := b.player("alice"), b.player("bob"), b.player("carol"), b.player("dave")
		signedIn(t, alice, base, "Alice", signUp(t, base, "Alice"))
		signedIn(t, carol, base, "Carol", signUp(t, base, "Carol"))
		signedIn(t, dave, base, "Dave", signUp(t, base, "Dave"))

		// Alice opens a timed table for three, open to spectators.
		eval(t, alice, "the form offers who may watch", `[...document.querySelectorAll('#spectators option')].map((o) => o.value).join() === 'open,no_hands,closed' && document.querySelector('#spectators').value === 'open'`)
		var link string
		run(t, alice, "alice creates the table",
			chromedp.SetValue(`#players`, "3", chromedp.ByQuery),
			chromedp.SetValue(`#turn-seconds`, "300", chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#turn-seconds').dispatchEvent(new Event('input'))`, nil),
			chromedp.Click(`#create-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`#join-link`, chromedp.ByQuery),
			chromedp.Value(`#join-link`, &link, chromedp.ByQuery))
		id := gameID(t, alice)
		// The pregame has its chat too.
		say(t, alice, "alice", "Welcome! Two more and we start.")
		run(t, bob, "bob joins", chromedp.Navigate(link), chromedp.WaitVisible(`#join-game`, chromedp.ByQuery),
			chromedp.SetValue(`#join-name`, "Bob", chromedp.ByQuery), chromedp.Click(`#join-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`.lobby #chat-text, #chat-text`, chromedp.ByQuery))
		waitTrue(t, bob, "bob reads the pregame's line", hasLine("Alice", "Welcome! Two more and we start."))
		run(t, carol, "carol joins", chromedp.Navigate(link), chromedp.WaitVisible(`#join-game`, chromedp.ByQuery),
			chromedp.Click(`#join-game`, chromedp.ByQuery), chromedp.WaitVisible(`#table[data-seat="2"]`, chromedp.ByQuery))
		run(t, alice, "the game starts", chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))

		// Dave finds the game among those being played, and watches it: a
		// signed-in spectator sees every hand.
		row := `#running-tables li[data-game="` + id + `"]`
		run(t, dave, "dave looks for a game", chromedp.Navigate(base+"/"), chromedp.WaitVisible(row+` a.watch`, chromedp.ByQuery))
		if r := text(t, dave, row); !strings.Contains(r, "Alice’s table") || !strings.Contains(r, "3 players") {
			t.Errorf("the running game reads %q", r)
		}
		checkAxe(t, dave, "lobby with games being played")
		run(t, dave, "dave watches", chromedp.Click(row+` a.watch`, chromedp.ByQuery), chromedp.WaitVisible(`#watching`, chromedp.ByQuery))
		if w := text(t, dave, `#watching`); !strings.Contains(w, "every hand is shown") {
			t.Errorf("dave reads %q", w)
		}
		eval(t, dave, "every hand face up", `[0, 1, 2].every((s) => document.querySelectorAll('.hand[data-seat="' + s + '"] .card.face').length === 5)`)
		waitTrue(t, dave, "dave reads the pregame's line", hasLine("Alice", "Welcome! Two more and we start."))

		// Bob closes his chat; the lines he has not read are counted.
		run(t, bob, "bob closes the chat", page.BringToFront(), chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery),
			chromedp.Click(`#chat-toggle`, chromedp.ByQuery), chromedp.WaitNotVisible(`#chat-body`, chromedp.ByQuery))
		eval(t, bob, "nothing unread yet", `document.querySelector('#chat').dataset.unread === '0' && document.querySelector('#chat-unread').hidden`)
		say(t, alice, "alice", "Good luck, everyone")
		say(t, dave, "dave", "Watching from afar")
		waitTrue(t, bob, "two lines unread", `document.querySelector('#chat-unread').textContent === '2 unread' && !document.querySelector('#chat-unread').hidden`)
		eval(t, bob, "the toggle's name counts them", `document.querySelector('#chat-toggle').textContent.includes('2 unread') && document.querySelector('#chat-toggle').getAttribute('aria-expanded') === 'false'`)
		checkAxe(t, bob, "a closed chat with unread lines")
		run(t, bob, "bob opens the chat", chromedp.Click(`#chat-toggle`, chromedp.ByQuery), chromedp.WaitVisible(`#chat-lines`, chromedp.ByQuery))
		waitTrue(t, bob, "read: the count clears", `document.querySelector('#chat').dataset.unread === '0' && document.querySelector('#chat-unread').hidden`)
		eval(t, bob, "a spectator's line says so", hasLine("Dave (watching)", "Watching from afar"))

		// A line written as markup is text: it shows as typed and runs nothing.
		const probe = `<img src=x onerror=window.__pwned=1>`
		say(t, carol, "carol", probe)
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob, "carol": carol, "dave": dave} {
			waitTrue(t, ctx, name+" reads the markup as text", hasLine("Carol", probe))
			eval(t, ctx, name+": no element from a line, nothing run", `!document.querySelector('#chat img, #log-list img') && window.__pwned === undefined`)
		}

		// Alice mutes Dave: his lines go, and the new ones do not come (Bob
		// still reads them); unmuted, his new lines show again.
		run(t, alice, "front", page.BringToFront())
		clickReady(t, alice, "alice mutes dave", `#chat-lines button[aria-label="Mute Dave"]`)
		run(t, alice, "muted", chromedp.WaitVisible(`#chat-muted`, chromedp.ByQuery))
		eval(t, alice, "dave's lines are gone", `!(`+hasLine("Dave (watching)", "Watching from afar")+`)`)
		if n := count(t, alice, `#chat-lines button[aria-label="Mute Bob"]`); n != 0 {
			t.Errorf("a guest's line offers a mute: %d", n)
		}
		say(t, dave, "dave", "Nice clue coming up?")
		waitTrue(t, bob, "bob reads dave", hasLine("Dave (watching)", "Nice clue coming up?"))
		say(t, bob, "bob", "Maybe!")
		waitTrue(t, alice, "alice reads bob", hasLine("Bob", "Maybe!"))
		eval(t, alice, "but not dave", `!(`+hasLine("Dave (watching)", "Nice clue coming up?")+`)`)
		clickReady(t, alice, "alice unmutes dave", `#chat-muted button[aria-label="Unmute Dave"]`)
		run(t, alice, "unmuted", chromedp.WaitNotVisible(`#chat-muted`, chromedp.ByQuery))
		say(t, dave, "dave", "Thanks, Alice")
		waitTrue(t, alice, "alice reads dave again", hasLine("Dave (watching)", "Thanks, Alice"))

		// A flood is refused politely; the line stays to be sent again.
		b.allow("status of 429 (Too Many Requests) " + base + "/v1/games/" + id + "/chat")
		for i := 0; i < 10 && count(t, bob, `#chat-says:not(:empty)`) == 0; i++ {
			say(t, bob, "bob", "spam "+strconv.Itoa(i))
		}
		if s := text(t, bob, `#chat-says`); !strings.Contains(s, "send it again in") {
			t.Errorf("a flood reads %q", s)
		}
		eval(t, bob, "the refused line stays", `document.querySelector('#chat-text').value !== ''`)
		checkAxe(t, bob, "chat with a refusal")

		// Alice moves; Dave shadows Bob, whose own cards he then sees exactly
		// as Bob's page shows them.
		prevA := ""
		before := tableView(t, base, id, 0)
		move(t, alice, "alice", "clue", &prevA)
		v := tableView(t, base, id, before)
		caughtUp(t, bob, v, 10*time.Second)
		caughtUp(t, dave, v, 10*time.Second)
		run(t, dave, "front", page.BringToFront())
		waitTrue(t, dave, "dave shadows bob", `(() => { const s = document.querySelector('#shadow-seat'); if (!s) return false; s.value = '1'; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
		run(t, dave, "the shadow's table", chromedp.WaitVisible(`#table[data-shadow="1"]`, chromedp.ByQuery))
		if w := text(t, dave, `#watching`); !strings.Contains(w, "as Bob sees the table") {
			t.Errorf("shadowing, dave reads %q", w)
		}
		eval(t, dave, "bob's cards hidden, the others' shown", `document.querySelectorAll('.hand[data-seat="1"] .card.face').length === 0 && document.querySelectorAll('.hand[data-seat="1"] .card.own').length === 5 && [0, 2].every((s) => document.querySelectorAll('.hand[data-seat="' + s + '"] .card.face').length === 5)`)
		shown := func(ctx context.Context, sel string) string {
			var s string
			run(t, ctx, "what bob's cards can be", chromedp.Evaluate(`JSON.stringify([...document.querySelectorAll('`+sel+` .card')].map((c) => [c.dataset.card, c.dataset.ids || '', c.className.includes('clued')]))`, &s))
			return s
		}
		if bobs, daves := shown(bob, `.hand.mine`), shown(dave, `.hand[data-seat="1"]`); bobs != daves {
			t.Errorf("bob sees his cards as %s, dave's shadow as %s", bobs, daves)
		}
		waitTrue(t, dave, "the shadow's log has alice's move", `document.querySelector('#log-list').textContent.includes('Alice tells')`)
		checkAxe(t, dave, "a shadow's table with the chat")

		// Alice pauses the game: the clock stands, nothing is offered to
		// Bob, whose turn it is; Carol resumes it.
		run(t, alice, "front", page.BringToFront())
		clickReady(t, alice, "alice pauses", `#pause-game`)
		run(t, alice, "paused", chromedp.WaitVisible(`#resume-game`, chromedp.ByQuery))
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob, "carol": carol, "dave": dave} {
			waitTrue(t, ctx, name+" reads the pause", `(document.querySelector('#paused') || {}).textContent?.startsWith('Paused by Alice') && document.querySelector('#table').dataset.paused === 'true'`)
			waitTrue(t, ctx, name+"'s log tells it", `document.querySelector('#log-list li.pause')?.textContent === 'Alice pauses the game: the clock stands still'`)
		}
		eval(t, bob, "the clock stands", `/^\d+:\d\d left, paused$/.test(document.querySelector('.hand.mine .clock').textContent)`)
		eval(t, bob, "no move offered while paused", `document.querySelectorAll('button[data-action]:not([aria-disabled=true])').length === 0`)
		checkAxe(t, alice, "a paused table")
		run(t, carol, "front", page.BringToFront())
		clickReady(t, carol, "carol resumes", `#resume-game`)
		run(t, carol, "resumed", chromedp.WaitVisible(`#pause-game`, chromedp.ByQuery))
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob, "dave": dave} {
			waitTrue(t, ctx, name+" reads the resume", `!document.querySelector('#paused') && document.querySelector('#log-list li.resume')?.textContent === 'Carol resumes the game'`)
		}
		waitTrue(t, bob, "bob may move again", `document.querySelectorAll('.hand.mine button[data-action]:not([aria-disabled=true])').length > 0`)
		// The players read who watches, and as whom (a player seated at the
		// table is none of them).
		waitTrue(t, alice, "alice reads who watches", `(document.querySelector('#watchers') || {}).textContent === 'Watching: Dave (as Bob sees it)'`)

		// The table votes to end: Bob votes, takes it back, votes again;
		// Carol's vote, the last one needed, ends the game.
		run(t, bob, "front", page.BringToFront())
		clickReady(t, bob, "bob votes", `#vote-end`)
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob, "dave": dave} {
			waitTrue(t, ctx, name+" reads the vote", `(document.querySelector('#votes') || {}).textContent?.includes('Bob') && document.querySelector('#votes').textContent.includes('1 of the 2 needed')`)
		}
		waitTrue(t, bob, "bob may take it back", `document.querySelector('#vote-end').textContent === 'Take back my vote to end'`)
		clickReady(t, bob, "bob takes it back", `#vote-end`)
		waitTrue(t, alice, "the vote is gone", `!document.querySelector('#votes') && document.querySelector('#log-list li.vote')?.textContent === 'Bob takes back their vote to end the game'`)
		waitTrue(t, bob, "bob may vote again", `document.querySelector('#vote-end')?.textContent === 'Vote to end'`)
		clickReady(t, bob, "bob votes again", `#vote-end`)
		waitTrue(t, carol, "carol reads the vote", `(document.querySelector('#votes') || {}).textContent?.includes('Bob')`)
		checkAxe(t, carol, "a table with a vote")
		run(t, carol, "front", page.BringToFront())
		clickReady(t, carol, "carol votes", `#vote-end`)
		run(t, carol, "carol's vote ends it", chromedp.WaitVisible(`#confirm-ok`, chromedp.ByQuery), chromedp.Click(`#confirm-ok`, chromedp.ByQuery))
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob, "carol": carol, "dave": dave} {
			waitTrue(t, ctx, name+" reads the end", `(document.querySelector('#result') || {}).textContent?.includes('the players voted to end it')`)
		}
		waitTrue(t, alice, "the log says so", `document.querySelector('#log-list li.game_over')?.textContent.includes('the players voted to end it') && document.querySelector('#log-list li.vote')?.textContent === 'Carol votes to end the game'`)

		// The room stays open after the game.
		say(t, carol, "carol", "Good game!")
		waitTrue(t, dave, "dave reads it after the end", hasLine("Carol", "Good game!"))
		checkAxe(t, dave, "a finished table with the chat")
	})
}

// TestBrowserClosedTable: a table closed to spectators, made so on the
// form, is among the games being played, but a signed-in player who
// watches it is told why it is not open to them.
func TestBrowserClosedTable(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	alice, dave := b.player("alice"), b.player("dave")
	run(t, alice, "alice creates a closed table",
		chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.SendKeys(`#name`, "Alice", chromedp.ByQuery),
		chromedp.SetValue(`#spectators`, "closed", chromedp.ByQuery),
		chromedp.SetValue(`select[data-seat="1"]`, "conventions", chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
	id := gameID(t, alice)
	b.allow("status of 403 (Forbidden) " + base + "/v1/games/" + id)
	signedIn(t, dave, base, "Dave", signUp(t, base, "Dave"))
	row := `#running-tables li[data-game="` + id + `"]`
	run(t, dave, "dave watches", chromedp.WaitVisible(row+` a.watch`, chromedp.ByQuery), chromedp.Click(row+` a.watch`, chromedp.ByQuery),
		chromedp.WaitVisible(`#join-refused`, chromedp.ByQuery))
	if r := text(t, dave, `#join-refused`); !strings.Contains(r, "closed to spectators") {
		t.Errorf("dave reads %q", r)
	}
}

// tableView is the game's version as the public reads it, once past after.
func tableView(t *testing.T, base, id string, after int64) int64 {
	t.Helper()
	// A click returns before its request is answered: wait for the move.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var v struct {
			Version int64 `json:"version"`
		}
		apiDo(t, base, "GET", "/games/"+id, "", nil, &v)
		if v.Version > after {
			return v.Version
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game stays at version %d", v.Version)
		}
	}
}

// TestBrowserDealInPlay: a signed-in player who plays a shared deal is shown
// no other game of it, the page no more than the API: opened as a replay
// or as a table, the other game says why, and no card of it is drawn (read
// without the player's token, it would show the player's own cards).
func TestBrowserDealInPlay(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	pat := b.player("pat")
	xena, yuri, zoe := signUp(t, base, "Xena"), signUp(t, base, "Yuri"), signUp(t, base, "Zoe")
	patToken := signUp(t, base, "Pat")
	var seat struct {
		Token string `json:"token"`
		Game  struct {
			ID   string `json:"id"`
			Seed string `json:"seed"`
		} `json:"game"`
	}
	apiDo(t, base, "POST", "/games", xena, map[string]any{"variant": "no-variant", "players": 2}, &seat)
	done, doneToken := seat.Game.ID, seat.Token
	apiDo(t, base, "POST", "/games/"+done+"/seats", yuri, nil, nil)
	apiDo(t, base, "POST", "/games/"+done+"/terminate", doneToken, nil, nil)
	apiDo(t, base, "POST", "/games", patToken, map[string]any{"variant": "no-variant", "players": 2}, &seat)
	mine := seat.Game.ID
	apiDo(t, base, "POST", "/games/"+mine+"/seats", zoe, nil, nil)
	apiDo(t, base, "GET", "/games/"+mine, patToken, nil, nil)
	b.allow("status of 409 (Conflict) " + base + "/v1/games/" + done)
	signedIn(t, pat, base, "Pat", patToken)
	for _, page := range []struct{ url, refused string }{
		{"/?replay=" + done, `#replay-refused`},
		{"/?game=" + done, `.panel p`},
	} {
		run(t, pat, "pat opens "+page.url, chromedp.Navigate(base+page.url), chromedp.WaitVisible(page.refused, chromedp.ByQuery))
		if r := text(t, pat, page.refused); !strings.Contains(r, "playing this deal at another table") {
			t.Errorf("%s reads %q", page.url, r)
		}
		if n := count(t, pat, `.card`); n != 0 {
			t.Errorf("%s draws %d cards of a game on the deal Pat plays", page.url, n)
		}
	}
}

// TestBrowserSeatTakenElsewhere: a signed-in player watching a table that
// has not started, who takes a seat there from another device, is seated
// on this page too: it takes the seat's token and shows the seat, instead
// of asking the server again and again as a spectator.
func TestBrowserSeatTakenElsewhere(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	pat := b.player("pat")
	patToken := signUp(t, base, "Pat")
	var seat struct {
		Game struct {
			ID string `json:"id"`
		} `json:"game"`
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "basic", "players": 3, "name": "Ann"}, &seat)
	id := seat.Game.ID
	signedIn(t, pat, base, "Pat", patToken)
	run(t, pat, "pat watches the lobby table", chromedp.Navigate(base+"/?game="+id), chromedp.WaitVisible(`#join-game`, chromedp.ByQuery))
	apiDo(t, base, "POST", "/games/"+id+"/seats", patToken, nil, nil)
	run(t, pat, "pat's page takes the seat", chromedp.Poll(`[...document.querySelectorAll('.lobby .who')].some((e) => e.textContent === 'Pat — you')`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	var before, after int
	reads := `performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/v1/games/` + id + `').length`
	_ = chromedp.Run(pat, chromedp.Evaluate(reads, &before), chromedp.Sleep(time.Second), chromedp.Evaluate(reads, &after))
	if after-before > 3 {
		t.Errorf("in a second of waiting the page read the table %d times", after-before)
	}
}

// TestBrowserReplayWithAnEndedSession: a page that keeps a session the
// server has ended (signed out elsewhere) still shows a replay, as it
// shows anyone: the read with the old token is refused, the page signs
// out, and reads it again as anyone's.
func TestBrowserReplayWithAnEndedSession(t *testing.T) {
	// The page asks who it is signed in as beside its first reads: held
	// back here, so that the replay's reads meet the ended session first.
	base := startServerWith(t, filepath.Join(t.TempDir(), "hanabi.db"), func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/v1/me" {
				time.Sleep(time.Second)
			}
			h.ServeHTTP(w, r)
		})
	})
	b := newBrowser(t, base)
	quinn := b.player("quinn")
	var seat struct {
		Token string `json:"token"`
		Game  struct {
			ID string `json:"id"`
		} `json:"game"`
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Ann", "bots": []any{map[string]any{"seat": 1, "strategy": "conventions"}}}, &seat)
	apiDo(t, base, "POST", "/games/"+seat.Game.ID+"/terminate", seat.Token, nil, nil)
	token := signUp(t, base, "Quinn")
	signedIn(t, quinn, base, "Quinn", token)
	apiDo(t, base, "DELETE", "/sessions/current", token, nil, nil)
	b.allow("status of 401 (Unauthorized) " + base + "/v1/")
	run(t, quinn, "quinn opens the replay", chromedp.Navigate(base+"/?replay="+seat.Game.ID),
		chromedp.WaitVisible(`.hand .card`, chromedp.ByQuery))
	if n := count(t, quinn, `#replay-refused`); n != 0 {
		t.Errorf("the replay is refused: %s", text(t, quinn, `#replay-refused`))
	}
}

// TestBrowserRoomGone: a shared replay's link whose room the server no
// longer keeps says so, and that the game's own replay stays.
func TestBrowserRoomGone(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	pat := b.player("pat")
	patToken := signUp(t, base, "Pat")
	gone := "0123456789abcdef0123456789abcdef"
	b.allow("status of 404 (Not Found) " + base + "/v1/rooms/" + gone)
	signedIn(t, pat, base, "Pat", patToken)
	run(t, pat, "pat opens a closed room", chromedp.Navigate(base+"/?room="+gone), chromedp.WaitVisible(`#room-error`, chromedp.ByQuery))
	if r := text(t, pat, `#room-error`); !strings.Contains(r, "shared replay is closed") {
		t.Errorf("the closed room's page reads %q", r)
	}
}
