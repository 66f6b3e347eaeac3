// Package models stores games, seats, the append-only action log, card
// notes and idempotency keys, on an embedded SQLite file or on PostgreSQL,
// through gorm, and a move's path through the drivers underneath (see db):
// it implements play.Store, in play's types and errors. A game's state is
// never stored: it is the engine replaying the log.
package models

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	_ "modernc.org/sqlite" // registers the driver "sqlite"

	"github.com/hanabi-server/hanabi/play"
)

var _ play.Store = (*Store)(nil)

// Store keeps games in SQLite or PostgreSQL and tells the other replicas
// (on Postgres) what changed.
type Store struct {
	pool *pgxpool.Pool // Postgres
	// On SQLite, writer takes every write: one connection, so that writers
	// queue in Go instead of spinning in SQLite's busy handler; readers is a
	// pool whose readers proceed in parallel thanks to WAL (the writer
	// itself in memory). Each keeps its statements prepared.
	writer, readers          *sql.DB
	writerStmts, readerStmts sync.Map
	// orm is gorm on SQLite's writer or Postgres's pool, for all but a
	// move's path; ormReads on SQLite's readers.
	orm, ormReads *gorm.DB

	// appends gathers concurrent moves into one transaction.
	appends *batcher[appendReq, struct{}]

	heard atomic.Pointer[func(string, play.Stamp)] // see Listen
	// heardPlayer: see ListenPlayers.
	heardPlayer atomic.Pointer[func(string)]
	// heardLobby: see ListenLobby.
	heardLobby atomic.Pointer[func()]
	// heardRoom: see ListenRooms.
	heardRoom atomic.Pointer[func(string)]
	// heardRevoked: see ListenRevoked.
	heardRevoked atomic.Pointer[func(string)]
	log          *slog.Logger // nil: none
	listener     *listener    // nil unless Postgres

	secretMu sync.Mutex
	secret   []byte

	closeOnce sync.Once
	closeErr  error

	purgeMu sync.Mutex
	purged  time.Time
}

// Option sets a store up as it opens.
type Option func(*Store)

// WithLogger gives a store the logger for what it does on its own (its
// listener's losses and reconnects), from the moment it opens; without one
// it logs nothing.
func WithLogger(log *slog.Logger) Option {
	return func(s *Store) { s.log = log }
}

// Open connects to the database named by url and brings its schema up to
// date. "postgres://..." and "postgresql://..." select PostgreSQL; anything
// else is an SQLite path, optionally written "sqlite://path" (":memory:" for
// a throwaway database). On Postgres it also starts listening for changes
// made by other replicas, and the URL may carry pool_max_conns (default four
// per core, at least 4).
func Open(ctx context.Context, url string, opts ...Option) (*Store, error) {
	s := &Store{}
	for _, o := range opts {
		o(s)
	}
	s.appends = newBatcher(1, batchSize, s.appendBatch) // one batch at a time: see batchSize
	s.appends.conflicts = sameGame
	var err error
	if IsPostgresURL(url) {
		err = s.openPostgres(ctx, url)
	} else {
		err = s.openSQLite(ctx, url)
	}
	if err == nil {
		if err = s.migrate(ctx); err != nil {
			err = fmt.Errorf("migrate: %w", err)
		}
	}
	if err == nil && s.pool == nil {
		// After the migrations: a statement is prepared against the schema.
		err = s.prepare(ctx, keySQL, appendSQL[0], appendSQL[1], keyDropSQL, statusSQL, takeOverSQL, gameSQL, takeSQL)
	}
	if err == nil && s.pool != nil {
		s.listener, err = startListener(ctx, s.pool.Config().ConnConfig, s.hear, s.hearPlayer, s.log)
		if err != nil {
			err = fmt.Errorf("listen for changes: %w", err)
		}
	}
	if err != nil {
		s.closeDBs()
		return nil, err
	}
	return s, nil
}

// IsPostgresURL tells whether a database URL names PostgreSQL (else it is
// an SQLite path): the one place that decides which store a URL opens.
func IsPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// now is in UTC, so that SQLite's text times sort in time order, and at
// millisecond precision, so that a cursor made from a stored time matches it
// exactly on both dialects (Postgres keeps microseconds).
func now() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }

// poolParam in a Postgres URL sets how many connections a store opens, as
// pgx's pool reads it. The default keeps the busy connections near the
// cores that serve them: on a small machine a few dozen busy backends spend
// the CPU on switching between themselves, and requests are cheaper to
// queue in Go.
const poolParam = "pool_max_conns"

func defaultPoolSize() int32 { return int32(max(4, 4*runtime.GOMAXPROCS(0))) }

