package hanablive

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
)

// wantActionError fails unless err names action index and wraps want.
func wantActionError(t testing.TB, err error, index int, want error) {
	t.Helper()
	var re *engine.ReplayError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want an error naming action %d", err, index)
	}
	if re.Index != index || !strings.HasPrefix(err.Error(), fmt.Sprintf("action %d: ", index)) {
		t.Fatalf("err = %q names action %d, want %d", err, re.Index, index)
	}
	if !errors.Is(err, want) {
		t.Fatalf("err = %v, want %v", err, want)
	}
}
