package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hanabi-server/hanabi/internal/tcpgate"
)

// report counts what the games met.
type report struct {
	acked, games, retries, refused503     atomic.Int64
	stale, wrong409, lost, twice, unacked atomic.Int64
	wedged, hangs, unexpected             atomic.Int64
	slowest503                            atomic.Int64 // nanoseconds
	faults                                []string
	logs                                  string
	mu                                    sync.Mutex
	examples                              []string
}

func (r *report) note(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.examples) < 20 {
		r.examples = append(r.examples, fmt.Sprintf(format, args...))
	}
}

func (r *report) clean() bool {
	return r.stale.Load()+r.wrong409.Load()+r.lost.Load()+r.twice.Load()+r.unacked.Load()+
		r.wedged.Load()+r.hangs.Load()+r.unexpected.Load() == 0
}

func (r *report) String() string {
	s := fmt.Sprintf("faults: %v\n", r.faults)
	s += fmt.Sprintf("games %d, moves acknowledged %d, retries %d, 503s %d (slowest %s)\n",
		r.games.Load(), r.acked.Load(), r.retries.Load(), r.refused503.Load(), time.Duration(r.slowest503.Load()).Round(time.Millisecond))
	s += fmt.Sprintf("stale reads %d, wrong 409s %d, lost moves %d, moves applied twice %d, moves applied unacknowledged %d, wedged games %d, hung requests %d, unexpected answers %d\n",
		r.stale.Load(), r.wrong409.Load(), r.lost.Load(), r.twice.Load(), r.unacked.Load(), r.wedged.Load(), r.hangs.Load(), r.unexpected.Load())
	for _, e := range r.examples {
		s += "  " + e + "\n"
	}
	return s + "replica logs: " + r.logs
}

func run(o options) (*report, error) {
	dir, err := os.MkdirTemp("", "hanabi-faults-")
	if err != nil {
		return nil, err
	}
	rep := &report{logs: dir}
	viaProxy, target, err := through(o.db, "127.0.0.1:1")
	if err != nil {
		return nil, err
	}
	px, err := tcpgate.New(target)
	if err != nil {
		return nil, err
	}
	viaProxy, _, _ = through(o.db, px.Addr().String())
	var reps [2]*replica
	for i, db := range []string{viaProxy, o.db} {
		addr, err := freeAddr()
		if err != nil {
			return nil, err
		}
		name := string(rune('A' + i))
		f, err := os.Create(filepath.Join(dir, name+".log"))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		reps[i] = &replica{name: name, bin: o.server, db: db, addr: addr, log: f}
		if err := reps[i].start(); err != nil {
			return nil, err
		}
		defer reps[i].signal(syscall.SIGKILL)
	}
	d := &driver{bases: []string{reps[0].base(), reps[1].base()}, rep: rep, deadline: o.deadline,
		run: "faults-" + strconv.FormatInt(time.Now().UnixNano(), 36)}
	d.client.Timeout = o.deadline + 10*time.Second
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range o.games {
		wg.Go(func() { d.games(stop) })
	}
	a, b := reps[0], reps[1]
	faults := []struct {
		name string
		do   func() error
	}{
		{"replica A stopped for 4 s", func() error { return pause(a, 4*time.Second) }},
		{"replica B killed and started again", func() error { return restart(b) }},
		{"replica A cut from the database for 15 s", func() error { return partition(px, 15*time.Second) }},
		{"replica B stopped for 4 s", func() error { return pause(b, 4*time.Second) }},
		{"Postgres restarted", func() error {
			if o.pgRestart == "" {
				return nil
			}
			return exec.Command("sh", "-c", o.pgRestart).Run()
		}},
		{"replica A killed and started again", func() error { return restart(a) }},
		{"replica A cut from the database for 6 s", func() error { return partition(px, 6*time.Second) }},
	}
	gap := o.duration / time.Duration(len(faults)+1)
	for _, f := range faults {
		time.Sleep(gap)
		if f.name == "Postgres restarted" && o.pgRestart == "" {
			continue
		}
		if err := f.do(); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		rep.faults = append(rep.faults, f.name)
	}
	time.Sleep(gap)
	close(stop)
	wg.Wait()
	return rep, nil
}

func pause(r *replica, d time.Duration) error {
	r.signal(syscall.SIGSTOP)
	time.Sleep(d)
	r.signal(syscall.SIGCONT)
	return nil
}

func restart(r *replica) error {
	r.signal(syscall.SIGKILL)
	time.Sleep(time.Second)
	return r.start()
}

func partition(p *tcpgate.Gate, d time.Duration) error {
	p.Hold(true)
	time.Sleep(d)
	p.Hold(false)
	return nil
}
