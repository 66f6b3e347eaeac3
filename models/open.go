package models

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	_ "modernc.org/sqlite" // registers the driver "sqlite"

	"github.com/hanabi-server/hanabi/play"
)

type dialect int

const (
	dialectSQLite dialect = iota
	dialectPostgres
)

// Store keeps games, seats and action logs in SQLite or PostgreSQL and tells
// subscribers when a game changes.
type Store struct {
	dialect dialect
	// w takes every write. On SQLite it is one connection, so writers queue
	// in Go instead of spinning in SQLite's busy handler; r is a separate pool
	// whose readers proceed in parallel thanks to WAL. On Postgres w == r.
	w, r *gorm.DB
	// pg is the pool under w and r on Postgres: the hot path (versions,
	// appends, notifications) speaks to it directly, without gorm.
	pg *pgxpool.Pool
	// appends gathers concurrent moves into one transaction; versions does
	// the same for version checks (Postgres only: SQLite reads locally).
	versions *batcher[string, play.Stamp]
	appends  *batcher[appendReq, *play.Appended]
	sqlite   *sqliteStmts // the append's statements on SQLite's writer

	heard     atomic.Pointer[func(string, play.Stamp)] // see Listen
	log       *slog.Logger                             // nil: none
	listener  *listener                                // nil unless Postgres
	publisher *publisher                               // nil unless Postgres
	instance  string                                   // names this store in the notifications it sends

	secretMu sync.Mutex
	secret   []byte

	closeOnce sync.Once
	closeErr  error

	purgeMu           sync.Mutex
	purgedIdempotency time.Time
}

// Open connects to the database named by url and brings its schema up to
// date. "postgres://..." and "postgresql://..." select PostgreSQL; anything
// else is an SQLite path, optionally written "sqlite://path" (":memory:" for
// a throwaway database). On Postgres it also starts listening for changes
// made by other replicas, and the URL may carry pool_max_conns (default four
// per core, at least 4).
func Open(ctx context.Context, url string, opts ...Option) (*Store, error) {
	s := &Store{instance: play.NewID()[:12]}
	for _, o := range opts {
		o(s)
	}
	var err error
	if isPostgresURL(url) {
		var pool int
		if url, pool, err = poolSize(url); err != nil {
			return nil, err
		}
		err = s.openPostgres(ctx, url, pool)
	} else {
		err = s.openSQLite(ctx, url)
	}
	if err != nil {
		s.closeDBs()
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		s.closeDBs()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if s.dialect == dialectSQLite {
		// After the migrations: a statement is prepared against the schema.
		wDB, err := s.w.DB()
		if err == nil {
			s.sqlite, err = prepareSQLite(ctx, wDB)
		}
		if err != nil {
			s.closeDBs()
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		// One writer connection: one batch at a time.
		s.appends = newBatcher(1, batchSize, s.appendsSQLite)
		s.appends.conflicts = sameGame
	}
	if s.dialect == dialectPostgres {
		l, err := startListener(ctx, url, s.instance, s.hear, s.log)
		if err != nil {
			s.closeDBs()
			return nil, fmt.Errorf("listen for changes: %w", err)
		}
		s.listener = l
		s.publisher = startPublisher(s.pg, l.payload)
	}
	return s, nil
}

// Option sets a store up as it opens.
type Option func(*Store)

func isPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

func gormConfig() *gorm.Config {
	return &gorm.Config{
		Logger: logger.Default.LogMode(logger.Silent),
		// Every write here is already an explicit transaction.
		SkipDefaultTransaction: true,
		NowFunc:                now,
	}
}

// now is in UTC, so that SQLite's text times sort in time order, and at
// millisecond precision, so that a cursor made from a stored time matches it
// exactly on both dialects (Postgres keeps microseconds).
func now() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }

func (s *Store) openPostgres(ctx context.Context, url string, pool int) error {
	s.dialect = dialectPostgres
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return fmt.Errorf("open postgres: %w", err)
	}
	cfg.MaxConns = int32(pool)
	cfg.MaxConnIdleTime = 5 * time.Minute
	if s.pg, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return fmt.Errorf("open postgres: %w", err)
	}
	// gorm shares the pool: one set of connections for both. database/sql
	// keeps none idle (OpenDBFromPool sees to it), so that none is held
	// away from the pool.
	sqlDB := stdlib.OpenDBFromPool(s.pg)
	sqlDB.SetMaxOpenConns(pool)
	db, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), gormConfig())
	if err != nil {
		sqlDB.Close()
		return fmt.Errorf("open postgres: %w", err)
	}
	s.w, s.r = db, db
	s.versions = newBatcher(batchRunners, batchSize, s.versionsPostgres)
	s.appends = newBatcher(batchRunners, batchSize, s.appendsPostgres)
	s.appends.conflicts = sameGame
	return sqlDB.PingContext(ctx)
}

