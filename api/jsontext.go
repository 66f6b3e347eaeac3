package api

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// checkText refuses a JSON body that encoding/json reads one way where
// another reader may read it another: bytes that are not UTF-8 (read as
// U+FFFD), and an object that names a key twice (the last one kept).
func checkText(data []byte) error {
	if !utf8.Valid(data) {
		return badRequest("the request body is not UTF-8 text")
	}
	if k, ok := repeatedKey(data); ok {
		return badRequest("the request body names the key %q twice in one object", truncate(k, 32))
	}
	return nil
}

// repeatedKey is the first key that an object of data names twice. A body
// that is not JSON has none here: its decoding tells what is wrong.
func repeatedKey(data []byte) (string, bool) {
	type level struct {
		keys    map[string]bool // nil: an array
		wantKey bool
	}
	var stack []*level
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		top := (*level)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &level{keys: map[string]bool{}, wantKey: true})
				continue
			case '[':
				stack = append(stack, &level{})
				continue
			}
			stack = stack[:len(stack)-1] // the container closed is its parent's value
			if len(stack) > 0 {
				top = stack[len(stack)-1]
			} else {
				top = nil
			}
		case string:
			if top != nil && top.keys != nil && top.wantKey {
				if top.keys[t] {
					return t, true
				}
				top.keys[t], top.wantKey = true, false
				continue
			}
		}
		if top != nil && top.keys != nil {
			top.wantKey = true // a value ended: a key comes next
		}
	}
}
