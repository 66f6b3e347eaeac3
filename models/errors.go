package models

import (
	"database/sql/driver"
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	sqlite "modernc.org/sqlite"
)

// SQLite extended result codes (the driver turns extended codes on).
const (
	sqliteBusy                 = 5
	sqliteLocked               = 6
	sqliteConstraintForeignKey = 787
	sqliteConstraintPrimaryKey = 1555
	sqliteConstraintUnique     = 2067
)

// isUniqueViolation reports whether err is a duplicate key on either dialect.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqliteConstraintPrimaryKey || sqErr.Code() == sqliteConstraintUnique
	}
	return false
}

// isBusy reports whether SQLite refused because another connection holds a
// lock (SQLITE_BUSY or SQLITE_LOCKED, any extended code).
func isBusy(err error) bool {
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		c := sqErr.Code() & 0xff
		return c == sqliteBusy || c == sqliteLocked
	}
	return false
}

// Unavailable is the store's Unavailable (see play.Store), for callers with
// no store at hand.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var netErr net.Error
	var connErr *pgconn.ConnectError
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &connErr), errors.As(err, &netErr), errors.Is(err, driver.ErrBadConn):
		return true
	case errors.As(err, &pgErr):
		// 08: connection exceptions; 53: insufficient resources (disk
		// full, too many connections); 57P0x: the server shuts down or
		// cannot take connections yet; 55000: the database refuses
		// connections (ALLOW_CONNECTIONS false); 25006: it takes no
		// writes (a read-only replica, default_transaction_read_only).
		return strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "53") ||
			strings.HasPrefix(pgErr.Code, "57P0") || pgErr.Code == "55000" || pgErr.Code == "25006"
	}
	// SQLite, through the pure-Go driver, says it in words.
	msg := err.Error()
	for _, s := range []string{"database or disk is full", "disk I/O error", "unable to open database file",
		"attempt to write a readonly database", "database is locked", "conn closed", "connection refused",
		"sql: database is closed", "failed to connect"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// Unavailable tells whether err means that the database cannot serve now.
func (s *Store) Unavailable(err error) bool { return Unavailable(err) }
