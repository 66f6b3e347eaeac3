package web_test

import (
	"bytes"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// statusOf sends one request to the API and answers its status alone.
func statusOf(t *testing.T, base, method, path, token, body string) int {
	t.Helper()
	req, err := http.NewRequest(method, base+"/v1"+path, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// storedToken is the player's token the page keeps, "" for none.
const storedToken = `(JSON.parse(localStorage.getItem('hanabi.player') || '{}').token || '')`

// TestBrowserAccounts: Alice signs up on her laptop (a guest's lobby asks
// nobody to sign in), starts a game against a hat bot as herself, makes a
// move and closes the page. On her phone, a browser of its own, she is
// refused a wrong password in the server's words, signs in, finds the game
// in My games, resumes her seat (her own cards still hidden) and plays it
// to the end. The result links to the other scores on its seed, whose page
// lists the game; her profile lists it in her stats and her history; the
// leaderboard of teams with a bot ranks it, that of people does not. She
// changes her password there, which signs the laptop out: its page, opened
// again, forgets the token and shows itself signed out. She signs out of
// the phone (the token stops working, her seat there is forgotten); a
// sign-up with a name too like hers names the clash, and repeated wrong
// passwords are refused, saying when to try again. axe finds nothing
// serious on the sign-in form, My games, the seed page, the profile and
// the leaderboard.
func TestBrowserAccounts(t *testing.T) {
	onStore(t, "postgres", func(t *testing.T, dbURL string) {
		base := startServer(t, dbURL)
		b := newBrowser(t, base)
		// The refusals the test asks for.
		b.allow("status of 401 (Unauthorized) " + base + "/v1/sessions")
		b.allow("status of 401 (Unauthorized) " + base + "/v1/me")
		b.allow("status of 409 (Conflict) " + base + "/v1/players")
		b.allow("status of 429 (Too Many Requests) " + base + "/v1/sessions")
		const password, newPassword = "correct horse battery", "battery staple horse"

		laptop := b.player("laptop")
		page1, closePage := chromedp.NewContext(laptop)
		b.watch(page1, "laptop page")
		run(t, page1, "a guest's lobby",
			chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery), chromedp.WaitVisible(`#sign-in`, chromedp.ByQuery))
		eval(t, page1, "a guest names their seat and is asked nothing else", `!!document.querySelector('#name') && !document.querySelector('#my-games, #signin-form')`)
		run(t, page1, "the sign-in page", chromedp.Click(`#sign-in`, chromedp.ByQuery), chromedp.WaitVisible(`#signup-form`, chromedp.ByQuery))
		checkAxe(t, page1, "sign-in form")
		run(t, page1, "sign up",
			chromedp.SendKeys(`#signup-name`, "Alice", chromedp.ByQuery),
			chromedp.SendKeys(`#signup-password`, password, chromedp.ByQuery),
			chromedp.Click(`#signup`, chromedp.ByQuery),
			chromedp.WaitVisible(`#account-name`, chromedp.ByQuery),
			chromedp.WaitVisible(`#my-games`, chromedp.ByQuery))
		eval(t, page1, "signed in, the token kept out of the address", storedToken+`.startsWith('hps_') && !location.href.includes('hps_') && document.querySelector('#account-name').textContent === 'Alice' && !document.querySelector('#name') && document.querySelector('#playing-as').textContent.includes('Alice')`)
		run(t, page1, "a game against a hat bot",
			chromedp.SetValue(`#variant`, "basic", chromedp.ByQuery),
			chromedp.SetValue(`select[data-seat="1"]`, "hat", chromedp.ByQuery),
			chromedp.Click(`#create-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
		id := gameID(t, page1)
		eval(t, page1, "the seat has the account's name", `[...document.querySelectorAll('.hand .who')].map((e) => e.textContent).join() === 'Hat bot (seat 2),Alice (you)'`)
		prev := ""
		if !move(t, page1, "laptop", "clue", &prev) {
			t.Fatal("the game ended at its first move")
		}
		closePage()

		// Her phone: a browser of its own.
		phone := b.player("phone")
		run(t, phone, "the phone's lobby", chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#sign-in`, chromedp.ByQuery),
			chromedp.Click(`#sign-in`, chromedp.ByQuery), chromedp.WaitVisible(`#signin-form`, chromedp.ByQuery))
		signIn := func(name, pw string) {
			t.Helper()
			run(t, phone, "sign in as "+name,
				chromedp.Evaluate(`document.querySelector('#signin-name').value = ''; document.querySelector('#signin-password').value = ''`, nil),
				chromedp.SendKeys(`#signin-name`, name, chromedp.ByQuery), chromedp.SendKeys(`#signin-password`, pw, chromedp.ByQuery),
				chromedp.Click(`#signin`, chromedp.ByQuery))
		}
		signIn("alice", "wrong horse battery")
		waitTrue(t, phone, "a wrong password, in the server's words", `document.querySelector('#signin-error').textContent === 'That name and password do not match an account.'`)
		signIn("alice", password)
		run(t, phone, "my games", chromedp.WaitVisible(`#my-running li[data-game="`+id+`"] button.resume`, chromedp.ByQuery))
		checkAxe(t, phone, "my games")
		run(t, phone, "resume", chromedp.Click(`#my-running li[data-game="`+id+`"] button.resume`, chromedp.ByQuery),
			chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
		if n := count(t, phone, `.hand.mine .card.face`); n != 0 {
			t.Fatalf("the resumed seat shows %d of its own cards face up", n)
		}
		// The game's link finds her seat too, for a browser that holds no token of it.
		run(t, phone, "the link alone", chromedp.Evaluate(`localStorage.removeItem('hanabi.seat.`+id+`')`, nil), chromedp.Reload(),
			chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
		eval(t, phone, "a fresh seat token is kept", `JSON.parse(localStorage.getItem('hanabi.seat.`+id+`')).seat === 0`)
		prev = ""
		moves := 0
		for ; moves < 80 && move(t, phone, "phone", "", &prev); moves++ {
		}
		if moves == 0 || moves >= 80 {
			t.Fatalf("the game took %d more clicks", moves)
		}
		score := itoa(finalScore(t, base, id))

		// The other scores on its seed.
		run(t, phone, "the seed page", chromedp.Click(`#other-scores`, chromedp.ByQuery),
			chromedp.WaitVisible(`#seed-h`, chromedp.ByQuery))
		row := `tr[data-game="` + id + `"]`
		if r := text(t, phone, row); !strings.Contains(r, "Alice") || !strings.Contains(r, "Hat bot") {
			t.Errorf("the seed page's row reads %q", r)
		}
		if s := text(t, phone, row+` .score`); s != score {
			t.Errorf("the seed page says %s, the server %s", s, score)
		}
		eval(t, phone, "the seed is a shared deal's name", `/^\?seed=p2v0s\d+$/.test(location.search)`)
		checkAxe(t, phone, "seed page")

		// Her profile, from her name in the row.
		run(t, phone, "the profile", chromedp.Click(row+` a.player`, chromedp.ByQuery), chromedp.WaitVisible(`#stats`, chromedp.ByQuery),
			chromedp.WaitVisible(`#history `+row, chromedp.ByQuery))
		eval(t, phone, "one game, its best and average its score", `(() => {
  const c = [...document.querySelectorAll('#stats tr[data-variant="basic"][data-players="2"] td')].map((td) => td.textContent);
  return c[1] === '1' && c[2] === '`+score+`' && c[3] === Number('`+score+`').toFixed(2);
})()`)
		eval(t, phone, "the history links the replay and the seed", `!!document.querySelector('#history `+row+` a.replay') && !!document.querySelector('#history `+row+` a.other-scores')`)
		checkAxe(t, phone, "profile")

		// The leaderboards: a team with a bot is on the bots' board alone.
		run(t, phone, "the people's board", chromedp.Click(`#stats tr[data-variant="basic"] th a`, chromedp.ByQuery),
			chromedp.WaitVisible(`#board-empty`, chromedp.ByQuery))
		checkAxe(t, phone, "leaderboard")
		run(t, phone, "the bots' board", chromedp.Click(`#board-bots`, chromedp.ByQuery), chromedp.WaitVisible(row, chromedp.ByQuery))
		eval(t, phone, "ranked first", `document.querySelector('`+row+` td').textContent === '1' && document.querySelector('#board-bots').getAttribute('aria-current') === 'page'`)

		// A new password ends her other sessions: the laptop's page, opened
		// again, finds its token gone and shows itself signed out.
		run(t, phone, "her profile", chromedp.Click(`#account-name`, chromedp.ByQuery), chromedp.WaitVisible(`details.password summary`, chromedp.ByQuery))
		// The games' table comes in above the form and moves it: a click
		// aimed before it came would miss.
		waitTrue(t, phone, "her games listed", `document.querySelector('#history').children.length > 0`)
		// A click that meets a re-render of the profile under load lands on
		// the page it replaced: a person would click again, and so does the
		// test, up to twice more.
		for try := 0; ; try++ {
			run(t, phone, "open the password form", chromedp.Click(`details.password summary`, chromedp.ByQuery))
			var open bool
			run(t, phone, "is the form open", chromedp.Evaluate(`document.querySelector('details.password').open`, &open))
			if open || try == 2 {
				break
			}
		}
		run(t, phone, "change the password",
			// The fields are focusable only once the details have opened.
			chromedp.WaitVisible(`#old-password`, chromedp.ByQuery), chromedp.WaitVisible(`#new-password`, chromedp.ByQuery),
			chromedp.SendKeys(`#old-password`, password, chromedp.ByQuery), chromedp.SendKeys(`#new-password`, newPassword, chromedp.ByQuery),
			chromedp.Click(`#change-password`, chromedp.ByQuery))
		waitTrue(t, phone, "changed", `document.querySelector('#password-says').textContent === 'Your password is changed.'`)
		page2 := b.tab(laptop, "laptop, again")
		run(t, page2, "the laptop again", chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#sign-in`, chromedp.ByQuery), chromedp.WaitVisible(`#name`, chromedp.ByQuery))
		eval(t, page2, "the dead token is forgotten", storedToken+` === ''`)

		// Signing out ends the session and forgets the seats taken with it.
		var token string
		run(t, phone, "the token", chromedp.Evaluate(storedToken, &token))
		run(t, phone, "sign out", chromedp.Click(`#sign-out`, chromedp.ByQuery), chromedp.WaitVisible(`#sign-in`, chromedp.ByQuery))
		eval(t, phone, "nothing of the account is kept", storedToken+` === '' && !Object.keys(localStorage).some((k) => k.startsWith('hanabi.seat.'))`)
		if s := statusOf(t, base, "GET", "/me", token, ""); s != http.StatusUnauthorized {
			t.Errorf("after signing out the token gets %d", s)
		}

		// Refusals, in the server's words.
		run(t, phone, "sign up as ALICE", chromedp.Click(`#sign-in`, chromedp.ByQuery), chromedp.WaitVisible(`#signup-form`, chromedp.ByQuery),
			chromedp.SendKeys(`#signup-name`, "ALICE", chromedp.ByQuery), chromedp.SendKeys(`#signup-password`, password, chromedp.ByQuery),
			chromedp.Click(`#signup`, chromedp.ByQuery))
		waitTrue(t, phone, "the clash is named", `document.querySelector('#signup-error').textContent === 'That name is taken, or one too like it: Alice.'`)
		// The phone's wrong password was one; four more, and the next is refused.
		for range 4 {
			if s := statusOf(t, base, "POST", "/sessions", "", `{"name":"alice","password":"wrong horse battery"}`); s != http.StatusUnauthorized {
				t.Fatalf("a wrong password gets %d", s)
			}
		}
		signIn("alice", newPassword)
		// The bucket gives a failure back every 5 minutes: a slow run's
		// first failure, long ago, has partly come back.
		waitTrue(t, phone, "too many attempts, and when to try again", `/^Too many failed attempts; try again later\. You can try again in [1-5] minutes?\.$/.test(document.querySelector('#signin-error').textContent)`)
	})
}

// TestBrowserGuestSeedPage: a guest's finished game, dealt from the seed
// its creator named, links to the other scores on that seed, whose page
// lists it with the guest's name as written, marked a guest's (no profile
// to link to); the guest's pages never asked anything of accounts.
func TestBrowserGuestSeedPage(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	guest := newBrowser(t, base).player("guest")
	tb := botGame(t, guest, base, "basic", 2, "a guest's seed")
	apiDo(t, base, "POST", "/games/"+tb.id+"/terminate", tb.tokens[0], nil, nil)
	run(t, guest, "the result", chromedp.WaitVisible(`#other-scores`, chromedp.ByQuery),
		chromedp.Click(`#other-scores`, chromedp.ByQuery), chromedp.WaitVisible(`#seed-h`, chromedp.ByQuery))
	eval(t, guest, "the seed's page", `new URLSearchParams(location.search).get('seed') === "a guest's seed"`)
	row := `tr[data-game="` + tb.id + `"]`
	if r := text(t, guest, row+` .team`); r != "Alice guest, Conventions bot" || count(t, guest, row+` .team .badge.guest`) != 1 {
		t.Errorf("the seed page's team reads %q: the guest's name as written, marked a guest's", r)
	}
	if n := count(t, guest, row+` a.player`); n != 0 {
		t.Errorf("a guest's name links to a profile")
	}
	eval(t, guest, "no request of accounts", `performance.getEntriesByType('resource').every((e) => !/^\/v1\/(me|sessions|players)\b/.test(new URL(e.name).pathname))`)
}
