package players

import (
	"crypto/rand"
	"encoding/hex"
	"unicode"
)

// newID is a fresh random id of an account.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func isControl(r rune) bool { return unicode.IsControl(r) }
