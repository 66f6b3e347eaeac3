package auth

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/fault"
)

var secret = []byte("test-secret-test-secret-test-secret!")

// fakePlayers knows one session ("hps_alice", id "s1") and whether it is
// still live.
type fakePlayers struct{ signedOut bool }

func (f *fakePlayers) Identify(_ context.Context, raw string) (Caller, error) {
	switch {
	case raw != "hps_alice":
		if len(raw) > 4 && raw[:4] == "hps_" {
			return Caller{}, ErrUnauthorized
		}
		return Caller{}, ErrNotPlayers
	case f.signedOut:
		return Caller{}, ErrUnauthorized
	}
	return Caller{Via: Session, Credential: "s1", Account: &Account{ID: "p1", Name: "Alice"}, Seat: -1}, nil
}

func (f *fakePlayers) Live(_ context.Context, id string) error {
	if id != "s1" || f.signedOut {
		return ErrUnauthorized
	}
	return nil
}

// fakeSeats seats Alice (p1) at seat 2 of game g1.
type fakeSeats struct{}

func (fakeSeats) SeatOf(_ context.Context, game, player string) (int, string, error) {
	switch {
	case game == "g1" && player == "p1":
		return 2, "occ-2", nil
	case game == "gone":
		return -1, "", &fault.Error{Kind: fault.NotFound, Code: "not_found", Msg: "no such game"}
	case game == "down":
		return -1, "", errDown
	}
	return -1, "", nil
}

var errDown = errors.New("the store does not answer")

// Holds: seat 1 of g1 was left.
func (fakeSeats) Holds(_ context.Context, game string, seat int, _ string) error {
	if game == "g1" && seat == 1 {
		return ErrUnauthorized
	}
	return nil
}

// A player's seat that cannot be looked up fails the request: taken for a
// spectator, a seated player would be shown every hand, their own
// included. No such game leaves the caller unseated.
func TestResolveSeatLookupFails(t *testing.T) {
	now := time.Now()
	r := newResolver(t, &fakePlayers{}, &now)
	if _, err := r.Resolve(context.Background(), "hps_alice", "down", "10.0.0.1"); !errors.Is(err, errDown) {
		t.Fatalf("a seat lookup that fails: %v, want the store's error", err)
	}
	c, err := r.Resolve(context.Background(), "hps_alice", "gone", "10.0.0.1")
	if err != nil || c.Seated() || c.Account == nil {
		t.Fatalf("no such game: %+v, %v; want Alice, unseated", c, err)
	}
}

