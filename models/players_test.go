package models

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/players"
)

// The store keeps accounts unique by their fold, and tokens by their id,
// with their uses and revocations, on both databases.
func TestPlayersStore(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
		alice := players.Player{ID: "p1", Name: "Alice", CreatedAt: at}
		if err := s.CreatePlayer(ctx, alice, players.Keys{Fold: "alice", Skeleton: "alice"}, "hash1"); err != nil {
			t.Fatal(err)
		}
		var pe *players.Error
		err := s.CreatePlayer(ctx, players.Player{ID: "p2", Name: "ALICE", CreatedAt: at}, players.Keys{Fold: "alice", Skeleton: "allce"}, "hash2")
		if !errors.As(err, &pe) || pe.Code != players.NameTaken || pe.Clash != "Alice" {
			t.Fatalf("a second alice: %v, want NameTaken naming Alice", err)
		}
		err = s.CreatePlayer(ctx, players.Player{ID: "p3", Name: "Aliсe", CreatedAt: at}, players.Keys{Fold: "alise", Skeleton: "alice"}, "hash2")
		if !errors.As(err, &pe) || pe.Code != players.NameTaken || pe.Clash != "Alice" {
			t.Fatalf("a look-alike of alice: %v, want NameTaken naming Alice", err)
		}
		if like, err := s.PlayerLike(ctx, players.Keys{Skeleton: "alice"}); err != nil || like.ID != "p1" {
			t.Fatalf("PlayerLike by the skeleton: %+v %v", like, err)
		}
		got, hash, err := s.PlayerByFold(ctx, "alice")
		if err != nil || got.ID != "p1" || got.Name != "Alice" || hash != "hash1" || !got.CreatedAt.Equal(at) {
			t.Fatalf("PlayerByFold: %+v %q %v", got, hash, err)
		}
		if _, _, err := s.PlayerByFold(ctx, "bob"); !errors.Is(err, players.ErrNotFound) {
			t.Fatalf("an unknown fold: %v", err)
		}
		if err := s.SetPassword(ctx, "p1", "hash3"); err != nil {
			t.Fatal(err)
		}
		if _, hash, _ := s.PlayerByFold(ctx, "alice"); hash != "hash3" {
			t.Fatalf("password hash %q after SetPassword", hash)
		}

		end := at.Add(time.Hour)
		for _, tok := range []players.TokenRow{
			{ID: "t1", PlayerID: "p1", Kind: players.KindSession, Hash: "h1", CreatedAt: at, ExpiresAt: &end},
			{ID: "t2", PlayerID: "p1", Kind: players.KindSession, Hash: "h2", CreatedAt: at.Add(time.Second), ExpiresAt: &end},
			{ID: "t3", PlayerID: "p1", Kind: players.KindAccess, Name: "my bot", Hash: "h3", CreatedAt: at},
		} {
			if err := s.CreateToken(ctx, tok); err != nil {
				t.Fatal(err)
			}
		}
		tok, err := s.Token(ctx, "t1")
		if err != nil || tok.Hash != "h1" || tok.ExpiresAt == nil || !tok.ExpiresAt.Equal(end) || tok.LastUsedAt != nil || tok.RevokedAt != nil {
			t.Fatalf("Token: %+v %v", tok, err)
		}
		if err := s.TouchToken(ctx, "t1", at.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if tok, _ := s.Token(ctx, "t1"); tok.LastUsedAt == nil || !tok.LastUsedAt.Equal(at.Add(time.Minute)) {
			t.Fatalf("last use %v", tok.LastUsedAt)
		}
		// All sessions but t2 end; the access token stays.
		if n, err := s.RevokeTokens(ctx, "p1", players.KindSession, "", "t2", at); err != nil || n != 1 {
			t.Fatalf("RevokeTokens: %d %v", n, err)
		}
		if tok, _ := s.Token(ctx, "t1"); tok.RevokedAt == nil {
			t.Fatal("t1 not revoked")
		}
		if tok, _ := s.Token(ctx, "t2"); tok.RevokedAt != nil {
			t.Fatal("t2 revoked")
		}
		list, err := s.Tokens(ctx, "p1", players.KindAccess)
		if err != nil || len(list) != 1 || list[0].Name != "my bot" || list[0].Hash != "" {
			t.Fatalf("Tokens: %+v %v", list, err)
		}
		if n, _ := s.RevokeTokens(ctx, "p1", players.KindAccess, "t3", "", at); n != 1 {
			t.Fatalf("revoked %d access tokens", n)
		}
		if list, _ := s.Tokens(ctx, "p1", players.KindAccess); len(list) != 0 {
			t.Fatalf("a revoked token listed: %+v", list)
		}
	})
}

// Accounts kept without their skeletons (made before they were kept, or
// before the way one is taken changed) get them when the server starts
// (players.Service.Backfill), on both stores; one too like an older
// account keeps none and is told, and a look-alike of an account that got
// its keys is found by them.
func TestBackfillGivesSkeletons(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		at := time.Now().UTC()
		// As kept before the keys: the fold alone.
		for i, name := range []string{"Alice", "ÀLIСE"} {
			// The younger account's id sorts first: the older keeps the key.
			p := players.Player{ID: "old" + string(rune('z'-i)), Name: name, CreatedAt: at.Add(time.Duration(i) * time.Second)}
			if err := s.CreatePlayer(ctx, p, players.Keys{Fold: players.Fold(name)}, "hash"); err != nil {
				t.Fatal(err)
			}
		}
		clashes, err := players.New(players.Config{Store: s}).Backfill(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(clashes) != 1 || clashes[0] != "ÀLIСE" {
			t.Fatalf("clashes %q, want the younger look-alike alone", clashes)
		}
		p, err := s.PlayerLike(ctx, players.Keys{Lower: players.LowerSkeleton("ALIСE")})
		if err != nil || p.Name != "Alice" {
			t.Fatalf("a look-alike by the third key finds %q, %v; want Alice", p.Name, err)
		}
		// The younger look-alike keeps the key it does not share.
		if p, err := s.PlayerLike(ctx, players.Keys{Skeleton: players.Skeleton("ÀLIСE")}); err != nil || p.Name != "ÀLIСE" {
			t.Fatalf("the younger look-alike by its own skeleton: %q, %v", p.Name, err)
		}
		if again, err := players.New(players.Config{Store: s}).Backfill(ctx); err != nil || len(again) != 1 {
			t.Fatalf("a second start: clashes %q, %v", again, err)
		}
	})
}
