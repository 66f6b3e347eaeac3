package rooms

import (
	"testing"
	"time"
)

// TestRecent: a reader reading the same is due again only after SeenEvery;
// reading as something else, or another reader, is due at once; a zero
// Recent works.
func TestRecent(t *testing.T) {
	var r Recent[string, int]
	t0 := time.Unix(1_000_000, 0)
	steps := []struct {
		key  string
		v    int
		at   time.Duration
		want bool
	}{
		{"alice", -1, 0, true},
		{"alice", -1, time.Second, false},
		{"bob", -1, time.Second, true},
		{"alice", 2, 2 * time.Second, true}, // now shadowing seat 2
		{"alice", 2, 3 * time.Second, false},
		{"alice", 2, 2*time.Second + SeenEvery - time.Millisecond, false},
		{"alice", 2, 2*time.Second + SeenEvery, true},
	}
	for i, s := range steps {
		if got := r.Due(s.key, s.v, t0.Add(s.at)); got != s.want {
			t.Errorf("step %d (%s as %d at %v): due %v, want %v", i, s.key, s.v, s.at, got, s.want)
		}
	}
}
