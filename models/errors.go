package models

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	sqlite "modernc.org/sqlite"
)

// ErrBadCursor is returned by ListGames for a cursor it did not make.
var ErrBadCursor = errors.New("invalid cursor")

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

// isForeignKeyViolation reports whether err names a row that does not exist.
func isForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23503"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqliteConstraintForeignKey
	}
	return false
}
