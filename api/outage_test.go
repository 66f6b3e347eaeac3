package api

import (
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// errorLines counts the WARN and ERROR lines in a text log: an outage is
// told in a few of them, whatever it refuses.
func errorLines(b *syncBuffer) int {
	return strings.Count(b.String(), "level=ERROR") + strings.Count(b.String(), "level=WARN")
}

func logTo(buf *syncBuffer) func(*envConfig) {
	return func(c *envConfig) { c.Logger = slog.New(slog.NewTextHandler(buf, nil)) }
}

// expectOutage checks the answers of a server whose database is away: 503
// unavailable with a Retry-After for a write and for readiness, however
// many requests, with a few log lines for the lot.
func expectOutage(t *testing.T, e *testEnv, logs *syncBuffer) {
	t.Helper()
	before := errorLines(logs)
	for i := range 40 {
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2})
		if r.status != http.StatusServiceUnavailable {
			t.Fatalf("create #%d during the outage: %d %s", i, r.status, r.body)
		}
		if p := r.problem(t); p.Code != codeUnavailable {
			t.Fatalf("create during the outage: %s", p.Code)
		}
		if n, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || n < 1 {
			t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
		}
	}
	// Readiness answers from a probe at most a second old.
	r := e.req("GET", "/readyz", "", nil)
	for deadline := time.Now().Add(play.ReadyEvery + time.Second); r.status == http.StatusOK && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		r = e.req("GET", "/readyz", "", nil)
	}
	e.expect(r, http.StatusServiceUnavailable)
	if r.header.Get("Retry-After") == "" {
		t.Error("readiness without Retry-After")
	}
	if n := errorLines(logs) - before; n > 3 {
		t.Errorf("%d WARN or ERROR lines for 41 refused requests; want an outage's few:\n%s", n, logs.String())
	}
	// A request that needs no database is still served.
	e.expect(e.req("GET", "/v1/variants", "", nil), http.StatusOK)
}

// SQLite on a full disk answers reads but cannot take a write: readiness
// must say so, and writes answer 503, until the disk has room again.
func TestReadinessOnAFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a small disk needs root; skipping the full-disk run")
	}
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small disk (%v: %s); skipping the full-disk run", err, out)
	}
	// Registered first, so run last: after the server and store are closed.
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	logs := &syncBuffer{}
	e := newEnv(t, filepath.Join(dir, "hanabi.db"), logTo(logs))
	e.expect(e.req("GET", "/readyz", "", nil), http.StatusOK)

	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			break
		}
	}
	f.Close()
	expectOutage(t, e, logs)

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	time.Sleep(play.ReadyEvery)
	e.expect(e.req("GET", "/readyz", "", nil), http.StatusOK)
	e.expect(e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2}), http.StatusCreated)
}

// Postgres refusing every connection (its database closed to connections,
// the open ones terminated): 503 with Retry-After, readiness 503, a few log
// lines; when it comes back, everything works again.
func TestOutageOnPostgres(t *testing.T) {
	dbURL, name, admin := storetest.PostgresDatabase(t, "hanabi_outage_")
	logs := &syncBuffer{}
	e := newEnv(t, dbURL, logTo(logs))
	e.expect(e.req("GET", "/readyz", "", nil), http.StatusOK)

	if err := admin("ALTER DATABASE " + name + " WITH ALLOW_CONNECTIONS false"); err != nil {
		t.Fatal(err)
	}
	if err := admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'"); err != nil {
		t.Fatal(err)
	}
	expectOutage(t, e, logs)

	if err := admin("ALTER DATABASE " + name + " WITH ALLOW_CONNECTIONS true"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for e.req("GET", "/readyz", "", nil).status != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("not ready 10 s after the database came back")
		}
		time.Sleep(100 * time.Millisecond)
	}
	e.expect(e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2}), http.StatusCreated)
}

// A Postgres that answers but takes no write (read only, SQLSTATE 25006)
// is an outage for writes: 503 with Retry-After, never a 500.
func TestReadOnlyPostgres(t *testing.T) {
	dbURL, name, admin := storetest.PostgresDatabase(t, "hanabi_readonly_")
	logs := &syncBuffer{}
	e := newEnv(t, dbURL, logTo(logs))
	e.expect(e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2}), http.StatusCreated)
	readOnly := func(on string) {
		t.Helper()
		if err := admin("ALTER DATABASE " + name + " SET default_transaction_read_only = " + on); err != nil {
			t.Fatal(err)
		}
		// New connections take the setting.
		if err := admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'"); err != nil {
			t.Fatal(err)
		}
	}
	readOnly("on")
	for i := range 5 {
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2})
		if r.status == http.StatusServiceUnavailable && r.header.Get("Retry-After") != "" {
			continue
		}
		t.Fatalf("create #%d on a read-only database: %d %s", i, r.status, truncate(string(r.body), 200))
	}
	readOnly("off")
	deadline := time.Now().Add(10 * time.Second)
	for e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2}).status != http.StatusCreated {
		if time.Now().After(deadline) {
			t.Fatal("no write 10 s after the database took writes again")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
