package models

import (
	"database/sql"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/callbacks"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/migrator"
	"gorm.io/gorm/schema"
)

// sqliteDialect is gorm's dialect for SQLite over modernc.org/sqlite: how
// gorm writes SQLite's statements, placeholders and names. It is this small
// because the schema is the project's own migrations, not gorm's.
//
// Why not a ready-made dialect: the pure-Go one in common use comes with its
// own older copy of the driver, which parses every statement again on every
// execution (a fifth of the server's time under load); modernc.org/sqlite
// keeps prepared statements, and both register the driver name "sqlite", so
// the two cannot be linked together.
type sqliteDialect struct{ db *sql.DB }

func (sqliteDialect) Name() string { return "sqlite" }

func (d sqliteDialect) Initialize(db *gorm.DB) error {
	db.ConnPool = d.db
	// SQLite has RETURNING since 3.35; the driver bundles a later one.
	callbacks.RegisterDefaultCallbacks(db, &callbacks.Config{
		CreateClauses:        []string{"INSERT", "VALUES", "ON CONFLICT", "RETURNING"},
		UpdateClauses:        []string{"UPDATE", "SET", "FROM", "WHERE", "RETURNING"},
		DeleteClauses:        []string{"DELETE", "FROM", "WHERE", "RETURNING"},
		LastInsertIDReversed: true,
	})
	db.ClauseBuilders["FOR"] = func(c clause.Clause, b clause.Builder) {
		if _, ok := c.Expression.(clause.Locking); ok {
			return // a write transaction locks the whole database already
		}
		c.Build(b)
	}
	return nil
}

func (d sqliteDialect) Migrator(db *gorm.DB) gorm.Migrator {
	return migrator.Migrator{Config: migrator.Config{DB: db, Dialector: d}}
}

func (sqliteDialect) DataTypeOf(f *schema.Field) string {
	switch f.DataType {
	case schema.Bool, schema.Int, schema.Uint:
		return "integer"
	case schema.Float:
		return "real"
	case schema.String:
		return "text"
	case schema.Time:
		return "datetime"
	case schema.Bytes:
		return "blob"
	}
	return string(f.DataType)
}

func (sqliteDialect) DefaultValueOf(*schema.Field) clause.Expression {
	return clause.Expr{SQL: "NULL"}
}

func (sqliteDialect) BindVarTo(w clause.Writer, _ *gorm.Statement, _ any) { w.WriteByte('?') }

// QuoteTo quotes a name, and each part of a dotted one ("games.id").
func (sqliteDialect) QuoteTo(w clause.Writer, name string) {
	for i, part := range strings.Split(name, ".") {
		if i > 0 {
			w.WriteByte('.')
		}
		w.WriteByte('`')
		w.WriteString(strings.ReplaceAll(part, "`", "``"))
		w.WriteByte('`')
	}
}

func (sqliteDialect) Explain(sql string, vars ...any) string {
	return logger.ExplainSQL(sql, nil, `"`, vars...)
}

func (sqliteDialect) SavePoint(tx *gorm.DB, name string) error {
	return tx.Exec("SAVEPOINT " + name).Error
}

func (sqliteDialect) RollbackTo(tx *gorm.DB, name string) error {
	return tx.Exec("ROLLBACK TO SAVEPOINT " + name).Error
}
