package web_test

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// meter counts what one tab moves over the network, by request: the bytes
// received as sent (headers and encoded body: what "transferred" means in
// a browser's network panel). A request still open (the event stream)
// counts what it received so far.
type meter struct {
	mu   sync.Mutex
	reqs map[network.RequestID]*metered
}

type metered struct {
	url      string
	header   int64 // the response's bytes up to its body
	data     int64 // the body's bytes so far
	finished int64 // all of it, once it is done
	cached   bool  // served from the browser's cache
}

func (m *metered) bytes() int64 {
	if m.cached {
		return 0 // nothing crossed the network
	}
	if m.finished > 0 {
		return m.finished
	}
	return m.header + m.data
}

func newMeter(ctx context.Context) *meter {
	m := &meter{reqs: map[network.RequestID]*metered{}}
	chromedp.ListenTarget(ctx, func(ev any) {
		m.mu.Lock()
		defer m.mu.Unlock()
		get := func(id network.RequestID) *metered {
			r := m.reqs[id]
			if r == nil {
				r = &metered{}
				m.reqs[id] = r
			}
			return r
		}
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			get(e.RequestID).url = e.Request.URL
		case *network.EventRequestServedFromCache:
			get(e.RequestID).cached = true
		case *network.EventResponseReceived:
			r := get(e.RequestID)
			r.header = int64(e.Response.EncodedDataLength)
			r.cached = r.cached || e.Response.FromDiskCache
		case *network.EventDataReceived:
			get(e.RequestID).data += e.EncodedDataLength
		case *network.EventLoadingFinished:
			get(e.RequestID).finished = int64(e.EncodedDataLength)
		}
	})
	return m
}

func (m *meter) reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reqs = map[network.RequestID]*metered{}
}

// total is the bytes moved since the last reset, the requests that went
// to the network, and a line for each, largest first.
func (m *meter) total() (int64, int, []string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var sum int64
	var n int
	type line struct {
		b int64
		s string
	}
	var lines []line
	for _, r := range m.reqs {
		if r.url == "" || strings.HasPrefix(r.url, "data:") {
			continue
		}
		b := r.bytes()
		sum += b
		if !r.cached {
			n++
		}
		u, _ := url.Parse(r.url)
		what := u.RequestURI()
		if r.cached {
			what += " (cache)"
		}
		lines = append(lines, line{b, fmt.Sprintf("%7d %s", b, what)})
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].b > lines[j].b })
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.s
	}
	return sum, n, out
}

// settle waits until the page has made every request its load makes.
func settle(t *testing.T, ctx context.Context, ready string) {
	t.Helper()
	waitTrue(t, ctx, "loaded", ready)
	run(t, ctx, "settle", chromedp.Sleep(time.Second))
}

// TestBrowserTransfer: the lobby and a table each load in at most 100 KB
// transferred on a first visit and 10 KB on a reload: the files and the
// API's JSON go compressed, and the files are kept by the browser.
func TestBrowserTransfer(t *testing.T) {
	const firstLoad, reload = 100 << 10, 10 << 10
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	tb := newTable(t, base, "basic", 2, "transfer")
	for range 6 {
		tb.move(t, 0)
		tb.move(t, 1)
	}
	for _, c := range []struct{ name, path, ready string }{
		{"lobby", "/", `document.querySelectorAll('#variant option').length > 50 && !!document.querySelector('#open-tables') && !document.querySelector('#open-tables').textContent.includes('Looking')`},
		{"table", "/?game=" + tb.id, `!!document.querySelector('#table') && document.querySelectorAll('#log-list li').length >= 12`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := b.player(c.name)
			m := newMeter(ctx)
			run(t, ctx, "first load", chromedp.Navigate(base+c.path))
			settle(t, ctx, c.ready)
			sum, n, lines := m.total()
			t.Logf("%s, first load: %d bytes in %d requests\n%s", c.name, sum, n, strings.Join(lines, "\n"))
			if sum > firstLoad {
				t.Errorf("%s: the first load transferred %d bytes, want at most %d", c.name, sum, firstLoad)
			}
			m.reset()
			run(t, ctx, "reload", chromedp.Reload())
			settle(t, ctx, c.ready)
			sum, n, lines = m.total()
			t.Logf("%s, reload: %d bytes in %d requests\n%s", c.name, sum, n, strings.Join(lines, "\n"))
			if sum > reload {
				t.Errorf("%s: a reload transferred %d bytes, want at most %d", c.name, sum, reload)
			}
		})
	}
}
