package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/analysis"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/variants"
)

// botGame is a game two hat bots play to its end while its creator
// watches; it answers the game's id.
func (e *testEnv) botGame(seed string) string {
	e.t.Helper()
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "no-variant", "players": 2, "seed": seed,
		"bots": []any{map[string]any{"seat": 0, "strategy": "hat"}, map[string]any{"seat": 1, "strategy": "hat"}}})
	e.expect(r, http.StatusCreated)
	var sr SeatResponse
	r.json(e.t, &sr)
	v := *sr.Game
	for range 200 {
		if v.Status == "finished" {
			return v.ID
		}
		e.req("GET", "/v1/games/"+v.ID+"?since="+itoa(int(v.Version))+"&wait=5s", "", nil).json(e.t, &v)
	}
	e.t.Fatalf("the bots' game did not end: %+v", v.Status)
	return ""
}

// A finished game's analysis, read twice, and the same game's analysis
// from its native replay and from its hanab.live export; a running game's
// is refused, and so are bodies that are no finished game, each with its
// reason.
func TestAnalysis(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		id := e.botGame("analysis")
		r := e.req("GET", "/v1/games/"+id+"/analysis", "", nil)
		e.expect(r, http.StatusOK)
		var a analysis.Analysis
		r.json(t, &a)
		var replay ReplayView
		e.req("GET", "/v1/games/"+id+"/replay", "", nil).json(t, &replay)
		moves := 0
		for _, ra := range replay.Actions {
			if ra.Type == "play" || ra.Type == "discard" || ra.Type == "clue" {
				moves++
			}
		}
		if a.MaxScore != 25 || a.Score != replay.Result.Score || len(a.Turns) != moves+1 {
			t.Fatalf("max %d, score %d (the game's %d), %d turns for %d moves", a.MaxScore, a.Score, replay.Result.Score, len(a.Turns), moves)
		}
		for i, tn := range a.Turns {
			if tn.MaxReachable < tn.Score || i > 0 && tn.MaxReachable > a.Turns[i-1].MaxReachable {
				t.Fatalf("turn %d: max_reachable %d after %d, score %d", i, tn.MaxReachable, a.Turns[max(i-1, 0)].MaxReachable, tn.Score)
			}
		}
		if last := a.Turns[len(a.Turns)-1]; last.MaxReachable != a.Score {
			t.Fatalf("at the end max_reachable %d, the score %d", last.MaxReachable, a.Score)
		}
		if again := e.req("GET", "/v1/games/"+id+"/analysis", "", nil); !bytes.Equal(again.body, r.body) {
			t.Fatal("a second read answers otherwise")
		}
		// The same game given whole, as this server exports it.
		native := e.req("GET", "/v1/games/"+id+"/replay", "", nil)
		live := e.req("GET", "/v1/games/"+id+"/replay?format=hanablive", "", nil)
		for name, body := range map[string][]byte{"native": native.body, "hanablive": live.body} {
			got := e.req("POST", "/v1/analyses", "", body)
			e.expect(got, http.StatusOK)
			var b analysis.Analysis
			got.json(t, &b)
			if b.Score != a.Score || len(b.Turns) != len(a.Turns) || b.Turns[0].MaxReachable != a.Turns[0].MaxReachable {
				t.Fatalf("%s: score %d, %d turns, max_reachable %d at the deal; the game's %d, %d, %d", name,
					b.Score, len(b.Turns), b.Turns[0].MaxReachable, a.Score, len(a.Turns), a.Turns[0].MaxReachable)
			}
		}
		// Refusals.
		running := e.newTable("basic", 2, variants.Options{}, "running")
		e.expect(e.req("GET", "/v1/games/"+running.id+"/analysis", "", nil), http.StatusConflict)
		e.expect(e.req("GET", "/v1/games/0123456789abcdef/analysis", "", nil), http.StatusNotFound)
		e.expect(e.req("POST", "/v1/analyses", "", `{"players":`), http.StatusBadRequest)
		var raw map[string]any
		if err := json.Unmarshal(live.body, &raw); err != nil {
			t.Fatal(err)
		}
		actions := raw["actions"].([]any)
		for _, tc := range []struct {
			name, reason string
			edit         func(m map[string]any)
		}{
			{"unfinished", "unfinished", func(m map[string]any) { m["actions"] = actions[:3] }},
			{"an illegal move", "", func(m map[string]any) {
				m["actions"] = append([]any{map[string]any{"type": 2, "target": 0, "value": 0}}, actions...)
			}},
			{"a deck not the variant's", "bad_deck", func(m map[string]any) { m["deck"] = m["deck"].([]any)[:10] }},
		} {
			m := map[string]any{}
			for k, v := range raw {
				m[k] = v
			}
			tc.edit(m)
			got := e.req("POST", "/v1/analyses", "", m)
			e.expect(got, http.StatusUnprocessableEntity)
			if p := got.problem(t); p.Code != codeIllegalAction || tc.reason != "" && p.Reason != tc.reason || p.Reason == "" {
				t.Fatalf("%s: %+v", tc.name, p)
			}
		}
		if strings.Contains(string(r.body), `"max_reachable":null`) {
			t.Fatal("a max_reachable is null")
		}
	})
}

