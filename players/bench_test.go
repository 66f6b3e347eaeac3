package players

import (
	"context"
	"sync"
	"testing"
	"time"
)

// memStore is a players.Store in memory, for the domain's own tests.
type memStore struct {
	mu      sync.Mutex
	byFold  map[string]Player
	bySkel  map[string]Player
	byLower map[string]Player
	hashes  map[string]string
	tokens  map[string]TokenRow
	players map[string]Player
}

func newMemStore() *memStore {
	return &memStore{byFold: map[string]Player{}, bySkel: map[string]Player{}, byLower: map[string]Player{}, hashes: map[string]string{}, tokens: map[string]TokenRow{}, players: map[string]Player{}}
}

func (m *memStore) CreatePlayer(_ context.Context, p Player, keys Keys, hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if q, ok := m.byFold[keys.Fold]; ok {
		return taken(q.Name)
	}
	if q, ok := m.bySkel[keys.Skeleton]; ok && keys.Skeleton != "" {
		return taken(q.Name)
	}
	if q, ok := m.byLower[keys.Lower]; ok && keys.Lower != "" {
		return taken(q.Name)
	}
	m.byFold[keys.Fold], m.hashes[p.ID], m.players[p.ID] = p, hash, p
	if keys.Skeleton != "" {
		m.bySkel[keys.Skeleton] = p
	}
	if keys.Lower != "" {
		m.byLower[keys.Lower] = p
	}
	return nil
}

func (m *memStore) PlayerLike(_ context.Context, keys Keys) (Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.byFold[keys.Fold]; ok && keys.Fold != "" {
		return p, nil
	}
	if p, ok := m.bySkel[keys.Skeleton]; ok && keys.Skeleton != "" {
		return p, nil
	}
	if p, ok := m.byLower[keys.Lower]; ok && keys.Lower != "" {
		return p, nil
	}
	return Player{}, ErrNotFound
}

// Unskeletoned: every account of memStore has its skeleton.
func (m *memStore) Unskeletoned(context.Context, Player, int) ([]Player, error) { return nil, nil }

func (m *memStore) SetSkeleton(context.Context, string, Keys) error { return nil }

func (m *memStore) PlayerByFold(_ context.Context, fold string) (Player, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.byFold[fold]
	if !ok {
		return Player{}, "", ErrNotFound
	}
	return p, m.hashes[p.ID], nil
}

func (m *memStore) PlayerByID(_ context.Context, id string) (Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.players[id]
	if !ok {
		return Player{}, ErrNotFound
	}
	return p, nil
}

func (m *memStore) SetPassword(_ context.Context, id, hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.hashes[id] = hash
	return nil
}

func (m *memStore) CreateToken(_ context.Context, t TokenRow) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tokens[t.ID] = t
	return nil
}

func (m *memStore) Token(_ context.Context, id string) (TokenRow, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.tokens[id]
	if !ok {
		return TokenRow{}, ErrNotFound
	}
	return t, nil
}

func (m *memStore) TouchToken(_ context.Context, id string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.tokens[id]
	t.LastUsedAt = &at
	m.tokens[id] = t
	return nil
}

func (m *memStore) ListenRevoked(func(string)) {}

func (m *memStore) RevokeTokens(_ context.Context, playerID, kind, id, except string, at time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for k, t := range m.tokens {
		if t.PlayerID == playerID && t.Kind == kind && t.RevokedAt == nil && (id == "" && k != except || k == id) {
			t.RevokedAt = &at
			m.tokens[k] = t
			n++
		}
	}
	return n, nil
}

func (m *memStore) ForgetTokens(_ context.Context, playerID string, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, t := range m.tokens {
		if t.PlayerID == playerID && (t.RevokedAt != nil || t.ExpiresAt != nil && !now.Before(*t.ExpiresAt)) {
			delete(m.tokens, k)
		}
	}
	return nil
}

func (m *memStore) Tokens(_ context.Context, playerID, kind string) ([]TokenRow, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []TokenRow
	for _, t := range m.tokens {
		if t.PlayerID == playerID && t.Kind == kind && t.RevokedAt == nil {
			out = append(out, t)
		}
	}
	return out, nil
}

func (m *memStore) SetMute(context.Context, string, string, bool) error { return nil }

func (m *memStore) Muted(context.Context, string) ([]Player, error) { return nil, nil }

// unlimited lifts the guard's limits until the function it answers runs.
func unlimited() func() {
	saved := []Limit{PairFailures, AddrFailures, NameFailures}
	none := Limit{Every: time.Nanosecond, Burst: 1 << 30}
	PairFailures, AddrFailures, NameFailures = none, none, none
	return func() { PairFailures, AddrFailures, NameFailures = saved[0], saved[1], saved[2] }
}

// BenchmarkSignIn is what a sign-in costs with the real Argon2id costs
// (HashParams): the right password, a wrong one, and an unknown name,
// which must cost about the same as a wrong password.
func BenchmarkSignIn(b *testing.B) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "bench"); err != nil {
		b.Fatal(err)
	}
	defer unlimited()()
	for _, c := range []struct{ name, password string }{
		{"Alice", "correct horse"}, {"Alice", "wrong horse"}, {"Mallory", "wrong horse"},
	} {
		b.Run(c.name+"/"+c.password, func(b *testing.B) {
			for b.Loop() {
				_, _, _, _ = s.SignIn(ctx, c.name, c.password, "bench")
			}
		})
	}
}

// A sign-in refused for too many failures costs no hashing: it is judged
// before.
func BenchmarkSignInRefused(b *testing.B) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "bench"); err != nil {
		b.Fatal(err)
	}
	for range PairFailures.Burst {
		_, _, _, _ = s.SignIn(ctx, "Alice", "wrong horse", "bench")
	}
	for b.Loop() {
		if _, _, _, err := s.SignIn(ctx, "Alice", "correct horse", "bench"); err == nil {
			b.Fatal("signed in past the limit")
		}
	}
}

// BenchmarkKeysOf measures the keys of a guest's name, taken on every
// guest's seat.
func BenchmarkKeysOf(b *testing.B) {
	for _, name := range []string{"load-1", "Aliсé"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				KeysOf(name)
			}
		})
	}
}
