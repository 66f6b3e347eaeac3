package web_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// lobbySays types a line into the lobby's chat and sends it, and waits
// until the page has taken it (the field is empty again) or said why not.
func lobbySays(t *testing.T, ctx context.Context, who, line string) {
	t.Helper()
	run(t, ctx, who+" says "+line,
		chromedp.SetValue(`#lobby-chat-text`, line, chromedp.ByQuery),
		chromedp.Click(`#lobby-chat-send`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#lobby-chat-text').value === '' || document.querySelector('#lobby-chat-says').textContent !== ''`, nil))
}

// hasLobbyLine is true once the lobby's chat shows line, as text, said by
// from.
func hasLobbyLine(from, line string) string {
	return `[...document.querySelectorAll('#lobby-chat-lines .chat-line')].some((li) => li.querySelector('.chat-text').textContent === ` + js(line) +
		` && li.querySelector('.chat-sayer').textContent === ` + js(from) + `)`
}

// onlineAs is true once the list of who is online shows name, and its
// text includes where.
func onlineAs(name, where string) string {
	return `(() => { const li = document.querySelector('#online-list li[data-name=` + js(name) + `]'); return !!li && li.textContent.includes(` + js(where) + `); })()`
}

// TestBrowserLobbyLive: Bob's lobby follows the lobby's events without a
// reload and without asking for the lists again: Alice's new table shows,
// then a seat taken, the start (it moves to the games being played) and the
// end (it goes); Alice's lobby chat lines reach him, markup among them as
// literal text that runs nothing, as is a guest host's name; a flood is
// told when to send again; who is online shows Alice in the lobby,
// then at her table with its link; axe finds nothing serious in the panels.
func TestBrowserLobbyLive(t *testing.T) {
	onStore(t, "postgres", func(t *testing.T, dbURL string) {
		base := startServer(t, dbURL)
		b := newBrowser(t, base)
		aliceToken, bobToken := signUp(t, base, "Alice"), signUp(t, base, "Bob")
		alice, bob := b.player("alice"), b.player("bob")
		signedIn(t, alice, base, "Alice", aliceToken)
		signedIn(t, bob, base, "Bob", bobToken)
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
			run(t, ctx, name+"'s live lobby", chromedp.WaitVisible(`#lobby-chat-form`, chromedp.ByQuery), chromedp.WaitVisible(`#online-list`, chromedp.ByQuery))
		}
		// A mark on Bob's page: a reload would lose it.
		run(t, bob, "mark the page", chromedp.Evaluate(`window.__stayed = true`, nil))
		waitTrue(t, bob, "Alice is online, in the lobby", onlineAs("Alice", "in the lobby"))
		waitTrue(t, bob, "Bob sees himself", onlineAs("Bob", "(you)"))
		checkAxe(t, bob, "the live lobby")

		// The chat, and stored markup read as text.
		lobbySays(t, alice, "alice", "anyone for a game?")
		waitTrue(t, bob, "Alice's line reaches Bob", hasLobbyLine("Alice", "anyone for a game?"))
		lobbySays(t, bob, "bob", "me!")
		waitTrue(t, alice, "Bob's line reaches Alice", hasLobbyLine("Bob", "me!"))
		probes := []string{`<img src=x onerror="window.__pwned=1">`, `<script>window.__pwned=1</script>`}
		for _, p := range probes {
			lobbySays(t, alice, "alice", p)
		}
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
			for _, p := range probes {
				waitTrue(t, ctx, name+" reads the markup as text", hasLobbyLine("Alice", p))
			}
			eval(t, ctx, name+": no element from a line, nothing run", `!document.querySelector('#lobby-chat img, #lobby-chat script, #online img') && window.__pwned === undefined`)
		}

		// A flood: the page keeps the line and says when to send it again.
		b.allow("status of 429 (Too Many Requests) " + base + "/v1/lobby/chat")
		refused := false
		for i := 0; i < 10 && !refused; i++ {
			lobbySays(t, alice, "alice", "again "+itoa(i))
			run(t, alice, "refused?", chromedp.Evaluate(`document.querySelector('#lobby-chat-says').textContent.includes('send it again in')
				&& document.querySelector('#lobby-chat-text').value.startsWith('again')`, &refused))
		}
		if !refused {
			t.Error("ten lines at once, and the page never said when to send again")
		}

		// Alice opens a table of three from her page.
		run(t, alice, "Alice creates a table",
			chromedp.SetValue(`#variant`, "basic", chromedp.ByQuery),
			chromedp.SetValue(`#players`, "3", chromedp.ByQuery),
			chromedp.Click(`#create-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`#lobby-says`, chromedp.ByQuery))
		id := gameID(t, alice)
		open, running := `#open-tables li[data-game="`+id+`"]`, `#running-tables li[data-game="`+id+`"]`
		waitTrue(t, bob, "the new table shows", `(document.querySelector(`+js(open)+`) || {}).textContent?.includes('2 seats free')`)
		waitTrue(t, bob, "Alice is at her table, linked", onlineAs("Alice", "at a table")+
			` && document.querySelector('#online-list li[data-name="Alice"] a').getAttribute('href') === `+js("/?game="+id))
		apiDo(t, base, "POST", "/games/"+id+"/seats", "", map[string]any{"name": "Carol"}, nil)
		waitTrue(t, bob, "a seat taken", `(document.querySelector(`+js(open)+`) || {}).textContent?.includes('1 seat free')`)
		apiDo(t, base, "POST", "/games/"+id+"/seats", "", map[string]any{"name": "Dave"}, nil)
		waitTrue(t, bob, "the start: the table is being played", `!document.querySelector(`+js(open)+`) && !!document.querySelector(`+js(running)+`)`)
		apiDo(t, base, "POST", "/games/"+id+"/terminate", aliceToken, nil, nil)
		waitTrue(t, bob, "the table is gone", `!document.querySelector(`+js(running)+`) && !document.querySelector(`+js(open)+`)`)

		// A guest's table, named with markup: its host's name is text too.
		var guest struct {
			Game struct{ ID string } `json:"game"`
		}
		apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "basic", "players": 2, "name": probes[0]}, &guest)
		row := `#open-tables li[data-game="` + guest.Game.ID + `"]`
		waitTrue(t, bob, "the guest's table shows, its host named in text", `(document.querySelector(`+js(row)+`) || {}).textContent?.includes(`+js(probes[0]+"’s table")+`)`)
		eval(t, bob, "no element from a name, nothing run", `!document.querySelector('#open-tables img') && window.__pwned === undefined`)

		eval(t, bob, "no reload, and the lists were read once", `window.__stayed === true &&
			performance.getEntriesByType('resource').filter((e) => e.name.includes('/v1/games?status=lobby')).length === 1`)
		checkAxe(t, bob, "the live lobby, with lines and tables")
	})
}
