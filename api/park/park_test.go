package park

import (
	"container/heap"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

func TestSerializeHeader(t *testing.T) {
	cases := []struct {
		name string
		h    http.Header
		want string
	}{
		{"empty", http.Header{}, ""},
		{"sorted", http.Header{"Vary": {"Authorization"}, "Cache-Control": {"no-store"}}, "Cache-Control: no-store\r\nVary: Authorization\r\n"},
		{"repeated", http.Header{"X": {"a", "b"}}, "X: a\r\nX: b\r\n"},
		{"no header injection", http.Header{"X": {"a\r\nSet-Cookie: y"}}, "X: a  Set-Cookie: y\r\n"},
		{"trimmed", http.Header{"X": {"  a  "}}, "X: a\r\n"},
	}
	for _, tc := range cases {
		if got := serializeHeader(tc.h); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDeadlineOrder: the heap hands out waits by deadline, and removing one
// from the middle keeps the rest in order.
func TestDeadlineOrder(t *testing.T) {
	base := time.Now()
	var h byDeadline
	var ps []*parked
	for _, s := range []int{5, 1, 4, 2, 3, 0} {
		p := &parked{deadline: base.Add(time.Duration(s) * time.Second)}
		ps = append(ps, p)
		heap.Push(&h, p)
	}
	heap.Remove(&h, ps[2].idx) // the 4 s one
	var got []int
	for h.Len() > 0 {
		p := heap.Pop(&h).(*parked)
		if p.idx != -1 {
			t.Fatalf("popped with idx %d", p.idx)
		}
		got = append(got, int(p.deadline.Sub(base)/time.Second))
	}
	want := []int{0, 1, 2, 3, 5}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// TestKeptConnReplaysPrefix: bytes read ahead of a parked request come
// first on the kept connection, then the wire's.
func TestKeptConnReplaysPrefix(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	kc := &keptConn{Conn: b, prefix: []byte("GET / ")}
	go func() { _, _ = a.Write([]byte("HTTP/1.1")); a.Close() }()
	got, err := io.ReadAll(kc)
	if err != nil && err != io.EOF {
		t.Fatal(err)
	}
	if string(got) != "GET / HTTP/1.1" {
		t.Fatalf("read %q", got)
	}
}
