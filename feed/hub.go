package feed

import "sync"

// Hub is the one publish path of a kind of feed (the lobby, the players'
// feeds, the replay rooms): a Signal a topic, which exists while watched.
// The stores' word that something changed, on this replica or another,
// reaches readers through it.
type Hub[K comparable] struct {
	mu     sync.Mutex
	topics map[K]*topic
}

type topic struct {
	sig Signal
	n   int // watchers
}

// Watch is a reader's hold on a topic.
type Watch[K comparable] struct {
	h *Hub[K]
	k K
	t *topic
}

// Watch follows topic k until Close.
func (h *Hub[K]) Watch(k K) *Watch[K] {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.topics == nil {
		h.topics = map[K]*topic{}
	}
	t := h.topics[k]
	if t == nil {
		t = &topic{}
		h.topics[k] = t
	}
	t.n++
	return &Watch[K]{h: h, k: k, t: t}
}

// Changed is a channel closed at the topic's next change.
func (w *Watch[K]) Changed() <-chan struct{} { return w.t.sig.C() }

// OnChange runs f, on a goroutine of its own, at each of the topic's
// changes until stop (see Signal.OnFire); stop before Close.
func (w *Watch[K]) OnChange(f func()) (stop func()) { return w.t.sig.OnFire(f) }

// Close ends the hold.
func (w *Watch[K]) Close() {
	w.h.mu.Lock()
	defer w.h.mu.Unlock()
	if w.t.n--; w.t.n == 0 && w.h.topics[w.k] == w.t {
		delete(w.h.topics, w.k)
	}
}

// Publish wakes the watchers of topic k.
func (h *Hub[K]) Publish(k K) {
	h.mu.Lock()
	t := h.topics[k]
	h.mu.Unlock()
	if t != nil {
		t.sig.Fire()
	}
}

// PublishAll wakes every watcher: when any topic may have changed unheard
// (a store's listener lost its connection).
func (h *Hub[K]) PublishAll() {
	h.mu.Lock()
	ts := make([]*topic, 0, len(h.topics))
	for _, t := range h.topics {
		ts = append(ts, t)
	}
	h.mu.Unlock()
	for _, t := range ts {
		t.sig.Fire()
	}
}

// Heard is a store's word that topic k changed, or, for the zero key, that
// any may have (its listener lost its connection): it wakes k's watchers,
// or everyone.
func (h *Hub[K]) Heard(k K) {
	var zero K
	if k == zero {
		h.PublishAll()
		return
	}
	h.Publish(k)
}

// Watching is how many hold topic k.
func (h *Hub[K]) Watching(k K) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.topics[k]; t != nil {
		return t.n
	}
	return 0
}
