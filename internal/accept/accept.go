// Package accept reads the lists a client sends in Accept and
// Accept-Encoding (RFC 9110, 12.5), so that every answer that negotiates
// reads them the same way.
package accept

import (
	"iter"
	"strconv"
	"strings"
)

// Taken yields the values header names that the client does not refuse
// with q=0, lowercased, in the order named.
func Taken(header string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for part := range strings.SplitSeq(header, ",") {
			value, params, _ := strings.Cut(part, ";")
			if refused(params) {
				continue
			}
			if v := strings.ToLower(strings.TrimSpace(value)); v != "" && !yield(v) {
				return
			}
		}
	}
}

// Gzip says whether Accept-Encoding header takes gzip (named, as x-gzip,
// or as *).
func Gzip(header string) bool {
	for coding := range Taken(header) {
		switch coding {
		case "gzip", "x-gzip", "*":
			return true
		}
	}
	return false
}

// refused says whether a value's parameters carry q=0 (q=0.000 too).
func refused(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err == nil && q == 0
		}
	}
	return false
}
