package players

import (
	"context"
	"runtime"
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

// hasher runs Argon2id on at most a quarter of the cores (at least one) at
// a time, so that sign-ins, however many, leave the rest to play; a caller
// queues for its turn until its context ends.
type hasher struct{ slots chan struct{} }

func newHasher() *hasher {
	return &hasher{slots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/4))}
}

func (h *hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *hasher) release() { <-h.slots }

// hash is p's Argon2id hash in the PHC string format (its salt and costs
// in it).
func (h *hasher) hash(ctx context.Context, p string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return argon2id.CreateHash(p, HashParams)
}

// matches compares p with hash in constant time.
func (h *hasher) matches(ctx context.Context, p, hash string) (bool, error) {
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	return argon2id.ComparePasswordAndHash(p, hash)
}

// decoyHash is hashed against when a sign-in names no account, so that an
// unknown name costs what a wrong password does. It is made on first use.
var decoyHash = sync.OnceValue(func() string {
	h, err := argon2id.CreateHash("no account has this password", HashParams)
	if err != nil {
		panic(err)
	}
	return h
})