// poolConfig reads a Postgres URL, with its pool size.
func poolConfig(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	switch {
	case err != nil:
		return nil, fmt.Errorf("database URL: %w", err)
	case !strings.Contains(url, poolParam+"="):
		cfg.MaxConns = defaultPoolSize()
	case cfg.MaxConns > 1000:
		return nil, fmt.Errorf("database URL: %s must be a number from 1 to 1000", poolParam)
	}
	return cfg, nil
}

func (s *Store) openPostgres(ctx context.Context, url string) error {
	cfg, err := poolConfig(url)
	if err != nil {
		return err
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	if s.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return fmt.Errorf("open postgres: %w", err)
	}
	// gorm takes the pool's connections per statement (the bridge keeps none idle).
	if s.orm, err = openORM(postgres.New(postgres.Config{Conn: stdlib.OpenDBFromPool(s.pool)})); err != nil {
		return fmt.Errorf("open postgres: %w", err)
	}
	s.ormReads = s.orm
	return s.pool.Ping(ctx)
}

// sqlitePath is the SQLite file that url names ("sqlite://path" or a plain
// path; "" or ":memory:" for a throwaway database), and whether it is held
// in memory.
func sqlitePath(url string) (path string, memory bool) {
	path = strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "sqlite:")
	if path == "" {
		path = ":memory:"
	}
	return path, strings.Contains(path, ":memory:") || strings.Contains(path, "mode=memory")
}

func (s *Store) openSQLite(ctx context.Context, url string) error {
	path, memory := sqlitePath(url)
	// busy_timeout makes a writer wait for another process's write lock
	// instead of failing with SQLITE_BUSY; _txlock=immediate takes the write
	// lock at BEGIN (a deferred transaction that reads and then writes fails
	// at once when another writer got there first); _time_format=sqlite
	// writes times as "2006-01-02 15:04:05.999999999-07:00", which sorts in
	// time order for UTC times (see now).
	params := []string{"_pragma=busy_timeout(10000)", "_pragma=foreign_keys(1)", "_txlock=immediate", "_time_format=sqlite"}
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
	dsn := func(more ...string) string {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		return path + sep + strings.Join(append(params, more...), "&")
	}
	var err error
	if s.writer, err = sql.Open("sqlite", dsn()); err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	// A closed connection to ":memory:" would take its database with it.
	s.writer.SetMaxOpenConns(1)
	s.writer.SetMaxIdleConns(1)
	s.writer.SetConnMaxLifetime(0)
	s.writer.SetConnMaxIdleTime(0)
	s.readers = s.writer
	if s.orm, err = openORM(sqliteDialect{s.writer}); err != nil || memory {
		s.ormReads = s.orm
		return err
	}
	if err := s.enableWAL(ctx); err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	if s.readers, err = sql.Open("sqlite", dsn("_pragma=query_only(1)")); err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	s.readers.SetMaxOpenConns(8)
	s.readers.SetMaxIdleConns(8)
	s.ormReads, err = openORM(sqliteDialect{s.readers})
	return err
}

// openORM opens gorm on connections the store holds already. A write of
// more than one statement is a Transaction already: no default one.
func openORM(d gorm.Dialector) (*gorm.DB, error) {
	return gorm.Open(d, &gorm.Config{Logger: logger.Discard, SkipDefaultTransaction: true, DisableAutomaticPing: true, NowFunc: now})
}

