package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/models/storetest"
)

func TestServeHelpListsEveryFlag(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c serveConfig
	if err := serveFlags(fs, &c); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	fs.SetOutput(&out)
	fs.PrintDefaults()
	for _, want := range []string{
		"-addr", "HANABI_ADDR", "-database-url", "HANABI_DATABASE_URL", "-jwt-secret", "HANABI_JWT_SECRET",
		"-token-ttl", "HANABI_TOKEN_TTL", "-max-wait", "HANABI_MAX_WAIT", "-log-level", "HANABI_LOG_LEVEL",
		"-rate-limit", "-seat-rate-limit", "-trusted-proxies", "-shutdown-timeout", "-variants-dir", "HANABI_VARIANTS_DIR",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--help does not mention %s", want)
		}
	}
	secretsFromEnv(&c)
	if c.addr != ":8080" || c.databaseURL != "hanabi.db" || c.maxWait != 60*time.Second {
		t.Errorf("defaults: %+v", c)
	}
}

func TestServeFlagsFromEnv(t *testing.T) {
	t.Setenv("HANABI_ADDR", "127.0.0.1:9999")
	t.Setenv("HANABI_MAX_WAIT", "5s")
	t.Setenv("HANABI_DATABASE_URL", "sqlite://x.db")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c serveConfig
	if err := serveFlags(fs, &c); err != nil {
		t.Fatal(err)
	}
	if err := fs.Parse([]string{"--max-wait", "7s"}); err != nil {
		t.Fatal(err)
	}
	secretsFromEnv(&c)
	if c.addr != "127.0.0.1:9999" || c.databaseURL != "sqlite://x.db" || c.maxWait != 7*time.Second {
		t.Fatalf("env and flags: %+v", c)
	}
	t.Setenv("HANABI_TOKEN_TTL", "soon")
	if err := serveFlags(flag.NewFlagSet("serve", flag.ContinueOnError), &c); err == nil {
		t.Fatal("a bad HANABI_TOKEN_TTL was accepted")
	}
}

// TestServeHelpHidesSecrets: --help shows no value taken from a variable
// that may hold a password or the signing secret.
func TestServeHelpHidesSecrets(t *testing.T) {
	t.Setenv("HANABI_JWT_SECRET", "s3cret-s3cret-s3cret-s3cret-s3cret")
	t.Setenv("HANABI_DATABASE_URL", "postgres://u:hunter2@db/x")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c serveConfig
	if err := serveFlags(fs, &c); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	fs.SetOutput(&out)
	fs.PrintDefaults()
	if strings.Contains(out.String(), "s3cret") || strings.Contains(out.String(), "hunter2") {
		t.Fatalf("--help shows a secret:\n%s", out.String())
	}
	secretsFromEnv(&c)
	if c.jwtSecret != "s3cret-s3cret-s3cret-s3cret-s3cret" || c.databaseURL != "postgres://u:hunter2@db/x" {
		t.Fatalf("secrets not read from the environment: %+v", c)
	}
}

func TestServeRefusesBadConfig(t *testing.T) {
	if code := runServe([]string{"--jwt-secret", "short", "--database-url", filepath.Join(t.TempDir(), "x.db"), "--addr", "127.0.0.1:0"}); code == 0 {
		t.Fatal("a short secret was accepted")
	}
	if code := runServe([]string{"--log-level", "loud"}); code != 2 {
		t.Fatalf("bad log level: exit %d", code)
	}
	// A bad variant file stops the start, before the database is opened.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"name": "Bad Name", "title": "x", "suits": [{"name": "red"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "never.db")
	if code := runServe([]string{"--variants-dir", dir, "--database-url", db, "--addr", "127.0.0.1:0"}); code != 1 {
		t.Fatalf("a bad variant file: exit %d", code)
	}
	if _, err := os.Stat(db); err == nil {
		t.Fatal("the database was opened despite a bad variant file")
	}
	if code := runServe([]string{"--help"}); code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
}

// TestServeAndShutdown runs the real server, plays a move over HTTP, and
// shuts it down while a long-poll waits: the long-poll answers at once and
// serve returns cleanly.
func TestServeAndShutdown(t *testing.T) {
	addr, stop := startServe(t, nil)
	base := "http://" + addr
	post := func(path, token, body string) map[string]any {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		json.NewDecoder(res.Body).Decode(&out)
		if res.StatusCode >= 300 {
			t.Fatalf("%s: %d %v", path, res.StatusCode, out)
		}
		return out
	}
	created := post("/v1/games", "", `{"variant":"basic","players":2,"seed":"serve"}`)
	id := created["game"].(map[string]any)["id"].(string)
	post("/v1/games/"+id+"/seats", "", `{"name":"Bob"}`)
	post("/v1/games/"+id+"/actions", created["token"].(string), `{"type":"clue","target":1,"rank":1}`)

	polled := make(chan int, 1)
	go func() {
		res, err := http.Get(base + "/v1/games/" + id + "?since=2&wait=30s")
		if err != nil {
			polled <- -1
			return
		}
		res.Body.Close()
		polled <- res.StatusCode
	}()
	time.Sleep(200 * time.Millisecond) // let the long-poll start waiting
	start := time.Now()
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	select {
	case st := <-polled:
		if st != http.StatusOK {
			t.Fatalf("long-poll answered %d", st)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("shutdown left the long-poll waiting")
	}
	if err := <-stopped; err != nil {
		t.Fatalf("serve returned %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("shutdown took %s", d)
	}
}

// TestShutdownCutsASlowBody: a client sending its body a byte at a time
// must not hold the shutdown; serve drains and returns cleanly at once.
func TestShutdownCutsASlowBody(t *testing.T) {
	storetest.EachBackend(t, "serve_", func(t *testing.T, dbURL string) { slowBodyShutdown(t, dbURL) })
}

func slowBodyShutdown(t *testing.T, dbURL string) {
	addr, stop := startServe(t, func(c *serveConfig) { c.databaseURL, c.shutdownTimeout = dbURL, 20*time.Second })
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"); err != nil {
		t.Fatal(err)
	}
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		for {
			select {
			case <-quit:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := io.WriteString(conn, " "); err != nil {
					return
				}
			}
		}
	}()
	time.Sleep(500 * time.Millisecond) // the handler is reading the body now
	start := time.Now()
	if err := stop(); err != nil {
		t.Fatalf("serve returned %v: the drain was not clean", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("a slow body held the shutdown for %v", d)
	}
	t.Logf("shut down in %v with a body still arriving", time.Since(start).Round(time.Millisecond))
}
