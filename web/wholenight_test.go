package web_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pwn is stored markup: a page that wrote it as markup would run it.
const pwn = `<img src=x onerror="window.__pwned=1">`

// unpwned is true when no chat line, note or log of the page made an
// element and nothing ran.
const unpwned = `!document.querySelector('#chat img, #table img, #log-list img, #shared-room img') && window.__pwned === undefined`

// noteShows is true when card id on the board carries a note that
// includes pwn, as text.
func noteShows(id int) string {
	return `(() => { const n = document.querySelector('#table [data-card="` + strconv.Itoa(id) + `"] .note'); return !!n && n.textContent.includes(` + js(pwn) + `); })()`
}

// roomState is what the test reads of a shared replay room.
type roomState struct {
	ID       string  `json:"id"`
	Turn     int     `json:"turn"`
	Turns    int     `json:"turns"`
	NextGame *string `json:"next_game"`
	View     struct {
		NoteTokens int `json:"note_tokens"`
	} `json:"view"`
}

// dealOf is every hand of a view, as faces.
func dealOf(t *testing.T, base, path, token string) string {
	t.Helper()
	var v struct {
		Hands []struct {
			Cards []struct {
				Suit *string `json:"suit"`
				Rank *int    `json:"rank"`
			} `json:"cards"`
		} `json:"hands"`
	}
	apiDo(t, base, "GET", path, token, nil, &v)
	b, _ := json.Marshal(v.Hands)
	return string(b)
}

