package api

import "github.com/hanabi-server/hanabi/internal/accept"

const (
	problemType = "application/problem+json"
	jsonMedia   = "application/json"
)

// problemMedia is the media type of a problem answer to a request that sent
// accept. A problem is application/problem+json (RFC 9457), unless the
// client accepts application/json and not that: the document offers the one
// Problem schema under both, so that a client that reads only JSON answers
// (as some generated ones do) gets its errors typed too.
func problemMedia(header string) string {
	if header == "" {
		return problemType
	}
	plain := false
	for media := range accept.Taken(header) {
		switch media {
		case problemType, "*/*", "application/*":
			return problemType
		case jsonMedia:
			plain = true
		}
	}
	if plain {
		return jsonMedia
	}
	return problemType
}
