// Command hanabi-faults plays whole games against two replicas of the
// server on one Postgres database while it injects faults into them, and
// counts what a client must never see: a read older than a move already
// acknowledged (from either replica), a move refused with a 409 although it
// was applied, a move lost or applied twice, a game that stops moving, and
// a request that hangs past the store's deadline instead of a 503.
//
// The faults, one after another: a replica stopped (SIGSTOP) and resumed, a
// replica killed (SIGKILL) and started again, a silent partition between
// replica A and the database (a proxy that stops forwarding without
// closing anything), and, with -pg-restart, Postgres restarted. Moves go
// with an Idempotency-Key, sometimes as concurrent copies to both replicas,
// and are retried with the same key until one copy is answered.
//
// Run it against a scratch database: it only adds games.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	var o options
	flag.StringVar(&o.server, "server", "", "the hanabi binary to run as the two replicas (go build -o hanabi ./cmd/hanabi)")
	flag.StringVar(&o.db, "db", os.Getenv("HANABI_TEST_DATABASE_URL"), "a scratch Postgres database (postgres://...); default $HANABI_TEST_DATABASE_URL")
	flag.IntVar(&o.games, "games", 8, "games played at once")
	flag.DurationVar(&o.duration, "duration", 90*time.Second, "how long to play; the faults are spread over it")
	flag.StringVar(&o.pgRestart, "pg-restart", "", `a shell command that restarts Postgres (e.g. "pg_ctlcluster 15 main restart"); empty: that fault is skipped`)
	flag.DurationVar(&o.deadline, "deadline", 5*time.Second, "the replicas' store deadline (HANABI_STORE_TIMEOUT): a request answered later than this plus 2 s counts as a hang")
	flag.Parse()
	if o.server == "" || !strings.HasPrefix(o.db, "postgres") {
		fmt.Fprintln(os.Stderr, "hanabi-faults: -server and a Postgres -db are required")
		os.Exit(2)
	}
	r, err := run(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hanabi-faults:", err)
		os.Exit(2)
	}
	fmt.Println(r)
	if !r.clean() {
		os.Exit(1)
	}
}

type options struct {
	server, db, pgRestart string
	games                 int
	duration, deadline    time.Duration
}
