package main

import "sync"

// gate lets the action workers through while the server is being measured
// and holds them while the database's own ceiling is: a worker passes it
// around each action, and close waits for the actions under way.
type gate struct {
	mu     sync.Mutex
	cond   *sync.Cond
	open   bool
	done   bool
	inside int
}

func newGate() *gate {
	g := &gate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// enter waits for the gate to open; false when the run is over.
func (g *gate) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for !g.open && !g.done {
		g.cond.Wait()
	}
	if g.done {
		return false
	}
	g.inside++
	return true
}

func (g *gate) leave() {
	g.mu.Lock()
	g.inside--
	g.mu.Unlock()
	g.cond.Broadcast()
}

// setOpen opens the gate, or closes it and waits until no action is under way.
func (g *gate) setOpen(open bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.open = open
	g.cond.Broadcast()
	for !open && g.inside > 0 {
		g.cond.Wait()
	}
}

// finish ends the run: every worker's next enter returns false.
func (g *gate) finish() {
	g.mu.Lock()
	g.done, g.open = true, false
	g.mu.Unlock()
	g.cond.Broadcast()
}
