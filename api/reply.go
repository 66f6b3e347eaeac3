package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// The answer to a change (a move, a new game, a seat taken) is rendered
// once, by changeAnswer. With an Idempotency-Key, play asks for it through
// Reply, its reply port, before the change commits, and commits it with the
// key; the request then sends that same answer, token and all.

// changeAnswer is the answer to the caller's change that made st: a move's
// (ev, the seat's) or a seat's (seat, -1 when the creator only watches),
// with the seat's token made for the caller. The body is appended to b.
func (s *Server) changeAnswer(b []byte, by auth.Caller, st *play.State, seat int, ev *engine.Event) (status int, location, tag string, body []byte, err error) {
	if ev != nil {
		return http.StatusOK, "", viewTag(st, seat), appendActionAnswer(b, st, *ev, seat), nil
	}
	token := ""
	if seat >= 0 {
		if token, err = s.auth.SeatToken(by, st.ID, seat, st.Occupant(seat)); err != nil {
			return 0, "", "", nil, err
		}
	} else {
		seat = engine.Public
	}
	return http.StatusCreated, "/v1/games/" + st.ID, "", seatResponse(b, st, seat, token), nil
}

// Reply is play's reply port (see play.Reply): the answer to a change, as a
// key keeps it. A seat's token is not kept with it, since the store keeps
// no credential: the answer keeps the seat, and its token is made anew
// for whoever sends the answer (withToken), for that caller's credential.
func (s *Server) Reply(by auth.Caller, st *play.State, seat int, ev *engine.Event) ([]byte, error) {
	if ev == nil && seat >= 0 {
		h := map[string]string{"Content-Type": jsonType, "Location": "/v1/games/" + st.ID, seatHeader: strconv.Itoa(seat) + " " + st.Occupant(seat)}
		return keptWith(http.StatusCreated, h, seatResponse(nil, st, seat, "")), nil
	}
	status, location, tag, body, err := s.changeAnswer(nil, by, st, seat, ev)
	if err != nil {
		return nil, err
	}
	return kept(status, jsonType, location, tag, body), nil
}

// seatHeader names, in a kept answer's headers, the seat whose token the
// answer owes ("<seat> <occupancy>"): never sent.
const seatHeader = "Hanabi-Seat"

// withToken is a kept answer's body with the token of the seat it owes,
// made now for the caller who is answered; the header map loses the
// seat's entry.
func (s *Server) withToken(by auth.Caller, header map[string]string, body []byte) ([]byte, error) {
	owed, ok := header[seatHeader]
	if !ok {
		return body, nil
	}
	delete(header, seatHeader)
	const tail = `"token":""}`
	raw, occupant, _ := strings.Cut(owed, " ")
	seat, err := strconv.Atoi(raw)
	game, found := strings.CutPrefix(header["Location"], "/v1/games/")
	if err != nil || !found || !bytes.HasSuffix(body, []byte(tail)) {
		return nil, errors.New("idempotency: a kept answer owes a token it has no place for")
	}
	token, err := s.auth.SeatToken(by, game, seat, occupant)
	if err != nil {
		return nil, err
	}
	out := append(make([]byte, 0, len(body)+len(token)), body[:len(body)-len(tail)]...)
	return append(appendString(append(out, `"token":`...), token), '}'), nil
}

// sendChange sends the answer to the request's change: the one its key
// committed, or one rendered now.
func (s *Server) sendChange(c *gin.Context, st *play.State, seat int, ev *engine.Event) {
	var status int
	var location, tag string
	var body []byte
	var err error
	if k := idempotencyKey(c); k != nil && k.Reply != nil {
		var h map[string]string
		if status, h, body, err = unkept(k.Reply); err == nil {
			body, err = s.withToken(callerOf(c), h, body)
		}
		location, tag = h["Location"], h["ETag"]
	} else {
		buf := getBuf()
		defer putBuf(buf)
		status, location, tag, body, err = s.changeAnswer((*buf)[:0], callerOf(c), st, seat, ev)
		*buf = body
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	h := c.Writer.Header()
	if location != "" {
		h.Set("Location", location)
		h.Set("Cache-Control", "no-store")
	} else {
		h.Set("ETag", tag)
		h.Set("Cache-Control", "private, no-cache")
		h.Set("Vary", "Authorization")
	}
	writeJSON(c, status, body)
}

// kept is an answer as a key keeps it: "<status> <headers as JSON>\n<body>".
func kept(status int, contentType, location, tag string, body []byte) []byte {
	return keptWith(status, map[string]string{"Content-Type": contentType, "Location": location, "ETag": tag}, body)
}

// keptWith is kept, with its headers given whole.
func keptWith(status int, header map[string]string, body []byte) []byte {
	h, _ := json.Marshal(header)
	b := strconv.AppendInt(make([]byte, 0, 64+len(h)+len(body)), int64(status), 10)
	b = append(append(append(b, ' '), h...), '\n')
	return append(b, body...)
}

// unkept reads a kept answer.
func unkept(b []byte) (status int, header map[string]string, body []byte, err error) {
	head, body, ok := bytes.Cut(b, []byte{'\n'})
	code, h, _ := bytes.Cut(head, []byte{' '})
	if status, err = strconv.Atoi(string(code)); !ok || err != nil || json.Unmarshal(h, &header) != nil {
		return 0, nil, nil, errors.New("idempotency: a kept answer does not read")
	}
	return status, header, body, nil
}
