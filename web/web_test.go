package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
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

// TestAssetsCached: the page names its files under the hash of them all,
// and those are kept for good; the page itself and unhashed names are
// revalidated. Every file a client takes gzipped goes gzipped, and a
// client that holds a file gets 304.
func TestAssetsCached(t *testing.T) {
	h := Handler()
	get := func(path string, headers ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(headers); i += 2 {
			r.Header.Set(headers[i], headers[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	v := Version()
	if len(v) < 12 {
		t.Fatalf("Version() = %q", v)
	}
	page := get("/").Body.String()
	for _, f := range []string{"style.css", "js/main.js", "favicon.svg"} {
		if !strings.Contains(page, `"`+AssetPrefix+v+"/"+f+`"`) {
			t.Errorf("the page does not name %s under %s", f, AssetPrefix+v)
		}
	}
	if strings.Contains(page, `"`+AssetPrefix+"js/") {
		t.Error("the page names a file without the hash")
	}
	for _, c := range []struct{ path, cache, file string }{
		{"/", "no-cache", "index.html"},
		{AssetPrefix + v + "/js/table.js", "immutable", "js/table.js"},
		{AssetPrefix + v + "/style.css", "immutable", "style.css"},
		{AssetPrefix + "js/table.js", "no-cache", "js/table.js"},
		{AssetPrefix + "0123456789abcdef/js/table.js", "no-cache", "js/table.js"}, // another release's name
	} {
		plain := get(c.path)
		packed := get(c.path, "Accept-Encoding", "gzip, deflate, br")
		if plain.Code != 200 || packed.Code != 200 {
			t.Fatalf("%s: %d, %d", c.path, plain.Code, packed.Code)
		}
		if cc := packed.Header().Get("Cache-Control"); !strings.Contains(cc, c.cache) {
			t.Errorf("%s: Cache-Control %q, want %s", c.path, cc, c.cache)
		}
		if packed.Header().Get("Content-Encoding") != "gzip" || plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: Content-Encoding %q (gzip taken), %q (not)", c.path, packed.Header().Get("Content-Encoding"), plain.Header().Get("Content-Encoding"))
		}
		if !strings.Contains(packed.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Vary %q", c.path, packed.Header().Get("Vary"))
		}
		zr, err := gzip.NewReader(packed.Body)
		if err != nil {
			t.Fatal(err)
		}
		unpacked, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(unpacked, plain.Body.Bytes()) {
			t.Errorf("%s: the gzipped file is not the file", c.path)
		}
		if c.file != "index.html" {
			want, _ := fs.ReadFile(files, "static/"+c.file)
			if !bytes.Equal(plain.Body.Bytes(), want) {
				t.Errorf("%s: not the file %s", c.path, c.file)
			}
		}
		if len(unpacked) > 1000 && packed.Body.Len() > len(unpacked)/2 {
			t.Errorf("%s: %d bytes gzipped to %d", c.path, len(unpacked), packed.Body.Len())
		}
		tp, tz := plain.Header().Get("ETag"), packed.Header().Get("ETag")
		if tp == "" || tz == "" || tp == tz {
			t.Errorf("%s: ETags %q and %q: each representation needs its own", c.path, tp, tz)
		}
		if again := get(c.path, "Accept-Encoding", "gzip", "If-None-Match", tz); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("%s with its ETag: %d, %d bytes", c.path, again.Code, again.Body.Len())
		}
		if again := get(c.path, "If-None-Match", tp); again.Code != http.StatusNotModified {
			t.Errorf("%s with its plain ETag: %d", c.path, again.Code)
		}
	}
	for _, path := range []string{AssetPrefix + v + "/", AssetPrefix + v + "/index.html", AssetPrefix + v + "/js/", AssetPrefix + v + "/nope.js", AssetPrefix + v} {
		if rec := get(path); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, rec.Code)
		}
	}
}

// TestModuleImports: every module imports its neighbours by relative
// names, so that under the hashed prefix they load from the same release;
// every name it imports is a file.
func TestModuleImports(t *testing.T) {
	imp := regexp.MustCompile(`(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]`)
	err := fs.WalkDir(files, "static/js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		for _, m := range imp.FindAllStringSubmatch(string(b), -1) {
			if !strings.HasPrefix(m[1], "./") {
				t.Errorf("%s imports %q: not a relative name", p, m[1])
				continue
			}
			if _, err := fs.Stat(files, path.Join(path.Dir(p), m[1])); err != nil {
				t.Errorf("%s imports %q: %v", p, m[1], err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