// enableWAL switches the file to write-ahead logging, which lets readers
// proceed while one writer writes. The mode is kept in the file, so this is
// needed once; but processes that open a new file at the same moment can get
// SQLITE_BUSY here without the busy timeout being consulted, hence the retries.
func (s *Store) enableWAL(ctx context.Context) error {
	delay := 5 * time.Millisecond
	for attempt := 0; ; attempt++ {
		var mode string
		err := s.writer.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
		if err == nil || !isBusy(err) || attempt == 40 {
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

// db is a pool or a transaction of either database as a move's path uses
// it, its statements prepared once (see sqliteDB). A statement is written
// once, in Postgres's words: SQLite reads its placeholders ($1) as they
// are, and a cast (::type) only Postgres needs is dropped for it (sqliteSQL).
type db interface {
	// exec runs q and returns how many rows it changed.
	exec(ctx context.Context, q string, args ...any) (int64, error)
	// row reads the one row q answers into dest; no row is
	// play.ErrNotFound.
	row(ctx context.Context, q string, args []any, dest ...any) error
}

// pgDB is a pool or a transaction of Postgres; pgx prepares each statement
// once per connection.
type pgDB struct {
	c interface {
		Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
		QueryRow(context.Context, string, ...any) pgx.Row
	}
}

func (d pgDB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := d.c.Exec(ctx, q, args...)
	return tag.RowsAffected(), err
}

func (d pgDB) row(ctx context.Context, q string, args []any, dest ...any) error {
	err := d.c.QueryRow(ctx, q, args...).Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return play.ErrNotFound
	}
	return err
}

// sqliteDB is SQLite's writer or readers, or a transaction on the writer,
// with their prepared statements: parsing the same few statements again on
// every request was a fifth of the server's time (and gorm's preparing
// would wait for the one writer that a transaction holds).
type sqliteDB struct {
	db    *sql.DB
	tx    *sql.Tx
	stmts *sync.Map // by statement, prepared on db
}

// pgCasts are the casts that Postgres needs to type a statement's values
// and SQLite does without.
var pgCasts = strings.NewReplacer("::varchar", "", "::integer", "", "::bigint", "", "::boolean", "", "::timestamptz", "", "::bytea", "", "::text", "",
	"GREATEST(", "max(")

// sqliteSQL is q in SQLite's words.
func sqliteSQL(q string) string { return pgCasts.Replace(q) }

// stmt is q prepared on d.db (in d.tx, if set). Within a transaction only
// the statements prepared before are (see prepare): preparing on the writer
// would wait for its one connection, which the transaction holds; the
// others are prepared in the transaction, which closes them as it ends.
func (d sqliteDB) stmt(ctx context.Context, q string) (*sql.Stmt, error) {
	st, ok := d.stmts.Load(q)
	switch {
	case ok && d.tx != nil:
		return d.tx.StmtContext(ctx, st.(*sql.Stmt)), nil
	case ok:
		return st.(*sql.Stmt), nil
	case d.tx != nil:
		return d.tx.PrepareContext(ctx, sqliteSQL(q))
	}
	prepared, err := d.db.PrepareContext(ctx, sqliteSQL(q))
	if err != nil {
		return nil, err
	}
	if st, ok = d.stmts.LoadOrStore(q, prepared); ok {
		prepared.Close()
	}
	return st.(*sql.Stmt), nil
}

func (d sqliteDB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	st, err := d.stmt(ctx, q)
	if err != nil {
		return 0, err
	}
	res, err := st.ExecContext(ctx, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (d sqliteDB) row(ctx context.Context, q string, args []any, dest ...any) error {
	st, err := d.stmt(ctx, q)
	if err != nil {
		return err
	}
	err = st.QueryRowContext(ctx, args...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return play.ErrNotFound
	}
	return err
}

// prepare prepares the statements that SQLite's transactions run most (the
// append's) on its writer.
func (s *Store) prepare(ctx context.Context, qs ...string) error {
	d := sqliteDB{db: s.writer, stmts: &s.writerStmts}
	for _, q := range qs {
		if _, err := d.stmt(ctx, q); err != nil {
			return fmt.Errorf("open sqlite: %w", err)
		}
	}
	return nil
}

// rdb is where the store reads; wdb where it writes.
func (s *Store) rdb() db {
	if s.pool != nil || s.readers == s.writer {
		return s.wdb()
	}
	return sqliteDB{db: s.readers, stmts: &s.readerStmts}
}

func (s *Store) wdb() db {
	if s.pool != nil {
		return pgDB{s.pool}
	}
	return sqliteDB{db: s.writer, stmts: &s.writerStmts}
}

// inTx runs fn in a write transaction.
func (s *Store) inTx(ctx context.Context, fn func(tx db) error) error {
	if s.pool != nil {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return fn(pgDB{tx}) })
	}
	tx, err := s.writer.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(sqliteDB{db: s.writer, tx: tx, stmts: &s.writerStmts}); err != nil {
		return err
	}
	return tx.Commit()
}

// ProbeWrite proves that the database takes a write: it rewrites the one
// row of the readiness table and commits. A database that answers reads but
// cannot write (a full disk, a read-only replica) fails it.
func (s *Store) ProbeWrite(ctx context.Context) error {
	return s.orm.WithContext(ctx).Exec("INSERT INTO readiness (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at", now()).Error
}

// Close stops listening for other replicas' changes and closes the
// database.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		if s.listener != nil {
			s.listener.stop()
		}
		s.closeErr = s.closeDBs()
	})
	return s.closeErr
}

func (s *Store) closeDBs() error {
	var errs []error
	for _, m := range []*sync.Map{&s.writerStmts, &s.readerStmts} {
		m.Range(func(_, st any) bool { st.(*sql.Stmt).Close(); return true })
	}
	if s.readers != nil && s.readers != s.writer {
		errs = append(errs, s.readers.Close())
	}
	if s.writer != nil {
		errs = append(errs, s.writer.Close())
	}
	if s.pool != nil {
		if s.orm != nil {
			bridge, _ := s.orm.DB()
			errs = append(errs, bridge.Close())
		}
		s.pool.Close()
	}
	return errors.Join(errs...)
}
