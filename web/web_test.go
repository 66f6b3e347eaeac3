package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// TestHandler: the page and its files are served with the types a browser
// needs (module scripts must be JavaScript) and a policy that forbids other hosts.
func TestHandler(t *testing.T) {
	h := Handler()
	cases := []struct {
		path, wantType string
		status         int
	}{
		{"/", "text/html", 200},
		{"/assets/style.css", "text/css", 200},
		{"/assets/js/main.js", "text/javascript", 200},
		{"/assets/js/table.js", "text/javascript", 200},
		{"/assets/favicon.svg", "image/svg+xml", 200},
		{"/assets/", "", 404},
		{"/assets/js/", "", 404},
		{"/assets/nope.js", "", 404},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.path, rec.Code, c.status)
			continue
		}
		if c.status != http.StatusOK {
			continue
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, c.wantType) {
			t.Errorf("%s: Content-Type %q, want %s", c.path, ct, c.wantType)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: CSP %q", c.path, csp)
		}
	}
}

// TestNoOtherHost: no embedded file names another host; the page loads
// everything from the server that serves it.
func TestNoOtherHost(t *testing.T) {
	url := regexp.MustCompile(`(?i)\b(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	err := fs.WalkDir(files, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := files.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			return err
		}
		for _, m := range url.FindAllString(string(b), -1) {
			if m != "http://www.w3.org" { // the SVG namespace, never fetched
				t.Errorf("%s names another host: %s", path, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
