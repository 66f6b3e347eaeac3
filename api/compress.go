package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"mime"
	"net/http"
	"strconv"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/klauspost/compress/gzip"

	"github.com/hanabi-server/hanabi/internal/accept"
)

// minGzip is the smallest answer worth compressing: below it gzip's own
// header and trailer eat most of what it saves.
const minGzip = 512

// validatedRoutes answer the same body to the same URL for the life of the
// process (variants are fixed at start): their answers get an ETag from
// their body, and a request that already holds that body gets 304.
var validatedRoutes = map[string]bool{
	"/v1/variants":       true,
	"/v1/variants/:name": true,
	"/v1/bots":           true,
	"/openapi.json":      true,
	"/v1/openapi.json":   true,
}

// pack compresses the API's JSON answers (gzip, for clients that take it)
// and gives the answers of validatedRoutes a validator. The variant list
// is 221 KB of JSON and 6.5 KB gzipped. It leaves alone what must go out
// as it is written: the event streams (each event is flushed as it
// happens) and the long-polls, which may be parked and answered on a
// taken-over connection (api/park), and compress their answers themselves
// (packed). Only the answer is buffered, never the request.
func (s *Server) pack(c *gin.Context) {
	r := c.Request
	validated := validatedRoutes[c.FullPath()]
	gz := accept.Gzip(r.Header.Get("Accept-Encoding"))
	if r.Method != http.MethodGet || (!gz && !validated) || c.Query("wait") != "" || isStream(c) {
		c.Next()
		return
	}
	w := &packWriter{ResponseWriter: c.Writer}
	c.Writer = w
	c.Next()
	c.Writer = w.ResponseWriter
	w.send(r, gz, validated)
}

// packWriter holds an answer's body until it is known whether, and how,
// to send it packed.
type packWriter struct {
	gin.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (w *packWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *packWriter) WriteHeaderNow() { w.WriteHeader(http.StatusOK) }

func (w *packWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.Write(b)
}

func (w *packWriter) WriteString(s string) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.WriteString(s)
}

func (w *packWriter) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

func (w *packWriter) Size() int     { return w.buf.Len() }
func (w *packWriter) Written() bool { return w.status != 0 }

// Flush sends nothing early: an answer that is packed is sent whole.
func (w *packWriter) Flush() {}

// send writes the held answer to the connection: with an ETag and as 304
// when the client holds it already (validated), gzipped when the client
// takes it and it is JSON worth compressing, else as it was written.
func (w *packWriter) send(r *http.Request, gz, validated bool) {
	out := w.ResponseWriter
	h := out.Header()
	status := w.Status()
	body := w.buf.Bytes()
	json := isJSON(h.Get("Content-Type"))
	if status == http.StatusOK && json && validated && h.Get("ETag") == "" {
		sum := sha256.Sum256(body)
		tag := `"` + hex.EncodeToString(sum[:12]) + `"`
		h.Set("ETag", tag)
		if h.Get("Cache-Control") == "" {
			h.Set("Cache-Control", "no-cache")
		}
		if inm := r.Header.Get("If-None-Match"); inm != "" && etagListMatches(inm, tag) {
			h.Del("Content-Type")
			h.Del("Content-Length")
			h.Add("Vary", "Accept-Encoding")
			out.WriteHeader(http.StatusNotModified)
			out.WriteHeaderNow()
			return
		}
	}
	if json {
		h.Add("Vary", "Accept-Encoding")
	}
	if gz && json && len(body) >= minGzip && h.Get("Content-Encoding") == "" && status != http.StatusPartialContent {
		zb := getGzip()
		defer putGzip(zb)
		body = zb.pack(body)
		h.Set("Content-Encoding", "gzip")
	}
	if !bodyAllowed(status) {
		out.WriteHeader(status)
		out.WriteHeaderNow()
		return
	}
	if w.status != 0 || len(body) > 0 {
		h.Set("Content-Length", strconv.Itoa(len(body)))
		out.WriteHeader(status)
		writeBody(out, r, body)
	}
}

func bodyAllowed(status int) bool {
	return status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified
}

func isJSON(contentType string) bool {
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && (media == "application/json" || media == "application/problem+json")
}

// gzipper is a gzip writer and its output, reused: a new flate writer
// allocates hundreds of KB. The writer is klauspost/compress's: on a
// seat's view it costs a third of the standard library's at its default
// level, for about a tenth more bytes (BenchmarkPackView).
type gzipper struct {
	out bytes.Buffer
	zw  *gzip.Writer
}

var gzippers = sync.Pool{New: func() any {
	g := &gzipper{}
	g.zw = gzip.NewWriter(&g.out)
	return g
}}

func getGzip() *gzipper { return gzippers.Get().(*gzipper) }

func putGzip(g *gzipper) {
	if g.out.Cap() <= 1<<20 {
		gzippers.Put(g)
	}
}

// pack compresses b; the result is valid until the gzipper is used again.
func (g *gzipper) pack(b []byte) []byte {
	g.out.Reset()
	g.zw.Reset(&g.out)
	_, _ = g.zw.Write(b)
	_ = g.zw.Close()
	return g.out.Bytes()
}
