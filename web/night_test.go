package web_test

import (
	"context"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// eval runs a JavaScript expression and fails the test unless it is true.
func eval(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	var ok bool
	run(t, ctx, what, chromedp.Evaluate(js, &ok))
	if !ok {
		t.Errorf("%s: not so (%s)", what, js)
	}
}

// waitTrue polls a JavaScript expression until it is true.
func waitTrue(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	var ok bool
	run(t, ctx, what, chromedp.Poll(js, &ok, chromedp.WithPollingTimeout(20*time.Second)))
}

func version(t *testing.T, ctx context.Context) int {
	t.Helper()
	var v string
	run(t, ctx, "version", chromedp.Evaluate(`document.querySelector('#table').dataset.version`, &v))
	n, _ := strconv.Atoi(v)
	return n
}

func press(t *testing.T, ctx context.Context, what string, keys ...string) {
	t.Helper()
	var acts []chromedp.Action
	for _, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k))
	}
	run(t, ctx, what, acts...)
}

// TestBrowserGameNight: three people, each in a browser of their own, and a
// bot at one timed, private table. Alice creates it (the form offers what
// happens when time runs out and holds the clock to the variant's bounds);
// Carol, on a phone and with a long name, joins by the invite link, which
// carries the table's secret, without the page scrolling sideways; Dave,
// whose own table is unlisted, sees Alice's in the open tables, locked
// (Carol's browser, which knows the secret, is offered to join it), and is
// refused a seat by its link without the secret and with a wrong one, in
// the page's words; Bob joins
// without a name and reads as "Player 4"; Dave, who opens the link of the
// full table, is told he watches. Alice lets her first turn run out (the
// bot's move for her is marked "(time)", in the log, the rewind and the
// replay), keeps her
// keyboard focus while the others move, hears the moves and her turn in the
// live region and plays by the keyboard; Bob leaves his seat to a bot, Alice
// ends the game, everyone reads who ended it, and the replay is stepped
// through from the deal to the end. axe-core finds nothing serious or
// critical on the lobby, the table or the replay, and every text on a card
// (own clued cards of every suit included) or a button has AA contrast.
func TestBrowserGameNight(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	alice, bob, carol := b.player("alice"), b.player("bob"), b.player("carol")
	const carolName = "CarolAnneWolfeschlegelsteinhausenbergerdorffTheThird"

	run(t, alice, "the lobby",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#open-tables li`, chromedp.ByQuery),
		chromedp.SetValue(`#players`, "4", chromedp.ByQuery))
	checkAxe(t, alice, "lobby")
	// The clock's bounds come from the variant: 0 or 5–86400 seconds.
	eval(t, alice, "on_timeout is offered", `[...document.querySelectorAll('#on-timeout option')].map((o) => o.value).join() === 'bot,end'`)
	run(t, alice, "3 s is refused", chromedp.SetValue(`#turn-seconds`, "3", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#turn-seconds').dispatchEvent(new Event('input'))`, nil))
	eval(t, alice, "3 s is out of bounds", `!document.querySelector('#turn-seconds').checkValidity()`)
	var link string
	run(t, alice, "create",
		chromedp.Click(`#private`, chromedp.ByQuery),
		chromedp.SetValue(`#turn-seconds`, "6", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#turn-seconds').dispatchEvent(new Event('input'))`, nil),
		chromedp.SendKeys(`#name`, "Alice", chromedp.ByQuery),
		chromedp.SetValue(`select[data-seat="2"]`, "conventions", chromedp.ByQuery),
		chromedp.Click(`details.advanced summary`, chromedp.ByQuery),
		chromedp.SendKeys(`#seed`, "game-night", chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#join-link`, chromedp.ByQuery),
		chromedp.Value(`#join-link`, &link, chromedp.ByQuery))
	checkAxe(t, alice, "waiting table")
	// The table is private: its invite link carries the join secret.
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	id, secret := u.Query().Get("game"), u.Query().Get("secret")
	if id == "" || len(secret) < 16 {
		t.Fatalf("the invite link of a private table: %q", link)
	}

	// Carol, on her phone, has a long name: the page never scrolls sideways.
	run(t, carol, "carol joins",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(link),
		chromedp.WaitVisible(`#join-game`, chromedp.ByQuery),
		chromedp.SetValue(`#join-name`, carolName, chromedp.ByQuery),
		chromedp.Click(`#join-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`.lobby .who`, chromedp.ByQuery))
	eval(t, carol, "no sideways scroll", `document.documentElement.scrollWidth <= 390`)

	// Dave finds the table in the list, from its summary alone (no request
	// per game): its host, its free seat and its lock, and no Join button, as
	// he does not know its secret. Its link without the secret, or with a
	// wrong one, gets him the page's words why he cannot sit down.
	// Dave has opened a table of his own, unlisted: it is missing from the list.
	dave := b.player("dave")
	var daveLink string
	run(t, dave, "dave opens an unlisted table",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.Click(`#unlisted`, chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#join-link`, chromedp.ByQuery),
		chromedp.Value(`#join-link`, &daveLink, chromedp.ByQuery))
	du, err := url.Parse(daveLink)
	if err != nil || du.Query().Get("game") == "" || du.Query().Has("secret") {
		t.Fatalf("the invite link of a public table: %q", daveLink)
	}
	row := `#open-tables li[data-game="` + id + `"]`
	run(t, dave, "dave looks for a table", chromedp.Navigate(base+"/"), chromedp.WaitVisible(row, chromedp.ByQuery))
	if n := count(t, dave, `#open-tables li[data-game="`+du.Query().Get("game")+`"]`); n != 0 {
		t.Error("an unlisted table is in the list")
	}
	if r := text(t, dave, row); !strings.Contains(r, "Alice’s table") || !strings.Contains(r, "1 seat free") || !strings.Contains(r, "Private") {
		t.Errorf("the open table reads %q", r)
	}
	if count(t, dave, row+` .lock svg`) != 1 || count(t, dave, row+` a.join`) != 0 {
		t.Errorf("a private table without its secret: a lock and no Join link, not %q", text(t, dave, row))
	}
	eval(t, dave, "no request per game", `performance.getEntriesByType('resource').every((e) => !new URL(e.name).pathname.startsWith('/v1/games/'))`)
	checkAxe(t, dave, "open tables")
	// Carol's browser knows the secret from her link: its list offers to join.
	carolList, closeList := chromedp.NewContext(carol)
	b.watch(carolList, "carol's list")
	run(t, carolList, "carol's list", chromedp.Navigate(base+"/"), chromedp.WaitVisible(row+` a.join`, chromedp.ByQuery))
	eval(t, carolList, "the Join link carries the secret", `new URL(document.querySelector('`+row+` a.join').href).searchParams.get('secret') === '`+secret+`'`)
	closeList()
	// The refusals below: a private table shows itself, even its lobby, only
	// to a browser that brings its secret.
	b.allow("status of 403 (Forbidden) " + base + "/v1/games/" + id)
	for _, c := range []struct{ link, says string }{
		{base + "/?game=" + url.QueryEscape(id), "This table is private: only its invite link lets you take a seat."},
		{base + "/?game=" + url.QueryEscape(id) + "&secret=guess", "This link’s secret does not open this private table"},
	} {
		run(t, dave, "dave tries "+c.link,
			chromedp.Navigate(c.link),
			chromedp.WaitVisible(`#join-refused`, chromedp.ByQuery))
		if r := text(t, dave, `#join-refused`); !strings.HasPrefix(r, c.says) || strings.Contains(r, "which carries") {
			t.Errorf("dave, refused, reads %q", r)
		}
		if n := count(t, dave, `#join-game, #toast:not([hidden])`); n != 0 {
			t.Errorf("after the refusal: %d join buttons or toasts", n)
		}
		eval(t, dave, "the refusal took no seat", `![...document.querySelectorAll('.lobby .who')].some((e) => e.textContent.includes('— you'))`)
	}
	run(t, bob, "bob joins without a name",
		chromedp.Navigate(link),
		chromedp.WaitVisible(`#join-game`, chromedp.ByQuery),
		chromedp.Click(`#join-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table[data-seat="3"]`, chromedp.ByQuery))
	run(t, carol, "carol's table", page.BringToFront(), chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery))
	eval(t, carol, "no sideways scroll at the table", `document.documentElement.scrollWidth <= 390`)

	// Dave opens the link of the full, running table: he is told he watches,
	// and nobody is invited to a table without a free seat.
	run(t, dave, "dave opens the full table", chromedp.Navigate(link), chromedp.WaitVisible(`#watching`, chromedp.ByQuery))
	if w := text(t, dave, `#watching`); !strings.Contains(w, "every seat is taken") {
		t.Errorf("dave reads %q", w)
	}
	if n := count(t, dave, `#join-link, #join-game`); n != 0 {
		t.Errorf("a full table still invites: %d", n)
	}
	// Only a seat is called to its turn: a spectator is offered no sound.
	if n := count(t, dave, `#sound`); n != 0 {
		t.Errorf("a spectator is offered the turn sound")
	}

	// Alice's first turn runs out while she looks around.
	run(t, alice, "alice's turn", page.BringToFront(), chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
	waitTrue(t, alice, "the clock counts down on her seat", `/^0:0[0-6] left$/.test((document.querySelector('.hand.mine .clock') || {}).textContent || '')`)
	eval(t, alice, "the title says it is her turn, and Hanabi once", `document.title === '▶ Your turn — Hanabi'`)
	if n := count(t, alice, `#sound`); n != 1 {
		t.Errorf("a seat is offered the turn sound %d times", n)
	}
	eval(t, alice, "readable names", `(() => {
  const names = [...document.querySelectorAll('.hand .who')].map((e) => e.textContent);
  return names.includes('Player 4') && names.includes('Conventions bot (seat 3)') && names.includes('`+carolName+`') && !names.some((n) => /Guest|Seat \d/.test(n));
})()`)
	eval(t, alice, "labels", `[...document.querySelectorAll('.stat .k')].map((e) => e.textContent).slice(0, 2).join() === 'Clues,Strikes'`)
	eval(t, alice, "buttons name their slot", `[...document.querySelectorAll('.hand.mine button.play')].map((b) => b.getAttribute('aria-label')).join() === 'Play slot 1,Play slot 2,Play slot 3,Play slot 4'`)
	checkAxe(t, alice, "table")
	checkContrast(t, alice, "table", true)
	waitTrue(t, alice, "the clock's move is marked", `[...document.querySelectorAll('#log-list li.auto')].some((li) => li.textContent.includes('Alice') && li.textContent.includes('(time)'))`)

	// Alice's focus stays on her button while the others move and the
	// table is redrawn.
	v := version(t, alice)
	// Focused in one step of the page's own: a redraw between a query and
	// a focus from outside would leave the focus on a node already gone.
	eval(t, alice, "focus", `(() => { const b = document.querySelector('button[aria-label="Play slot 2"]'); b.focus(); return document.activeElement === b; })()`)
	prevB, prevC := "", ""
	move(t, carol, "carol", "clue", &prevC)
	waitTrue(t, alice, "alice sees carol's move", `Number(document.querySelector('#table').dataset.version) > `+strconv.Itoa(v))
	eval(t, alice, "focus survives the redraw", `document.activeElement.getAttribute('aria-label') === 'Play slot 2'`)
	move(t, bob, "bob", "clue", &prevB)
	waitTrue(t, alice, "bob's move is announced", `document.querySelector('#announce').textContent.includes('Player 4')`)

	// Alice plays by the keyboard: the help, then a clue.
	run(t, alice, "alice's second turn", page.BringToFront(), chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
	waitTrue(t, alice, "her turn is announced", `document.querySelector('#announce').textContent.includes('Your turn')`)
	run(t, alice, "help", chromedp.Evaluate(`document.activeElement.blur()`, nil), chromedp.KeyEvent("?"), chromedp.WaitVisible(`#help`, chromedp.ByQuery))
	eval(t, alice, "the help lists the keys", `[...document.querySelectorAll('#help dt')].length >= 6 && !document.querySelector('#help').textContent.includes('[object') && [...document.querySelectorAll('#help dt')].some((d) => d.textContent === 'n' && d.nextElementSibling.textContent.includes('note'))`)
	press(t, alice, "close the help", kb.Escape)
	run(t, alice, "help closed", chromedp.WaitNotPresent(`#help`, chromedp.ByQuery))
	v = version(t, alice)
	press(t, alice, "clue by keys", "c", kb.Enter)
	waitTrue(t, alice, "the clue is given", `Number(document.querySelector('#table').dataset.version) > `+strconv.Itoa(v))

	// Alice rewinds the game so far, read-only, and comes back to it.
	run(t, alice, "rewind", chromedp.Click(`#rewind`, chromedp.ByQuery), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery))
	eval(t, alice, "her own cards stay hidden in the rewind", `document.querySelectorAll('.hand[data-seat="0"] .card').length === 4 && document.querySelectorAll('.hand[data-seat="0"] .card.face').length === 0`)
	eval(t, alice, "the rewind marks the clock's move", `[...document.querySelectorAll('#log-list li.auto')].some((li) => li.textContent.includes('Alice') && li.textContent.includes('(time)'))`)
	var steps int
	run(t, alice, "rewind length", chromedp.Evaluate(`Number(document.querySelector('#table').dataset.step)`, &steps))
	if steps < 4 {
		t.Errorf("the rewind starts at move %d", steps)
	}
	run(t, alice, "blur", chromedp.Evaluate(`document.activeElement.blur()`, nil))
	press(t, alice, "one move back", kb.ArrowLeft)
	waitTrue(t, alice, "one move back", `document.querySelector('#table').dataset.step === '`+strconv.Itoa(steps-1)+`'`)
	press(t, alice, "to the deal", kb.Home)
	waitTrue(t, alice, "the deal", `document.querySelector('#table').dataset.step === '0' && document.querySelectorAll('#log-list li').length === 0`)
	run(t, alice, "back to the game", chromedp.Click(`#rewind-back`, chromedp.ByQuery), chromedp.WaitVisible(`#table:not(.replaying) .hand.mine`, chromedp.ByQuery))

	// Bob leaves; a bot takes his seat over and his page watches.
	run(t, bob, "bob leaves", page.BringToFront(),
		chromedp.Click(`#leave-seat`, chromedp.ByQuery),
		chromedp.WaitVisible(`#confirm-ok`, chromedp.ByQuery),
		chromedp.Click(`#confirm-ok`, chromedp.ByQuery),
		chromedp.WaitVisible(`#watching`, chromedp.ByQuery))
	waitTrue(t, alice, "alice reads that bob left", `document.querySelector('#log-list').textContent.includes('Player 4 left the table')`)

	// Card notes. Right after a move of Alice's (her hand then stays as it
	// is until her next turn), she writes a note on her own newest card
	// from the keyboard, and Carol taps Alice's second card and writes one
	// there. While the game runs each reads her own note only, also after a
	// reload; those who only watch read none.
	const aliceNote, carolNote = "5 keeper? hold it", "chop, save?"
	prevA := ""
	move(t, alice, "alice", "clue", &prevA)
	mine := cardID(t, alice, `.hand.mine .slot-col:nth-child(1) .card`)
	eval(t, alice, "focus her card", `(() => { const c = document.querySelector('.hand.mine [data-card="`+mine+`"] button.card-hit'); c.focus(); return document.activeElement === c; })()`)
	press(t, alice, "n on her card", "n")
	run(t, alice, "alice's note", chromedp.WaitVisible(`#note-text`, chromedp.ByQuery), chromedp.SendKeys(`#note-text`, aliceNote, chromedp.ByQuery))
	press(t, alice, "save by Enter", kb.Enter)
	run(t, alice, "saved", chromedp.WaitNotPresent(`#note-editor`, chromedp.ByQuery))
	waitTrue(t, alice, "her note is on her card, and her focus back on it", noteOn(mine, aliceNote, "your note: "+aliceNote)+` && document.activeElement.closest('[data-card]')?.dataset.card === '`+mine+`'`)
	theirs := cardID(t, carol, `.hand[data-seat="0"] .cards > .card:nth-child(2)`)
	tap(t, carol, "carol taps alice's card", `.hand[data-seat="0"] .card[data-card="`+theirs+`"]`)
	run(t, carol, "carol's editor", chromedp.WaitVisible(`#note-text`, chromedp.ByQuery))
	checkAxe(t, carol, "note editor")
	run(t, carol, "carol's note", chromedp.SendKeys(`#note-text`, carolNote, chromedp.ByQuery),
		chromedp.Click(`#note-save`, chromedp.ByQuery), chromedp.WaitNotPresent(`#note-editor`, chromedp.ByQuery))
	waitTrue(t, carol, "her note is on alice's card", noteOn(theirs, carolNote, "your note: "+carolNote))
	eval(t, carol, "no sideways scroll with a note", `document.documentElement.scrollWidth <= 390`)
	run(t, carol, "carol reloads", chromedp.Reload(), chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery))
	waitTrue(t, carol, "her note survives the reload", noteOn(theirs, carolNote, "your note: "+carolNote))
	eval(t, carol, "alice's note is hidden from carol", `document.querySelectorAll('.note').length === 1 && `+noNote(aliceNote))
	run(t, alice, "alice reloads", chromedp.Reload(), chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
	waitTrue(t, alice, "her note survives the reload", noteOn(mine, aliceNote, "your note: "+aliceNote))
	// The log, read again from the start, tells Bob's leaving by his name
	// and his own moves before it as his, not the bot's. The stream brings
	// the events after the view, so the log is waited for.
	waitTrue(t, alice, "the log is read again after a reload", `document.querySelector('#log-list').textContent.includes('Player 4 left the table')`)
	var left []string
	run(t, alice, "the log after a reload", chromedp.Evaluate(`[...document.querySelectorAll('#log-list li')].map((li) => li.textContent).filter((s) => s.includes('Player 4'))`, &left))
	leftLine := -1
	for i, l := range left {
		if l == "Player 4 left the table; a bot took the seat" {
			leftLine = i
		}
	}
	if leftLine < 0 {
		t.Errorf("after a reload the log never says Bob left: %q", left)
	}
	for i, l := range left {
		// The newest line comes first: those after the leaving are above it.
		if bot := strings.Contains(l, "Player 4 (bot)"); bot != (i < leftLine) {
			t.Errorf("log line %q: the bot's is %v, before the leaving at %d of %q", l, bot, leftLine, left)
		}
	}
	eval(t, alice, "carol's note is hidden from alice", `document.querySelectorAll('.note').length === 1 && `+noNote(carolNote))
	checkContrast(t, alice, "table with a note", true)
	for name, ctx := range map[string]context.Context{"bob": bob, "dave": dave} {
		eval(t, ctx, name+" watches: no notes, no note editor", `document.querySelectorAll('.note, .card.notable').length === 0 && `+noNote(aliceNote)+` && `+noNote(carolNote))
	}
	// Carol starts another note, which she saves only once the game is over.
	tap(t, carol, "carol taps another card", `.hand[data-seat="0"] .cards > .card:nth-child(3)`)
	run(t, carol, "carol's late note", chromedp.WaitVisible(`#note-text`, chromedp.ByQuery), chromedp.SendKeys(`#note-text`, "too late", chromedp.ByQuery))

	// Alice ends the game; everyone reads who ended it, in words.
	run(t, alice, "alice ends the game", page.BringToFront(),
		chromedp.Click(`#end-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#confirm-ok`, chromedp.ByQuery),
		chromedp.Click(`#confirm-ok`, chromedp.ByQuery),
		chromedp.WaitVisible(`#result`, chromedp.ByQuery))

	// Carol's late note is refused in the page's words; every browser,
	// those that watch included, now reads both notes with their writers.
	b.allow("status of 409 (Conflict) " + base + "/v1/games/" + id + "/notes/")
	waitTrue(t, carol, "carol's table is over", `document.querySelector('#table').dataset.status === 'finished'`)
	run(t, carol, "carol saves too late", page.BringToFront(), chromedp.Click(`#note-save`, chromedp.ByQuery))
	waitTrue(t, carol, "the refusal in the page's words", `document.querySelector('#note-error').textContent === 'The game is over: notes can only be written while it runs.'`)
	run(t, carol, "cancel", chromedp.Click(`#note-cancel`, chromedp.ByQuery), chromedp.WaitNotPresent(`#note-editor`, chromedp.ByQuery))
	notes := []struct{ card, says string }{{mine, "Alice: " + aliceNote}, {theirs, carolName + ": " + carolNote}}
	for _, p := range []struct {
		name string
		ctx  context.Context
	}{{"alice", alice}, {"carol", carol}, {"bob", bob}, {"dave", dave}} {
		for _, n := range notes {
			if !noteAfterGame(t, p.ctx, p.name, n.card, n.says) {
				t.Logf("%s: card %s was played before the end; the replay shows its note", p.name, n.card)
			}
		}
		eval(t, p.ctx, p.name+": finished cards open no editor", `document.querySelectorAll('.card.notable').length === 0`)
	}
	checkAxe(t, alice, "finished table with notes")
	checkContrast(t, alice, "finished table with notes", false)
	for name, ctx := range map[string]context.Context{"alice": alice, "carol": carol} {
		r := text(t, ctx, `#result`)
		if !strings.Contains(r, "Alice ended the game") || strings.Contains(r, "terminated") {
			t.Errorf("%s's result: %q", name, r)
		}
	}
	if n := count(t, alice, `#join-link`); n != 0 {
		t.Errorf("a finished table still invites")
	}
	if w := text(t, dave, `#watching`); !strings.Contains(w, "over") {
		t.Errorf("dave still reads %q after the end", w)
	}
	fireworks := text(t, alice, `.fireworks`)

	// The replay, from the banner: step from the deal to the end by keys.
	run(t, alice, "open the replay", chromedp.Click(`#watch-replay`, chromedp.ByQuery), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery))
	checkAxe(t, alice, "replay")
	var last int
	run(t, alice, "replay length", chromedp.Evaluate(`Number(document.querySelector('#replay-turn').max)`, &last))
	if last < 4 {
		t.Fatalf("the replay has %d moves", last)
	}
	run(t, alice, "focus the page", chromedp.Evaluate(`document.activeElement.blur()`, nil))
	// Every step shows the notes on the cards in the hands; each noted card
	// was in a hand when its note was written.
	seen := map[string]bool{}
	for k := 0; k <= last; k++ {
		if k > 0 {
			press(t, alice, "step", kb.ArrowRight)
		}
		waitTrue(t, alice, "step "+strconv.Itoa(k), `document.querySelector('#table').dataset.step === '`+strconv.Itoa(k)+`'`)
		for _, n := range notes {
			var in, ok bool
			run(t, alice, "replay note", chromedp.Evaluate(`!!document.querySelector('.hand [data-card="`+n.card+`"]')`, &in), chromedp.Evaluate(noteOn(n.card, n.says, "notes: "+n.says), &ok))
			if in && !ok {
				t.Errorf("replay step %d: card %s shows no note %q", k, n.card, n.says)
			}
			seen[n.card] = seen[n.card] || ok
		}
	}
	for _, n := range notes {
		if !seen[n.card] {
			t.Errorf("the replay never shows %q", n.says)
		}
	}
	eval(t, alice, "the replay marks the clock's move", `[...document.querySelectorAll('#log-list li.auto')].some((li) => li.textContent.includes('Alice') && li.textContent.includes('(time)'))`)
	screenshot(t, alice, "replay.png", 1280, 800)
	if got := text(t, alice, `.fireworks`); got != fireworks {
		t.Errorf("the replay ends on fireworks %q, the game on %q", got, fireworks)
	}
	if r := text(t, alice, `#replay-result`); !strings.Contains(r, "final score 0/") {
		t.Errorf("replay result %q", r)
	}
	press(t, alice, "back to the deal", kb.Home)
	waitTrue(t, alice, "the deal", `document.querySelector('#table').dataset.step === '0' && document.querySelectorAll('#log-list li').length === 0`)
	run(t, alice, "play", chromedp.Click(`button[data-key=play]`, chromedp.ByQuery))
	waitTrue(t, alice, "playing moves on", `document.querySelector('#table').dataset.step !== '0'`)
}
