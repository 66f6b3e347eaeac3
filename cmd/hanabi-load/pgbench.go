package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// findPgbench returns PostgreSQL's pgbench: on PATH, or where Debian puts
// it; "" when there is none.
func findPgbench() string {
	if p, err := exec.LookPath("pgbench"); err == nil {
		return p
	}
	if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench"); len(m) > 0 {
		return m[len(m)-1]
	}
	return ""
}

var tpsLine = regexp.MustCompile(`(?m)^tps = ([0-9.]+)`)

// pgbenchCeiling measures the same inserts as insertCeiling with pgbench, a
// client in C that costs the shared cores less than Go's: the stricter
// ceiling, and the one an independent measurement will use.
func pgbenchCeiling(ctx context.Context, bin, dbURL string, clients int, d time.Duration) (float64, error) {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return 0, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	table, drop, err := scratchTable(ctx, conn, "hanabi_load_pgbench_")
	if err != nil {
		return 0, err
	}
	defer drop()
	script := filepath.Join(os.TempDir(), table+".sql")
	// One single-row insert per transaction under a (game, seq) key.
	// pgbench keeps no counter from one transaction to the next, so game
	// and seq are drawn at random (two draws alike: one in 10^18).
	body := "\\set g random(1, 1000000000)\n\\set seq random(1, 1000000000)\n" +
		"INSERT INTO " + table + " VALUES ('g' || :client_id || '-' || :g, :seq, :seq % 2, 1);\n"
	if err := os.WriteFile(script, []byte(body), 0o600); err != nil {
		return 0, err
	}
	defer os.Remove(script)
	cmd := exec.CommandContext(ctx, bin, "-n", "-M", "prepared", "-c", strconv.Itoa(clients), "-j", "2",
		"-T", strconv.Itoa(max(1, int(d.Round(time.Second).Seconds()))), "-f", script, dbURL)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench: %v: %s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, errors.New("pgbench printed no tps")
	}
	return strconv.ParseFloat(string(m[1]), 64)
}
