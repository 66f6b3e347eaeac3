package api

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// syncBuffer is a log sink that the server's goroutines may share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestLogsHoldNoSecrets plays a game with request logging on and checks that
// no line carries a token, an Authorization header or a card's identity.
func TestLogsHoldNoSecrets(t *testing.T) {
	var sink syncBuffer
	e := sqliteEnv(t, func(c *envConfig) {
		c.Logger = slog.New(slog.NewJSONHandler(&sink, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	tb := e.newTable("farbrausch", 2, variants.Options{}, "logs")
	for range 10 {
		tb.act(tb.pick())
	}
	e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil)
	e.req("GET", "/v1/games/"+tb.id, "bad.token.here", nil)
	e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[1], map[string]any{"type": "clue", "target": 1, "rank": 1})
	logs := sink.String()
	lines := strings.Split(strings.TrimSpace(logs), "\n")
	if len(lines) < 15 {
		t.Fatalf("only %d log lines", len(lines))
	}
	for _, tok := range tb.tokens {
		if strings.Contains(logs, tok) || strings.Contains(logs, strings.Split(tok, ".")[2]) {
			t.Fatal("a seat token is in the logs")
		}
	}
	for _, bad := range []string{"Bearer", "Authorization", "bad.token.here", `"suit"`, `"rank"`, "logs"} {
		if strings.Contains(logs, bad) {
			t.Fatalf("the logs contain %q", bad)
		}
	}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON log line: %s", l)
		}
		if m["msg"] == "request" && (m["route"] == nil || m["status"] == nil || m["duration"] == nil) {
			t.Fatalf("request line lacks fields: %s", l)
		}
	}
}
