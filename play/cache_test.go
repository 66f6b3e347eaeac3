package play

import (
	"sync"
	"testing"
)

// A full cache drops the game used least recently, reads counting as use.
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newStateCache(3)
	put := func(id string) { c.put(&State{Record: Record{ID: id}}) }
	has := func(id string) bool { return c.lookup(id) != nil }
	put("a")
	put("b")
	put("c")
	has("a") // a is now the most recently used; b the least
	put("d")
	if e := c.entries["b"]; e != nil {
		t.Fatal("kept b, the least recently used")
	}
	for _, id := range []string{"a", "c", "d"} {
		if c.entries[id] == nil {
			t.Fatalf("dropped %s", id)
		}
	}
	// A newer state of a cached game replaces it without dropping another.
	c.put(&State{Record: Record{ID: "c", Version: 2}})
	put("e")
	if len(c.entries) != 3 || c.entries["a"] != nil || c.entries["c"] == nil || c.lru.Len() != 3 {
		t.Fatalf("after replacing c and adding e: %d entries, lru %d", len(c.entries), c.lru.Len())
	}
}

// Copies of one state that each append an entry get their own logs: the
// first writes in the room after the shared log, the others copy, and the
// state they came from keeps its log. Many at once too (run with -race).
func TestAppendLogOfCopies(t *testing.T) {
	base := &State{}
	for i := range 5 {
		base.appendLog(Entry{Seq: i})
	}
	first, second := *base, *base
	first.appendLog(Entry{Seq: 5, Seat: 1})
	second.appendLog(Entry{Seq: 5, Seat: 2})
	if len(base.Log) != 5 || first.Log[5].Seat != 1 || second.Log[5].Seat != 2 {
		t.Fatalf("base %d entries, first's last %+v, second's last %+v", len(base.Log), first.Log[5], second.Log[5])
	}
	if &first.Log[0] != &base.Log[0] {
		t.Error("the first copy to append did not use the room after the shared log")
	}
	if &second.Log[0] == &base.Log[0] {
		t.Error("the second copy wrote into the shared log's array")
	}
	// A chain of appends, as moves make, reuses its arrays.
	arrays := map[*Entry]bool{}
	st := base
	for i := 5; i < 200; i++ {
		next := *st
		next.appendLog(Entry{Seq: i})
		arrays[&next.Log[0]] = true
		st = &next
	}
	if len(arrays) > 6 {
		t.Errorf("195 appends in a chain used %d arrays", len(arrays))
	}
	for i, e := range st.Log {
		if e.Seq != i {
			t.Fatalf("entry %d has seq %d", i, e.Seq)
		}
	}

	var wg sync.WaitGroup
	results := make([]*State, 16)
	for w := range results {
		wg.Go(func() {
			cp := *st
			cp.appendLog(Entry{Seq: len(st.Log), Seat: w})
			results[w] = &cp
		})
	}
	wg.Wait()
	for w, r := range results {
		if len(r.Log) != len(st.Log)+1 || r.Log[len(st.Log)].Seat != w || r.Log[len(st.Log)-1].Seq != len(st.Log)-1 {
			t.Fatalf("copy %d: %d entries, last %+v", w, len(r.Log), r.Log[len(r.Log)-1])
		}
	}
}
