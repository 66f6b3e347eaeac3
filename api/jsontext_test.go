package api

import "testing"

func TestRepeatedKey(t *testing.T) {
	for _, c := range []struct {
		in, key string
	}{
		{`{"a":1,"b":2}`, ""},
		{`[{"a":1},{"a":2}]`, ""},
		{`{"a":{"a":1},"b":{"a":2}}`, ""},
		{`{"a":[],"b":{},"c":"a"}`, ""},
		{`{"a":1,"a":2}`, "a"},
		{`{"a":{"b":1},"a":2}`, "a"},
		{`{"a":1,"b":[1,{"c":1,"c":2}]}`, "c"},
		{`{"x":[{"y":{"z":1}},"z"],"z":1,"z":2}`, "z"},
		{`{"a":1,`, ""}, // not JSON: its decoding tells
	} {
		key, ok := repeatedKey([]byte(c.in))
		if key != c.key || ok != (c.key != "") {
			t.Errorf("repeatedKey(%s) = %q, %v; want %q", c.in, key, ok, c.key)
		}
	}
}
