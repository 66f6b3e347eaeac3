package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// The server lets each sayer of a table a burst of five lines, then one
// every two seconds (api's chatLimit). A seat of the driver keeps under
// both, so that a 429 counts as a failure of the server, not of the mix.
const (
	chatBurst = 4
	chatGap   = 2500 * time.Millisecond
)

// chatBook times one table's chat lines from the start of the say to the
// moment the last of the table's streams reads it. Lines are known by their
// text, which holds a counter: a stream may read a line before the say's
// answer arrives, so the line is booked before it is said.
type chatBook struct {
	readers int
	mu      sync.Mutex
	open    map[string]*openLine
	// said numbers the lines tried, refused ones too.
	said int
	lat  []time.Duration
	// refused counts the says answered 429, failed those answered another
	// error.
	refused, failed int
	// held counts the lines a seat kept back to stay under the chat limit.
	held int
}

type openLine struct {
	start time.Time
	seen  int
}

func newChatBook(readers int) *chatBook {
	return &chatBook{readers: readers, open: map[string]*openLine{}}
}

// heard records that one of the table's streams read the line text at at.
func (b *chatBook) heard(text string, at time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	l := b.open[text]
	if l == nil {
		return
	}
	if l.seen++; l.seen == b.readers {
		b.lat = append(b.lat, at.Sub(l.start))
		delete(b.open, text)
	}
}

// unseen is how many lines said are still waiting for a reader.
func (b *chatBook) unseen() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.open)
}

// settle waits a little for the lines said to reach every stream: a seat
// that leaves the finished game stops its stream, and a line said just
// before the last move could otherwise go unread.
func (b *chatBook) settle(ctx context.Context) {
	deadline := time.Now().Add(time.Second)
	for b.unseen() > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
}

// chatter is one seat's side of the chat: its pace and its say.
type chatter struct {
	book  *chatBook
	lim   *rate.Limiter
	every int // its own moves between its lines
	next  int // the move after which it says its next line
	name  string
}

// newChatter paces a seat to a line after every every-th move of its own;
// the second seat starts half-way, so that the table's lines come about
// every every moves of the game, the seats in turn.
func newChatter(book *chatBook, seat, every int, key string) *chatter {
	if every <= 0 {
		return nil
	}
	first := every
	if seat == 1 {
		first = max(1, every/2)
	}
	return &chatter{book: book, lim: rate.NewLimiter(rate.Every(chatGap), chatBurst), every: every, next: first,
		name: "of " + key + " seat " + strconv.Itoa(seat)}
}

// moved is told each of the seat's moves (turn: how many it has made) and
// says a line when one is due, on rc.
func (ch *chatter) moved(rc *rawConn, path, token string, turn int) error {
	if ch == nil || turn < ch.next {
		return nil
	}
	ch.next += ch.every
	b := ch.book
	if !ch.lim.Allow() {
		b.mu.Lock()
		b.held++
		b.mu.Unlock()
		return nil
	}
	b.mu.Lock()
	b.said++
	text := "line " + strconv.Itoa(b.said) + " " + ch.name
	b.open[text] = &openLine{start: time.Now()}
	b.mu.Unlock()
	code, _, err := rc.do("POST", path+"/chat", token, []byte(`{"text":"`+text+`"}`))
	if err != nil {
		return err
	}
	if code != http.StatusCreated {
		b.mu.Lock()
		delete(b.open, text)
		if code == http.StatusTooManyRequests {
			b.refused++
		} else {
			b.failed++
		}
		b.mu.Unlock()
	}
	return nil
}

// chatTotals sums the tables' chat books over a run.
type chatTotals struct {
	lat                         []time.Duration
	said, refused, failed, held int
	unseen                      int
}

// add counts a table's book; a line unread in a game the run's end cut
// short is no failure of the server, but one in a finished game is.
func (t *chatTotals) add(b *chatBook, finished bool) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	t.lat = append(t.lat, b.lat...)
	t.said += b.said - b.refused - b.failed
	t.refused += b.refused
	t.failed += b.failed
	t.held += b.held
	if finished {
		t.unseen += len(b.open)
	}
}

func (t *chatTotals) report(every int) {
	slices.Sort(t.lat)
	fmt.Printf("chat: %d lines said (one about every %d moves of a game), %d read by both seats' streams, %d unread when their game ended, %d refused (429), %d other failures, %d held back under the chat limit\n",
		t.said, every, len(t.lat), t.unseen, t.refused, t.failed, t.held)
	fmt.Printf("chat line seen by all players of the table: p50 %s  p90 %s  p99 %s  max %s (from the say's request)\n", pct(t.lat, 50), pct(t.lat, 90), pct(t.lat, 99), pct(t.lat, 100))
}
