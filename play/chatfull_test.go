package play_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// TestChatFull: a table's chat keeps its lines up to the cap, and refuses
// the next (chat_full) without keeping it, on both stores.
func TestChatFull(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, url string) {
		g, err := play.New(play.Config{Store: openStore(t, url), ChatLines: 3})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = g.Shutdown(context.Background()) })
		ctx := context.Background()
		st := table(t, g, "basic", 2, "chat-full")
		for i := range 3 {
			if _, _, err := g.Say(ctx, st.ID, holder(g, st.ID, i%2), "", "a line"); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
		}
		_, _, err = g.Say(ctx, st.ID, holder(g, st.ID, 0), "", "one more")
		var pe *play.Error
		if !errors.As(err, &pe) || pe.Code != play.ChatFull {
			t.Fatalf("the fourth line: %v", err)
		}
		if kind, code := pe.Fault(); code != "chat_full" || kind == 0 {
			t.Fatalf("the refusal: %d %s", kind, code)
		}
		after, err := g.Load(ctx, st.ID)
		if err != nil || after.ChatLines != 3 || len(after.Chat) != 3 {
			t.Fatalf("after the refusal: %d lines (%d held), %v", after.ChatLines, len(after.Chat), err)
		}
	})
}
