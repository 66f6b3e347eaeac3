package models

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hanabi-server/hanabi/play"
)

// BenchmarkAppend appends to many games at once, each goroutine
// loading its game and appending the next action, as the API does per move
// (plus one game created per 60 moves).
func BenchmarkAppend(b *testing.B) {
	run := func(b *testing.B, dbURL string) {
		ctx := context.Background()
		s, err := Open(ctx, dbURL)
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			var g *play.GameRow
			seq := 0
			for pb.Next() {
				// A real game is under a hundred actions long.
				if g == nil || seq == 60 {
					g = &play.GameRow{Record: play.Record{Variant: "basic", Seed: "s", Players: 2, Status: play.StatusActive}, Options: "{}"}
					if err := s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "a"}, {Seat: 1, Name: "b"}}, nil); err != nil {
						b.Error(err)
						return
					}
					seq = 0
				}
				if _, err := s.LoadGame(ctx, g.ID); err != nil {
					b.Error(err)
					return
				}
				if err := appendEntry(ctx, s, g.ID, Action{Seq: seq, Seat: seq % 2}.entry(), play.StatusActive, int64(seq), nil); err != nil {
					b.Error(err)
					return
				}
				seq++
			}
		})
	}
	b.Run("sqlite", func(b *testing.B) {
		run(b, filepath.Join(b.TempDir(), "bench.db"))
	})
	b.Run("postgres", func(b *testing.B) {
		run(b, postgresURL(b))
	})
}

// BenchmarkBarrier measures what a read pays to prove its copy current: a
// barrier alone (one read at a time: a whole round each), and under reads
// from many goroutines at once, which share rounds; rounds/op tells how
// many each read cost the database.
func BenchmarkBarrier(b *testing.B) {
	for _, parallel := range []bool{false, true} {
		name := map[bool]string{false: "alone", true: "shared"}[parallel]
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, postgresURL(b))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			s.listener.mu.Lock()
			sent := s.listener.next
			s.listener.mu.Unlock()
			b.ResetTimer()
			barrier := func() {
				if _, err := s.Barrier(ctx); err != nil {
					b.Error(err)
				}
			}
			if parallel {
				b.SetParallelism(16)
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						barrier()
					}
				})
			} else {
				for range b.N {
					barrier()
				}
			}
			b.StopTimer()
			s.listener.mu.Lock()
			b.ReportMetric(float64(s.listener.next-sent)/float64(b.N), "rounds/op")
			s.listener.mu.Unlock()
		})
	}
}
