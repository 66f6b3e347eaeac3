package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/goccy/go-json"
)

// runBrowser plays o.games two-seat games at once with the request mix of
// the browser page: each seat follows the game's NDJSON event stream and
// reads its view again after every event, a spectator long-polls the
// public view, and every move carries an Idempotency-Key and the version
// it was chosen at. A new game starts whenever one ends, for o.duration.
func runBrowser(ctx context.Context, c *client, o options) error {
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	end, _ := ctx.Deadline()
	var mu sync.Mutex
	var lat []time.Duration
	var errs []error
	games, reads := 0, 0
	var chat chatTotals
	start := time.Now()
	meter, metered := newCPUMeter(o.cpuPid), make(chan struct{})
	go func() { meter.watch(ctx, o.duration); close(metered) }()
	var wg sync.WaitGroup
	for w := range o.games {
		wg.Go(func() {
			for n := 0; ctx.Err() == nil; n++ {
				r, err := browserGame(ctx, c, o, fmt.Sprintf("%d-%d", w, n))
				mu.Lock()
				lat = append(lat, r.lat...)
				reads += r.reads
				chat.add(r.chat, err == nil)
				if err == nil {
					games++
				} else if ctx.Err() == nil && time.Now().Before(end) {
					// (A dial cut by the run's deadline can fail before
					// the context tells that the run is over.)
					errs = append(errs, err)
					cancel()
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	played := time.Since(start)
	if len(errs) > 0 {
		return fmt.Errorf("%d games failed, first: %w", len(errs), errs[0])
	}
	slices.Sort(lat)
	fmt.Printf("browser mix: variant %s, %d concurrent games (2 seats with a stream each, 1 spectator), %s of play\n", o.variant, o.games, played.Round(time.Millisecond))
	fmt.Printf("actions: %d (%.0f/s), games finished: %d, view reads: %d\n", len(lat), float64(len(lat))/played.Seconds(), games, reads)
	fmt.Printf("action latency: p50 %s  p90 %s  p99 %s  max %s\n", pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))
	if o.chatEvery > 0 {
		chat.report(o.chatEvery)
	}
	<-metered // the run's context has ended: the meter is done
	meter.report()
	return nil
}

// browserRun is what one game's clients did.
type browserRun struct {
	lat   []time.Duration
	reads int
	chat  *chatBook
}

// browserGame plays one game to its end as the page's clients would.
func browserGame(ctx context.Context, c *client, o options, key string) (browserRun, error) {
	var run browserRun
	rc, err := dialRaw(ctx, o.base)
	if err != nil {
		return run, err
	}
	defer rc.Close()
	tokens, v, err := newGameRaw(rc, o.variant)
	if err != nil {
		return run, err
	}
	gctx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	wg.Go(func() { spectate(gctx, o.base, v.ID) })
	var mu sync.Mutex
	errs := make([]error, 2)
	// The spectator's long-poll of the public view carries no chat: the
	// two seats' streams are the table's readers of it.
	run.chat = newChatBook(2)
	for seat := range 2 {
		wg.Go(func() {
			var ch *chatter
			if o.chatEvery > 0 {
				ch = newChatter(run.chat, seat, o.chatEvery, key)
			}
			lat, reads, err := playSeat(gctx, c, o.base, v.ID, seat, tokens[seat], key, ch)
			mu.Lock()
			run.lat, run.reads = append(run.lat, lat...), run.reads+reads
			mu.Unlock()
			errs[seat] = err
			if err != nil {
				stop()
			}
		})
	}
	// The seats end when the game does, the spectator with them.
	wg.Wait()
	return run, errors.Join(errs...)
}

// playSeat follows the game's events as one seat's page does: after each
// event it reads its view, and on its turn it moves, keyed, and with ch now
// and then says a line in the chat after its move.
func playSeat(ctx context.Context, c *client, base, id string, seat int, token, key string, ch *chatter) ([]time.Duration, int, error) {
	rc, err := dialRaw(ctx, base)
	if err != nil {
		return nil, 0, err
	}
	defer rc.Close()
	events := make(chan struct{}, 1)
	streamDone := make(chan error, 1)
	sctx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	var book *chatBook
	if ch != nil {
		book = ch.book
	}
	go func() { streamDone <- follow(sctx, c, base, id, token, events, book) }()
	path := "/v1/games/" + id
	var lat []time.Duration
	reads := 0
	var body []byte
	for turn := 0; ; {
		var v seatView
		if err := rc.call("GET", path, token, nil, &v); err != nil {
			return lat, reads, err
		}
		reads++
		if v.Status != "active" {
			if book != nil {
				book.settle(ctx)
			}
			return lat, reads, nil
		}
		if v.CurrentSeat == seat {
			body = appendMove(body[:0], &v, seat, turn)
			body = append(body[:len(body)-1], `,"version":`...)
			body = strconv.AppendInt(body, v.Version, 10)
			body = append(body, '}')
			rc.header = "Idempotency-Key: " + key + "-" + strconv.FormatInt(v.Version, 10)
			var res struct {
				Game seatView `json:"game"`
			}
			t0 := time.Now()
			err := rc.call("POST", path+"/actions", token, body, &res)
			lat = append(lat, time.Since(t0))
			actionsDone.Add(1)
			if err != nil {
				return lat, reads, err
			}
			turn++
			// A line said after the game's end could find the streams gone.
			if res.Game.Status == "active" {
				if err := ch.moved(rc, path, token, turn); err != nil {
					return lat, reads, err
				}
			}
		}
		select {
		case <-events:
		case err := <-streamDone:
			if err != nil && ctx.Err() == nil {
				return lat, reads, err
			}
			// The stream ended after game_over: one last read.
			streamDone <- nil
		case <-ctx.Done():
			return lat, reads, ctx.Err()
		}
	}
}

// follow reads the game's NDJSON event stream and signals each event; with
// a book it asks for the chat too and tells the book of each line it reads
// (a line is no move: the view stays as it was and is not read again).
func follow(ctx context.Context, c *client, base, id, token string, events chan<- struct{}, book *chatBook) error {
	url := base + "/v1/games/" + id + "/events?after=0"
	if book != nil {
		url += "&chat_after=0"
	}
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/x-ndjson")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("events stream: %d", res.StatusCode)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			continue // a heartbeat
		}
		if book != nil && bytes.Contains(line, []byte(`"type":"chat"`)) {
			at := time.Now()
			var ev struct {
				Type string `json:"type"`
				Text string `json:"text"`
			}
			if json.Unmarshal(line, &ev) == nil && ev.Type == "chat" {
				book.heard(ev.Text, at)
				continue
			}
		}
		select {
		case events <- struct{}{}:
		default:
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	return sc.Err()
}

// spectate long-polls the public view until the game ends.
func spectate(ctx context.Context, base, id string) {
	rc, err := dialRaw(ctx, base)
	if err != nil {
		return
	}
	defer rc.Close()
	go func() {
		<-ctx.Done()
		rc.Close()
	}()
	var v struct {
		Status  string `json:"status"`
		Version int64  `json:"version"`
	}
	for ctx.Err() == nil {
		code, data, err := rc.do("GET", "/v1/games/"+id+"?since="+strconv.FormatInt(v.Version, 10)+"&wait=30s", "", nil)
		if err != nil || code != http.StatusOK && code != http.StatusNotModified {
			return
		}
		if code == http.StatusOK && json.Unmarshal(data, &v) != nil || v.Status == "finished" {
			return
		}
	}
}
