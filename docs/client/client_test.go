package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/api"
	"github.com/hanabi-server/hanabi/docs/client"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
)

// A client generated from the document plays a whole two-player game with
// nothing but its generated types and methods.
func TestGeneratedClientPlaysAGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	store, err := models.Open(ctx, filepath.Join(t.TempDir(), "hanabi.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := play.New(play.Config{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := api.New(ctx, api.Config{Games: games, Keys: games, Probe: games, Bots: games.Bots(), Stats: games.Stats(), Secret: []byte("client-test-secret-client-test-secret")})
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
	seed, name := "generated client", "Alice"
	createKey, joinKey := "create-1", "join-1"
	created, err := c.CreateGameWithResponse(ctx, &client.CreateGameParams{IdempotencyKey: &createKey},
		client.CreateGameRequest{Variant: "basic", Players: 2, Seed: &seed, Name: &name})
	if err != nil || created.JSON201 == nil {
		t.Fatalf("create: %v %s", err, body(created.Body))
	}
	if created.Headers201 == nil || created.Headers201.Location == "" {
		t.Errorf("create: no Location")
	}
	id := created.JSON201.Game.Id
	bob := "Bob"
	joined, err := c.JoinGameWithResponse(ctx, id, &client.JoinGameParams{IdempotencyKey: &joinKey}, client.JoinRequest{Name: &bob})
	if err != nil || joined.JSON201 == nil {
		t.Fatalf("join: %v %s", err, body(joined.Body))
	}
	// A join whose answer was lost, retried with its key: the same seat, no second one.
	again, err := c.JoinGameWithResponse(ctx, id, &client.JoinGameParams{IdempotencyKey: &joinKey}, client.JoinRequest{Name: &bob})
	if err != nil || again.JSON201 == nil || *again.JSON201.Seat != *joined.JSON201.Seat {
		t.Fatalf("the retried join: %v %d %s", err, again.StatusCode(), body(again.Body))
	}
	tokens := []string{*created.JSON201.Token, *joined.JSON201.Token}
	as := func(seat int) client.RequestEditorFn {
		return func(_ context.Context, r *http.Request) error {
			r.Header.Set("Authorization", "Bearer "+tokens[seat])
			return nil
		}
	}

	moves := 0
	for ; moves < 200; moves++ {
		view, err := c.GetGameWithResponse(ctx, id, nil)
		if err != nil || view.JSON200 == nil {
			t.Fatalf("public view: %v %s", err, body(view.Body))
		}
		if view.JSON200.Status == client.GameViewStatusFinished {
			break
		}
		seat := *view.JSON200.CurrentSeat
		mine, err := c.GetGameWithResponse(ctx, id, nil, as(seat))
		if err != nil || mine.JSON200 == nil {
			t.Fatalf("seat %d's view: %v %s", seat, err, body(mine.Body))
		}
		action, err := choose(mine.JSON200, seat, moves)
		if err != nil {
			t.Fatal(err)
		}
		version := mine.JSON200.Version
		ifMatch := `"` + strconv.Itoa(version) + `"`
		res, err := c.PostActionWithResponse(ctx, id, &client.PostActionParams{IfMatch: &ifMatch}, action, as(seat))
		if err != nil || res.JSON200 == nil {
			t.Fatalf("move %d: %v %d %s", moves, err, res.StatusCode(), body(res.Body))
		}
		if _, err := res.JSON200.Event.ValueByDiscriminator(); err != nil {
			t.Fatalf("move %d: the event is no member of the union: %v", moves, err)
		}
	}
	events, err := c.GetEventsWithResponse(ctx, id, nil)
	if err != nil || events.JSON200 == nil {
		t.Fatalf("events: %v %s", err, body(events.Body))
	}
	evs := events.JSON200.Events
	if len(evs) != moves+1 {
		t.Fatalf("%d events for %d moves", len(evs), moves)
	}
	last, err := evs[len(evs)-1].ValueByDiscriminator()
	if err != nil {
		t.Fatal(err)
	}
	over, ok := last.(client.GameOverEvent)
	if !ok {
		t.Fatalf("the last event is %T, not game_over", last)
	}
	t.Logf("the game ended after %d moves: %d points (%s)", moves, over.Result.Score, over.Result.Reason)

	// What the finished game teaches, as the generated client types it.
	an, err := c.GetAnalysisWithResponse(ctx, id, nil)
	if err != nil || an.JSON200 == nil {
		t.Fatalf("analysis: %v %s", err, body(an.Body))
	}
	a := an.JSON200
	if a.Score != over.Result.Score || len(a.Turns) != moves+1 || a.Turns[len(a.Turns)-1].MaxReachable != a.Score {
		t.Fatalf("analysis: score %d, %d turns, max_reachable at the end %d", a.Score, len(a.Turns), a.Turns[len(a.Turns)-1].MaxReachable)
	}
}

// choose plays the newest card when the seat knows it is a 1 of a suit not
// yet started, clues the other seat a rank it holds while note tokens last,
// and discards the oldest card otherwise: only what a seat's view shows.
func choose(v *client.GameView, seat, turn int) (client.Action, error) {
	var body client.Action
	other := 1 - seat
	own := v.Hands[seat].Cards
	for _, card := range own {
		if len(card.PossibleRanks) == 1 && card.PossibleRanks[0] == 1 && allZero(v.Fireworks, card.PossibleSuits) {
			return body, body.FromPlayAction(client.PlayAction{Type: client.PlayActionTypePlay, Card: card.Id})
		}
	}
	if v.NoteTokens > 0 {
		theirs := v.Hands[other].Cards
		rank := *theirs[turn%len(theirs)].Rank
		return body, body.FromClueAction(client.ClueAction{Type: client.ClueActionTypeClue, Target: other, Rank: &rank})
	}
	return body, body.FromDiscardAction(client.DiscardAction{Type: client.DiscardActionTypeDiscard, Card: own[len(own)-1].Id})
}

func allZero(fireworks map[string]int, suits []string) bool {
	for _, s := range suits {
		if fireworks[s] != 0 {
			return false
		}
	}
	return true
}

func body(b []byte) string {
	if len(b) > 300 {
		return string(b[:300])
	}
	return string(b)
}
