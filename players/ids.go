package players

import (
	"crypto/rand"
	"encoding/hex"
)

// newID is a fresh random id of an account.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
