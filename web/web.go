// Package web is the browser client: a page, its style sheet and its
// JavaScript modules, embedded in the binary. There is no build step; the
// page talks to the server only through the public API under /v1, as any
// third-party client would.
//
// The files are compressed once, at start, and served by content: the page
// names its files under a prefix made of a hash of them all
// (/assets/<hash>/js/main.js), so a browser keeps them for good and asks
// again only after a release changed one; the modules' relative imports stay
// under the same prefix. The page itself is revalidated on each load.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hanabi-server/hanabi/internal/accept"
)

//go:embed static
var files embed.FS

// AssetPrefix is where the page's style sheet and modules are served.
const AssetPrefix = "/assets/"

// csp forbids the page anything from another host: a stray link to a font
// or script CDN fails in the browser tests instead of leaking a visitor.
const csp = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// versionLen is the length of the hash that names a release's files.
const versionLen = 16

// immutable is how long a browser keeps a file named by its content.
const immutable = "public, max-age=31536000, immutable"

// asset is one file as it is sent: its bytes, gzipped when that saves
// something, and their validators.
type asset struct {
	name    string // for its Content-Type
	raw, gz []byte
	tag     string // the ETag of raw; gz's adds "-gz"
}

// site is the page and its files, read and compressed once.
type site struct {
	version string            // the hash that names this set of files
	assets  map[string]*asset // by path under static/, "index.html" included
}

// Version is the hash under AssetPrefix that the page names its files by.
func Version() string { return load().version }

var load = sync.OnceValue(func() *site { return build(files) })

func build(fsys fs.FS) *site {
	static, err := fs.Sub(fsys, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	raw := map[string][]byte{}
	var names []string
	err = fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		raw[p] = b
		names = append(names, p)
		return nil
	})
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	all := sha256.New()
	for _, n := range names {
		sum := sha256.Sum256(raw[n])
		all.Write([]byte(n + "\x00"))
		all.Write(sum[:])
	}
	s := &site{version: hex.EncodeToString(all.Sum(nil))[:versionLen], assets: map[string]*asset{}}
	// The page names its files under the version, so that a new release's
	// page never meets an old release's modules in a browser's cache.
	raw["index.html"] = bytes.ReplaceAll(raw["index.html"], []byte(`"`+AssetPrefix), []byte(`"`+AssetPrefix+s.version+"/"))
	for _, n := range names {
		s.assets[n] = newAsset(n, raw[n])
	}
	return s
}

func newAsset(name string, b []byte) *asset {
	sum := sha256.Sum256(b)
	a := &asset{name: name, raw: b, tag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	if compressible(name) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(b)
		_ = zw.Close()
		if buf.Len() < len(b) {
			a.gz = buf.Bytes()
		}
	}
	return a
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".css", ".js", ".svg", ".json", ".txt":
		return true
	}
	return false
}

// Handler serves the page at "/" and its files under AssetPrefix, both as
// AssetPrefix+Version()+"/file" (kept for good) and as AssetPrefix+"file"
// (revalidated on each use).
func Handler() http.Handler {
	s := load()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if r.URL.Path == "/" || r.URL.Path == "/index.html" {
			// The page is small and changes with each release: always revalidate.
			h.Set("Cache-Control", "no-cache")
			s.assets["index.html"].serve(w, r)
			return
		}
		name, ok := strings.CutPrefix(r.URL.Path, AssetPrefix)
		if !ok {
			http.NotFound(w, r)
			return
		}
		cache := "no-cache"
		if v, rest, found := strings.Cut(name, "/"); found && isVersion(v) {
			// Another release's name (a page loaded before a restart) gets
			// this release's file, but only for now.
			name = rest
			if v == s.version {
				cache = immutable
			}
		}
		a := s.assets[name]
		if a == nil || name == "index.html" {
			http.NotFound(w, r) // no directory listings, nothing but the files
			return
		}
		h.Set("Cache-Control", cache)
		a.serve(w, r)
	})
}

func isVersion(s string) bool {
	if len(s) != versionLen {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// serve sends the asset, gzipped to a client that takes it, answering a
// request for what the client holds already with 304.
func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	body, tag := a.raw, a.tag
	if a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if accept.Gzip(r.Header.Get("Accept-Encoding")) {
			body, tag = a.gz, strings.TrimSuffix(a.tag, `"`)+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", tag)
	if ct := mime.TypeByExtension(path.Ext(a.name)); ct != "" {
		h.Set("Content-Type", ct)
	}
	// ServeContent answers If-None-Match (304) and HEAD; ranges would be
	// of the encoded bytes, which is what Content-Encoding means.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
