package web_test

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// gameIs is true once the page shows game id.
func gameIs(id string) string {
	return `new URLSearchParams(location.search).get('game') === ` + js(id)
}

// TestBrowserRematch (issue 48): Alice and Bob, signed in, and Gus, a
// guest, play; Dave, signed in, watches. Gus is marked a guest wherever his
// name shows: over his hand, on his chat line, in Alice's history. The
// table votes to end; Alice presses Play again once: she and Bob are
// seated at the new deal at once, each one seat on, and every page goes
// there; Gus's page offers him his seat back, which he takes; Dave's page
// watches and is offered no seat.
func TestBrowserRematch(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	tokens := map[string]string{"Alice": signUp(t, base, "Alice"), "Bob": signUp(t, base, "Bob"), "Dave": signUp(t, base, "Dave")}
	var created struct {
		Game  struct{ ID string } `json:"game"`
		Token string              `json:"token"`
	}
	apiDo(t, base, "POST", "/games", tokens["Alice"], map[string]any{"variant": "basic", "players": 3}, &created)
	tb := &table{base: base, id: created.Game.ID, tokens: []string{created.Token}}
	for _, who := range []struct{ token, name string }{{tokens["Bob"], ""}, {"", "Gus"}} {
		var seat struct {
			Token string `json:"token"`
		}
		body := map[string]any{}
		if who.name != "" {
			body["name"] = who.name
		}
		apiDo(t, base, "POST", "/games/"+tb.id+"/seats", who.token, body, &seat)
		tb.tokens = append(tb.tokens, seat.Token)
	}
	for range 3 {
		tb.move(t, tb.firstSeat(t))
	}
	apiDo(t, base, "POST", "/games/"+tb.id+"/chat", tb.tokens[2], map[string]any{"text": "glad to be here"}, nil)

	ctxs := map[string]context.Context{}
	for _, n := range []string{"Alice", "Bob", "Dave"} {
		ctxs[n] = b.player(n)
		signedIn(t, ctxs[n], base, n, tokens[n])
		run(t, ctxs[n], n+" opens the table", chromedp.Navigate(base+"/?game="+tb.id), chromedp.WaitVisible(`#table`, chromedp.ByQuery))
	}
	gus := b.player("gus")
	tb.sitDown(t, gus, 2)
	alice, bob, dave := ctxs["Alice"], ctxs["Bob"], ctxs["Dave"]
	waitTrue(t, bob, "bob holds his seat", `document.querySelector('#table').dataset.seat === '1'`)

	t.Run("guests marked", func(t *testing.T) {
		for n, ctx := range map[string]context.Context{"Alice": alice, "Dave": dave} {
			waitTrue(t, ctx, n+" reads gus's line", hasLine("Gus", "glad to be here"))
			eval(t, ctx, n+": gus is marked a guest over his hand and in the chat, nobody else is",
				`!!document.querySelector('.hand[data-seat="2"] h2 .badge.guest') && document.querySelectorAll('.hand .badge.guest').length === 1
  && [...document.querySelectorAll('#chat-lines .chat-line')].every((li) => !!li.querySelector('.badge.guest') === (li.querySelector('.chat-sayer').textContent === 'Gus'))`)
		}
		checkAxe(t, alice, "a guest marked at the table")
	})

	for s := range 2 {
		apiDo(t, base, "PUT", "/games/"+tb.id+"/votes/end", tb.tokens[s], nil, nil)
	}
	var old struct {
		FirstSeat int `json:"first_seat"`
	}
	apiDo(t, base, "GET", "/games/"+tb.id, "", nil, &old)
	for n, ctx := range map[string]context.Context{"Alice": alice, "Bob": bob, "Gus": gus, "Dave": dave} {
		waitTrue(t, ctx, n+" reads the end", `!!document.querySelector('#result')`)
	}

	t.Run("play again", func(t *testing.T) {
		if n := count(t, dave, `#play-again`); n != 0 {
			t.Errorf("a spectator is offered to play again")
		}
		clickReady(t, alice, "alice plays again", `#play-again`)
		var next string
		run(t, alice, "the new table", chromedp.Poll(`(() => { const g = new URLSearchParams(location.search).get('game'); return g !== `+js(tb.id)+` && g; })()`, &next))
		// Each signed-in player sits one seat on; the guest's seat waits.
		seat := func(s int) int { return (s - old.FirstSeat - 1 + 6) % 3 }
		seatOf := func(s int) string { return strconv.Itoa(seat(s)) }
		for s, n := range []string{"Alice", "Bob"} {
			waitTrue(t, ctxs[n], n+" sits at the new table", gameIs(next)+` && [...document.querySelectorAll('.lobby-seats li')]
  .some((li) => li.querySelector('.seat-no').textContent === 'Seat `+itoa(seat(s)+1)+`' && li.textContent.includes('— you'))`)
		}
		waitTrue(t, gus, "gus is offered his seat back", gameIs(next)+` && !!document.querySelector('#join-game')`)
		waitTrue(t, dave, "dave watches, offered no seat", gameIs(next)+` && !!document.querySelector('#watch-only') && !document.querySelector('#join-game')`)
		checkAxe(t, dave, "the next table, watched")
		clickReady(t, gus, "gus sits down", `#join-game`)
		waitTrue(t, gus, "gus plays at his seat", `document.querySelector('#table')?.dataset.seat === '`+seatOf(2)+`' && document.querySelector('#table').dataset.status === 'active'`)
		for s, n := range []string{"Alice", "Bob"} {
			waitTrue(t, ctxs[n], n+" plays at the new table", `document.querySelector('#table')?.dataset.seat === '`+seatOf(s)+`' && document.querySelector('#table').dataset.status === 'active'`)
		}
		waitTrue(t, dave, "dave watches every hand", `document.querySelector('#table')?.dataset.seat === '' && document.querySelectorAll('.hand .card.face').length === 15`)
	})

	t.Run("guests marked in history", func(t *testing.T) {
		run(t, dave, "alice's profile", chromedp.Navigate(base+"/?player=Alice"), chromedp.WaitVisible(`#history tr[data-game="`+tb.id+`"]`, chromedp.ByQuery))
		eval(t, dave, "gus is a guest in the team", `(() => { const team = document.querySelector('#history tr[data-game="`+tb.id+`"] .team');
  return team.textContent.includes('Gus') && team.querySelectorAll('.badge.guest').length === 1 && team.textContent.includes('Gus guest'); })()`)
	})
}
