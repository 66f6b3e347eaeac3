package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
)

// idempotent makes creating a game, taking a seat and moving safe to retry:
// a request with an Idempotency-Key records the key in the same transaction
// as its change, and its answer after; a retry with the same key and body
// gets that answer again, never a second game, seat or move. The key is
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
	ans, err := s.games.Answered(ctx, scope, key)
	if err != nil {
		s.fail(c, err)
		return
	}
	if ans != nil {
		s.replay(c, ans, hash)
		return
	}
	c.Request = c.Request.WithContext(play.WithIdempotencyKey(ctx, scope, key, hash))
	w := &capturingWriter{ResponseWriter: c.Writer}
	c.Writer = w
	c.Next()
	status := w.Status()
	if code, _ := c.Get(ctxProblemCode); status >= 500 || status == 429 || code == codeIdempotencyKeyInUse {
		return // no answer to keep: a retry tries again
	}
	header, _ := json.Marshal(map[string]string{
		"Content-Type": w.Header().Get("Content-Type"), "Location": w.Header().Get("Location"), "ETag": w.Header().Get("ETag"),
	})
	// The answer is sent; keeping it must not depend on the client staying.
	if err := s.games.Answer(context.WithoutCancel(ctx), scope, key, play.Answer{Hash: hash, Status: status, Header: string(header), Body: w.buf.Bytes()}); err != nil {
		s.log.WarnContext(ctx, "idempotency: the answer was not kept", "err", err.Error())
	}
}

// replay answers a retry: the first answer again, or why not.
func (s *Server) replay(c *gin.Context, ans *play.Answer, hash string) {
	switch {
	case ans.Hash != hash:
		s.fail(c, errorf(codeIdempotencyKeyReused, "this Idempotency-Key came with another request"))
		return
	case ans.Status == 0:
		s.fail(c, errorf(codeIdempotencyKeyInUse, "a request with this Idempotency-Key is still being processed"))
		return
	}
	var header map[string]string
	if err := json.Unmarshal([]byte(ans.Header), &header); err != nil {
		s.fail(c, errors.New("idempotency: a kept answer's headers do not read"))
		return
	}
	for k, v := range header {
		if v != "" {
			c.Header(k, v)
		}
	}
	c.Header("Cache-Control", "no-store")
	c.Data(ans.Status, header["Content-Type"], ans.Body)
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

// capturingWriter keeps a copy of the body it writes.
type capturingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *capturingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *capturingWriter) WriteString(s string) (int, error) {
	w.buf.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}
