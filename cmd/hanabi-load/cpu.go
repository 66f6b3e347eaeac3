package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"
)

// actionsDone counts the actions answered so far, for the CPU meter.
var actionsDone atomic.Int64

// cpuMeter reads, on Linux, the CPU time that the server under load (pid)
// and every process named postgres on this machine have used, so that a run
// can tell what an action costs them: the figure to compare builds by on a
// shared machine, where actions/s also moves with what the driver itself
// takes. It samples the steady middle of the play (see watch), not its
// start and end.
type cpuMeter struct {
	pid            int
	server, db     time.Duration
	actions        int64
	sampled        time.Duration
	failed         error
	serverAt, dbAt time.Duration
	actionsAt      int64
	startedAt      time.Time
}

// userHZ is the unit of /proc/<pid>/stat's times: USER_HZ, 100 on every
// Linux ABI (the kernel scales its own tick to it for userspace).
const userHZ = 100

// cpuOf is the user + system CPU time of process pid, all its threads.
func cpuOf(pid int) (time.Duration, error) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, err
	}
	return parseStat(b)
}

// parseStat reads utime and stime (fields 14 and 15) from a /proc/<pid>/stat
// line. The command name (field 2) is in parentheses and may hold spaces and
// parentheses itself, so fields are counted from the last ')'.
func parseStat(b []byte) (time.Duration, error) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("stat: no command name")
	}
	f := bytes.Fields(b[i+1:]) // f[0] is field 3, the state
	if len(f) < 13 {
		return 0, errors.New("stat: too few fields")
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("stat: %w", err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ, nil
}

// postgresCPU sums the CPU time of the processes named postgres (the
// server's backends, its writers and its listener's backend alike); one that
// ends between the listing and the reading is skipped.
func postgresCPU() time.Duration {
	ents, _ := os.ReadDir("/proc")
	var sum time.Duration
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		comm, err := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
		if err != nil || string(bytes.TrimSpace(comm)) != "postgres" {
			continue
		}
		if d, err := cpuOf(pid); err == nil {
			sum += d
		}
	}
	return sum
}

func (m *cpuMeter) mark() {
	var err error
	m.serverAt, err = cpuOf(m.pid)
	m.dbAt, m.actionsAt, m.startedAt = postgresCPU(), actionsDone.Load(), time.Now()
	if err != nil && m.failed == nil {
		m.failed = err
	}
}

func (m *cpuMeter) add() {
	server, err := cpuOf(m.pid)
	if err != nil && m.failed == nil {
		m.failed = err
	}
	m.server += server - m.serverAt
	m.db += postgresCPU() - m.dbAt
	m.actions += actionsDone.Load() - m.actionsAt
	m.sampled += time.Since(m.startedAt)
}

// watch lets d of play go by, sampling from its first fifth to its last
// (when the games are under way and none is being torn down); without a
// meter it only waits. It returns early when ctx ends.
func (m *cpuMeter) watch(ctx context.Context, d time.Duration) {
	wait := func(d time.Duration) bool {
		select {
		case <-time.After(d):
			return true
		case <-ctx.Done():
			return false
		}
	}
	if m == nil {
		wait(d)
		return
	}
	if !wait(d / 5) {
		return
	}
	m.mark()
	if !wait(d * 3 / 5) {
		return
	}
	m.add()
	wait(d / 5)
}

// report prints the CPU an action cost the server and Postgres.
func (m *cpuMeter) report() {
	if m == nil {
		return
	}
	if m.failed != nil || m.actions == 0 {
		fmt.Printf("CPU per action: not measured (%v, %d actions sampled)\n", m.failed, m.actions)
		return
	}
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(m.actions) }
	fmt.Printf("CPU per action over %s of steady play: server %.0f µs, postgres processes %.0f µs, both %.0f µs\n",
		m.sampled.Round(time.Millisecond), per(m.server), per(m.db), per(m.server+m.db))
}
