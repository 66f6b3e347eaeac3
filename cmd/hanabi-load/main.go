// Command hanabi-load drives a running hanabi server over HTTP and reports
// what a client sees: actions per second with latency percentiles (-mode
// actions), the same under the browser page's request mix with the chat's
// latency (-mode browser), or the cost and wake-up latency of many waiting
// long-polls (-mode fanout). It only talks to the address it is given; run
// it against a server on this machine. -mode floor needs no server: it
// measures what delivering one answer to as many parked connections costs
// this machine alone, the least -mode fanout's wake-up latency could be.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"sync/atomic"
	"time"
)

func main() {
	if spec := os.Getenv(floorEnv); spec != "" {
		if err := serveFloor(spec); err != nil {
			fmt.Fprintln(os.Stderr, "hanabi-load:", err)
			os.Exit(1)
		}
		return
	}
	var o options
	flag.StringVar(&o.base, "url", "http://127.0.0.1:8080", "server base URL")
	flag.StringVar(&o.mode, "mode", "actions", "actions | fanout | browser (the page's request mix: an event stream and a view read per seat per event, a spectator long-polling, every move keyed, a chat line now and then) | floor (no server: one answer written at once to -waiters parked loopback connections by a second process that does nothing else, each timed as it arrives) | signins (wrong sign-ins from -addrs addresses, -flood-rate a second each, and a real sign-in beside them every 250 ms, timed)")
	flag.IntVar(&o.addrs, "addrs", 1000, "signins mode: the flood's client addresses (127.1.x.y)")
	flag.Float64Var(&o.floodRate, "flood-rate", 1, "signins mode: sign-ins a second from each of the flood's addresses")
	flag.IntVar(&o.games, "games", 64, "concurrent games (actions), or games to spread the waiters over (fanout)")
	flag.DurationVar(&o.duration, "duration", 20*time.Second, "how long to drive actions (actions and browser modes)")
	flag.IntVar(&o.waiters, "waiters", 10000, "waiting long-polls to hold (fanout mode), or parked connections (floor mode)")
	flag.IntVar(&o.floorBytes, "floor-bytes", 5000, "floor mode: the size of the answer's body (a view is about 5000 bytes, a stream's event about 300)")
	flag.IntVar(&o.chatEvery, "chat-every", 4, "browser mode: a chat line about every that many moves of a game, the seats in turn, each kept under the server's chat limit, timed until both seats' streams have read it; 0: no chat")
	flag.Float64Var(&o.streams, "streams", 0, "fanout mode: the share of the waiters (0–1) that follow the game's NDJSON event stream instead of long-polling its view")
	flag.BoolVar(&o.gzip, "gzip", false, "fanout mode: the long-polls take gzip (Accept-Encoding), as every browser's do")
	flag.DurationVar(&o.hold, "hold", 0, "how long to hold the waiting long-polls before the moves (fanout mode), e.g. to profile the server")
	flag.StringVar(&o.variant, "variant", "basic", "variant of the games")
	flag.StringVar(&o.ceilingDB, "ceiling-db", "", "actions mode: the server's Postgres URL; also measure single-row inserts into it (as many connections as games, for 10 s in all, from Go and with pgbench where it is installed) and print the ratios")
	flag.IntVar(&o.rounds, "rounds", 5, "actions mode with -ceiling-db: rounds of play and ceiling, taken in turns, so that a machine whose speed drifts weighs on both alike")
	cpuProfile := flag.String("cpuprofile", "", "write the driver's own CPU profile to this file")
	flag.IntVar(&o.cpuPid, "cpu-pid", 0, "actions, browser and signins modes (Linux): the server's process id; also report the CPU an action costs it and every process named postgres, sampled from the first fifth of the play to its last (with -ceiling-db, of each round's play)")
	procs := flag.Int("procs", 1, "actions mode: the driver's scheduler threads (GOMAXPROCS); on a small machine shared with the server a second one mostly spins")
	flag.Parse()
	if o.mode == "actions" && *procs > 0 {
		runtime.GOMAXPROCS(*procs)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "hanabi-load:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}

	if o.mode != "actions" && o.mode != "fanout" && o.mode != "browser" && o.mode != "floor" && o.mode != "signins" {
		fmt.Fprintln(os.Stderr, "hanabi-load: -mode must be actions, fanout, browser, floor or signins")
		os.Exit(2)
	}
	c := newClient(o.base, o.waiters+o.games+16, o.hold)
	ctx, cancel := context.WithTimeout(context.Background(), o.duration+o.hold+5*time.Minute)
	defer cancel()
	var err error
	switch o.mode {
	case "actions":
		err = runActions(ctx, c, o)
	case "browser":
		err = runBrowser(ctx, c, o)
	case "floor":
		err = runFloor(ctx, o)
	case "signins":
		err = runSignIns(ctx, o)
	default:
		err = runFanout(ctx, c, o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hanabi-load:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

type options struct {
	base, mode, variant string
	ceilingDB           string
	games, waiters      int
	floorBytes          int
	addrs               int
	floodRate           float64
	chatEvery           int
	streams             float64
	gzip                bool
	cpuPid              int
	rounds              int
	duration, hold      time.Duration
}

func newClient(base string, conns int, hold time.Duration) *client {
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, MaxConnsPerHost: 0, IdleConnTimeout: time.Minute,
		DialContext: spreadDial}
	return &client{base: base, http: &http.Client{Transport: tr, Timeout: hold + 3*time.Minute}}
}

// localAddrs counts the connections dialled, to spread them over addresses.
var localAddrs atomic.Uint64

// spreadDial dials a loopback server from 127.0.0.1 to 127.0.0.64 in turn,
// so that thousands of connections look like the many clients they stand
// for and stay under the server's per-address cap.
func spreadDial(ctx context.Context, network, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: 10 * time.Second}
	host, _, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() && ip.To4() != nil {
		n := localAddrs.Add(1)
		d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(1+n%64))}
	}
	return d.DialContext(ctx, network, addr)
}
