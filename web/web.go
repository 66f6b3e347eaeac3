// Package web is the browser client: a page, its style sheet and its
// JavaScript modules, embedded in the binary and served as they are. There
// is no build step; the page talks to the server only through the public
// API under /v1, as any third-party client would.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed static
var files embed.FS

// AssetPrefix is where the page's style sheet and modules are served.
const AssetPrefix = "/assets/"

// csp forbids the page anything from another host: a stray link to a font
// or script CDN fails in the browser tests instead of leaking a visitor.
const csp = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the page at "/" and its files under AssetPrefix.
func Handler() http.Handler {
	static, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	assets := http.StripPrefix(strings.TrimSuffix(AssetPrefix, "/"), http.FileServerFS(static))
	index, err := fs.ReadFile(static, "index.html")
	if err != nil {
		panic(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if r.URL.Path == "/" || r.URL.Path == "/index.html" {
			// The page is small and changes with each release: always revalidate.
			h.Set("Cache-Control", "no-cache")
			h.Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(index)
			return
		}
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r) // no directory listings
			return
		}
		h.Set("Cache-Control", "no-cache")
		assets.ServeHTTP(w, r)
	})
}
