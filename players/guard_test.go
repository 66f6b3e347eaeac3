package players

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/auth"
)

func refusedFor(err error) bool {
	var pe *Error
	return errors.As(err, &pe) && pe.Code == TooManyTries && pe.RetryAfter >= 1
}

// A burst of sign-ins for one name from one address checks no more
// passwords than the guard allows: each is counted before it is hashed.
func TestBurstChecksNoMoreThanTheLimit(t *testing.T) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "sign-up"); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	checked := 0
	var wg sync.WaitGroup
	for i := range 60 {
		wg.Go(func() {
			password := "wrong horse " + strconv.Itoa(i)
			if i == 44 {
				password = "correct horse"
			}
			_, _, _, err := s.SignIn(ctx, "Alice", password, "10.0.0.1")
			if err == nil || err == ErrWrongPassword {
				mu.Lock()
				checked++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if checked > PairFailures.Burst {
		t.Fatalf("%d of 60 checked, want at most %d", checked, PairFailures.Burst)
	}
}

// Nobody locks a player out: failures from other addresses, however many,
// leave the right password from a clean address passing, the name under
// attack or not. A clean address let through a name under attack gets one
// guess on it.
func TestNoLockout(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	s := New(Config{Store: newMemStore(), Now: func() time.Time { return now }})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "sign-up"); err != nil {
		t.Fatal(err)
	}
	signIn := func(password, addr string) error {
		_, _, _, err := s.SignIn(ctx, "Alice", password, addr)
		return err
	}
	for i := range PairFailures.Burst {
		if err := signIn("wrong horse", "x"); err != ErrWrongPassword {
			t.Fatalf("failure %d: %v", i, err)
		}
	}
	if err := signIn("correct horse", "x"); !refusedFor(err) {
		t.Fatalf("the guessing address, past its limit: %v", err)
	}
	if err := signIn("correct horse", "owner"); err != nil {
		t.Fatalf("the owner from elsewhere: %v", err)
	}
	// The name under attack: its own bucket empty.
	for a := 0; a < NameFailures.Burst; a++ {
		_ = signIn("wrong horse", "attacker"+strconv.Itoa(a))
	}
	if err := signIn("correct horse", "owner"); err != nil {
		t.Fatalf("the owner, the name under attack: %v", err)
	}
	if err := signIn("wrong horse", "owner"); err != ErrWrongPassword {
		t.Fatalf("a clean address's guess: %v", err)
	}
	if err := signIn("correct horse", "owner"); !refusedFor(err) {
		t.Fatalf("a second guess from an address, the name under attack: %v", err)
	}
	if err := signIn("wrong horse", "attacker0"); !refusedFor(err) {
		t.Fatalf("an address that failed on the name under attack: %v", err)
	}
	if err := signIn("correct horse", "another"); err != nil {
		t.Fatalf("another clean address: %v", err)
	}
	// Another name from the same addresses is not under attack.
	if _, _, _, err := s.SignIn(ctx, "Bobby", "wrong horse", "owner"); err != ErrWrongPassword {
		t.Fatalf("another name: %v", err)
	}
	// An address's failures across names have their own limit.
	for i := range AddrFailures.Burst {
		_, _, _, _ = s.SignIn(ctx, "name"+strconv.Itoa(i), "wrong horse", "sprayer")
	}
	if _, _, _, err := s.SignIn(ctx, "Carol", "wrong horse", "sprayer"); !refusedFor(err) {
		t.Fatalf("past the address's limit: %v", err)
	}
	// Buckets refill.
	now = now.Add(time.Duration(PairFailures.Burst) * PairFailures.Every)
	if err := signIn("correct horse", "x"); err != nil {
		t.Fatalf("the guessing address, its bucket refilled: %v", err)
	}
}

// A right password does not count as a failure: it gives its token back.
func TestRightPasswordCountsNothing(t *testing.T) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "a"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 * PairFailures.Burst {
		if _, _, _, err := s.SignIn(ctx, "Alice", "correct horse", "a"); err != nil {
			t.Fatalf("sign-in %d: %v", i, err)
		}
	}
}

// from is who, asking from addr.
func from(who auth.Caller, addr string) auth.Caller {
	who.Addr = addr
	return who
}

// Changing the password checks the old one under the same guard: a stolen
// token is no way to guess it.
func TestChangePasswordGuarded(t *testing.T) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	_, token, err := s.SignUp(ctx, "Alice", "correct horse", false, "a")
	if err != nil {
		t.Fatal(err)
	}
	who, err := s.Identify(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	for range PairFailures.Burst {
		if err := s.ChangePassword(ctx, from(who, "thief"), "wrong horse", "new password"); err != ErrWrongPassword {
			t.Fatalf("a wrong old password: %v", err)
		}
	}
	if err := s.ChangePassword(ctx, from(who, "thief"), "wrong horse", "new password"); !refusedFor(err) {
		t.Fatalf("past the limit: %v", err)
	}
	if _, _, _, err := s.SignIn(ctx, "Alice", "correct horse", "thief"); !refusedFor(err) {
		t.Fatalf("a sign-in from the same address after: %v", err)
	}
	if err := s.ChangePassword(ctx, from(who, "a"), "correct horse", "new password"); err != nil {
		t.Fatalf("the owner: %v", err)
	}
}

// The hashing queue is bounded: a check takes its place first, past the
// bound it is refused at once (Busy), and checks from addresses that ask
// often wait behind the others.
func TestHashingQueueBounded(t *testing.T) {
	h := &hasher{slots: 1}
	ctx := context.Background()
	first, err := h.enter(false)
	if err != nil || first.wait(ctx) != nil {
		t.Fatal(err)
	}
	var tickets []*ticket
	for range QueueLast {
		tk, err := h.enter(true)
		if err != nil {
			t.Fatal(err)
		}
		tickets = append(tickets, tk)
	}
	if _, err := h.enter(true); err != ErrBusy {
		t.Fatalf("past the last queue: %v", err)
	}
	for range QueueFirst {
		tk, err := h.enter(false)
		if err != nil {
			t.Fatalf("the first queue is full with the last one: %v", err)
		}
		tickets = append(tickets, tk)
	}
	if _, err := h.enter(false); err != ErrBusy {
		t.Fatalf("past the first queue: %v", err)
	}
	// A ticket given up leaves room; one whose context ends waits no more.
	tickets[0].leave()
	if _, err := h.enter(true); err != nil {
		t.Fatalf("a place given up: %v", err)
	}
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if err := tickets[1].wait(ended); err != context.Canceled {
		t.Fatalf("a check whose client left: %v", err)
	}
	late, cancelLate := context.WithTimeout(ctx, 0)
	defer cancelLate()
	if err := tickets[2].wait(late); err != ErrBusy {
		t.Fatalf("a check whose request ran out of time in the queue: %v, want ErrBusy (never an outage)", err)
	}
	// The slot goes to the first queue before the last.
	first.leave()
	select {
	case <-tickets[QueueLast].turn:
	default:
		t.Fatal("the slot did not go to the first queue's first ticket")
	}
	for _, tk := range tickets[1:QueueLast] {
		select {
		case <-tk.turn:
			t.Fatal("a ticket of the last queue went before the first queue's")
		default:
		}
	}
}

// A burst of sign-ins for names that are no account's is held to the same
// limit, whatever password it tries: the decoy they are checked against
// matches none.
func TestUnknownNamesChecksNoMoreThanTheLimit(t *testing.T) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	checked := 0
	for i := range 2 * AddrFailures.Burst {
		for _, password := range []string{"no account has this password", "wrong horse " + strconv.Itoa(i)} {
			_, _, _, err := s.SignIn(ctx, "Nobody"+strconv.Itoa(i), password, "10.0.0.1")
			if err == ErrWrongPassword {
				checked++
			} else if !refusedFor(err) {
				t.Fatal(err)
			}
		}
	}
	if checked > AddrFailures.Burst {
		t.Fatalf("%d sign-ins on unknown names were checked, want at most %d", checked, AddrFailures.Burst)
	}
}
