package main

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// writes records every Write it is given.
type writes struct {
	mu  sync.Mutex
	got []string
}

func (w *writes) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.got = append(w.got, string(p))
	return len(p), nil
}

func (w *writes) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.got...)
}

// Lines go out together once the timer comes round.
func TestLogBufferTimer(t *testing.T) {
	out := &writes{}
	buf := newLogBuffer(out, 20*time.Millisecond)
	defer buf.Close()
	log, err := newLogger(buf, "info", "text")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		log.Info("request", "n", i)
	}
	deadline := time.Now().Add(5 * time.Second)
	for strings.Count(strings.Join(out.all(), ""), "\n") < 50 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := out.all(); len(got) == 0 || len(got) > 5 || strings.Count(strings.Join(got, ""), "\n") != 50 {
		t.Fatalf("50 lines went out in %d writes", len(got))
	}
}

// Lines wait; a warning goes out at once with the lines before it, in
// order; Close writes the rest.
func TestLogBufferWarnings(t *testing.T) {
	out := &writes{}
	buf := newLogBuffer(out, time.Hour)
	log, err := newLogger(buf, "info", "text")
	if err != nil {
		t.Fatal(err)
	}
	log.Info("before")
	if n := len(out.all()); n != 0 {
		t.Fatalf("an info line went out at once (%d writes)", n)
	}
	log.Warn("trouble")
	got := out.all()
	if len(got) != 1 || !strings.Contains(got[0], "msg=before") || !strings.Contains(got[0], "msg=trouble") ||
		strings.Index(got[0], "before") > strings.Index(got[0], "trouble") {
		t.Fatalf("a warning did not go out at once after the line before it: %q", got)
	}

	log.With(slog.String("k", "v")).Error("grouped")
	if got := out.all(); len(got) != 2 || !strings.Contains(got[1], "k=v") {
		t.Fatalf("an error through With did not go out at once: %q", got)
	}

	log.Info("last")
	buf.Close()
	got = out.all()
	if len(got) != 3 || !strings.Contains(got[2], "msg=last") {
		t.Fatalf("Close did not write the rest: %q", got)
	}
}

// A full buffer is written without waiting for the timer.
func TestLogBufferFull(t *testing.T) {
	out := &writes{}
	buf := newLogBuffer(out, time.Hour)
	defer buf.Close()
	line := append(bytes.Repeat([]byte("x"), 1023), '\n')
	for range logFlushSize / len(line) {
		buf.Write(line)
	}
	if got := out.all(); len(got) != 1 || len(got[0]) != logFlushSize {
		t.Fatalf("a full buffer: %d writes", len(got))
	}
}
