package players

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// A player's token is "<kind prefix><id>_<secret>": the id finds its row,
// whose hash of the secret is compared in constant time. Only the hash is
// stored; the secret is shown once, when the token is made. A session is
// what signing in makes; an access token is one a player makes for a
// program (a bot), named, until revoked. Either works wherever the other
// does.
const (
	sessionPrefix = "hps_"
	accessPrefix  = "hpa_"
)

// Kinds of token.
const (
	KindSession = "session"
	KindAccess  = "access"
)

// newSecret is a token's id and secret, and the secret's hash as stored.
func newSecret() (id, secret, hash string) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	id = hex.EncodeToString(b[:])
	var s [32]byte
	_, _ = rand.Read(s[:])
	secret = base64.RawURLEncoding.EncodeToString(s[:])
	return id, secret, hashSecret(secret)
}

// hashSecret is what is stored of a secret: 256 random bits need no slow
// hash, only one that does not give them back.
func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// format is the token a client holds.
func format(kind, id, secret string) string {
	p := sessionPrefix
	if kind == KindAccess {
		p = accessPrefix
	}
	return p + id + "_" + secret
}

// IsPlayerToken tells a player's token from anything else a client may
// send as a bearer token (a seat's JWT).
func IsPlayerToken(raw string) bool {
	return strings.HasPrefix(raw, sessionPrefix) || strings.HasPrefix(raw, accessPrefix)
}

// parse splits a token into its kind, id and secret.
func parse(raw string) (kind, id, secret string, ok bool) {
	switch {
	case strings.HasPrefix(raw, sessionPrefix):
		kind, raw = KindSession, raw[len(sessionPrefix):]
	case strings.HasPrefix(raw, accessPrefix):
		kind, raw = KindAccess, raw[len(accessPrefix):]
	default:
		return "", "", "", false
	}
	id, secret, ok = strings.Cut(raw, "_")
	if !ok || len(id) != 32 || secret == "" || len(secret) > 64 {
		return "", "", "", false
	}
	return kind, id, secret, true
}

// secretMatches compares a presented secret with a stored hash in constant
// time.
func secretMatches(secret, hash string) bool {
	return subtle.ConstantTimeCompare([]byte(hashSecret(secret)), []byte(hash)) == 1
}
