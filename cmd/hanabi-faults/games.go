package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hanabi-server/hanabi/cmd/internal/seatmove"
)

// driver plays games against the replicas and checks every answer.
type driver struct {
	bases    []string
	rep      *report
	deadline time.Duration
	run      string // names this run's keys: a key of an earlier run gets that run's answer
	keys     atomic.Int64
	client   http.Client
}

type view = seatmove.View

type answer struct {
	code int
	body []byte
	err  error
}

// do sends one request, timing it: an answer that is neither a success nor
// a 503 nor a refused connection within the deadline (and some slack) is a
// hang.
func (d *driver) do(base, method, path, token, key string, body []byte) answer {
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	t0 := time.Now()
	res, err := d.client.Do(req)
	var a answer
	if err == nil {
		a.code = res.StatusCode
		a.body, a.err = io.ReadAll(res.Body)
		res.Body.Close()
	} else {
		a.err = err
	}
	took := time.Since(t0)
	if a.code == http.StatusServiceUnavailable {
		d.rep.refused503.Add(1)
		for {
			s := d.rep.slowest503.Load()
			if int64(took) <= s || d.rep.slowest503.CompareAndSwap(s, int64(took)) {
				break
			}
		}
	}
	// A stopped replica answers when it resumes (4 s); a partitioned one
	// must answer within its store deadline.
	if (a.code == 0 || a.code >= 500) && took > d.deadline+2*time.Second {
		d.rep.hangs.Add(1)
		d.rep.note("%s %s%s took %s (%d %v)", method, base, path, took.Round(time.Millisecond), a.code, a.err)
	}
	return a
}

// until repeats fn on random replicas until it is answered below 500 and
// not 409 idempotency_key_in_use, for 30 s at most.
func (d *driver) until(fn func(base string) answer) answer {
	for t0 := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		a := fn(d.bases[rand.IntN(len(d.bases))])
		if a.err == nil && a.code < 500 && !bytes.Contains(a.body, []byte(`"idempotency_key_in_use"`)) || time.Since(t0) > 30*time.Second {
			return a
		}
	}
}

func (d *driver) newGame() (string, [2]string, error) {
	var seats [2]struct {
		Game  view   `json:"game"`
		Token string `json:"token"`
	}
	for i, path := range []string{"/v1/games", ""} {
		body := `{"variant":"basic","players":2,"name":"a"}`
		if i == 1 {
			path, body = "/v1/games/"+seats[0].Game.ID+"/seats", `{"name":"b"}`
		}
		// A create or join whose answer was lost is sent again with its
		// key, as a client should.
		key := d.run + "-" + strconv.FormatInt(d.keys.Add(1), 10)
		a := d.until(func(base string) answer { return d.do(base, "POST", path, "", key, []byte(body)) })
		if a.code != http.StatusCreated || json.Unmarshal(a.body, &seats[i]) != nil {
			return "", [2]string{}, fmt.Errorf("POST %s: %d %s", path, a.code, a.body)
		}
	}
	return seats[0].Game.ID, [2]string{seats[0].Token, seats[1].Token}, nil
}

// games plays one game after another until stop closes.
func (d *driver) games(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		id, tokens, err := d.newGame()
		if err != nil {
			d.rep.unexpected.Add(1)
			d.rep.note("%v", err)
			return
		}
		d.rep.games.Add(1)
		moves := d.play(id, tokens, stop)
		d.checkLog(id, tokens[0], moves)
	}
}

