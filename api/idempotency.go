package api

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/play"
)

// idempotent makes creating a game, taking a seat and moving safe to retry:
// a request with an Idempotency-Key records the key and its answer in the
// same transaction as its change (a refusal, after); a retry with the same
// key and body gets that answer again, never a second game, seat or move. The key is
// scoped to the caller (see auth.Caller.Key) and the path.
func (s *Server) idempotent(c *gin.Context) {
	vals, sent := c.Request.Header["Idempotency-Key"]
	if !sent {
		c.Next()
		return
	}
	key := vals[0]
	if len(vals) > 1 || !validIdempotencyKey(key) {
		s.fail(c, badRequest("Idempotency-Key must be 1–255 printable ASCII characters"))
		return
	}
	body, err := s.readBody(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(body))
	// The caller's account when it has one, else its seat's occupancy (a
	// seat taken over by someone new is a new caller), else its address.
	scope := c.Request.URL.Path + " " + callerOf(c).Key()
	sum := sha256.Sum256(append([]byte(c.Request.Method+" "+c.Request.URL.Path+"\n"), body...))
	hash := hex.EncodeToString(sum[:])

	ctx := c.Request.Context()
	ans, err := s.cfg.Keys.Answered(ctx, scope, key, callerOf(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	if ans != nil {
		s.replay(c, ans, hash)
		return
	}
	c.Set(ctxIdempotencyKey, &play.Key{Scope: scope, Key: key, Hash: hash})
	c.Next()
}

// keepRefusal keeps a refusal of the request as its key's answer, for its
// retries (a change commits its own answer with it, see play.Key), unless
// another copy of the request holds the key: then what that copy answers
// is the request's answer, and keepRefusal sends it and reports true. An
// outage, a client gone, a limit or a key in use leaves no answer to keep:
// a retry tries again.
func (s *Server) keepRefusal(c *gin.Context, a park.Answer) bool {
	k := idempotencyKey(c)
	if k == nil || a.Status >= 499 || a.Status == http.StatusTooManyRequests || a.Code == codeIdempotencyKeyInUse {
		return false
	}
	ctx, cancel := s.storeCtx(context.WithoutCancel(c.Request.Context()))
	defer cancel()
	other, err := s.cfg.Keys.Refused(ctx, k.Scope, k.Key, play.Answer{Hash: k.Hash, Reply: kept(a.Status, a.ContentType, "", "", a.Body)})
	switch {
	case err != nil:
		s.write(c, s.problem(ctx, c.FullPath(), err))
	case other != nil:
		s.replay(c, other, k.Hash)
	default:
		return false
	}
	return true
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

// replay answers a retry: the first answer again, or why not.
func (s *Server) replay(c *gin.Context, ans *play.Answer, hash string) {
	status, header, body, err := unkept(ans.Reply)
	switch {
	case ans.Hash != hash:
		err = errorf(fault.Unprocessable, codeIdempotencyKeyReused, "this Idempotency-Key came with another request")
	case ans.Reply == nil:
		err = errorf(fault.Conflict, codeIdempotencyKeyInUse, "a request with this Idempotency-Key is still being processed")
	case err == nil:
		body, err = s.withToken(callerOf(c), header, body)
	}
	if err != nil {
		s.write(c, s.problem(c, c.FullPath(), err))
		return
	}
	if status >= http.StatusBadRequest {
		// A kept refusal is written as any refusal is: in the type the
		// request takes (Accept) and with the headers its status asks for.
		var p struct {
			Code string `json:"code"`
		}
		_ = json.Unmarshal(body, &p)
		s.write(c, problemAnswer(status, cmp.Or(p.Code, codeInternal), body, 1))
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
