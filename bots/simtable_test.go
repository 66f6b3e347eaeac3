package bots

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// TestSimTable prints the figures table: every strategy, 2–6 players, for
// each variant and option row. It runs only when HANABI_SIMTABLE names the
// games per cell (e.g. HANABI_SIMTABLE=10000); HANABI_SIMBOTS and
// HANABI_SIMROWS narrow it to some strategies or rows (comma-separated).
//
//	HANABI_SIMTABLE=10000 go test ./bots -run SimTable -v -timeout 0
func TestSimTable(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("HANABI_SIMTABLE"))
	if games <= 0 {
		t.Skip("set HANABI_SIMTABLE to the games per cell")
	}
	type row struct {
		name, variant   string
		rainbow, storms int
	}
	rows := []row{
		{"basic", "basic", 0, 3},
		{"farbrausch (10 rainbow)", "farbrausch", 10, 3},
		{"farbrausch (5 rainbow)", "farbrausch", 5, 3},
		{"farbrausch2 (10 rainbow)", "farbrausch2", 10, 3},
		{"farbrausch2 (5 rainbow)", "farbrausch2", 5, 3},
		{"basic, 2 storm tokens", "basic", 0, 2},
		{"basic, 1 storm token", "basic", 0, 1},
	}
	only := func(env, name string) bool {
		v := os.Getenv(env)
		if v == "" {
			return true
		}
		for _, s := range strings.Split(v, ",") {
			if strings.HasPrefix(name, s) {
				return true
			}
		}
		return false
	}
	var out strings.Builder
	speed := map[string][2]float64{}
	for _, s := range strategies() {
		if !only("HANABI_SIMBOTS", s.Name) {
			continue
		}
		fmt.Fprintf(&out, "\n%s, %d games per cell: mean ± s.e. (%% perfect)\n", s.Name, games)
		fmt.Fprintf(&out, "| %-26s |", "variant")
		for p := 2; p <= 6; p++ {
			fmt.Fprintf(&out, " %-21s |", fmt.Sprintf("%d players", p))
		}
		fmt.Fprintf(&out, "\n|%s|", strings.Repeat("-", 28))
		for range 5 {
			fmt.Fprintf(&out, "%s|", strings.Repeat("-", 23))
		}
		out.WriteString("\n")
		for _, r := range rows {
			if !only("HANABI_SIMROWS", r.variant) {
				continue
			}
			fmt.Fprintf(&out, "| %-26s |", r.name)
			for p := 2; p <= 6; p++ {
				o := variants.Options{StormTokens: &r.storms}
				if r.rainbow != 0 {
					o.RainbowCards = &r.rainbow
				}
				_, _, cfg, err := variants.Setup(r.variant, o, p)
				if err != nil {
					t.Fatal(err)
				}
				res, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{s}, Games: games, Seed: "table"})
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&out, " %-21s |", fmt.Sprintf("%.2f ± %.3f (%.1f%%)", res.Mean, res.StdErr, 100*res.Perfect))
				sp := speed[s.Name]
				speed[s.Name] = [2]float64{sp[0] + float64(res.Games), sp[1] + res.Elapsed.Seconds()}
				t.Logf("%s %s %dp: %.3f ± %.3f, %.1f%% perfect, %.1f%% storms, %.0f games/s", s.Name, r.name, p, res.Mean, res.StdErr, 100*res.Perfect, 100*res.Storms, res.GamesPerSec)
			}
			out.WriteString("\n")
		}
	}
	out.WriteString("\ngames per second (all cells, all cores):\n")
	for _, s := range strategies() {
		if sp, ok := speed[s.Name]; ok {
			fmt.Fprintf(&out, "  %-12s %8.0f\n", s.Name, sp[0]/sp[1])
		}
	}
	fmt.Print(out.String())
}