// sqlitePath turns "sqlite://path" into path and leaves a plain path alone.
func sqlitePath(url string) string {
	if p, ok := strings.CutPrefix(url, "sqlite://"); ok {
		return p
	}
	if p, ok := strings.CutPrefix(url, "sqlite:"); ok {
		return p
	}
	return url
}

func isMemory(path string) bool {
	return path == "" || strings.Contains(path, ":memory:") || strings.Contains(path, "mode=memory")
}

func withParams(path string, params []string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + strings.Join(params, "&")
}

func (s *Store) openSQLite(ctx context.Context, url string) error {
	s.dialect = dialectSQLite
	path := sqlitePath(url)
	if path == "" {
		path = ":memory:"
	}
	// busy_timeout makes a writer wait for another process's write lock
	// instead of failing with SQLITE_BUSY. _txlock=immediate takes the write lock at BEGIN: a deferred transaction
	// that reads and then writes fails with SQLITE_BUSY (no wait) when
	// another writer got there first.
	// _time_format=sqlite writes times as "2006-01-02 15:04:05.999999999-07:00",
	// which sorts in time order for UTC times (see now).
	params := []string{"_pragma=busy_timeout(10000)", "_pragma=foreign_keys(1)", "_txlock=immediate", "_time_format=sqlite"}
	memory := isMemory(path)
	if !memory {
		params = append(params, "_pragma=synchronous(NORMAL)")
		if !strings.HasPrefix(path, "file:") {
			// A first run with a path like data/hanabi.db should just work.
			file, _, _ := strings.Cut(path, "?")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return fmt.Errorf("open sqlite: %w", err)
			}
		}
	}
	w, err := openSQLiteDB(withParams(path, params))
	if err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	s.w, s.r = w, w
	wDB, err := w.DB()
	if err != nil {
		return err
	}
	wDB.SetMaxOpenConns(1)
	// A closed connection to ":memory:" would take its database with it.
	wDB.SetMaxIdleConns(1)
	wDB.SetConnMaxLifetime(0)
	wDB.SetConnMaxIdleTime(0)
	if memory {
		return nil
	}
	if err := enableWAL(ctx, w); err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	r, err := openSQLiteDB(withParams(path, append(params, "_pragma=query_only(1)")))
	if err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	s.r = r
	rDB, err := r.DB()
	if err != nil {
		return err
	}
	rDB.SetMaxOpenConns(8)
	rDB.SetMaxIdleConns(8)
	return nil
}

// openSQLiteDB opens a gorm handle on SQLite. gorm keeps each statement it
// runs outside a transaction prepared (PrepareStmt), per connection, which
// the driver reuses: parsing the same few statements again was a fifth of
// the server's time. (Inside a transaction database/sql prepares again; the
// move's own statements avoid that, see sqliteStmts.)
func openSQLiteDB(dsn string) (*gorm.DB, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	cfg := gormConfig()
	cfg.PrepareStmt = true
	g, err := gorm.Open(sqliteDialect{db: db}, cfg)
	if err != nil {
		db.Close()
		return nil, err
	}
	return g, nil
}

// enableWAL switches the file to write-ahead logging, which lets readers
// proceed while one writer writes. The mode is kept in the file, so this is
// needed once; but processes that open a new file at the same moment can get
// SQLITE_BUSY here without the busy timeout being consulted, hence the retries.
func enableWAL(ctx context.Context, db *gorm.DB) error {
	delay := 5 * time.Millisecond
	for attempt := 0; ; attempt++ {
		var mode string
		err := db.WithContext(ctx).Raw("PRAGMA journal_mode=WAL").Scan(&mode).Error
		if err == nil {
			return nil
		}
		if !isBusy(err) || attempt == 40 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 200*time.Millisecond)
	}
}

// readTx runs fn in a transaction that sees one consistent snapshot.
func (s *Store) readTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == dialectPostgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	return s.r.WithContext(ctx).Transaction(fn, opts)
}

// writeTx runs fn in a write transaction.
func (s *Store) writeTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.w.WithContext(ctx).Transaction(fn)
}

// Ping checks that the database answers. It asks the read pool, so that a
// readiness probe does not queue behind SQLite's one writer.
func (s *Store) Ping(ctx context.Context) error {
	return s.r.WithContext(ctx).Exec("SELECT 1").Error
}

// Close stops listening for other replicas' changes and closes the
// database.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		if s.publisher != nil {
			s.publisher.stop()
		}
		if s.listener != nil {
			s.listener.stop()
		}
		s.closeErr = s.closeDBs()
	})
	return s.closeErr
}

func (s *Store) closeDBs() error {
	var errs []error
	if s.sqlite != nil {
		s.sqlite.close()
	}
	for _, db := range []*gorm.DB{s.w, s.r} {
		if db == nil {
			continue
		}
		sqlDB, err := db.DB()
		if err == nil {
			err = sqlDB.Close()
		}
		errs = append(errs, err)
		if s.r == s.w {
			break
		}
	}
	if s.pg != nil {
		s.pg.Close()
	}
	return errors.Join(errs...)
}
