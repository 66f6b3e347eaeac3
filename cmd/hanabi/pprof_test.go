package main

import (
	"io"
	"log/slog"
	"net/http"
	"testing"
)

// The profiler answers on its own listener only.
func TestPprofOnItsOwnListener(t *testing.T) {
	ln, err := servePprof("127.0.0.1:0", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	res, err := http.Get("http://" + ln.Addr().String() + "/debug/pprof/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("profiler: %d", res.StatusCode)
	}
	if _, err := servePprof(ln.Addr().String(), slog.New(slog.NewTextHandler(io.Discard, nil))); err == nil {
		t.Fatal("a second profiler on a taken address did not fail")
	}
}
