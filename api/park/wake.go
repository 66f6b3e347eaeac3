package park

import (
	"sync"

	"github.com/hanabi-server/hanabi/play"
)

// room is the parked long-polls of one game. One goroutine a room (not a
// waiter) waits on the game's table, the one wait of every read path, and
// answers those that a new snapshot satisfies, or whose seat it no longer
// admits. The room lives while it holds anyone.
type room struct {
	pk     *Parker
	id     string
	t      play.Follower // any parked request's: each holds the table
	quit   chan struct{}
	mu     sync.Mutex
	parked map[*parked]struct{}
}

// join adds a just parked request to its game's room, unless a newer
// snapshot already answers it.
func (pk *Parker) join(p *parked, id string, t play.Follower) {
	pk.roomsMu.Lock()
	if p.claimed.Load() { // its wait ran out already, and it is answered
		pk.roomsMu.Unlock()
		return
	}
	r := pk.rooms[id]
	if r == nil {
		r = &room{pk: pk, id: id, t: t, quit: make(chan struct{}), parked: map[*parked]struct{}{}}
		pk.rooms[id] = r
		go r.run()
	}
	p.room = r
	r.mu.Lock()
	r.parked[p] = struct{}{}
	r.mu.Unlock()
	pk.roomsMu.Unlock()
	// A change published between the handler's look and the join.
	if cur, _ := t.Latest(); cur != nil {
		r.changed(cur)
	}
}

// run answers the room's requests after each change, until it is empty.
func (r *room) run() {
	for {
		st, changed := r.t.Latest()
		if st != nil {
			r.changed(st)
		}
		select {
		case <-changed:
		case <-r.quit:
			return
		}
	}
}

// leave takes p out of its room, and ends the room when it was the last.
func (r *room) leave(p *parked) {
	pk := r.pk
	pk.roomsMu.Lock()
	defer pk.roomsMu.Unlock()
	r.mu.Lock()
	delete(r.parked, p)
	empty := len(r.parked) == 0
	r.mu.Unlock()
	if empty && pk.rooms[r.id] == r {
		delete(pk.rooms, r.id)
		close(r.quit)
	}
}

// changed answers the parked long-polls that st answers: those it holds
// something new for, and those whose token it no longer admits (their seat
// was left).
func (r *room) changed(st *play.State) {
	pk := r.pk
	var ready []*parked
	var answers []Answer
	seen := map[Spec]Answer{}
	// Most of a room's waiters wait for the same answer (a game's
	// audience): the last one found is asked before the map.
	var last Spec
	var lastA Answer
	haveLast := false
	r.mu.Lock()
	for p := range r.parked {
		if !p.newer(st) {
			continue
		}
		a, ok := lastA, haveLast && p.Spec == last
		if !ok {
			if a, ok = seen[p.Spec]; !ok {
				if a, ok = pk.host.Answer(p.Spec, st, nil, false); !ok {
					continue
				}
				seen[p.Spec] = a
			}
			last, lastA, haveLast = p.Spec, a, true
		}
		ready, answers = append(ready, p), append(answers, a)
	}
	r.mu.Unlock()
	mine, out := pk.unparkAll(ready, answers)
	pk.write(mine, out)
}