// TestBrowserWholeNight: three signed-in players at one table and a
// signed-in spectator, Dave, chat, each reading the others. Dave shadows
// Bob and sees exactly what Bob's page shows. The table votes to end. Alice
// opens a shared replay from the finished table, which invites the table
// in its chat, and everyone joins it by that link: the turn she shows, the
// card she points at and the move she tries (and takes back) reach every
// member; Bob browses on his own and follows her again; she hands him the
// lead and he hands it back; the chat goes on. She plays again: all three
// are seated at the new table at once, each one seat on, a new deal, and
// Dave's page watches it. A chat line and a card note written as markup read as text
// everywhere: at the table, as a spectator, in the room. The table is set
// up through the API: what is tested is what happens around it.
func TestBrowserWholeNight(t *testing.T) {
	onStore(t, "postgres", func(t *testing.T, dbURL string) {
		started := time.Now()
		base := startServer(t, dbURL)
		b := newBrowser(t, base)
		names := []string{"Alice", "Bob", "Carol", "Dave"}
		tokens := map[string]string{}
		for _, n := range names {
			tokens[n] = signUp(t, base, n)
		}

		// Alice's table for three; Bob and Carol sit down; two clues are
		// given; Alice notes a card of her own in markup.
		var created struct {
			Game  struct{ ID string } `json:"game"`
			Token string              `json:"token"`
		}
		apiDo(t, base, "POST", "/games", tokens["Alice"], map[string]any{"variant": "basic", "players": 3}, &created)
		id := created.Game.ID
		tb := &table{base: base, id: id, tokens: []string{created.Token}}
		for _, n := range []string{"Bob", "Carol"} {
			var seat struct {
				Token string `json:"token"`
			}
			apiDo(t, base, "POST", "/games/"+id+"/seats", tokens[n], map[string]any{}, &seat)
			tb.tokens = append(tb.tokens, seat.Token)
		}
		for s := range 4 {
			tb.move(t, s%3)
		}
		noted := tb.view(t, 0).Hands[0].Cards[0].ID
		apiDo(t, base, "PUT", "/games/"+id+"/notes/"+strconv.Itoa(noted), tb.tokens[0], map[string]any{"text": pwn}, nil)

		ctxs := map[string]context.Context{}
		for _, n := range names {
			ctxs[n] = b.player(n)
			// Signed in as the page's sign-in form keeps it, set on that form's
			// page rather than on a lobby loaded for nothing.
			kept, _ := json.Marshal(map[string]any{"name": n, "bot": false, "token": tokens[n]})
			run(t, ctxs[n], n+" signs in and opens the table", chromedp.Navigate(base+"/?signin"),
				chromedp.Evaluate(`localStorage.setItem('hanabi.player', `+js(string(kept))+`)`, nil),
				chromedp.Navigate(base+"/?game="+id), chromedp.WaitVisible(`#table`, chromedp.ByQuery), chromedp.WaitVisible(`#account-name`, chromedp.ByQuery))
		}
		alice, bob, carol, dave := ctxs["Alice"], ctxs["Bob"], ctxs["Carol"], ctxs["Dave"]
		for s, n := range names[:3] {
			waitTrue(t, ctxs[n], n+" holds their seat", `document.querySelector('#table').dataset.seat === '`+strconv.Itoa(s)+`'`)
		}
		waitTrue(t, dave, "dave watches every hand", `[0, 1, 2].every((s) => document.querySelectorAll('.hand[data-seat="' + s + '"] .card.face').length === 5)`)
		waitTrue(t, alice, "alice's note reads as text", noteShows(noted))

		// Everyone says a line; Carol's is markup.
		lines := map[string]string{"Alice": "Good luck, all", "Bob": "Thanks!", "Carol": pwn, "Dave": "Watching from afar"}
		for _, n := range names {
			run(t, ctxs[n], n+" to the front", page.BringToFront())
			say(t, ctxs[n], n, lines[n])
		}
		everyLine := "true"
		for _, n := range names {
			from := n
			if n == "Dave" {
				from = "Dave (watching)"
			}
			everyLine += " && " + hasLine(from, lines[n])
		}
		for _, reader := range names {
			waitTrue(t, ctxs[reader], reader+" reads every line", everyLine)
			eval(t, ctxs[reader], reader+": markup is text", unpwned)
		}

		// Dave shadows Bob: Bob's cards hidden as from Bob, the others shown.
		run(t, dave, "front", page.BringToFront())
		waitTrue(t, dave, "dave shadows bob", `(() => { const s = document.querySelector('#shadow-seat'); if (!s) return false; s.value = '1'; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
		run(t, dave, "the shadow's table", chromedp.WaitVisible(`#table[data-shadow="1"]`, chromedp.ByQuery))
		eval(t, dave, "bob's cards hidden, the others' shown", `document.querySelectorAll('.hand[data-seat="1"] .card.face').length === 0 && [0, 2].every((s) => document.querySelectorAll('.hand[data-seat="' + s + '"] .card.face').length === 5)`)
		shownCards := func(ctx context.Context, sel string) string {
			var s string
			run(t, ctx, "bob's cards", chromedp.Evaluate(`JSON.stringify([...document.querySelectorAll('`+sel+` .card')].map((c) => [c.dataset.card, c.dataset.ids || '', c.className.includes('clued')]))`, &s))
			return s
		}
		if bobs, daves := shownCards(bob, `.hand.mine`), shownCards(dave, `.hand[data-seat="1"]`); bobs != daves {
			t.Errorf("bob sees his cards as %s, dave's shadow as %s", bobs, daves)
		}
		eval(t, dave, "a note is its writer's until the end", `!document.querySelector('#table .note')`)

		// The table votes to end: Bob, then Carol, whose vote is the last needed.
		run(t, bob, "front", page.BringToFront())
		clickReady(t, bob, "bob votes", `#vote-end`)
		waitTrue(t, carol, "carol reads the vote", `(document.querySelector('#votes') || {}).textContent?.includes('Bob')`)
		run(t, carol, "front", page.BringToFront())
		clickReady(t, carol, "carol votes", `#vote-end`)
		run(t, carol, "carol's vote ends it", chromedp.WaitVisible(`#confirm-ok`, chromedp.ByQuery), chromedp.Click(`#confirm-ok`, chromedp.ByQuery))
		for _, n := range names {
			waitTrue(t, ctxs[n], n+" reads the end", `(document.querySelector('#result') || {}).textContent?.includes('the players voted to end it')`)
		}
		var end struct {
			Status    string `json:"status"`
			Turn      int    `json:"turn"`
			FirstSeat int    `json:"first_seat"`
			Result    struct {
				Reason string `json:"reason"`
			} `json:"result"`
		}
		apiDo(t, base, "GET", "/games/"+id, "", nil, &end)
		if end.Status != "finished" || end.Result.Reason != "voted" {
			t.Errorf("the game ended %s, %q; want finished, voted", end.Status, end.Result.Reason)
		}
		// Once it is over, everyone reads the note, as text.
		waitTrue(t, dave, "dave reads alice's note", noteShows(noted))
		eval(t, dave, "dave: markup is text", unpwned)

		// Alice opens a shared replay; the others come by its link.
		run(t, alice, "front", page.BringToFront())
		clickReady(t, alice, "alice opens a shared replay", `#open-room`)
		run(t, alice, "the room", chromedp.WaitVisible(`#shared-room`, chromedp.ByQuery))
		var roomID string
		run(t, alice, "the room's id", chromedp.Evaluate(`new URLSearchParams(location.search).get('room')`, &roomID))
		// The table's chat tells the players; the link in it joins the
		// room. Dave, who went on to the replay (which offers him a room of
		// his own), comes by the room's address.
		run(t, dave, "dave opens the replay", chromedp.Navigate(base+"/?replay="+id), chromedp.WaitVisible(`.replay-bar #open-room`, chromedp.ByQuery),
			chromedp.Navigate(base+"/?room="+roomID), chromedp.WaitVisible(`#shared-room`, chromedp.ByQuery))
		for _, n := range names[1:3] {
			run(t, ctxs[n], "front", page.BringToFront())
			clickReady(t, ctxs[n], n+" follows the invitation", `#chat-lines a.room-invite[href="/?room=`+roomID+`"]`)
			run(t, ctxs[n], n+" joins the room", chromedp.WaitVisible(`#shared-room`, chromedp.ByQuery))
		}
		inRoom := `document.querySelector('#room-members').textContent.startsWith('In the room: Alice (leading)') && ['Bob', 'Carol', 'Dave'].every((n) => document.querySelector('#room-members').textContent.includes(n))`
		for _, n := range names {
			waitTrue(t, ctxs[n], n+" sees everyone in the room", inRoom)
		}
		// The room lets Dave go, as it does a member gone for two minutes
		// (a tab asleep) or who left in another tab: his page, still open
		// on the room, joins it again, and comes last.
		b.allow("status of 403 (Forbidden) " + base + "/v1/rooms/" + roomID + "/events/ndjson")
		apiDo(t, base, "DELETE", "/rooms/"+roomID+"/members/me", tokens["Dave"], nil, nil)
		for _, n := range names {
			waitTrue(t, ctxs[n], n+" sees dave back", inRoom+` && document.querySelector('#room-members').textContent.replace(' — you', '').endsWith('Carol, Dave')`)
		}
		eval(t, bob, "only the leader moves the room", `!document.querySelector('#room-hypo') && !document.querySelector('#room-tools, #room-again') && !!document.querySelector('#room-browse')`)

		// Alice shows move 2: everyone follows.
		at := func(n string, k int) {
			waitTrue(t, ctxs[n], n+" sees move "+strconv.Itoa(k), `document.querySelector('#shared-room').dataset.turn === '`+strconv.Itoa(k)+`' && document.querySelector('#replay-pos').textContent.startsWith('move `+strconv.Itoa(k)+` of')`)
		}
		clickReady(t, alice, "alice steps on", `#table [data-key="forward"]`)
		at("Alice", 1)
		clickReady(t, alice, "alice steps on again", `#table [data-key="forward"]`)
		for _, n := range names {
			at(n, 2)
		}

		// She points at her noted card: everyone sees it marked.
		waitTrue(t, alice, "alice points", `(() => { const s = document.querySelector('#room-point'); s.value = '`+strconv.Itoa(noted)+`'; s.dispatchEvent(new Event('change')); return true; })()`)
		for _, n := range names {
			// The mark is the room's style sheet's: it shows once that loaded.
			waitTrue(t, ctxs[n], n+" sees the card pointed at", `getComputedStyle(document.querySelector('#table .card.pointed[data-card="`+strconv.Itoa(noted)+`"]') || document.body).outlineStyle === 'dashed' && document.querySelector('#room-pointer').textContent.startsWith('Alice points at Alice’s card in slot 1')`)
		}

		// She tries a clue the game did not give: every member's board
		// shows what it leaves, and the log marks it; she takes it back.
		var before roomState
		apiDo(t, base, "GET", "/rooms/"+roomID, tokens["Dave"], nil, &before)
		clickReady(t, alice, "alice tries a clue", `#room-hypo [data-hypo^="clue-"]`)
		waitTrue(t, alice, "the server took it", `document.querySelector('#shared-room').dataset.hypo === '1'`)
		var tried roomState
		apiDo(t, base, "GET", "/rooms/"+roomID, tokens["Dave"], nil, &tried)
		if tried.View.NoteTokens != before.View.NoteTokens-1 {
			t.Fatalf("the clue left %d clue tokens of %d", tried.View.NoteTokens, before.View.NoteTokens)
		}
		tokensShown := func(k int) string {
			return `document.querySelector('#note-tokens').textContent.startsWith('` + strconv.Itoa(k) + `/')`
		}
		for _, n := range names {
			waitTrue(t, ctxs[n], n+" sees the clue tried", `document.querySelector('#shared-room').dataset.hypo === '1' && document.querySelectorAll('#log-list li.hypo.clue').length === 1 && `+tokensShown(tried.View.NoteTokens))
		}
		screenshot(t, alice, "shared-replay.png", 1280, 1000)
		clickReady(t, alice, "alice takes it back", `#room-undo`)
		for _, n := range names {
			waitTrue(t, ctxs[n], n+" sees it taken back", `document.querySelector('#shared-room').dataset.hypo === '0' && !document.querySelector('#log-list li.hypo') && `+tokensShown(before.View.NoteTokens))
		}
		checkAxe(t, alice, "the room as its leader sees it")

		// Bob browses on his own to the deal; the room goes on without him
		// until he follows Alice again.
		run(t, bob, "front", page.BringToFront())
		clickReady(t, bob, "bob breaks away", `#room-browse`)
		clickReady(t, bob, "bob goes to the deal", `#table [data-key="first"]`)
		at("Bob", 0)
		press(t, bob, "bob steps on by key", kb.ArrowRight)
		at("Bob", 1)
		run(t, alice, "front", page.BringToFront())
		press(t, alice, "alice goes to the last move by key", kb.End)
		at("Carol", end.Turn)
		eval(t, bob, "bob stays where he is", `document.querySelector('#shared-room').dataset.turn === '1' && document.querySelector('#shared-room').dataset.following === 'false'`)
		waitTrue(t, bob, "bob is told where the room is", `document.querySelector('#room-away').textContent.includes('the room is at move `+strconv.Itoa(end.Turn)+`')`)
		checkAxe(t, bob, "the room, browsed alone")
		run(t, bob, "front", page.BringToFront())
		clickReady(t, bob, "bob follows again", `#room-follow`)
		at("Bob", end.Turn)

		// Alice hands the lead to Bob, who shows the deal to everyone, and
		// hands it back.
		run(t, alice, "front", page.BringToFront())
		waitTrue(t, alice, "alice hands the lead to bob", `(() => { const s = document.querySelector('#room-lead-to'); s.value = 'Bob'; if (s.value !== 'Bob') return false; document.querySelector('#room-hand-over').click(); return true; })()`)
		waitTrue(t, bob, "bob leads", `document.querySelector('#shared-room').dataset.leader === 'Bob' && !!document.querySelector('#room-tools')`)
		waitTrue(t, alice, "alice follows", `document.querySelector('#shared-room').dataset.leader === 'Bob' && !document.querySelector('#room-tools') && !!document.querySelector('#room-browse')`)
		run(t, bob, "front", page.BringToFront())
		clickReady(t, bob, "bob shows the deal", `#table [data-key="first"]`)
		for _, n := range names {
			at(n, 0)
		}
		waitTrue(t, bob, "bob hands the lead back", `(() => { const s = document.querySelector('#room-lead-to'); s.value = 'Alice'; if (s.value !== 'Alice') return false; document.querySelector('#room-hand-over').click(); return true; })()`)
		waitTrue(t, alice, "alice leads again", `document.querySelector('#shared-room').dataset.leader === 'Alice' && !!document.querySelector('#room-again')`)

		// The chat goes on in the room, with the table's lines; the note
		// and the markup line read as text there too.
		run(t, dave, "front", page.BringToFront())
		say(t, dave, "dave", "What a night")
		for _, n := range names {
			waitTrue(t, ctxs[n], n+" reads dave, and carol's line and the note as text, in the room",
				hasLine("Dave (watching)", "What a night")+" && "+hasLine("Carol", pwn)+" && "+noteShows(noted))
			eval(t, ctxs[n], n+": markup is text in the room", unpwned)
		}

		// Play again: one press seats all three at a new deal, each one seat
		// on, and every page goes along; Dave, who watched, watches there.
		run(t, alice, "front", page.BringToFront())
		clickReady(t, alice, "alice plays again", `#room-again`)
		waitTrue(t, alice, "alice goes along", `!!new URLSearchParams(location.search).get('game')`)
		var room roomState
		apiDo(t, base, "GET", "/rooms/"+roomID, tokens["Dave"], nil, &room)
		if room.NextGame == nil {
			t.Fatal("the room names no next game")
		}
		var again struct {
			FirstSeat int `json:"first_seat"`
		}
		apiDo(t, base, "GET", "/games/"+*room.NextGame, "", nil, &again)
		for s, n := range names[:3] {
			seat := (s - end.FirstSeat - 1 + again.FirstSeat + 6) % 3
			waitTrue(t, ctxs[n], n+" plays at the new table", gameIs(*room.NextGame)+` && document.querySelector('#table')?.dataset.seat === '`+strconv.Itoa(seat)+`' && document.querySelector('#table').dataset.status === 'active'`)
		}
		waitTrue(t, dave, "dave watches the new table", gameIs(*room.NextGame)+` && document.querySelector('#table')?.dataset.seat === '' && !document.querySelector('#join-game')`)
		var next string
		run(t, carol, "the new game", chromedp.Evaluate(`new URLSearchParams(location.search).get('game')`, &next))
		if next == "" || next == id {
			t.Fatalf("play again sat them at %q (the old game %s)", next, id)
		}
		if old, now := dealOf(t, base, "/games/"+id+"?turn=0", ""), dealOf(t, base, "/games/"+next, tokens["Dave"]); old == now {
			t.Errorf("play again dealt the same cards: %s", now)
		}
		t.Logf("the whole night took %v", time.Since(started).Round(time.Millisecond))
	})
}
