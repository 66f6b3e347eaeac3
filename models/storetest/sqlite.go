package storetest

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// template is a migrated SQLite database's files (the database, and its
// write-ahead log when one was left), made once per test process.
var template struct {
	once  sync.Once
	files map[string][]byte // by suffix: "", "-wal"
	err   error
}

// SeedSQLite puts an already migrated database at path when nothing is
// there yet (a path, not a URL). open (models.Open, which migrates what it
// opens) runs once per test process, on a directory of its own, and its
// store is closed; every later database starts as a copy of what it left.
// Under the race detector the migrations were most of a short test's
// time, and the store's own tests still migrate every database they open.
func SeedSQLite[S io.Closer, O any](t testing.TB, path string, open func(ctx context.Context, url string, opts ...O) (S, error)) {
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
		p := filepath.Join(dir, "hanabi.db")
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		st, err := open(ctx, p)
		if err != nil {
			template.err = err
			return
		}
		if template.err = st.Close(); template.err != nil {
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
