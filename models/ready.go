package models

import (
	"context"
	"database/sql/driver"
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// ProbeWrite proves that the database takes a write: it rewrites the one
// row of the readiness table and commits. A database that answers reads but
// cannot write (a full disk, a read-only replica) fails it.
func (s *Store) ProbeWrite(ctx context.Context) error {
	return s.w.WithContext(ctx).Exec(
		"INSERT INTO readiness (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at", now()).Error
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
