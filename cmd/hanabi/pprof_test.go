package main

import (
	"io"
	"log/slog"
	"net/http"
	"testing"
)

// The profiler answers on its own listener only: never on the public one,
// even when it is on.
func TestPprofOnItsOwnListener(t *testing.T) {
	addr, stop := startServe(t, func(c *serveConfig) { c.pprofAddr = "127.0.0.1:0" })
	res, err := http.Get("http://" + addr + "/debug/pprof/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode == http.StatusOK {
		t.Fatal("the public address serves the profiler")
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	ln, err := servePprof("127.0.0.1:0", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	res, err = http.Get("http://" + ln.Addr().String() + "/debug/pprof/cmdline")
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
