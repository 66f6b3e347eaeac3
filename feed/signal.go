// Package feed is how readers follow what changes: every wake-up in the
// house is a Signal fired, through one publish path (a Hub's topic, or a
// game's table), and every reader, long-polling or streaming, follows a
// Source through one loop (Poll, Stream). It knows no transport: the API
// frames what it reads, and the domains publish.
package feed

import (
	"sync"
	"sync/atomic"
)

// Signal is a broadcast: C is a channel closed at the next Fire after the
// call. Take C before reading what the signal guards, so that a change
// between the read and the wait still wakes. C takes no lock: when a
// game changes, every one of its waiters asks it at once.
type Signal struct {
	ch   atomic.Pointer[chan struct{}]
	mu   sync.Mutex
	subs map[*func()]struct{} // see OnFire
}

// C is a channel closed at the next Fire.
func (s *Signal) C() <-chan struct{} {
	for {
		if p := s.ch.Load(); p != nil {
			return *p
		}
		ch := make(chan struct{})
		if s.ch.CompareAndSwap(nil, &ch) {
			return ch
		}
	}
}

// Fire wakes every holder of C, and starts each OnFire's function.
func (s *Signal) Fire() {
	if p := s.ch.Swap(nil); p != nil {
		close(*p)
	}
	s.mu.Lock()
	var fs []func()
	for f := range s.subs {
		fs = append(fs, *f)
	}
	s.mu.Unlock()
	for _, f := range fs {
		go f()
	}
}

// OnFire runs f, on a goroutine of its own, at every Fire until stop: for
// a waiter that has no goroutine to wait on C with (a parked long-poll).
func (s *Signal) OnFire(f func()) (stop func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.subs == nil {
		s.subs = map[*func()]struct{}{}
	}
	key := &f
	s.subs[key] = struct{}{}
	return func() {
		s.mu.Lock()
		delete(s.subs, key)
		s.mu.Unlock()
	}
}
