package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

var _ players.Store = (*Store)(nil)

// CreatePlayer: see players.Store. Two sign-ups racing for one key meet
// its unique index: the second is told the name the first took.
func (s *Store) CreatePlayer(ctx context.Context, p players.Player, keys players.Keys, hash string) error {
	_, err := s.wdb().exec(ctx, `INSERT INTO players (id, name, fold, skeleton, skeleton_lower, password_hash, bot, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		p.ID, p.Name, keys.Fold, nullIfEmpty(keys.Skeleton), nullIfEmpty(keys.Lower), hash, p.Bot, p.CreatedAt.UTC())
	if isUniqueViolation(err) {
		return s.nameTaken(ctx, p.Name, keys)
	}
	return err
}

// nameTaken is the refusal of a name whose keys another account has.
func (s *Store) nameTaken(ctx context.Context, name string, keys players.Keys) error {
	clash, err := s.PlayerLike(ctx, keys)
	if err != nil {
		clash.Name = name
	}
	return &players.Error{Code: players.NameTaken, Msg: "that name is taken, or one too like it: " + clash.Name, Clash: clash.Name}
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// likeKeys is the accounts whose name one of a name's keys (fold,
// skeleton, lower skeleton: the three placeholders) has, or looks like:
// what PlayerLike asks, and guestGuard's write is made only without.
const likeKeys = "fold = $%d OR skeleton = $%d OR skeleton_lower = $%d"

// PlayerLike: see players.Store.
func (s *Store) PlayerLike(ctx context.Context, keys players.Keys) (players.Player, error) {
	var p players.Player
	err := s.rdb().row(ctx, `SELECT id, name, bot, created_at FROM players WHERE `+fmt.Sprintf(likeKeys, 1, 2, 3)+` ORDER BY created_at LIMIT 1`,
		[]any{keys.Fold, keys.Skeleton, keys.Lower}, &p.ID, &p.Name, &p.Bot, &p.CreatedAt)
	return p, playerErr(err)
}

// Unskeletoned: see players.Store.
func (s *Store) Unskeletoned(ctx context.Context, after players.Player, limit int) ([]players.Player, error) {
	var out []players.Player
	at := after.CreatedAt.UTC()
	if after.ID == "" {
		at = time.Time{}
	}
	err := s.read(ctx, &out, `SELECT id, name, bot, created_at FROM players WHERE (skeleton IS NULL OR skeleton_lower IS NULL)
	AND (created_at > $1 OR created_at = $1 AND id > $2) ORDER BY created_at, id LIMIT $3`, at, after.ID, limit)
	return out, err
}

// SetSkeleton: see players.Store.
func (s *Store) SetSkeleton(ctx context.Context, playerID string, keys players.Keys) error {
	_, err := s.wdb().exec(ctx, `UPDATE players SET skeleton = COALESCE($2, skeleton), skeleton_lower = COALESCE($3, skeleton_lower) WHERE id = $1`,
		playerID, nullIfEmpty(keys.Skeleton), nullIfEmpty(keys.Lower))
	if isUniqueViolation(err) {
		return s.nameTaken(ctx, "", players.Keys{Skeleton: keys.Skeleton, Lower: keys.Lower})
	}
	return err
}

// PlayerByFold: see players.Store.
func (s *Store) PlayerByFold(ctx context.Context, fold string) (players.Player, string, error) {
	var p players.Player
	var hash string
	err := s.rdb().row(ctx, `SELECT id, name, bot, created_at, password_hash FROM players WHERE fold = $1`, []any{fold},
		&p.ID, &p.Name, &p.Bot, &p.CreatedAt, &hash)
	return p, hash, playerErr(err)
}

// PlayerByID: see players.Store.
func (s *Store) PlayerByID(ctx context.Context, id string) (players.Player, error) {
	var p players.Player
	err := s.rdb().row(ctx, `SELECT id, name, bot, created_at FROM players WHERE id = $1`, []any{id}, &p.ID, &p.Name, &p.Bot, &p.CreatedAt)
	return p, playerErr(err)
}

// SetPassword: see players.Store.
func (s *Store) SetPassword(ctx context.Context, playerID, hash string) error {
	n, err := s.wdb().exec(ctx, `UPDATE players SET password_hash = $2 WHERE id = $1`, playerID, hash)
	if err == nil && n == 0 {
		return players.ErrNotFound
	}
	return err
}

// CreateToken: see players.Store.
func (s *Store) CreateToken(ctx context.Context, t players.TokenRow) error {
	_, err := s.wdb().exec(ctx, `INSERT INTO player_tokens (id, player_id, kind, name, secret_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		t.ID, t.PlayerID, t.Kind, t.Name, t.Hash, t.CreatedAt.UTC(), utcPtr(t.ExpiresAt))
	return err
}

// Token: see players.Store. It reads the writer's database, so that a
// token just revoked on this process is never read as it was.
func (s *Store) Token(ctx context.Context, id string) (players.TokenRow, error) {
	var t players.TokenRow
	err := s.wdb().row(ctx, `SELECT id, player_id, kind, name, secret_hash, created_at, last_used_at, expires_at, revoked_at FROM player_tokens WHERE id = $1`,
		[]any{id}, &t.ID, &t.PlayerID, &t.Kind, &t.Name, &t.Hash, &t.CreatedAt, &t.LastUsedAt, &t.ExpiresAt, &t.RevokedAt)
	return t, playerErr(err)
}

// TouchToken: see players.Store.
func (s *Store) TouchToken(ctx context.Context, id string, at time.Time) error {
	_, err := s.wdb().exec(ctx, `UPDATE player_tokens SET last_used_at = $2 WHERE id = $1`, id, at.UTC())
	return err
}

// RevokeTokens: see players.Store.
func (s *Store) RevokeTokens(ctx context.Context, playerID, kind, id, except string, at time.Time) (int, error) {
	q, args := `UPDATE player_tokens SET revoked_at = $3 WHERE player_id = $1 AND kind = $2 AND revoked_at IS NULL`, []any{playerID, kind, at.UTC()}
	if id != "" {
		q, args = q+` AND id = $4`, append(args, id)
	} else if except != "" {
		q, args = q+` AND id <> $4`, append(args, except)
	}
	n, err := s.wdb().exec(ctx, q, args...)
	// The player's followers ask their credentials again at once (on
	// Postgres, migration 0029's trigger tells every replica).
	if err == nil && n > 0 && s.pool == nil {
		s.hearRevoked(playerID)
	}
	return int(n), err
}

// revokedKey prefixes a player whose credential was revoked, on the
// players' channel (migration 0029).
const revokedKey = "~revoked/"

// ListenRevoked: see players.Store; set it before the store serves.
func (s *Store) ListenRevoked(heard func(playerID string)) { s.heardRevoked.Store(&heard) }

// hearRevoked hands word of a player's credential revoked to its listener.
func (s *Store) hearRevoked(playerID string) {
	if f := s.heardRevoked.Load(); f != nil {
		(*f)(playerID)
	}
}

// Tokens: see players.Store.
func (s *Store) Tokens(ctx context.Context, playerID, kind string) ([]players.TokenRow, error) {
	var rows []tokenRow
	err := s.read(ctx, &rows, `SELECT id, player_id, kind, name, created_at, last_used_at, expires_at FROM player_tokens
WHERE player_id = $1 AND kind = $2 AND revoked_at IS NULL ORDER BY created_at DESC, id`, playerID, kind)
	out := make([]players.TokenRow, len(rows))
	for i, r := range rows {
		out[i] = players.TokenRow{ID: r.ID, PlayerID: r.PlayerID, Kind: r.Kind, Name: r.Name, CreatedAt: r.CreatedAt,
			LastUsedAt: r.LastUsedAt, ExpiresAt: r.ExpiresAt}
	}
	return out, err
}

// ForgetTokens: see players.Store.
func (s *Store) ForgetTokens(ctx context.Context, playerID string, now time.Time) error {
	_, err := s.wdb().exec(ctx, `DELETE FROM player_tokens WHERE player_id = $1 AND (revoked_at IS NOT NULL OR expires_at <= $2)`, playerID, now.UTC())
	return err
}

type tokenRow struct {
	ID, PlayerID, Kind, Name string
	CreatedAt                time.Time
	LastUsedAt, ExpiresAt    *time.Time
}

// read runs a query of many rows on the readers, into dest (gorm's Scan).
func (s *Store) read(ctx context.Context, dest any, q string, args ...any) error {
	if s.pool == nil {
		q = sqliteSQL(q)
	}
	return s.ormReads.WithContext(ctx).Raw(q, args...).Scan(dest).Error
}

func playerErr(err error) error {
	if errors.Is(err, play.ErrNotFound) {
		return players.ErrNotFound
	}
	return err
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// SetMute: see players.Store.
func (s *Store) SetMute(ctx context.Context, playerID, mutedID string, on bool) error {
	q := `DELETE FROM mutes WHERE player_id = $1 AND muted_id = $2`
	if on {
		q = `INSERT INTO mutes (player_id, muted_id) VALUES ($1, $2) ON CONFLICT (player_id, muted_id) DO NOTHING`
	}
	_, err := s.wdb().exec(ctx, q, playerID, mutedID)
	return err
}

// Muted: see players.Store.
func (s *Store) Muted(ctx context.Context, playerID string) ([]players.Player, error) {
	var out []players.Player
	err := s.read(ctx, &out, `SELECT p.id, p.name, p.bot, p.created_at FROM mutes m JOIN players p ON p.id = m.muted_id WHERE m.player_id = $1 ORDER BY p.name`, playerID)
	return out, err
}
