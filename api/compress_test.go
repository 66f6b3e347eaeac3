package api

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/variants"
)

// rawGet sends a GET with exactly these headers (name, value pairs); the
// transport neither asks for gzip nor unpacks it.
func rawGet(t *testing.T, url string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	r, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("bad gzip: %v", err)
	}
	return out
}

// TestPackedJSON: JSON answers go gzipped to a client that takes gzip and
// as they are to one that does not, with the same content and headers
// that say so; the handler's own ETag (a view's) is kept.
func TestPackedJSON(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "packed")
	for range 6 {
		tb.act(tb.pick())
	}
	for _, c := range []struct {
		path, token string
		atMost      float64 // compressed size over plain size
	}{
		{"/v1/variants?limit=100", "", 0.05},
		{"/v1/variants?limit=1000&q=prism", "", 0.1},
		{"/v1/games/" + tb.id, tb.tokens[0], 0.6},
		{"/v1/games/" + tb.id + "/events?after=0", tb.tokens[1], 0.9},
		{"/openapi.json", "", 0.3},
	} {
		auth := []string{}
		if c.token != "" {
			auth = []string{"Authorization", "Bearer " + c.token}
		}
		plain, pb := rawGet(t, e.url+c.path, auth...)
		packed, zb := rawGet(t, e.url+c.path, append(auth, "Accept-Encoding", "br;q=1.0, gzip;q=0.8")...)
		if plain.StatusCode != 200 || packed.StatusCode != 200 {
			t.Fatalf("%s: %d, %d", c.path, plain.StatusCode, packed.StatusCode)
		}
		if ce := plain.Header.Get("Content-Encoding"); ce != "" {
			t.Errorf("%s: a client without gzip gets Content-Encoding %q", c.path, ce)
		}
		if ce := packed.Header.Get("Content-Encoding"); ce != "gzip" {
			t.Fatalf("%s: Content-Encoding %q, want gzip", c.path, ce)
		}
		if !strings.Contains(strings.Join(packed.Header.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s: Vary %q", c.path, packed.Header.Values("Vary"))
		}
		if packed.Header.Get("Content-Length") != itoa(len(zb)) {
			t.Errorf("%s: Content-Length %q for %d bytes", c.path, packed.Header.Get("Content-Length"), len(zb))
		}
		if got := gunzip(t, zb); !bytes.Equal(got, pb) {
			t.Fatalf("%s: unpacked\n%.300s\nwant\n%.300s", c.path, got, pb)
		}
		if r := float64(len(zb)) / float64(len(pb)); r > c.atMost {
			t.Errorf("%s: %d bytes packed to %d (%.2f), want at most %.2f", c.path, len(pb), len(zb), r, c.atMost)
		}
		for _, h := range []string{"ETag", "Content-Type", "Cache-Control"} {
			if plain.Header.Get(h) != packed.Header.Get(h) {
				t.Errorf("%s: %s %q plain, %q packed", c.path, h, plain.Header.Get(h), packed.Header.Get(h))
			}
		}
	}
	// Small answers and refusals of gzip go as they are.
	for _, c := range []struct{ path, accept string }{
		{"/v1/healthz", "gzip"},
		{"/v1/variants", "gzip;q=0, identity"},
		{"/v1/variants", "deflate"},
	} {
		res, _ := rawGet(t, e.url+c.path, "Accept-Encoding", c.accept)
		if ce := res.Header.Get("Content-Encoding"); ce != "" {
			t.Errorf("%s with Accept-Encoding %q: Content-Encoding %q", c.path, c.accept, ce)
		}
	}
}

