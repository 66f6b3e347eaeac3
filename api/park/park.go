// Package park lets long-polls wait without a goroutine of their own. A
// long-poll served the ordinary way holds a goroutine, its stack and
// net/http's buffers (about 40 KB) for as long as it waits. A parked
// long-poll holds only its connection and a small record: the handler checks
// the request, finds nothing new, takes the connection over (Hijack) and
// returns. When the game changes, the wait runs out, the server shuts down
// or the client goes away, the parker writes the HTTP/1.1 answer itself,
// with the headers the ordinary path would have sent, and hands a keep-alive
// connection back to the http.Server through the listener that Listen
// returned, which serves its next request as usual.
//
// Only plain HTTP/1.1 requests without a body, on a connection accepted by
// that listener, are parked; everything else waits the ordinary way.
//
// The package knows how to hold, wake and write; what an answer says is the
// Host's (the API's) to render.
package park

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// Kind is what a long-poll waits for.
type Kind uint8

const (
	State  Kind = iota // a newer game state (GET /games/{id})
	Events             // events after a seq (GET /games/{id}/events)
)

// Spec is what a long-poll waits for and how it is answered.
type Spec struct {
	Kind   Kind
	Viewer int // the seat whose token the request carries, or -1
	// Occupant is the seat's occupancy the token was issued for: every
	// answer asks play.Admit again, so a seat left while its long-poll waits
	// answers that, never the view.
	Occupant string
	Since    int64  // State: since (-1: none); Events: after
	INM      string // State: If-None-Match
	// Watch: the reader holds no seat (no token, or a signed-in player not
	// seated at the game), and its view is decided on each answer (see
	// play.AdmitWatcher) from what it is: SignedIn, the seat it shadows
	// (-1: none) and the join secret it brought.
	Watch    bool
	SignedIn bool
	Player   string // the signed-in watcher's account: its seat once it takes one
	Shadow   int
	Secret   string
	// InPlay is the shared deal that the watcher plays at another table
	// ("": none), whose games it may not read (see play.Spoils).
	InPlay string
	// Events: ChatAfter is the last chat line the reader saw (-1: it reads
	// no chat), Muted the players whose lines it does not want.
	ChatAfter int
	Muted     players.Mutes
	// Gzip: the client takes gzip (Accept-Encoding), so a success answer
	// worth compressing goes compressed.
	Gzip bool
}

// Answer is an answer to a long-poll, shared by the waiters it fits: a
// success (the view or the events) or, with Code, a problem, which gets
// the failure path's headers.
type Answer struct {
	Status      int
	ETag        string
	ContentType string
	Body        []byte
	Encoding    string      // Body's Content-Encoding ("": none)
	Code        string      // a problem's code
	Header      [][2]string // a problem's own headers (WWW-Authenticate, Retry-After)
}

// Outcome is what the Host's request log and metrics hear of an answered
// long-poll.
type Outcome struct {
	Route, Path, Client string
	Seat                int // -1: none
	Start               time.Time
	Status, Size        int
	Code                string
}

// Host is the API, as the parker calls it.
type Host interface {
	// Answer is the answer to spec with st, or with err when the game
	// could not be read. ready is false while st holds nothing new for
	// spec and the wait is not final.
	Answer(spec Spec, st *play.State, err error, final bool) (a Answer, ready bool)
	// Answered counts and logs an answered long-poll.
	Answered(o Outcome)
}

// Request is one long-poll that its handler found waiting.
type Request struct {
	W    http.ResponseWriter // must be an http.Hijacker
	R    *http.Request
	Spec Spec
	// Wait is how long it may wait.
	Wait time.Duration
	// Log is what the log and metrics will hear of it: its route, client
	// and start (the parker fills in its path and seat, and the outcome).
	Log Outcome
	// ProblemType is the media type its problem answer goes out as (the
	// answer, shared by every waiter it fits, says application/problem+json).
	ProblemType string
	// Recheck, when set, asks the request's credential again as it is
	// answered: one that stopped working while it waited is answered its
	// refusal (see Host.Answer), not what it waited for.
	Recheck func() error
	// Revoked, when set (with Recheck), follows the request's credential
	// while it is parked: it calls wake at each change that may have
	// stopped it (its player signed out, its expiry come) until the stop
	// it returns (nil: there is nothing to follow). The parker asks
	// Recheck then, and answers a refusal at once rather than when the
	// wait runs out.
	Revoked func(wake func()) (stop func())
}

// WriteTimeout bounds the write of a parked answer: a client that does not
// read it loses its connection rather than holding a writer; ReadTimeout
// bounds the read of a game whose waits ran out.
const (
	WriteTimeout = 10 * time.Second
	ReadTimeout  = 10 * time.Second
)

// Parker keeps every parked long-poll of a server.
type Parker struct {
	host Host

	mu       sync.Mutex
	parked   map[*parked]struct{}
	closed   bool // Release has begun: nothing parks any more
	sweeping bool
	nextSlot int                    // the sweep turn of the next parked connection
	idle     map[*keptConn]struct{} // answered, waiting for the next request
	taken    map[*Taken]struct{}    // taken over by their writers
	done     chan struct{}
	bg       sync.WaitGroup
	waiting  atomic.Int64 // parked and not yet answered

	hdrMu   sync.Mutex
	headers map[string]string

	roomsMu sync.Mutex
	rooms   map[string]*room // by game
}

// New returns a parker that answers through host.
func New(host Host) *Parker {
	return &Parker{host: host, done: make(chan struct{}), rooms: map[string]*room{}, parked: map[*parked]struct{}{}}
}

// Waiting is the number of long-polls parked and not yet answered.
func (pk *Parker) Waiting() int { return int(pk.waiting.Load()) }

// Release answers every parked long-poll as if its wait had run out, with
// Connection: close, and closes the kept-alive connections waiting for their
// next request; nothing parks afterwards. Call it when shutdown begins.
func (pk *Parker) Release() {
	pk.mu.Lock()
	if !pk.closed {
		close(pk.done)
	}
	pk.closed = true
	var all []*parked
	for p := range pk.parked {
		if p.claim() {
			p.timer.Stop()
			all = append(all, p)
		}
	}
	clear(pk.parked)
	for c := range pk.idle {
		c.Close()
	}
	pk.idle = nil
	pk.mu.Unlock()
	pk.answerRunOut(all)
	pk.bg.Wait()
}
