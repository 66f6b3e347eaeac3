package models

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations
var migrationFS embed.FS

// migrationLockKey is the Postgres advisory lock that replicas starting at
// the same moment queue on, so that only one of them migrates.
const migrationLockKey = 7_283_411_920_517

type migration struct {
	version int
	name    string
	sql     string
}

func (s *Store) migrations() ([]migration, error) {
	dir := "migrations/sqlite"
	if s.pool != nil {
		dir = "migrations/postgres"
	}
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		num, _, _ := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", e.Name())
		}
		b, err := fs.ReadFile(migrationFS, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

// migrate applies the embedded migrations that schema_migrations does not
// list yet, all in one transaction. On Postgres a transaction-scoped advisory
// lock makes concurrent replicas wait for the first one, which then finds
// nothing left to do; on SQLite the immediate write transaction does the same.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := s.migrations()
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx db) error {
		if s.pool != nil {
			if _, err := tx.exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLockKey); err != nil {
				return err
			}
		}
		if _, err := tx.exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY,
			name VARCHAR(255) NOT NULL,
			applied_at VARCHAR(64) NOT NULL)`); err != nil {
			return err
		}
		done := map[int]bool{}
		if err := tx.query(ctx, "SELECT version FROM schema_migrations", nil, func(scan func(...any) error) error {
			var v int
			err := scan(&v)
			done[v] = true
			return err
		}); err != nil {
			return err
		}
		for _, m := range ms {
			if done[m.version] {
				continue
			}
			// A file's statements in one call: without values, pgx and
			// SQLite's driver each run them as one script.
			if _, err := tx.exec(ctx, m.sql); err != nil {
				return fmt.Errorf("%s: %w", m.name, err)
			}
			if _, err := tx.exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
				m.version, m.name, now().Format("2006-01-02T15:04:05.000Z")); err != nil {
				return err
			}
		}
		return nil
	})
}
