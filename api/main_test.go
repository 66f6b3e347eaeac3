package api

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// TestMain runs the parallel tests two to a processor. An api test is a
// client and its server in one process, each waiting on the other about
// half the time, so one a processor leaves them half idle; and beside the
// other packages' tests (go test -p), whose binaries take a processor's
// share each, the api package, the longest, would have half the share its
// work needs.
func TestMain(m *testing.M) {
	n := 2 * runtime.NumCPU()
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(n)
	}
	if f := flag.Lookup("test.parallel"); f != nil && f.Value.String() == strconv.Itoa(runtime.NumCPU()) {
		_ = flag.Set("test.parallel", strconv.Itoa(n))
	}
	os.Exit(m.Run())
}
