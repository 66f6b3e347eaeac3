package park

import (
	"io"
	"net"
	"net/http"
	"testing"
)

func TestHeaderLines(t *testing.T) {
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
		if got := headerLines(tc.h); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
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
