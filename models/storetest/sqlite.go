package storetest

import (
	"os"
	"strings"
	"sync"
	"testing"
)

// template is a migrated SQLite database's files (the database, and its
// write-ahead log when one was left), made once per test process.
var template struct {
	once  sync.Once
	files map[string][]byte // by suffix: "", "-wal"
	err   error
}

// SeedSQLite puts an already migrated database at path when nothing is
// there yet (a path, not a URL). migrate, which opens a store on the path
// it is given and closes it, runs once per test process on a directory of
// its own; every later database starts as a copy of what it left. Under
// the race detector the migrations were most of a short test's time, and
// the store's own tests still migrate every database they open.
func SeedSQLite(t testing.TB, path string, migrate func(path string) error) {
	t.Helper()
	if path == "" || strings.Contains(path, ":") || strings.Contains(path, "?") {
		return
	}
	if _, err := os.Stat(path); err == nil {
		return
	}
	template.once.Do(func() {
		dir, err := os.MkdirTemp("", "hanabi-template-")
		if err != nil {
			template.err = err
			return
		}
		defer os.RemoveAll(dir)
		p := dir + "/hanabi.db"
		if template.err = migrate(p); template.err != nil {
			return
		}
		template.files = map[string][]byte{}
		for _, suffix := range []string{"", "-wal"} {
			b, err := os.ReadFile(p + suffix)
			if err == nil {
				template.files[suffix] = b
			} else if !os.IsNotExist(err) {
				template.err = err
				return
			}
		}
	})
	if template.err != nil {
		t.Fatalf("migrate the template database: %v", template.err)
	}
	for suffix, b := range template.files {
		if err := os.WriteFile(path+suffix, b, 0o600); err != nil {
			t.Fatalf("copy the template database: %v", err)
		}
	}
}
