package players

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"sync"
	"time"
)

// The sign-in guard stops guessing without letting anyone lock a player
// out (OWASP's authentication cheat sheet). Every check of a password (a
// sign-in, a password change) is counted before it is hashed: it takes a
// token from each of its buckets, all or none, and gives them back only if
// the password was right, or was never checked. So a burst checks no more
// passwords than the buckets hold, however many requests it sends at once.
//
// The buckets, and their numbers:
var (
	// PairFailures: one name from one address: five wrong passwords, then
	// one every five minutes. A person's typos end here.
	PairFailures = Limit{Every: 5 * time.Minute, Burst: 5}
	// AddrFailures: one address, across names: twenty, then one every
	// thirty seconds.
	AddrFailures = Limit{Every: 30 * time.Second, Burst: 20}
	// NameFailures: one name, across addresses: ten, then one a minute.
	// Past it the name is under attack, and it does not lock its player
	// out: an address clean on the name (no failure for it from there
	// that PairFailures still remembers) is still checked, and a right
	// password passes; a wrong one empties that address's bucket for the
	// name, so that each address gets one guess on a name under attack
	// every 25 minutes (PairFailures' Burst×Every).
	NameFailures = Limit{Every: time.Minute, Burst: 10}
	// AddrSignUps: accounts made from one address: ten, then one a minute.
	AddrSignUps = Limit{Every: time.Minute, Burst: 10}
)

// guard judges sign-ins on its Counters (shared by every replica where the
// store is). Buckets found empty are remembered in this process until they
// hold a token again, so that a flood of refused attempts costs no store
// call.
type guard struct {
	counters Counters
	now      func() time.Time

	mu      sync.Mutex
	refused map[string]time.Time // key → when it holds a token again
	asks    map[string]asks      // address → how often it asked lately
	pruned  time.Time
}

// asks is how many checks an address asked for lately: a count that
// decays by a factor e every askMemory.
type asks struct {
	n  float64
	at time.Time
}

// An address that asked for a check less than askGap ago, or for more
// than frequentAsks in about the last askMemory (a decaying count), is
// frequent: its checks wait behind the others' (see hasher). A person
// who mistyped takes longer than askGap to type again; a flood's
// addresses ask again as soon as they are answered.
const (
	askGap       = 2 * time.Second
	askMemory    = 10 * time.Second
	frequentAsks = 3
)

func newGuard(c Counters, now func() time.Time) *guard {
	return &guard{counters: c, now: now, refused: map[string]time.Time{}, asks: map[string]asks{}}
}

// key names a bucket without keeping the name or address it counts: the
// store holds digests only.
func key(kind string, parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return kind + hex.EncodeToString(h.Sum(nil)[:15])
}

// reservation is a check of a password, counted before the hash.
type reservation struct {
	keys   []string
	limits []Limit
	// drain: the address was let through a name under attack; a wrong
	// password empties its bucket for the name.
	drain bool
}

// reserve counts a check of a password for the name whose fold is fold,
// from addr, or refuses it (TooManyTries) with how long to wait.
func (g *guard) reserve(ctx context.Context, fold, addr string) (*reservation, error) {
	pair, byAddr, byName := key("p", fold, addr), key("a", addr), key("n", fold)
	now := g.now()
	if d := g.remembered(now, pair, byAddr); d > 0 {
		return nil, tooMany(d)
	}
	g.prune(ctx, now)
	r := &reservation{keys: []string{pair, byAddr, byName}, limits: []Limit{PairFailures, AddrFailures, NameFailures}}
	var refusal time.Duration
	var refusedKey string
	err := g.counters.Update(ctx, r.keys, func(tats []time.Time) []time.Time {
		refusal, refusedKey, r.drain = 0, "", false
		for i, l := range r.limits[:2] {
			if d := l.wait(tats[i], now); d > refusal {
				refusal, refusedKey = d, r.keys[i]
			}
		}
		if refusal > 0 {
			return tats
		}
		out := []time.Time{PairFailures.take(tats[0], now), AddrFailures.take(tats[1], now), tats[2]}
		if d := NameFailures.wait(tats[2], now); d == 0 {
			out[2] = NameFailures.take(tats[2], now)
		} else if !PairFailures.full(tats[0], now) {
			refusal = d
			return tats
		} else {
			r.drain = true
		}
		return out
	})
	if err != nil {
		return nil, err
	}
	if refusal > 0 {
		if refusedKey != "" {
			g.remember(refusedKey, now.Add(refusal))
		}
		return nil, tooMany(refusal)
	}
	if r.drain {
		r.limits = r.limits[:2] // the name's bucket was not taken from
		r.keys = r.keys[:2]
	}
	return r, nil
}

