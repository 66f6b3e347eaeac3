package models

import (
	"fmt"
	"net/url"
	"runtime"
	"strconv"
)

// poolParam in a Postgres URL sets how many connections a store opens (the
// name pgx's own pool uses). It is taken out of the URL before connecting,
// as the server would refuse it as a setting.
const poolParam = "pool_max_conns"

// defaultPoolSize keeps the busy connections near the cores that serve
// them: on a small machine a few dozen busy backends spend the CPU on
// switching between themselves, and requests are cheaper to queue in Go.
func defaultPoolSize() int { return max(4, 4*runtime.GOMAXPROCS(0)) }

// poolSize returns the URL without poolParam and the pool size it asks for.
func poolSize(raw string) (string, int, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", 0, fmt.Errorf("database URL: %w", err)
	}
	q := u.Query()
	v, ok := q[poolParam]
	if !ok {
		return raw, defaultPoolSize(), nil
	}
	n, err := strconv.Atoi(v[len(v)-1])
	if err != nil || n < 1 || n > 1000 {
		return "", 0, fmt.Errorf("database URL: %s must be a number from 1 to 1000", poolParam)
	}
	q.Del(poolParam)
	u.RawQuery = q.Encode()
	return u.String(), n, nil
}
