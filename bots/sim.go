package bots

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hanabi-server/hanabi/engine"
)

// SimConfig describes a self-play run.
type SimConfig struct {
	Config engine.Config
	// Seats holds one strategy per seat, or a single one for every seat.
	Seats []Strategy
	Games int
	Seed  string
	// Workers defaults to GOMAXPROCS. It changes only the speed: game i is
	// always dealt and played from (Seed, i).
	Workers int
	// Progress, if set, is called now and then with the games finished so far.
	Progress func(done int)
	// Played, if set, is called with each game i as it ended, from the
	// worker that played it (so from several goroutines at once).
	Played func(i int, g *engine.Game)
}

// SimResult summarises a run. Fractions are 0–1.
type SimResult struct {
	Games    int
	MaxScore int
	Mean     float64
	StdErr   float64 // standard error of the mean
	Perfect  float64 // share of games with the maximum score
	Storms   float64 // share of games the storms ended (score 0)
	// Ends is the share of games by how they ended (engine.EndReason's
	// names): under hanab.live's rules games also end at the maximum
	// score still possible and with no playable card left.
	Ends        map[string]float64
	Histogram   []int // Histogram[s] is the number of games that scored s
	MeanTurns   float64
	Elapsed     time.Duration
	GamesPerSec float64
}

// GameSeed is the deal of game i of a run seeded with seed.
func GameSeed(seed string, i int) string { return fmt.Sprintf("%s/%d", seed, i) }

func botSeed(seed string, i int) uint64 {
	sum := sha256.Sum256([]byte(seed))
	return mix(binary.LittleEndian.Uint64(sum[:8]), uint64(i))
}

// Simulate plays cfg.Games games on Workers goroutines. The numbers depend
// only on the config, the seats, the seed and the number of games. It stops
// at the first illegal move (an *IllegalMoveError) or when ctx is done.
func Simulate(ctx context.Context, sc SimConfig) (SimResult, error) {
	if len(sc.Seats) == 0 {
		return SimResult{}, fmt.Errorf("no strategy given")
	}
	if err := sc.Config.Validate(); err != nil {
		return SimResult{}, err
	}
	if n := len(sc.Seats); n != 1 && n != sc.Config.Players {
		return SimResult{}, fmt.Errorf("%d strategies for %d seats", n, sc.Config.Players)
	}
	workers := sc.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, sc.Games))
	outcomes := make([]Outcome, sc.Games)
	var next, done atomic.Int64
	var firstErr error
	var errOnce sync.Once
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var t table
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= sc.Games {
					return
				}
				o, err := t.play(sc.Config, GameSeed(sc.Seed, i), sc.Seats, botSeed(sc.Seed, i))
				if err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					return
				}
				outcomes[i] = o
				if sc.Played != nil {
					sc.Played(i, t.game)
				}
				done.Add(1)
			}
		}()
	}
	if sc.Progress != nil {
		stop := make(chan struct{})
		go func() {
			tick := time.NewTicker(200 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					sc.Progress(int(done.Load()))
				}
			}
		}()
		wg.Wait()
		close(stop)
		sc.Progress(int(done.Load()))
	} else {
		wg.Wait()
	}
	if firstErr != nil {
		return SimResult{}, firstErr
	}
	if err := ctx.Err(); err != nil {
		return SimResult{}, err
	}
	r := summarise(outcomes, sc.Config.MaxScore())
	r.Elapsed = time.Since(start)
	if s := r.Elapsed.Seconds(); s > 0 {
		r.GamesPerSec = float64(r.Games) / s
	}
	return r, nil
}

func summarise(outcomes []Outcome, maxScore int) SimResult {
	r := SimResult{Games: len(outcomes), MaxScore: maxScore, Histogram: make([]int, maxScore+1), Ends: map[string]float64{}}
	if r.Games == 0 {
		return r
	}
	var sum, sumSq, turns float64
	for _, o := range outcomes {
		s := float64(o.Result.Score)
		sum += s
		sumSq += s * s
		turns += float64(o.Turns)
		r.Histogram[o.Result.Score]++
		r.Ends[o.Result.Reason.String()]++
		if o.Result.Reason == engine.EndStorms {
			r.Storms++
		}
		if o.Result.Score == maxScore {
			r.Perfect++
		}
	}
	n := float64(r.Games)
	r.Mean = sum / n
	if r.Games > 1 {
		variance := (sumSq - sum*sum/n) / (n - 1)
		r.StdErr = math.Sqrt(max(variance, 0) / n)
	}
	r.Perfect /= n
	r.Storms /= n
	for k := range r.Ends {
		r.Ends[k] /= n
	}
	r.MeanTurns = turns / n
	return r
}