func newResolver(t *testing.T, p *fakePlayers, now *time.Time) *Resolver {
	t.Helper()
	r, err := New(Config{Secret: secret, TTL: time.Hour, Players: p, Seats: fakeSeats{}, Now: func() time.Time { return *now }})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func kindOf(t *testing.T, err error) fault.Kind {
	t.Helper()
	k, _, ok := fault.Of(err)
	if !ok {
		t.Fatalf("%v says no kind", err)
	}
	return k
}

// TestResolve: each kind of credential becomes the caller it stands for.
func TestResolve(t *testing.T) {
	now := time.Now()
	p := &fakePlayers{}
	r := newResolver(t, p, &now)
	ctx := context.Background()

	anon, err := r.Resolve(ctx, "", "g1", "10.0.0.1")
	if err != nil || anon.Via != None || anon.Seated() || anon.Account != nil || anon.Key() != "addr 10.0.0.1" {
		t.Fatalf("nothing: %+v %v", anon, err)
	}
	alice, err := r.Resolve(ctx, "hps_alice", "g1", "10.0.0.1")
	if err != nil || !alice.SignedIn() || !alice.HoldsSeat("g1", 2) || alice.Occupant != "occ-2" || alice.Key() != "player p1" {
		t.Fatalf("a session at her table: %+v %v", alice, err)
	}
	elsewhere, err := r.Resolve(ctx, "hps_alice", "g9", "10.0.0.1")
	if err != nil || elsewhere.Seated() || !elsewhere.SignedIn() {
		t.Fatalf("a session at another table: %+v %v", elsewhere, err)
	}
	if _, err := r.Resolve(ctx, "hps_forged", "", ""); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("a forged session: %v", err)
	}

	// A guest's seat token: its seat, no account, no session to outlive.
	guest, err := r.SeatToken(anon, "g1", 1, "occ-1")
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Resolve(ctx, guest, "g1", "10.0.0.2")
	if err != nil || g.Via != Seat || !g.HoldsSeat("g1", 1) || g.Occupant != "occ-1" || g.Account != nil || g.Session != "" ||
		g.Key() != "seat g1/1/occ-1" {
		t.Fatalf("a guest's seat token: %+v %v", g, err)
	}
	if _, err := r.Resolve(ctx, guest, "g2", ""); kindOf(t, err) != fault.Forbidden {
		t.Fatalf("a seat token at another game: %v", err)
	}
	if _, err := r.Resolve(ctx, guest+"x", "g1", ""); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("a tampered seat token: %v", err)
	}

	// A seat token taken with Alice's session: her account, her session.
	hers, err := r.SeatToken(alice, "g1", 2, "occ-2")
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Resolve(ctx, hers, "g1", "")
	if err != nil || h.Via != Seat || h.Account == nil || h.Account.ID != "p1" || h.Session != "s1" || h.Key() != "player p1" {
		t.Fatalf("her seat token: %+v %v", h, err)
	}
	// It lives no longer than the session it was taken with.
	p.signedOut = true
	if _, err := r.Resolve(ctx, hers, "g1", ""); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("her seat token after she signed out: %v", err)
	}
	if err := r.Recheck(ctx, h); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("rechecked after she signed out: %v", err)
	}
	if err := r.Recheck(ctx, alice); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("her session rechecked after she signed out: %v", err)
	}
	if err := r.Recheck(ctx, g); err != nil {
		t.Fatalf("a guest's seat token rechecked: %v", err)
	}
	// A seat token ends when it expires, rechecked too.
	now = now.Add(2 * time.Hour)
	if _, err := r.Resolve(ctx, guest, "g1", ""); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("an expired seat token: %v", err)
	}
	if err := r.Recheck(ctx, g); kindOf(t, err) != fault.Unauthorized {
		t.Fatalf("an expired seat token rechecked: %v", err)
	}
}

// TestSeatTokenRemembered: a token is remembered as it is issued, and what
// the cache holds is what checking it from scratch gives.
func TestSeatTokenRemembered(t *testing.T) {
	now := time.Now()
	r := newResolver(t, &fakePlayers{}, &now)
	alice, _ := r.Resolve(context.Background(), "hps_alice", "g1", "")
	token, err := r.SeatToken(alice, "g1", 2, "occ-2")
	if err != nil {
		t.Fatal(err)
	}
	cached := r.tokens.get(token, now)
	if cached == nil {
		t.Fatal("an issued token is not remembered")
	}
	r.tokens = newTokenCache(16)
	parsed, err := r.parseSeat(token)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cached, parsed) {
		t.Fatalf("remembered %+v, parsed %+v", cached, parsed)
	}
}

// TestNeeds: no credential is 401, one that may not 403.
func TestNeeds(t *testing.T) {
	session := Caller{Via: Session, Credential: "s1", Account: &Account{ID: "p1"}, Seat: -1}
	seated := Caller{Via: Seat, Game: "g1", Seat: 0, Occupant: "o"}
	for _, tc := range []struct {
		name string
		err  error
		want fault.Kind
	}{
		{"signed in, none", NeedSignedIn(Anonymous("a")), fault.Unauthorized},
		{"signed in, a seat token", NeedSignedIn(seated), fault.Forbidden},
		{"signed in, a session", NeedSignedIn(session), 0},
		{"a seat, none", NeedSeat(Anonymous("a"), "g1"), fault.Unauthorized},
		{"a seat, a session seated nowhere", NeedSeat(session, "g1"), fault.Forbidden},
		{"a seat, its token", NeedSeat(seated, "g1"), 0},
	} {
		var got fault.Kind
		if tc.err != nil {
			got = kindOf(t, tc.err)
		}
		if got != tc.want {
			t.Errorf("%s: %v, want kind %d", tc.name, tc.err, tc.want)
		}
	}
}
