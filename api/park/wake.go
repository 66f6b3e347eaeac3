package park

import (
	"context"
	"sync"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// room is the parked long-polls of one watched game. The watch tells it of
// every new state (Changed) once that state is the latest, so a request
// that joins under the room's lock, having seen an older state, is woken
// all the same.
type room struct {
	pk      *Parker
	w       *play.Watch
	mu      sync.Mutex
	loading bool // firstLoad runs
	parked  map[*parked]struct{}
}

func (pk *Parker) roomOf(w *play.Watch) *room {
	return w.Attach(func() play.Listener {
		return &room{pk: pk, w: w, parked: map[*parked]struct{}{}}
	}).(*room)
}

// knownLocked is the newest state the watch knows, or nil; r.mu is held.
func (r *room) knownLocked() *play.State {
	_, st := r.w.LatestKnown()
	return st
}

// join adds a just parked request to the room, unless a newer state
// already answers it.
func (r *room) join(p *parked) {
	pk := r.pk
	r.mu.Lock()
	if p.pending {
		if known := r.knownLocked(); known != nil {
			// Loaded since the handler looked: settle at once.
			r.mu.Unlock()
			if pk.unpark(p) {
				pk.settleOne(p, known)
			}
			return
		}
		if !p.claimed.Load() {
			r.parked[p] = struct{}{}
		}
		start := !r.loading
		r.loading = true
		r.mu.Unlock()
		if start {
			go pk.firstLoad(r)
		}
		return
	}
	if cur, _ := r.w.Latest(); cur != nil && cur.Version > p.version {
		p.version = cur.Version
		p.notes = cur.NotesRev
		if pk.host.Ready(p.Spec, cur) {
			r.mu.Unlock()
			if pk.unpark(p) {
				pk.answer([]*parked{p}, cur)
			}
			return
		}
	}
	if !p.claimed.Load() { // else its wait ran out already, and it is answered
		r.parked[p] = struct{}{}
	}
	r.mu.Unlock()
}

func (r *room) leave(p *parked) {
	r.mu.Lock()
	delete(r.parked, p)
	r.mu.Unlock()
}

// Changed answers the parked long-polls that st satisfies; the watch calls
// it after each load.
func (r *room) Changed(st *play.State) {
	pk := r.pk
	var ready, pending []*parked
	r.mu.Lock()
	for p := range r.parked {
		if p.pending {
			delete(r.parked, p)
			pending = append(pending, p)
			continue
		}
		if st.Version > p.version {
			p.version = st.Version
			p.notes = st.NotesRev
		}
		if pk.host.Ready(p.Spec, st) {
			delete(r.parked, p)
			ready = append(ready, p)
		}
	}
	r.mu.Unlock()
	mine := ready[:0]
	for _, p := range ready {
		if pk.unpark(p) {
			mine = append(mine, p)
		}
	}
	pk.answer(mine, st)
	for _, p := range pending {
		if pk.unpark(p) {
			pk.settleOne(p, st)
		}
	}
}

// withState takes the claimed requests out of their rooms and returns those
// that have seen a state of their game. The others were parked before it
// was loaded: each is answered, as if its wait had run out, after a load of
// its own (on wg, when given).
func (pk *Parker) withState(ps []*parked, wg *sync.WaitGroup) []*parked {
	seen := ps[:0]
	for _, p := range ps {
		p.room.mu.Lock()
		delete(p.room.parked, p)
		pending := p.pending
		p.room.mu.Unlock()
		switch {
		case !pending:
			seen = append(seen, p)
		case wg != nil:
			wg.Go(func() { pk.answerLoaded(p) })
		default:
			go pk.answerLoaded(p)
		}
	}
	return seen
}

// answerLoaded answers a claimed request that was parked before its game
// was loaded as if its wait had run out: it loads the game first.
func (pk *Parker) answerLoaded(p *parked) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := p.room.w.Load(ctx)
	if err == nil {
		err = p.admit(st)
	}
	if err != nil {
		pk.answerProblem(p, err)
		return
	}
	p.version = st.Version
	p.notes = st.NotesRev
	pk.answer([]*parked{p}, st).Wait()
}

// firstLoad loads a watched game for the requests parked before any state
// of it was known, and settles them.
func (pk *Parker) firstLoad(r *room) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Any load that starts now is younger than the watch's subscription.
	st, err := r.w.Load(ctx)
	if err == nil {
		r.w.Offer(st)
	}
	var settled []*parked
	r.mu.Lock()
	r.loading = false
	for p := range r.parked {
		if p.pending {
			delete(r.parked, p)
			settled = append(settled, p)
		}
	}
	r.mu.Unlock()
	for _, p := range settled {
		if !pk.unpark(p) {
			continue
		}
		if err != nil {
			pk.answerProblem(p, err)
		} else {
			pk.settleOne(p, st)
		}
	}
}

// settleOne answers, or parks for good, a claimed request that was parked
// before its game was loaded, now that st is known: what the handler would
// have done had the load come first.
func (pk *Parker) settleOne(p *parked, st *play.State) {
	if err := p.admit(st); err != nil {
		pk.answerProblem(p, err)
		return
	}
	if pk.host.Ready(p.Spec, st) {
		p.version = st.Version
		p.notes = st.NotesRev
		pk.answer([]*parked{p}, st)
		return
	}
	// Not ready: park it again, now with a state, under a fresh claim.
	r := p.room
	r.mu.Lock()
	p.pending = false
	p.version = st.Version
	p.notes = st.NotesRev
	r.mu.Unlock()
	p.claimed.Store(false)
	pk.mu.Lock()
	if pk.closed {
		pk.mu.Unlock()
		p.claim()
		pk.answer([]*parked{p}, nil).Wait()
		return
	}
	pk.pushLocked(p)
	if pk.h[0] == p {
		pk.armLocked(time.Until(p.deadline))
	}
	pk.mu.Unlock()
	r.mu.Lock()
	cur := r.knownLocked()
	if cur != nil && cur.Version > p.version && pk.host.Ready(p.Spec, cur) {
		r.mu.Unlock()
		if pk.unpark(p) {
			pk.answer([]*parked{p}, cur)
		}
		return
	}
	if !p.claimed.Load() {
		r.parked[p] = struct{}{}
	}
	r.mu.Unlock()
}
