package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
)

// idempotent makes creating a game, taking a seat and moving safe to retry:
// a request with an Idempotency-Key records the key and its answer in the
// same transaction as its change (a refusal, after); a retry with the same
// key and body gets that answer again, never a second game, seat or move. The key is
// scoped to the caller (its seat, or its address without a token) and the path.
func (s *Server) idempotent(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.Next()
		return
	}
	if !validIdempotencyKey(key) {
		s.fail(c, badRequest("Idempotency-Key must be 1–255 printable ASCII characters"))
		return
	}
	body, err := s.readBody(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(body))
	caller := "addr " + c.ClientIP()
	if a := seatOf(c); a != nil {
		// The occupancy too: a seat taken over by someone new is a new caller.
		caller = "seat " + a.game + "/" + itoa(a.seat) + "/" + a.occupant
	}
	scope := c.Request.URL.Path + " " + caller
	sum := sha256.Sum256(append([]byte(c.Request.Method+" "+c.Request.URL.Path+"\n"), body...))
	hash := hex.EncodeToString(sum[:])

	ctx := c.Request.Context()
	ans, err := s.cfg.Keys.Answered(ctx, scope, key)
	if err != nil {
		s.fail(c, err)
		return
	}
	if ans != nil {
		s.replay(c, ans, hash)
		return
	}
	c.Set(ctxIdempotencyKey, &play.Key{Scope: scope, Key: key, Hash: hash})
	// The answer is held back until it is known to be the key's: a refusal
	// judged while another copy of the request holds the key is not.
	w := &heldWriter{ResponseWriter: c.Writer, header: http.Header{}}
	c.Writer = w
	c.Next()
	c.Writer = w.ResponseWriter
	status := w.Status()
	code, _ := c.Get(ctxProblemCode)
	if status < 300 || status >= 499 || status == 429 || code == codeIdempotencyKeyInUse {
		// A change committed its answer with it (see play.Key); an
		// outage, a client gone or a limit leaves no answer to keep: a
		// retry tries again.
		w.send()
		return
	}
	actx, cancel := s.storeCtx(context.WithoutCancel(ctx))
	defer cancel()
	keep := play.Answer{Hash: hash, Reply: kept(status, w.header.Get("Content-Type"), w.header.Get("Location"), w.header.Get("ETag"), w.buf.Bytes())}
	other, err := s.cfg.Keys.Refused(actx, scope, key, keep)
	switch {
	case err != nil:
		s.fail(c, err)
	case other != nil:
		s.replay(c, other, hash)
	default:
		w.send()
	}
}

// ctxIdempotencyKey holds the request's *play.Key, which its handler gives
// to the change it asks of play.
const ctxIdempotencyKey = "hanabi.idempotency"

// idempotencyKey is the request's key, or nil.
func idempotencyKey(c *gin.Context) *play.Key {
	v, _ := c.Get(ctxIdempotencyKey)
	k, _ := v.(*play.Key)
	return k
}

// heldWriter holds an answer back, headers and body, until send.
type heldWriter struct {
	gin.ResponseWriter
	header http.Header
	status int
	buf    bytes.Buffer
}

func (w *heldWriter) Header() http.Header { return w.header }

func (w *heldWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *heldWriter) WriteHeaderNow() { w.WriteHeader(http.StatusOK) }

func (w *heldWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.Write(b)
}

func (w *heldWriter) WriteString(s string) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.WriteString(s)
}

func (w *heldWriter) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

func (w *heldWriter) Size() int     { return w.buf.Len() }
func (w *heldWriter) Written() bool { return w.status != 0 }

// send writes the held answer.
func (w *heldWriter) send() {
	h := w.ResponseWriter.Header()
	for k, v := range w.header {
		h[k] = v
	}
	w.ResponseWriter.WriteHeader(w.Status())
	_, _ = w.ResponseWriter.Write(w.buf.Bytes())
}

// replay answers a retry: the first answer again, or why not.
func (s *Server) replay(c *gin.Context, ans *play.Answer, hash string) {
	switch {
	case ans.Hash != hash:
		s.fail(c, errorf(codeIdempotencyKeyReused, "this Idempotency-Key came with another request"))
		return
	case ans.Reply == nil:
		s.fail(c, errorf(codeIdempotencyKeyInUse, "a request with this Idempotency-Key is still being processed"))
		return
	}
	status, header, body, err := unkept(ans.Reply)
	if err != nil {
		s.fail(c, err)
		return
	}
	for k, v := range header {
		if v != "" {
			c.Header(k, v)
		}
	}
	c.Header("Cache-Control", "no-store")
	c.Data(status, header["Content-Type"], body)
	c.Abort()
}

func validIdempotencyKey(k string) bool {
	if len(k) < 1 || len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}
