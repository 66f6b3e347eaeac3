package play

import "testing"

// A full cache drops the game used least recently, reads counting as use.
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newStateCache(3, func() uint64 { return 0 })
	put := func(id string) { c.put(&State{Record: Record{ID: id}}, nil, 0) }
	has := func(id string) bool { e, _ := c.lookup(id, 0); return e != nil }
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
	c.put(&State{Record: Record{ID: "c", Version: 2}}, nil, 0)
	put("e")
	if len(c.entries) != 3 || c.entries["a"] != nil || c.entries["c"] == nil || c.lru.Len() != 3 {
		t.Fatalf("after replacing c and adding e: %d entries, lru %d", len(c.entries), c.lru.Len())
	}
}