// TestValidatedJSON: the answers that never change while the server runs
// (variants, bots, the OpenAPI document) carry an ETag of their content, and
// a client that holds it gets 304 and no body, gzip or not.
func TestValidatedJSON(t *testing.T) {
	e := sqliteEnv(t)
	tags := map[string]string{}
	for _, path := range []string{"/v1/variants?limit=100", "/v1/variants?limit=100&q=up", "/v1/variants/basic", "/v1/variants/farbrausch", "/v1/bots", "/openapi.json"} {
		res, body := rawGet(t, e.url+path, "Accept-Encoding", "gzip")
		tag := res.Header.Get("ETag")
		if res.StatusCode != 200 || !strings.HasPrefix(tag, `"`) || len(body) == 0 {
			t.Fatalf("%s: %d ETag %q", path, res.StatusCode, tag)
		}
		if cc := res.Header.Get("Cache-Control"); cc == "" || strings.Contains(cc, "no-store") {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
		if other, ok := tags[tag]; ok {
			t.Errorf("%s and %s share the ETag %s", path, other, tag)
		}
		tags[tag] = path
		again, _ := rawGet(t, e.url+path, "Accept-Encoding", "gzip")
		if again.Header.Get("ETag") != tag {
			t.Errorf("%s: ETag %q, then %q", path, tag, again.Header.Get("ETag"))
		}
		for _, accept := range []string{"gzip", ""} {
			res, body := rawGet(t, e.url+path, "Accept-Encoding", accept, "If-None-Match", `"other", `+tag)
			if res.StatusCode != http.StatusNotModified || len(body) != 0 || res.Header.Get("ETag") != tag {
				t.Errorf("%s with its ETag (Accept-Encoding %q): %d, %d bytes, ETag %q", path, accept, res.StatusCode, len(body), res.Header.Get("ETag"))
			}
		}
		if res, _ := rawGet(t, e.url+path, "If-None-Match", `"other"`); res.StatusCode != 200 {
			t.Errorf("%s with another ETag: %d", path, res.StatusCode)
		}
	}
	// A refusal carries no validator.
	if res, _ := rawGet(t, e.url+"/v1/variants/no-such"); res.StatusCode != 404 || res.Header.Get("ETag") != "" {
		t.Errorf("unknown variant: %d ETag %q", res.StatusCode, res.Header.Get("ETag"))
	}
}

// TestPackedStreamsAndWaits: a client that takes gzip still gets the event
// streams as they are, each event as it happens; a long-poll, which may be
// parked on a taken-over connection, compresses its own answer.
func TestPackedStreamsAndWaits(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "packed-streams")
	for _, accept := range []string{"application/x-ndjson", "text/event-stream"} {
		r, err := http.NewRequest("GET", e.url+"/v1/games/"+tb.id+"/events?after=0", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Accept", accept)
		r.Header.Set("Accept-Encoding", "gzip")
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(r)
		if err != nil {
			t.Fatal(err)
		}
		if ce := res.Header.Get("Content-Encoding"); ce != "" || res.StatusCode != 200 {
			t.Fatalf("%s: %d Content-Encoding %q", accept, res.StatusCode, ce)
		}
		lines := make(chan string, 64)
		go func() {
			defer close(lines)
			br := bufio.NewReader(res.Body)
			for {
				l, err := br.ReadString('\n')
				if err != nil {
					return
				}
				if strings.Contains(l, `"seq"`) {
					lines <- l
				}
			}
		}()
		tb.act(tb.pick())
		select {
		case l := <-lines:
			if !strings.Contains(l, `"type"`) {
				t.Fatalf("%s: %q", accept, l)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the move's event did not come while the stream stayed open", accept)
		}
		res.Body.Close()
	}
	// A long-poll that waits is parked, and answered whole: gzipped for a
	// client that takes it, plain for one that does not.
	for _, gz := range []bool{true, false} {
		var g GameView
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &g)
		rc := dialRaw(t, e)
		var hdr []string
		if gz {
			hdr = []string{"Accept-Encoding", "gzip"}
		}
		rc.send(getReq("/v1/games/"+tb.id+"?since="+itoa(int(g.Version))+"&wait=5s", tb.tokens[0], hdr...))
		waitFor(t, func() bool { return parkedCount(e.srv) == 1 })
		tb.act(tb.pick())
		res, body := rc.read()
		if gz {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("parked long-poll of a client that takes gzip: %d Content-Encoding %q: %v", res.StatusCode, res.Header.Get("Content-Encoding"), err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		var woke GameView
		if err := json.Unmarshal(body, &woke); res.StatusCode != 200 || err != nil || woke.Version <= g.Version ||
			(res.Header.Get("Content-Encoding") == "gzip") != gz || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("parked long-poll (gzip %v): %d Content-Encoding %q Vary %q: %v %.60s", gz, res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"), err, body)
		}
	}
}

// BenchmarkPackView compresses a seat's view as it goes to a client that
// takes gzip (every browser): the cost a view read adds for it.
func BenchmarkPackView(b *testing.B) {
	view := appendView(nil, benchState(b), 1)
	b.SetBytes(int64(len(view)))
	b.ReportAllocs()
	var packed int
	for b.Loop() {
		g := getGzip()
		packed = len(g.pack(view))
		putGzip(g)
	}
	b.ReportMetric(float64(packed), "packed-bytes")
}

// TestValidatedRoutesAsDocumented: the answers that carry a validator, a
// 304 to a request that holds the body among them, are what the document
// says (the contract client holds every answer to it).
func TestValidatedRoutesAsDocumented(t *testing.T) {
	e := sqliteEnv(t)
	for _, path := range []string{"/v1/variants", "/v1/variants/basic", "/v1/bots", "/openapi.json", "/v1/openapi.json"} {
		r := e.req("GET", path, "", nil)
		e.expect(r, http.StatusOK)
		tag := r.header.Get("ETag")
		if tag == "" {
			t.Fatalf("%s: no ETag", path)
		}
		again := e.req("GET", path, "", nil, "If-None-Match", tag)
		if again.status != http.StatusNotModified || again.header.Get("ETag") != tag {
			t.Errorf("%s again: %d, ETag %q", path, again.status, again.header.Get("ETag"))
		}
	}
}
