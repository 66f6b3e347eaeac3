package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// runActions plays o.games games at once, each as fast as its two seats can
// alternate, starting a new game whenever one ends, for o.duration in all.
// With a ceiling to measure, the run is cut into o.rounds: each round plays
// for its share of o.duration, then holds the games and measures the same
// database's insert ceiling for its share, so that a machine whose speed
// drifts during the run (a shared one does) weighs on both alike.
func runActions(ctx context.Context, c *client, o options) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rounds := 1
	if o.ceilingDB != "" {
		rounds = max(o.rounds, 1)
	}
	var mu sync.Mutex
	var lat, reads []time.Duration
	var errs []error
	games := 0
	g := newGate()
	var wg sync.WaitGroup
	for range o.games {
		wg.Go(func() {
			var mine, myReads []time.Duration
			defer func() {
				mu.Lock()
				lat = append(lat, mine...)
				reads = append(reads, myReads...)
				mu.Unlock()
			}()
			rc, err := dialRaw(ctx, o.base)
			if err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				cancel()
				return
			}
			defer rc.Close()
			for ctx.Err() == nil {
				n, err := playOne(ctx, g, rc, o.variant, &mine, &myReads)
				if errors.Is(err, errRunOver) {
					return
				}
				if err != nil && ctx.Err() == nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					cancel()
					return
				}
				if n > 0 {
					mu.Lock()
					games++
					mu.Unlock()
				}
			}
		})
	}
	var played time.Duration
	var goCeil, pgbCeil []float64
	var ceilErr error
	meter := newCPUMeter(o.cpuPid)
	for r := range rounds {
		start := time.Now()
		g.setOpen(true)
		meter.watch(ctx, o.duration/time.Duration(rounds))
		g.setOpen(false)
		played += time.Since(start)
		if ctx.Err() != nil || o.ceilingDB == "" {
			continue
		}
		share := ceilingTime / time.Duration(rounds)
		ceiling, err := insertCeiling(ctx, o.ceilingDB, o.games, share)
		if err != nil {
			ceilErr = fmt.Errorf("insert ceiling (round %d): %w", r+1, err)
			break
		}
		goCeil = append(goCeil, ceiling)
		if bin := findPgbench(); bin != "" {
			pb, err := pgbenchCeiling(ctx, bin, o.ceilingDB, o.games, share)
			if err != nil {
				ceilErr = fmt.Errorf("pgbench (round %d): %w", r+1, err)
				break
			}
			pgbCeil = append(pgbCeil, pb)
		}
	}
	g.finish()
	wg.Wait()
	if len(errs) > 0 {
		return fmt.Errorf("%d workers failed, first: %w", len(errs), errs[0])
	}
	if ceilErr != nil {
		return ceilErr
	}
	slices.Sort(lat)
	slices.Sort(reads)
	rate := float64(len(lat)) / played.Seconds()
	fmt.Printf("variant %s, %d concurrent games, %s of play\n", o.variant, o.games, played.Round(time.Millisecond))
	fmt.Printf("actions: %d (%.0f/s), games finished: %d\n", len(lat), rate, games)
	fmt.Printf("action latency: p50 %s  p90 %s  p99 %s  max %s\n", pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))
	fmt.Printf("(the mover's read of its view before each action: p50 %s  p99 %s)\n", pct(reads, 50), pct(reads, 99))
	meter.report()
	if o.ceilingDB == "" {
		return nil
	}
	ceiling := mean(goCeil)
	fmt.Printf("the database's insert ceiling: %.0f single-row inserts/s from %d connections (%s); actions/s ÷ ceiling = %.3f\n",
		ceiling, o.games, roundsOf(goCeil), rate/ceiling)
	if len(pgbCeil) == 0 {
		fmt.Println("(no pgbench here: the ceiling above is measured from Go, whose client costs the shared cores more)")
		return nil
	}
	pb := mean(pgbCeil)
	fmt.Printf("the same inserts from pgbench: %.0f/s (%s); actions/s ÷ that = %.3f\n", pb, roundsOf(pgbCeil), rate/pb)
	return nil
}

// ceilingTime is how long each ceiling is measured in all.
const ceilingTime = 10 * time.Second

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// roundsOf lists each round's figure, so that the spread is seen.
func roundsOf(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.0f", x)
	}
	return "rounds " + strings.Join(parts, ", ")
}

var errRunOver = errors.New("the run is over")

// playOne plays one game to its end, passing g around each action; each
// action is timed from request to response. It returns the number of
// games finished (0 or 1).
func playOne(ctx context.Context, g *gate, rc *rawConn, variant string, lat, reads *[]time.Duration) (int, error) {
	if !g.enter() {
		return 0, errRunOver
	}
	tokens, v, err := newGameRaw(rc, variant)
	g.leave()
	if err != nil {
		return 0, err
	}
	gamePath := "/v1/games/" + v.ID
	actionPath := gamePath + "/actions"
	var body []byte
	for turn := 0; v.Status == "active"; turn++ {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		if !g.enter() {
			return 0, errRunOver
		}
		seat := v.CurrentSeat
		// The acting seat needs its own view (other hand visible) to choose.
		r0 := time.Now()
		if err := rc.call("GET", gamePath, tokens[seat], nil, &v); err != nil {
			g.leave()
			return 0, err
		}
		*reads = append(*reads, time.Since(r0))
		body = appendMove(body[:0], &v, seat, turn)
		var res struct {
			Game seatView `json:"game"`
		}
		t0 := time.Now()
		err := rc.call("POST", actionPath, tokens[seat], body, &res)
		d := time.Since(t0)
		g.leave()
		if err != nil {
			return 0, err
		}
		*lat = append(*lat, d)
		actionsDone.Add(1)
		v = res.Game
	}
	return 1, nil
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := (len(d) - 1) * p / 100
	return d[i].Round(10 * time.Microsecond)
}
