package models

import (
	"strings"
	"sync"
)

// notifyChannel is the Postgres channel on which every write names the game
// it changed, so that the other replicas wake their waiters.
const notifyChannel = "hanabi_games"

// notifier wakes the goroutines waiting on a game in this process. A waiter's
// channel holds one pending wake-up: a burst of changes is one wake-up, and
// a send never blocks the writer.
type notifier struct {
	mu      sync.Mutex
	waiters map[string]map[chan struct{}]struct{}
}

func newNotifier() *notifier {
	return &notifier{waiters: make(map[string]map[chan struct{}]struct{})}
}

func (n *notifier) subscribe(gameID string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	n.mu.Lock()
	set := n.waiters[gameID]
	if set == nil {
		set = make(map[chan struct{}]struct{})
		n.waiters[gameID] = set
	}
	set[ch] = struct{}{}
	n.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			n.mu.Lock()
			defer n.mu.Unlock()
			delete(set, ch)
			// While set has members it is the map's entry for gameID, so
			// the last one out removes exactly that entry.
			if len(set) == 0 {
				delete(n.waiters, gameID)
			}
		})
	}
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

func (n *notifier) notify(gameID string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for ch := range n.waiters[gameID] {
		wake(ch)
	}
}

func (n *notifier) wakeAll() {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, set := range n.waiters {
		for ch := range set {
			wake(ch)
		}
	}
}

// count returns how many waiters there are (for metrics and tests).
func (n *notifier) count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	c := 0
	for _, set := range n.waiters {
		c += len(set)
	}
	return c
}

// Subscribe returns a channel that receives after every change to the game,
// from this process or (on Postgres) another replica, and a cancel that
// must be called when the caller stops waiting. Waiting holds no database
// connection. A receive may be spurious (WakeAll, a reconnect): the caller
// re-reads the game and decides.
func (s *Store) Subscribe(gameID string) (<-chan struct{}, func()) {
	return s.notifier.subscribe(gameID)
}

// WakeAll wakes every waiter, e.g. when the server shuts down.
func (s *Store) WakeAll() { s.notifier.wakeAll() }

// Waiters returns how many Subscribe channels are open.
func (s *Store) Waiters() int { return s.notifier.count() }

// changed tells this process's waiters and, on Postgres, the other
// replicas. Call it after the write has committed.
func (s *Store) changed(gameID string) {
	s.notifier.notify(gameID)
	if s.publisher != nil {
		s.publisher.publish(gameID)
	}
}

// parsePayload splits a notification, "schema/instance:game", into the
// sending store's schema and instance and the game ("" when the store
// announces that it starts). A payload of an older replica has no schema,
// and one sent by hand may be a bare game id.
func parsePayload(p string) (schema, instance, gameID string) {
	head, game, ok := strings.Cut(p, ":")
	if !ok {
		return "", "", p
	}
	if schema, inst, ok := strings.Cut(head, "/"); ok {
		return schema, inst, game
	}
	return "", head, game
}
