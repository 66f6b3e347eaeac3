package main

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/prometheus/procfs"
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
	pid    int
	from   cpuSample // where the sampling under way began
	summed cpuSample // every sampling's span, added up
	failed error
}

// cpuSample is the CPU the server and Postgres had used, and the actions
// answered, at a moment; or, summed, over spans of time.
type cpuSample struct {
	at, server, db time.Duration // at: since the meter's epoch
	actions        int64
}

// newCPUMeter is a meter of the server pid, or nil (no meter) for pid 0.
func newCPUMeter(pid int) *cpuMeter {
	if pid == 0 {
		return nil
	}
	return &cpuMeter{pid: pid}
}

var meterEpoch = time.Now()

// sample reads the server's and Postgres' CPU now.
func (m *cpuMeter) sample() cpuSample {
	s := cpuSample{at: time.Since(meterEpoch), actions: actionsDone.Load()}
	var err error
	if s.server, err = cpuOf(m.pid); err != nil && m.failed == nil {
		m.failed = err
	}
	s.db = postgresCPU()
	return s
}

// cpuOf is the user + system CPU time of process pid, all its threads.
func cpuOf(pid int) (time.Duration, error) {
	p, err := procfs.NewProc(pid)
	if err != nil {
		return 0, err
	}
	st, err := p.Stat()
	if err != nil {
		return 0, err
	}
	return cpuTime(st), nil
}

// cpuTime is a process's user + system CPU time as a duration.
func cpuTime(st procfs.ProcStat) time.Duration {
	return time.Duration(st.CPUTime() * float64(time.Second))
}

// postgresCPU sums the CPU time of the processes named postgres (the
// server's backends, its writers and its listener's backend alike); one that
// ends between the listing and the reading is skipped.
func postgresCPU() time.Duration {
	procs, _ := procfs.AllProcs()
	var sum time.Duration
	for _, p := range procs {
		if st, err := p.Stat(); err == nil && st.Comm == "postgres" {
			sum += cpuTime(st)
		}
	}
	return sum
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
	m.from = m.sample()
	if !wait(d * 3 / 5) {
		return
	}
	to := m.sample()
	m.summed.at += to.at - m.from.at
	m.summed.server += to.server - m.from.server
	m.summed.db += to.db - m.from.db
	m.summed.actions += to.actions - m.from.actions
	wait(d / 5)
}

// report prints the CPU an action cost the server and Postgres.
func (m *cpuMeter) report() {
	if m == nil {
		return
	}
	s := m.summed
	if m.failed != nil || s.actions == 0 {
		fmt.Printf("CPU per action: not measured (%v, %d actions sampled)\n", m.failed, s.actions)
		return
	}
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(s.actions) }
	fmt.Printf("CPU per action over %s of steady play: server %.0f µs, postgres processes %.0f µs, both %.0f µs\n",
		s.at.Round(time.Millisecond), per(s.server), per(s.db), per(s.server+s.db))
}
