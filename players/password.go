package players

import (
	"crypto/rand"
	"sync"
	"unicode/utf8"

	"github.com/alexedwards/argon2id"
)

// Password bounds (characters).
const (
	MinPassword = 8
	MaxPassword = 256
)

// HashParams are Argon2id's costs: OWASP's first recommendation (19 MiB,
// two passes, one lane). BenchmarkHash measures what a sign-in costs.
var HashParams = &argon2id.Params{Memory: 19 * 1024, Iterations: 2, Parallelism: 1, SaltLength: 16, KeyLength: 32}

func checkPassword(p string) error {
	if n := utf8.RuneCountInString(p); n < MinPassword || n > MaxPassword {
		return errorf(BadPassword, "a password is %d–%d characters", MinPassword, MaxPassword)
	}
	return nil
}

// newDecoy is the hash that a sign-in naming no account is checked
// against, so that an unknown name costs what a wrong password does. It
// is made on first use, with the costs of the hashes it stands for, of a
// password nobody knows: one that matched would be a check that never
// fails, and the guard counts only failures.
func newDecoy(params *argon2id.Params) func() string {
	return sync.OnceValue(func() string {
		h, err := argon2id.CreateHash(rand.Text(), params)
		if err != nil {
			panic(err)
		}
		return h
	})
}
