package bots

import (
	"fmt"
	"testing"
)

// BenchmarkGame is one whole self-play game per iteration, on one core.
func BenchmarkGame(b *testing.B) {
	for _, s := range strategies() {
		for _, players := range []int{2, 4} {
			b.Run(fmt.Sprintf("%s/%dp", s.Name, players), func(b *testing.B) {
				cfg := testConfig(b, "basic", 0, players, 0)
				var t table
				for i := range b.N {
					if _, err := t.play(cfg, fmt.Sprint("bench", i), []Strategy{s}, uint64(i)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