// failedCheck keeps a reservation whose password was wrong: the failure
// counts. A wrong password let through a name under attack empties the
// address's bucket for the name.
func (g *guard) failedCheck(ctx context.Context, r *reservation) error {
	now := g.now()
	if !r.drain {
		return nil
	}
	return g.counters.Update(ctx, r.keys[:1], func(tats []time.Time) []time.Time {
		return []time.Time{later(tats[0], now).Add(time.Duration(PairFailures.Burst) * PairFailures.Every)}
	})
}

// release gives back a reservation whose password was right, or was
// never checked: it does not count.
func (g *guard) release(ctx context.Context, r *reservation) error {
	now := g.now()
	return g.counters.Update(context.WithoutCancel(ctx), r.keys, func(tats []time.Time) []time.Time {
		out := make([]time.Time, len(tats))
		for i, l := range r.limits {
			out[i] = l.give(tats[i], now)
		}
		return out
	})
}

// take takes a token of one bucket (a sign-up's), or refuses.
func (g *guard) take(ctx context.Context, k string, l Limit) error {
	now := g.now()
	if d := g.remembered(now, k); d > 0 {
		return tooMany(d)
	}
	var refusal time.Duration
	err := g.counters.Update(ctx, []string{k}, func(tats []time.Time) []time.Time {
		if refusal = l.wait(tats[0], now); refusal > 0 {
			return tats
		}
		return []time.Time{l.take(tats[0], now)}
	})
	if err != nil {
		return err
	}
	if refusal > 0 {
		g.remember(k, now.Add(refusal))
		return tooMany(refusal)
	}
	return nil
}

// give gives a token back to one bucket.
func (g *guard) give(ctx context.Context, k string, l Limit) {
	now := g.now()
	_ = g.counters.Update(context.WithoutCancel(ctx), []string{k}, func(tats []time.Time) []time.Time {
		return []time.Time{l.give(tats[0], now)}
	})
}

// ask counts a check that addr asks for, and says whether addr asks
// often: a flood's addresses do, a person signing in does not. It is this
// process's hint, and decides only the order of the hashing queue.
func (g *guard) ask(addr string) (frequent bool) {
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	a := g.asks[addr]
	a.n *= math.Exp(-float64(now.Sub(a.at)) / float64(askMemory))
	frequent = a.n >= frequentAsks || !a.at.IsZero() && now.Sub(a.at) < askGap
	a.n, a.at = a.n+1, now
	g.asks[addr] = a
	return frequent
}

func (g *guard) remembered(now time.Time, keys ...string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	var d time.Duration
	for _, k := range keys {
		if until, ok := g.refused[k]; ok {
			d = max(d, until.Sub(now))
		}
	}
	return d
}

func (g *guard) remember(k string, until time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.refused[k] = until
}

// prune forgets, once a minute, what is over: in this process, and the
// buckets full again in the store.
func (g *guard) prune(ctx context.Context, now time.Time) {
	g.mu.Lock()
	due := now.Sub(g.pruned) > time.Minute
	if due {
		g.pruned = now
		for k, until := range g.refused {
			if !until.After(now) {
				delete(g.refused, k)
			}
		}
		for addr, a := range g.asks {
			if now.Sub(a.at) > 5*askMemory {
				delete(g.asks, addr)
			}
		}
	}
	g.mu.Unlock()
	if due {
		_ = g.counters.Prune(ctx, now)
	}
}

// tooMany is the refusal to wait d.
func tooMany(d time.Duration) *Error {
	secs := int(math.Ceil(d.Seconds()))
	return &Error{Code: TooManyTries, Msg: "too many failed attempts; try again later", RetryAfter: max(secs, 1)}
}
