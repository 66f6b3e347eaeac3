package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// logBuffer gathers log lines and writes them out together: a line a
// request, written at once, was a system call a request, a fifth of the
// server's time under load. A line waits at most logFlushEvery; a warning
// or worse goes out at once with every line before it (see flushOnWarn),
// and Close writes whatever is left.
type logBuffer struct {
	mu    sync.Mutex
	w     io.Writer
	every time.Duration
	buf   []byte
	stop  chan struct{}
	done  chan struct{}
}

// logFlushEvery bounds how long a line waits; logFlushSize how much waits.
const (
	logFlushEvery = 100 * time.Millisecond
	logFlushSize  = 64 << 10
)

func newLogBuffer(w io.Writer, every time.Duration) *logBuffer {
	b := &logBuffer{w: w, every: every, stop: make(chan struct{}), done: make(chan struct{})}
	go b.run()
	return b
}

func (b *logBuffer) run() {
	defer close(b.done)
	t := time.NewTicker(b.every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.Flush()
		case <-b.stop:
			return
		}
	}
}

// Write keeps p (one whole line: slog's handlers write a record at once).
func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) >= logFlushSize {
		b.flushLocked()
	}
	return len(p), nil
}

// Flush writes out what is kept.
func (b *logBuffer) Flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.flushLocked()
}

func (b *logBuffer) flushLocked() {
	if len(b.buf) == 0 {
		return
	}
	// A log that cannot be written has nowhere to say so.
	_, _ = b.w.Write(b.buf)
	b.buf = b.buf[:0]
}

// Close stops the timer and writes the rest.
func (b *logBuffer) Close() {
	close(b.stop)
	<-b.done
	b.Flush()
}

// flushOnWarn sends a warning or an error out at once, with the lines
// before it, rather than when the buffer's timer comes round.
type flushOnWarn struct {
	slog.Handler
	buf *logBuffer
}

func (h flushOnWarn) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		h.buf.Flush()
	}
	return err
}

func (h flushOnWarn) WithAttrs(attrs []slog.Attr) slog.Handler {
	return flushOnWarn{h.Handler.WithAttrs(attrs), h.buf}
}

func (h flushOnWarn) WithGroup(name string) slog.Handler {
	return flushOnWarn{h.Handler.WithGroup(name), h.buf}
}