// play makes moves until the game ends, stop closes or the game stops
// moving, and returns how many were acknowledged.
func (d *driver) play(id string, tokens [2]string, stop <-chan struct{}) int {
	var known int64 // the version of the last move acknowledged
	moves := 0
	progress := time.Now()
	for {
		select {
		case <-stop:
			return moves
		default:
		}
		if time.Since(progress) > 30*time.Second {
			d.rep.wedged.Add(1)
			d.rep.note("game %s made no move for 30 s after version %d", id, known)
			return moves
		}
		v, ok := d.readAll(id, tokens[0], known)
		if !ok {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if v.Status != "active" {
			return moves
		}
		got, applied := d.move(id, tokens[v.CurrentSeat], v)
		if !applied {
			continue
		}
		moves++
		d.rep.acked.Add(1)
		known, progress = got.Version, time.Now()
		if got.Status != "active" {
			return moves
		}
	}
}

// readAll reads the game from every replica that answers: none may be
// older than the last move acknowledged. It returns the newest.
func (d *driver) readAll(id, token string, known int64) (view, bool) {
	var best view
	ok := false
	for _, base := range d.bases {
		a := d.do(base, "GET", "/v1/games/"+id, token, "", nil)
		var v view
		if a.err != nil || a.code >= 500 {
			continue
		}
		if a.code != http.StatusOK || json.Unmarshal(a.body, &v) != nil {
			d.rep.unexpected.Add(1)
			d.rep.note("GET %s: %d %s", id, a.code, a.body)
			continue
		}
		if v.Version < known {
			d.rep.stale.Add(1)
			d.rep.note("stale read: %s from %s at version %d, after move %d was acknowledged", id, base, v.Version, known)
		}
		if !ok || v.Version > best.Version {
			best, ok = v, true
		}
	}
	return best, ok
}

// move makes the next move with one Idempotency-Key: sometimes as four
// concurrent copies over both replicas, and again with the same key until a
// copy is answered. Every copy must get the one answer, or 409
// idempotency_key_in_use while another copy is at work.
func (d *driver) move(id, token string, v view) (view, bool) {
	body := seatmove.Append(nil, &v, v.CurrentSeat, int(v.Version))
	body = append(body[:len(body)-1], `,"version":`...)
	body = append(strconv.AppendInt(body, v.Version, 10), '}')
	key := d.run + "-" + strconv.FormatInt(d.keys.Add(1), 10)
	path := "/v1/games/" + id + "/actions"
	var got *view
	var refusals []answer
	for try := 0; got == nil && len(refusals) == 0 && try < 100; try++ {
		if try > 0 {
			d.rep.retries.Add(1)
			time.Sleep(150 * time.Millisecond)
		}
		copies := 1
		if rand.IntN(3) == 0 {
			copies = 4
		}
		ans := make([]answer, copies)
		var wg sync.WaitGroup
		for i := range ans {
			wg.Go(func() { ans[i] = d.do(d.bases[(i+try)%len(d.bases)], "POST", path, token, key, body) })
		}
		wg.Wait()
		for _, a := range ans {
			switch {
			case a.err != nil || a.code >= 500:
			case a.code == http.StatusOK:
				var r struct {
					Game view `json:"game"`
				}
				if json.Unmarshal(a.body, &r) != nil {
					d.rep.unexpected.Add(1)
					continue
				}
				if got != nil && got.Version != r.Game.Version {
					d.rep.twice.Add(1)
					d.rep.note("key %s answered at versions %d and %d", key, got.Version, r.Game.Version)
				}
				got = &r.Game
			case a.code == http.StatusConflict && bytes.Contains(a.body, []byte(`"idempotency_key_in_use"`)):
			case a.code == http.StatusConflict:
				refusals = append(refusals, a)
			default:
				d.rep.unexpected.Add(1)
				d.rep.note("move on %s: %d %s", id, a.code, a.body)
			}
		}
	}
	if got != nil && len(refusals) > 0 {
		d.rep.wrong409.Add(int64(len(refusals)))
		d.rep.note("an applied move of %s was also answered %s", id, refusals[0].body)
	}
	if got == nil {
		// Refused: the log check tells whether it was applied all the same.
		return view{}, false
	}
	return *got, true
}

// checkLog compares the game's log with the moves acknowledged: one driver
// plays each game, so every entry is one of its moves, each answered.
func (d *driver) checkLog(id, token string, moves int) {
	a := d.until(func(base string) answer { return d.do(base, "GET", "/v1/games/"+id+"/events", token, "", nil) })
	var evs struct {
		Events []struct {
			Type string `json:"type"`
		} `json:"events"`
	}
	if a.code != http.StatusOK || json.Unmarshal(a.body, &evs) != nil {
		d.rep.unexpected.Add(1)
		return
	}
	n := 0
	for _, e := range evs.Events {
		if e.Type != "game_over" {
			n++
		}
	}
	switch {
	case n < moves:
		d.rep.lost.Add(int64(moves - n))
		d.rep.note("game %s: %d moves acknowledged, %d in its log", id, moves, n)
	case n > moves:
		d.rep.unacked.Add(int64(n - moves))
		d.rep.note("game %s: %d moves in its log, only %d answered (a refusal of an applied move, or an answer lost for good)", id, n, moves)
	}
}
