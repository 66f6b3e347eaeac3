package rooms

import (
	"sync"
	"time"
)

// Recent is when this process last recorded each reader, and as what (its
// place, its shadowed seat): a reader that keeps reading the same is
// recorded again only every SeenEvery, so that its many reads cost one
// write. Entries older than forget (SeenEvery in a zero Recent) are
// dropped once it holds many.
type Recent[K, V comparable] struct {
	forget time.Duration
	mu     sync.Mutex
	last   map[K]stamp[V]
}

type stamp[V comparable] struct {
	at  time.Time
	was V
}

// NewRecent remembers readers for forget.
func NewRecent[K, V comparable](forget time.Duration) *Recent[K, V] {
	return &Recent[K, V]{forget: forget, last: map[K]stamp[V]{}}
}

// Due says whether key, now reading as v, is to be recorded at now, and
// if so counts it recorded.
func (r *Recent[K, V]) Due(key K, v V, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.last[key]; ok && s.was == v && now.Sub(s.at) < SeenEvery {
		return false
	}
	if r.last == nil {
		r.last = map[K]stamp[V]{}
	}
	if len(r.last) > 100_000 {
		for k, s := range r.last {
			if now.Sub(s.at) > max(r.forget, SeenEvery) {
				delete(r.last, k)
			}
		}
	}
	r.last[key] = stamp[V]{now, v}
	return true
}

// Write records key, reading as v at now, with write when it is due (see
// Due). A write that fails is not counted as written: the next read tries
// again, not SeenEvery later.
func (r *Recent[K, V]) Write(key K, v V, now time.Time, write func() error) error {
	if !r.Due(key, v, now) {
		return nil
	}
	if err := write(); err != nil {
		r.Forget(key)
		return err
	}
	return nil
}

// Forget takes back the record of key: what it recorded was nowhere.
func (r *Recent[K, V]) Forget(key K) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.last, key)
}
