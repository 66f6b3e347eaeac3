package play_test

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// TestJoinAgainAfterLeavingElsewhere: a player who left a lobby through
// one replica and sits down again through another, whose copy of the
// table still holds their old seat, is seated again as the store has the
// table: not answered the seat they left, whose token is dead.
func TestJoinAgainAfterLeavingElsewhere(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t, "play_")
	sa, sb := openStore(t, url), openStore(t, url)
	if err := sa.CreatePlayer(ctx, players.Player{ID: "alice", Name: "Alice", CreatedAt: time.Now()}, players.Keys{Fold: "alice", Skeleton: "alice"}, "hash"); err != nil {
		t.Fatal(err)
	}
	alice := auth.Caller{Via: auth.Session, Account: &auth.Account{ID: "alice", Name: "Alice"}, Seat: -1}
	a, b := newGames(t, sa), newGames(t, sb)
	st, _, err := a.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 3, Seed: seed("join-again"), Name: "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	seat, joined, err := a.Join(ctx, st.ID, alice, "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	left := alice
	left.Game, left.Seat, left.Occupant = st.ID, seat, joined.Occupant(seat)
	if _, err := b.Leave(ctx, st.ID, left, seat, ""); err != nil {
		t.Fatal(err)
	}
	again, st2, err := a.Join(ctx, st.ID, alice, "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := b.Load(ctx, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.SeatOf("alice") != again || play.Admit(stored, again, st2.Occupant(again)) != nil {
		t.Fatalf("joined again at seat %d (occupant %s, the left one %s); the stored table seats her at %d", again, st2.Occupant(again), left.Occupant, stored.SeatOf("alice"))
	}
}
