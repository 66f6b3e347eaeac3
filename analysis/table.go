package analysis

import (
	"sync"

	"github.com/hanabi-server/hanabi/engine"
)

// table is the search's transposition table: what is known of each state
// decided so far, under its whole engine.Key (never a digest of it, so a
// hit is always the same state). It has a fixed size, two entries a slot,
// and a new entry replaces an old one when both are taken: forgetting a
// state costs time, never exactness. A new generation forgets everything
// at once (a new deal).
type table struct {
	entries []entry
	gen     uint16
	// more holds the keys that are more than their words (see
	// engine.Key.Words), which only variants where a holder's knowledge
	// decides a move have.
	more map[engine.Key]bounds
}

type entry struct {
	w   [6]uint64
	b   bounds
	gen uint16 // 0: empty
}

// tableBits sizes the table: 2^20 entries of 56 bytes.
const tableBits = 20

// tables keeps the tables of finished analyses for the next: each is 56
// MB, which a server analysing game after game should not allocate anew.
var tables = sync.Pool{New: func() any {
	return &table{entries: make([]entry, 1<<tableBits), gen: 1, more: map[engine.Key]bounds{}}
}}

// newTable is an empty table.
func newTable() *table {
	t := tables.Get().(*table)
	t.forget()
	return t
}

// release hands the table back for another analysis.
func (t *table) release() { tables.Put(t) }

// forget starts a new generation.
func (t *table) forget() {
	t.gen++
	if t.gen == 0 { // wrapped: the old generations' marks must go
		clear(t.entries)
		t.gen = 1
	}
	clear(t.more)
}

func (t *table) slot(k *engine.Key) int {
	return int(k.Hash()>>(64-tableBits)) &^ 1
}

func (t *table) get(k *engine.Key) (bounds, bool) {
	w, whole := k.Words()
	if !whole {
		b, ok := t.more[*k]
		return b, ok
	}
	i := t.slot(k)
	for j := i; j < i+2; j++ {
		if e := &t.entries[j]; e.gen == t.gen && e.w == w {
			return e.b, true
		}
	}
	return bounds{}, false
}

func (t *table) put(k *engine.Key, b bounds) {
	w, whole := k.Words()
	if !whole {
		if len(t.more) >= 1<<tableBits {
			clear(t.more)
		}
		t.more[*k] = b
		return
	}
	i := t.slot(k)
	victim := i + int(w[0]>>7&1) // one of the two, by the key: no clock to read
	for j := i; j < i+2; j++ {
		if e := &t.entries[j]; e.gen != t.gen || e.w == w {
			victim = j
			break
		}
	}
	t.entries[victim] = entry{w: w, b: b, gen: t.gen}
}
