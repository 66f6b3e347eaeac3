package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// runActions plays o.games games at once, each as fast as its two seats can
// alternate, starting a new game whenever one ends, for o.duration.
func runActions(ctx context.Context, c *client, o options) error {
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	var mu sync.Mutex
	var lat, reads []time.Duration
	var errs []error
	games := 0
	var wg sync.WaitGroup
	start := time.Now()
	for range o.games {
		wg.Go(func() {
			var mine, myReads []time.Duration
			rc, err := dialRaw(ctx, o.base)
			if err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				return
			}
			defer rc.Close()
			for ctx.Err() == nil {
				n, err := playOne(ctx, rc, o.variant, &mine, &myReads)
				if err != nil && ctx.Err() == nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					return
				}
				if n > 0 {
					mu.Lock()
					games++
					mu.Unlock()
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			reads = append(reads, myReads...)
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if len(errs) > 0 {
		return fmt.Errorf("%d workers failed, first: %w", len(errs), errs[0])
	}
	slices.Sort(lat)
	slices.Sort(reads)
	fmt.Printf("variant %s, %d concurrent games, %s\n", o.variant, o.games, elapsed.Round(time.Millisecond))
	fmt.Printf("actions: %d (%.0f/s), games finished: %d\n", len(lat), float64(len(lat))/elapsed.Seconds(), games)
	fmt.Printf("action latency: p50 %s  p90 %s  p99 %s  max %s\n", pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))
	fmt.Printf("(the mover's read of its view before each action: p50 %s  p99 %s)\n", pct(reads, 50), pct(reads, 99))
	if o.ceilingDB != "" {
		ceiling, err := insertCeiling(context.WithoutCancel(ctx), o.ceilingDB, o.games, 10*time.Second)
		if err != nil {
			return fmt.Errorf("insert ceiling: %w", err)
		}
		rate := float64(len(lat)) / elapsed.Seconds()
		fmt.Printf("the database's insert ceiling: %.0f single-row inserts/s from %d connections; actions/s ÷ ceiling = %.3f\n", ceiling, o.games, rate/ceiling)
		if bin := findPgbench(); bin != "" {
			pb, err := pgbenchCeiling(context.WithoutCancel(ctx), bin, o.ceilingDB, o.games, 10*time.Second)
			if err != nil {
				return fmt.Errorf("insert ceiling: %w", err)
			}
			fmt.Printf("the same inserts from pgbench: %.0f/s; actions/s ÷ that = %.3f\n", pb, rate/pb)
		} else {
			fmt.Println("(no pgbench here: the ceiling above is measured from Go, whose client costs the shared cores more)")
		}
	}
	return nil
}

// playOne plays one game to its end; each action is timed from request to
// response. It returns the number of actions taken.
func playOne(ctx context.Context, rc *rawConn, variant string, lat, reads *[]time.Duration) (int, error) {
	tokens, v, err := newGameRaw(rc, variant)
	if err != nil {
		return 0, err
	}
	gamePath := "/v1/games/" + v.ID
	actionPath := gamePath + "/actions"
	var body []byte
	for turn := 0; v.Status == "active" && ctx.Err() == nil; turn++ {
		seat := v.CurrentSeat
		// The acting seat needs its own view (other hand visible) to choose.
		r0 := time.Now()
		if err := rc.call("GET", gamePath, tokens[seat], nil, &v); err != nil {
			return turn, err
		}
		*reads = append(*reads, time.Since(r0))
		body = appendMove(body[:0], &v, seat, turn)
		var res struct {
			Game seatView `json:"game"`
		}
		t0 := time.Now()
		if err := rc.call("POST", actionPath, tokens[seat], body, &res); err != nil {
			return turn, err
		}
		*lat = append(*lat, time.Since(t0))
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
