package api

import (
	"net"
	"net/http"
	"testing"
)

// from is the same server for a client at addr, an address of the
// loopback range (127.x.y.z): the server sees it as the client's address,
// as it would a remote client's. Its answers are checked against the
// document as e's are.
func (e *testEnv) from(t testing.TB, addr string) *testEnv {
	ip := net.ParseIP(addr)
	if ip == nil || !ip.IsLoopback() {
		t.Fatalf("%q is not a loopback address", addr)
	}
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}).DialContext
	t.Cleanup(tr.CloseIdleConnections)
	out := e.with(t)
	out.client = &http.Client{Transport: &checkingTransport{t: t, c: c, next: tr}}
	return out
}