// TestAnalysesBusy: while as many analyses as the server runs at once are
// under way, a file's analysis that would start another is refused at once
// (503 busy, Retry-After), and taken once a worker is free.
func TestAnalysesBusy(t *testing.T) {
	e := newEnv(t, "", func(c *envConfig) { c.Bots = bots.List() })
	id := e.botGame("busy")
	native := e.req("GET", "/v1/games/"+id+"/replay", "", nil)
	e.srv.analyses = analysis.NewCache(8, time.Minute, 1, analysis.DefaultShare)
	release := make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := e.srv.analyses.Get(ctx, "another", "someone else", func(context.Context) (*analysis.Analysis, error) {
		<-release
		return &analysis.Analysis{}, nil
	}); !errors.Is(err, analysis.ErrPending) {
		t.Fatalf("the analysis that holds the worker: %v", err)
	}
	got := e.req("POST", "/v1/analyses", "", native.body)
	e.expect(got, http.StatusServiceUnavailable)
	if p := got.problem(t); p.Code != codeBusy || got.header.Get("Retry-After") == "" {
		t.Fatalf("busy: %+v, Retry-After %q", p, got.header.Get("Retry-After"))
	}
	close(release)
	deadline := time.Now().Add(10 * time.Second)
	for got = e.req("POST", "/v1/analyses", "", native.body); got.status != http.StatusOK; got = e.req("POST", "/v1/analyses", "", native.body) {
		if time.Now().After(deadline) {
			t.Fatalf("once the worker is free: %d %s", got.status, got.body)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestAnalysesShare: a caller whose analyses took their share of the
// server's time is told 429 with Retry-After for one that would run, while
// a kept analysis still answers it, and once its debt is paid it is
// served again.
func TestAnalysesShare(t *testing.T) {
	e := newEnv(t, "", func(c *envConfig) { c.Bots = bots.List() })
	id := e.botGame("share")
	native := e.req("GET", "/v1/games/"+id+"/replay", "", nil)
	live := e.req("GET", "/v1/games/"+id+"/replay?format=hanablive", "", nil)
	// A share whose burst any analysis exceeds.
	e.srv.analyses = analysis.NewCache(8, time.Minute, 1, analysis.Share{Burst: time.Nanosecond, Part: 1.0 / 20})
	// An analysis that outlasts its ask is under way (503): asked again
	// until it answers, as a client does.
	analysed := func(body []byte) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Minute)
		r := e.req("POST", "/v1/analyses", "", body)
		for ; r.status == http.StatusServiceUnavailable && time.Now().Before(deadline); r = e.req("POST", "/v1/analyses", "", body) {
			time.Sleep(50 * time.Millisecond)
		}
		e.expect(r, http.StatusOK)
	}
	analysed(native.body)
	got := e.req("POST", "/v1/analyses", "", live.body)
	e.expect(got, http.StatusTooManyRequests)
	if p := got.problem(t); p.Code != codeRateLimited || got.header.Get("Retry-After") == "" {
		t.Fatalf("over its share: %+v, Retry-After %q", p, got.header.Get("Retry-After"))
	}
	e.expect(e.req("POST", "/v1/analyses", "", native.body), http.StatusOK) // kept: free
	if p := got.problem(t); strings.Contains(p.Detail, "under way") {
		t.Fatalf("told one at a time, not its share: %+v", p)
	}
	// Once its debt is paid, the caller is served again.
	later := time.Now().Add(time.Hour)
	e.srv.analyses.SetClock(func() time.Time { return later })
	analysed(live.body)
}
