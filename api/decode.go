package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// maxBody bounds every request body: the largest legitimate one, a hanab.live
// game, is a few KiB.
const maxBody = 64 << 10

// readBody reads the whole body within maxBody. A body still arriving when
// shutdown begins is cut off (the move it carries has not begun), so that a
// client sending a byte a second cannot hold the shutdown.
func (s *Server) readBody(c *gin.Context) ([]byte, error) {
	rc, cut := http.NewResponseController(c.Writer), make(chan struct{})
	stop := context.AfterFunc(s.stopped, func() { _ = rc.SetReadDeadline(time.Now()); close(cut) })
	if s.shuttingDown() {
		<-cut // before the read: net/http clears the deadline once the body is read
	}
	data, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxBody))
	if !stop() {
		<-cut
	}
	if err != nil && s.shuttingDown() {
		return nil, errShuttingDown
	}
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, badRequest("the request body is larger than %d bytes", maxBody)
		}
		return nil, badRequest("the request body could not be read")
	}
	return data, nil
}

// decodeBody reads the request's body into dst (see decodeStrict), or
// answers why it cannot and reports false.
func (s *Server) decodeBody(c *gin.Context, dst any, allowEmpty bool) bool {
	data, err := s.readBody(c)
	if err == nil {
		err = decodeStrict(data, dst, allowEmpty)
	}
	if err != nil {
		s.fail(c, err)
	}
	return err == nil
}

// decodeStrict decodes one JSON object into dst: unknown fields, wrong types,
// trailing data and empty bodies are refused with a detail that names the
// problem, never with a 500.
func decodeStrict(data []byte, dst any, allowEmpty bool) error {
	if len(bytes.TrimSpace(data)) == 0 {
		if allowEmpty {
			return nil
		}
		return badRequest("the request body is empty; a JSON object is expected")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonProblem(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("the request body holds more than one JSON value")
	}
	return checkShape(data, reflect.TypeOf(dst))
}

func jsonProblem(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return badRequest("malformed JSON at byte %d: %s", se.Offset, se.Error())
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			return badRequest("the request body must be a JSON object, not %s", te.Value)
		}
		return badRequest("field %s must be %s, not %s", field, jsonTypeName(te.Type.String()), te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return badRequest("malformed JSON: the body ends too early")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return badRequest("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return badRequest("malformed JSON: %s", truncate(err.Error(), 120))
}

func jsonTypeName(goType string) string {
	goType = strings.TrimLeft(goType, "*")
	switch {
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	}
	return fmt.Sprintf("a JSON value of the right shape (%s)", goType)
}
