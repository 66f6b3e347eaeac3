package models

import (
	"database/sql"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/callbacks"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"
)

// sqliteDialect is gorm's dialect for SQLite over modernc.org/sqlite, on a
// pool the store opened (its writer or its readers): how gorm writes
// SQLite's statements, placeholders and names. It has no migrator: the
// schema is the project's migrations. (The pure-Go dialect in common use
// brings an older copy of the driver, under the same driver name "sqlite",
// so the two cannot be linked together.)
type sqliteDialect struct{ db *sql.DB }

func (sqliteDialect) Name() string { return "sqlite" }

func (d sqliteDialect) Initialize(db *gorm.DB) error {
	db.ConnPool = d.db
	callbacks.RegisterDefaultCallbacks(db, &callbacks.Config{CreateClauses: []string{"INSERT", "VALUES", "ON CONFLICT"}})
	return nil
}

func (sqliteDialect) Migrator(*gorm.DB) gorm.Migrator                     { return nil }
func (sqliteDialect) DataTypeOf(f *schema.Field) string                   { return string(f.DataType) }
func (sqliteDialect) DefaultValueOf(*schema.Field) clause.Expression      { return clause.Expr{SQL: "NULL"} }
func (sqliteDialect) BindVarTo(w clause.Writer, _ *gorm.Statement, _ any) { w.WriteByte('?') }

// QuoteTo quotes a name, and each part of a dotted one ("games.id").
func (sqliteDialect) QuoteTo(w clause.Writer, name string) {
	w.WriteString("`" + strings.ReplaceAll(strings.ReplaceAll(name, "`", "``"), ".", "`.`") + "`")
}

func (sqliteDialect) Explain(q string, vars ...any) string {
	return logger.ExplainSQL(q, nil, `'`, vars...)
}
