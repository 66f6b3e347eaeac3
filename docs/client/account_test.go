package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/hanabi-server/hanabi/api"
	"github.com/hanabi-server/hanabi/docs/client"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// A client generated from the document signs up, signs in on a second
// device, creates a game as a player, loses its seat token, gets a fresh
// one for its seat and plays the game to the end; its profile counts it.
func TestGeneratedClientSignsInAndResumes(t *testing.T) {
	players.HashParams = &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	store, err := models.Open(ctx, filepath.Join(t.TempDir(), "hanabi.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	history := players.NewHistory(store)
	games, err := play.New(play.Config{Store: store, Seeds: history.NextSeed, DealKey: []byte("deal key")})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := api.New(ctx, api.Config{Games: games, Keys: games, Probe: games, Stats: games.Stats(),
		Accounts: players.New(players.Config{Store: store}), History: history, Feed: players.NewFeed(store),
		Secret: []byte("client-test-secret-client-test-secret")})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	defer srv.Shutdown(ctx)
	c, err := client.NewClientWithResponses(hs.URL + "/v1")
	if err != nil {
		t.Fatal(err)
	}
	bearer := func(token string) client.RequestEditorFn {
		return func(_ context.Context, r *http.Request) error {
			r.Header.Set("Authorization", "Bearer "+token)
			return nil
		}
	}

	up, err := c.SignUpWithResponse(ctx, client.SignUpRequest{Name: "Alice", Password: "correct horse"})
	if err != nil || up.JSON201 == nil {
		t.Fatalf("sign up: %v %s", err, body(up.Body))
	}
	wrong, err := c.SignInWithResponse(ctx, client.SignInRequest{Name: "Alice", Password: "wrong horse"})
	if err != nil || wrong.ApplicationproblemJSON401 == nil || wrong.ApplicationproblemJSON401.Code != client.WrongCredentials {
		t.Fatalf("a wrong password: %v %d %s", err, wrong.StatusCode(), body(wrong.Body))
	}
	in, err := c.SignInWithResponse(ctx, client.SignInRequest{Name: "alice", Password: "correct horse"})
	if err != nil || in.JSON201 == nil {
		t.Fatalf("sign in: %v %s", err, body(in.Body))
	}
	device1, device2 := up.JSON201.Token, in.JSON201.Token

	created, err := c.CreateGameWithResponse(ctx, nil, client.CreateGameRequest{Variant: "basic", Players: 2}, bearer(device1))
	if err != nil || created.JSON201 == nil {
		t.Fatalf("create: %v %s", err, body(created.Body))
	}
	id := created.JSON201.Game.Id
	guest := "Bob"
	joined, err := c.JoinGameWithResponse(ctx, id, nil, client.JoinRequest{Name: &guest})
	if err != nil || joined.JSON201 == nil {
		t.Fatalf("join: %v %s", err, body(joined.Body))
	}
	// The first device's seat token is lost; the second asks for a fresh one.
	fresh, err := c.SeatTokenWithResponse(ctx, id, 0, bearer(device2))
	if err != nil || fresh.JSON201 == nil || fresh.JSON201.Token == nil || *fresh.JSON201.Seat != 0 {
		t.Fatalf("a fresh seat token: %v %d %s", err, fresh.StatusCode(), body(fresh.Body))
	}
	tokens := []string{*fresh.JSON201.Token, *joined.JSON201.Token}
	for moves := 0; moves < 200; moves++ {
		view, err := c.GetGameWithResponse(ctx, id, nil)
		if err != nil || view.JSON200 == nil {
			t.Fatalf("public view: %v %s", err, body(view.Body))
		}
		if view.JSON200.Status == client.GameViewStatusFinished {
			break
		}
		seat := *view.JSON200.CurrentSeat
		mine, err := c.GetGameWithResponse(ctx, id, nil, bearer(tokens[seat]))
		if err != nil || mine.JSON200 == nil {
			t.Fatalf("seat %d's view: %v %s", seat, err, body(mine.Body))
		}
		action, err := choose(mine.JSON200, seat, moves)
		if err != nil {
			t.Fatal(err)
		}
		ifMatch := `"` + strconv.Itoa(mine.JSON200.Version) + `"`
		if res, err := c.PostActionWithResponse(ctx, id, &client.PostActionParams{IfMatch: &ifMatch}, action, bearer(tokens[seat])); err != nil || res.JSON200 == nil {
			t.Fatalf("move %d: %v %d %s", moves, err, res.StatusCode(), body(res.Body))
		}
	}
	prof, err := c.GetPlayerWithResponse(ctx, "Alice")
	if err != nil || prof.JSON200 == nil || prof.JSON200.Games != 1 || len(prof.JSON200.Stats) != 1 {
		t.Fatalf("the profile after the game: %v %s", err, body(prof.Body))
	}
}
