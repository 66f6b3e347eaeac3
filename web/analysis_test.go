package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/hanabi-server/hanabi/analysis"
)

// readAnalysis reads a finished game's analysis as a client does: asking
// again while the server answers it is under way (503).
func readAnalysis(t *testing.T, base, id string) analysis.Analysis {
	t.Helper()
	for range 120 {
		res, err := http.Get(base + "/v1/games/" + id + "/analysis")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		switch res.StatusCode {
		case http.StatusOK:
			var a analysis.Analysis
			if err := json.Unmarshal(b, &a); err != nil {
				t.Fatal(err)
			}
			return a
		case http.StatusServiceUnavailable:
			time.Sleep(250 * time.Millisecond)
		default:
			t.Fatalf("analysis: %d %s", res.StatusCode, b)
		}
	}
	t.Fatal("the analysis never came")
	return analysis.Analysis{}
}

// TestBrowserAnalysis (issue 49): a game played out, its replay draws the
// server's analysis: the score and the best still reachable over every
// turn, each lost turn marked and listed with its why, a lost turn's link
// moving the replay there, and at an endgame state each move's chance as
// the server counts it. The header shows the pace and the efficiency of
// the turn shown, and the table's result banner links to the analysis.
func TestBrowserAnalysis(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	tb := newTable(t, base, "basic", 2, "analysis-a")
	playOut(t, tb, "basic", 2, "analysis-a")
	a := readAnalysis(t, base, tb.id)
	if len(a.Lost) == 0 || len(a.Endgame) == 0 {
		t.Fatalf("the game lost nothing (%d) or has no endgame (%d): pick another seed", len(a.Lost), len(a.Endgame))
	}
	ctx := b.player("reader")

	run(t, ctx, "the replay", chromedp.Navigate(base+"/?replay="+tb.id+"#analysis"))
	waitTrue(t, ctx, "the chart is drawn", `!!document.querySelector('#analysis .analysis-chart') && !!document.querySelector('#table')`)
	var drawn struct {
		Reachable, Score, Marks int
		Lost                    []string
	}
	run(t, ctx, "the chart", chromedp.Evaluate(`(() => {
	  const pts = (cls) => document.querySelector('#analysis .analysis-chart polyline.' + cls).getAttribute('points').trim().split(/\s+/).length;
	  return { Reachable: pts('reachable'), Score: pts('score'), Marks: document.querySelectorAll('#analysis .lost-mark').length,
	    Lost: [...document.querySelectorAll('#analysis-lost li')].map((li) => li.textContent) };
	})()`, &drawn))
	if drawn.Reachable != len(a.Turns) || drawn.Score != len(a.Turns) || drawn.Marks != len(a.Lost) || len(drawn.Lost) != len(a.Lost) {
		t.Errorf("the chart has %d and %d points and %d marks, the list %d lines; want %d points, %d lost", drawn.Reachable, drawn.Score, drawn.Marks, len(drawn.Lost), len(a.Turns), len(a.Lost))
	}
	for i, l := range a.Lost {
		if i < len(drawn.Lost) && (!strings.Contains(drawn.Lost[i], l.Why) || !strings.Contains(drawn.Lost[i], fmt.Sprintf("turn %d", l.Turn+1))) {
			t.Errorf("lost line %d reads %q; want turn %d and %q", i, drawn.Lost[i], l.Turn+1, l.Why)
		}
	}
	checkAxe(t, ctx, "a replay with its analysis")

	// A lost turn's link moves the replay to the state after its move.
	l := a.Lost[len(a.Lost)-1]
	run(t, ctx, "the last lost turn", chromedp.Click(`#analysis-lost li:last-child button`, chromedp.ByQuery))
	waitTrue(t, ctx, "the replay moved there", `document.querySelector('#table').dataset.step === '`+strconv.Itoa(l.Turn+1)+`'`)

	// The header of a turn with cards in the deck: its pace and efficiency.
	mid := len(a.Turns) / 3
	goTurn(t, ctx, mid)
	if got := text(t, ctx, `#pace`); a.Turns[mid].Pace == nil || got != strconv.Itoa(*a.Turns[mid].Pace) {
		t.Errorf("turn %d: the header's pace reads %q; the analysis says %v", mid, got, a.Turns[mid].Pace)
	}
	if eff := a.Turns[mid].Efficiency; eff != nil {
		if got := text(t, ctx, `#efficiency`); !strings.HasPrefix(got, strconv.FormatFloat(*eff, 'f', 2, 64)) {
			t.Errorf("turn %d: the header's efficiency reads %q; the analysis says %.2f", mid, got, *eff)
		}
	}

	// An endgame state: each legal move's chance, as the server counted it.
	eg := a.Endgame[len(a.Endgame)/2]
	goTurn(t, ctx, eg.Turn)
	waitTrue(t, ctx, "the endgame table", `document.querySelectorAll('#analysis-endgame tbody tr').length > 0`)
	var rows [][]string
	run(t, ctx, "the chances", chromedp.Evaluate(`[...document.querySelectorAll('#analysis-endgame tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent))`, &rows))
	var want [][]string
	for _, m := range eg.Moves {
		want = append(want, []string{m.Move.Text, fmt.Sprintf("%d%%", int(m.Win*100+0.5))})
	}
	key := func(r []string) string { return strings.Join(r, "|") }
	gotKeys, wantKeys := make([]string, len(rows)), make([]string, len(want))
	for i := range rows {
		gotKeys[i] = key(rows[i])
	}
	for i := range want {
		wantKeys[i] = key(want[i])
	}
	slices.Sort(gotKeys)
	slices.Sort(wantKeys)
	if !slices.Equal(gotKeys, wantKeys) {
		t.Errorf("turn %d's chances read\n%q\nwant\n%q", eg.Turn, gotKeys, wantKeys)
	}
	checkAxe(t, ctx, "an endgame's chances")

	// The table's result banner links to it.
	run(t, ctx, "the table", chromedp.Navigate(base+"/?game="+tb.id), chromedp.WaitVisible(`#result`, chromedp.ByQuery))
	var href string
	run(t, ctx, "the link", chromedp.Evaluate(`(document.querySelector('#learn') || {}).getAttribute?.('href') || ''`, &href))
	if href != "/?replay="+tb.id+"#analysis" {
		t.Errorf("the result banner links to %q", href)
	}
}

// goTurn moves the replay's slider to turn k and waits for its board.
func goTurn(t *testing.T, c context.Context, k int) {
	t.Helper()
	run(t, c, "turn "+strconv.Itoa(k), chromedp.Evaluate(`(() => { const s = document.querySelector('#replay-turn'); s.value = '`+strconv.Itoa(k)+`'; s.dispatchEvent(new Event('input', { bubbles: true })); return true; })()`, nil))
	waitTrue(t, c, "turn "+strconv.Itoa(k)+" shown", `document.querySelector('#table').dataset.step === '`+strconv.Itoa(k)+`'`)
}
