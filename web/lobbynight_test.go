package web_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLobbyNight (issue 48): the open tables say which have a turn
// clock, as the games being played do; every line of another player in the
// lobby's chat has a Mute button, which hides that player's lines from the
// one who pressed it (those said after too) until they unmute them.
func TestBrowserLobbyNight(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	alice, bob := signUp(t, base, "Alice"), signUp(t, base, "Bob")
	var timed struct {
		Game struct{ ID string } `json:"game"`
	}
	apiDo(t, base, "POST", "/games", bob, map[string]any{"variant": "basic", "players": 2, "options": map[string]any{"turn_seconds": 45}}, &timed)
	apiDo(t, base, "POST", "/lobby/chat", bob, map[string]any{"text": "anyone for a quick one?"}, nil)
	ctx := b.player("alice")
	signedIn(t, ctx, base, "Alice", alice)

	t.Run("open tables show the clock", func(t *testing.T) {
		row := `#open-tables li[data-game="` + timed.Game.ID + `"]`
		run(t, ctx, "the open table", chromedp.WaitVisible(row, chromedp.ByQuery))
		if r := text(t, ctx, row); !strings.Contains(r, "45 s a turn") {
			t.Errorf("a timed open table reads %q", r)
		}
	})

	t.Run("mute in the lobby chat", func(t *testing.T) {
		waitTrue(t, ctx, "bob's line", hasLobbyLine("Bob", "anyone for a quick one?"))
		lobbySays(t, ctx, "alice", "count me in")
		waitTrue(t, ctx, "her own line", hasLobbyLine("Alice", "count me in"))
		eval(t, ctx, "a Mute button on bob's line alone", `[...document.querySelectorAll('#lobby-chat-lines .chat-line')].every((li) =>
  !!li.querySelector('button.chat-mute[aria-label="Mute Bob"]') === (li.querySelector('.chat-sayer').textContent === 'Bob'))`)
		checkAxe(t, ctx, "the lobby chat with its mute buttons")
		clickReady(t, ctx, "alice mutes bob", `#lobby-chat-lines button.chat-mute`)
		waitTrue(t, ctx, "bob's lines are hidden", `!`+hasLobbyLine("Bob", "anyone for a quick one?")+` && !!document.querySelector('#lobby-chat button.chat-unmute')`)
		apiDo(t, base, "POST", "/lobby/chat", bob, map[string]any{"text": "hello?"}, nil)
		apiDo(t, base, "POST", "/lobby/chat", alice, map[string]any{"text": "still here"}, nil)
		waitTrue(t, ctx, "alice's next line", hasLobbyLine("Alice", "still here"))
		eval(t, ctx, "bob's later line is hidden too", `!`+hasLobbyLine("Bob", "hello?"))
		clickReady(t, ctx, "alice unmutes bob", `#lobby-chat button.chat-unmute`)
		apiDo(t, base, "POST", "/lobby/chat", bob, map[string]any{"text": "back again"}, nil)
		waitTrue(t, ctx, "bob's lines show again", hasLobbyLine("Bob", "back again")+` && !document.querySelector('#lobby-chat button.chat-unmute')`)
	})
}
