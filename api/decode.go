package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// maxBody bounds every request body: the largest legitimate one, a hanab.live
// game, is a few KiB.
const maxBody = 64 << 10

// readBody reads the whole body within maxBody.
func readBody(c *gin.Context) ([]byte, error) {
	r := http.MaxBytesReader(c.Writer, c.Request.Body, maxBody)
	data, err := io.ReadAll(r)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, badRequest("the request body is larger than %d bytes", maxBody)
		}
		return nil, badRequest("the request body could not be read")
	}
	return data, nil
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
	return nil
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
