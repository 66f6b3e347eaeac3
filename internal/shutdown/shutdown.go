// Package shutdown holds the two steps every part of the server takes when
// it stops: telling whether it has begun, and waiting for work to drain no
// longer than the caller allows.
package shutdown

import "context"

// Begun says whether ch, closed when stopping begins, is closed.
func Begun(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// Drain runs wait (which returns once the work is done) and returns nil
// when it does, or ctx's error when ctx ends first; wait then goes on in
// the background.
func Drain(ctx context.Context, wait func()) error {
	done := make(chan struct{})
	go func() {
		wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
