package api

import "strconv"

// Decoding a move with decodeStrict (encoding/json, then a second walk for
// the shape checks) was a fifth of postAction's time, more than the move
// itself. quickAction reads the bodies clients send, a flat object of the
// request's own fields with plain values, in one pass without reflection;
// anything else goes to decodeStrict, which judges it and words what is
// wrong. FuzzQuickAction holds the two to the same request for every body
// quickAction takes.

// quickAction decodes data as decodeStrict would into an ActionRequest, for
// an object whose keys are ActionRequest's JSON names, each at most once,
// with type one of the three moves, color a string of printable ASCII
// without escapes, and the numbers integers of at most 9 digits; spaces
// between the tokens as JSON allows. It reports false for any other body.
func quickAction(data []byte) (req ActionRequest, ok bool) {
	i := skipJSONSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return req, false
	}
	var seen uint8
	for {
		i = skipJSONSpace(data, i+1)
		a, b, ok := plainJSONString(data, i)
		if !ok {
			return req, false
		}
		i = skipJSONSpace(data, b+1)
		if i >= len(data) || data[i] != ':' {
			return req, false
		}
		i = skipJSONSpace(data, i+1)
		var bit uint8
		switch string(data[a:b]) {
		case "type":
			bit = 1
			va, vb, ok := plainJSONString(data, i)
			if !ok {
				return req, false
			}
			// The three types are the only ones a move can have: another is
			// refused, and decodeStrict's own reading is as good for that.
			switch string(data[va:vb]) {
			case "play":
				req.Type = "play"
			case "discard":
				req.Type = "discard"
			case "clue":
				req.Type = "clue"
			default:
				return req, false
			}
			i = vb + 1
		case "color":
			bit = 2
			va, vb, ok := plainJSONString(data, i)
			if !ok {
				return req, false
			}
			s := string(data[va:vb])
			req.Color, i = &s, vb+1
		case "card":
			bit = 4
			req.Card, i, ok = plainJSONInt(data, i)
		case "target":
			bit = 8
			req.Target, i, ok = plainJSONInt(data, i)
		case "rank":
			bit = 16
			req.Rank, i, ok = plainJSONInt(data, i)
		case "version":
			bit = 32
			var n *int
			if n, i, ok = plainJSONInt(data, i); ok {
				v := int64(*n)
				req.Version = &v
			}
		default:
			return req, false
		}
		if !ok || seen&bit != 0 {
			return req, false
		}
		seen |= bit
		i = skipJSONSpace(data, i)
		if i >= len(data) {
			return req, false
		}
		if data[i] == '}' {
			break
		}
		if data[i] != ',' {
			return req, false
		}
	}
	return req, skipJSONSpace(data, i+1) == len(data)
}

// skipJSONSpace is the index of the first byte at or after i that is not
// JSON's white space.
func skipJSONSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// plainJSONString finds a string at data[i] of printable ASCII with no
// escape: its contents are data[a:b], its closing quote data[b].
func plainJSONString(data []byte, i int) (a, b int, ok bool) {
	if i >= len(data) || data[i] != '"' {
		return 0, 0, false
	}
	for b = i + 1; b < len(data); b++ {
		switch c := data[b]; {
		case c == '"':
			return i + 1, b, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// plainJSONInt reads a JSON integer at data[i] (no fraction, no exponent,
// at most 9 digits, so that it fits an int of any size) and the index
// after it.
func plainJSONInt(data []byte, i int) (*int, int, bool) {
	j := i
	if j < len(data) && data[j] == '-' {
		j++
	}
	d := j
	for j < len(data) && data[j] >= '0' && data[j] <= '9' {
		j++
	}
	if j == d || j-d > 9 || data[d] == '0' && j-d > 1 {
		return nil, 0, false
	}
	if j < len(data) && (data[j] == '.' || data[j] == 'e' || data[j] == 'E') {
		return nil, 0, false
	}
	n, err := strconv.ParseInt(string(data[i:j]), 10, 64)
	if err != nil {
		return nil, 0, false
	}
	v := int(n)
	return &v, j, true
}
