package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// checkText refuses a JSON body that encoding/json reads one way where
// another reader may read it another: bytes that are not UTF-8 (read as
// U+FFFD), and an object that names a key twice (the last one kept). A
// body that is not JSON passes: its decoding tells what is wrong.
func checkText(data []byte) error {
	_, err := textValue(data)
	if refused := (*textRefusal)(nil); errors.As(err, &refused) {
		return refused.err
	}
	return nil
}

// textRefusal is why textValue refuses a body that is JSON.
type textRefusal struct {
	key string // the key named twice, if that is why
	err error  // the problem it is
}

func (r *textRefusal) Error() string { return r.err.Error() }

// textValue reads data's JSON value as encoding/json reads it into an any
// (numbers as json.Number), in the one walk that also refuses what
// checkText refuses (*textRefusal). A body that is not JSON answers its
// decoding's error.
func textValue(data []byte) (any, error) {
	if !utf8.Valid(data) {
		return nil, &textRefusal{err: badRequest("the request body is not UTF-8 text")}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return valueOf(dec)
}

// valueOf reads the next JSON value of dec.
func valueOf(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		m := map[string]any{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			if _, twice := m[k]; twice {
				return nil, &textRefusal{key: k, err: badRequest("the request body names the key %q twice in one object", truncate(k, 32))}
			}
			if m[k], err = valueOf(dec); err != nil {
				return nil, err
			}
		}
		_, err = dec.Token() // }
		return m, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := valueOf(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.Token() // ]
		return a, err
	}
	return tok, nil // a string, a json.Number, a bool or nil
}

// repeatedKey is the first key that an object of data names twice. A body
// that is not JSON has none here.
func repeatedKey(data []byte) (string, bool) {
	_, err := textValue(data)
	if refused := (*textRefusal)(nil); errors.As(err, &refused) && refused.key != "" {
		return refused.key, true
	}
	return "", false
}
