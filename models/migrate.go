package models

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gorm.io/gorm"
)

//go:embed migrations
var migrationFS embed.FS

// migrationLockKey is the Postgres advisory lock that replicas starting at
// the same moment queue on, so that only one of them migrates.
const migrationLockKey = 7_283_411_920_517

// migration is a file of migrations, and its row of schema_migrations.
type migration struct {
	Version   int
	Name      string
	AppliedAt string
	sql       string
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
		ms = append(ms, migration{Version: v, Name: e.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
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
	return s.orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if s.pool != nil {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", migrationLockKey).Error; err != nil {
				return err
			}
		}
		if err := tx.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY,
			name VARCHAR(255) NOT NULL,
			applied_at VARCHAR(64) NOT NULL)`).Error; err != nil {
			return err
		}
		var done []int
		if err := tx.Table("schema_migrations").Pluck("version", &done).Error; err != nil {
			return err
		}
		for _, m := range ms {
			if slices.Contains(done, m.Version) {
				continue
			}
			// A file's statements in one call: without values, pgx and
			// SQLite's driver each run them as one script.
			if err := tx.Exec(m.sql).Error; err != nil {
				return fmt.Errorf("%s: %w", m.Name, err)
			}
			m.AppliedAt = now().Format("2006-01-02T15:04:05.000Z")
			if err := tx.Table("schema_migrations").Create(&m).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
