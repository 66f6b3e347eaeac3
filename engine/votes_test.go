package engine_test

import (
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestVotesToEnd: at least half of the seats end a game by vote, both
// seats of a two-player game; a vote taken back counts no more, a vote
// cast twice is refused, a seat votes only for itself, and the game that
// the votes end scores 0, charged to no seat, with the turn where it was.
func TestVotesToEnd(t *testing.T) {
	for _, tc := range []struct{ players, need int }{{2, 2}, {3, 2}, {4, 2}, {5, 3}, {6, 3}} {
		cfg := setup(t, "no-variant", tc.players, variants.Options{})
		if got := engine.VotesToEnd(tc.players); got != tc.need {
			t.Fatalf("%d players: %d votes end the game, want %d", tc.players, got, tc.need)
		}
		g := deal(t, cfg)
		apply(t, g, g.LegalActions(nil)[0])
		turn := g.Turn()
		// The last seat votes and takes it back: no vote stands.
		last := tc.players - 1
		apply(t, g, engine.VoteToEnd(last, true))
		wantErr(t, func() error { _, err := g.Apply(engine.VoteToEnd(last, true)); return err }(), engine.ErrSameVote)
		apply(t, g, engine.VoteToEnd(last, false))
		wantErr(t, func() error { _, err := g.Apply(engine.VoteToEnd(last, false)); return err }(), engine.ErrSameVote)
		_, err := g.ApplyAs(0, engine.VoteToEnd(1, true))
		wantErr(t, err, engine.ErrNotYourVote)
		for seat := range tc.need {
			if g.Over() {
				t.Fatalf("%d players: over after %d votes", tc.players, seat)
			}
			ev, err := g.ApplyAs(seat, engine.VoteToEnd(seat, true))
			if err != nil {
				t.Fatal(err)
			}
			if want := seat == tc.need-1; ev.Over != want || g.Over() != want {
				t.Fatalf("%d players, vote %d: over %v", tc.players, seat+1, ev.Over)
			}
		}
		r, _ := g.Result()
		if r.Reason != engine.EndVoted || r.Score != 0 || r.Seat != -1 || g.Turn() != turn || r.Reason.String() != "voted" {
			t.Fatalf("%d players: %+v at turn %d", tc.players, r, g.Turn())
		}
		if !slices.Equal(g.Votes(), seatsUpTo(tc.need)) {
			t.Fatalf("votes %v", g.Votes())
		}
		// Nobody can make a game end "by vote" with an End action.
		g2 := deal(t, cfg)
		_, err = g2.Apply(engine.EndGame(0, engine.EndVoted))
		wantErr(t, err, engine.ErrBadEnd)
	}
}

func seatsUpTo(n int) []int {
	out := []int{}
	for i := range n {
		out = append(out, i)
	}
	return out
}

// TestPause: a paused game takes no move, from anyone, until a seat
// resumes it; a table entry still comes (a vote, an end), pausing twice or
// resuming a running game is refused, and neither passes a turn.
func TestPause(t *testing.T) {
	cfg := setup(t, "no-variant", 3, variants.Options{})
	g := deal(t, cfg)
	turn, cur := g.Turn(), g.Current()
	legal := g.LegalActions(nil)
	if _, err := g.ApplyAs(1, engine.PauseGame(1)); err != nil {
		t.Fatal(err)
	}
	if !g.Paused() || g.Turn() != turn || g.Current() != cur {
		t.Fatal("the pause did not hold, or passed the turn")
	}
	for _, a := range append(legal[:2:2], legal[len(legal)-1]) { // plays and a clue
		wantErr(t, g.Check(a), engine.ErrPaused)
		_, err := g.ApplyAs(cur, a)
		wantErr(t, err, engine.ErrPaused)
	}
	if n := len(g.LegalActions(nil)); n != 0 {
		t.Fatalf("%d legal moves while paused", n)
	}
	v := g.View(cur)
	if !v.Paused || len(v.LegalActions(nil)) != 0 {
		t.Fatal("the seat to act's view of a paused game offers moves")
	}
	wantErr(t, v.Check(legal[0]), engine.ErrPaused)
	_, err := g.Apply(engine.PauseGame(2))
	wantErr(t, err, engine.ErrPaused)
	apply(t, g, engine.VoteToEnd(2, true))
	apply(t, g, engine.ResumeGame(0))
	_, err = g.Apply(engine.ResumeGame(0))
	wantErr(t, err, engine.ErrNotPaused)
	if g.Paused() {
		t.Fatal("still paused")
	}
	apply(t, g, g.LegalActions(nil)[0])
	if g.Turn() != turn+1 {
		t.Fatalf("turn %d after one move", g.Turn())
	}
	// The log replays to the same game (the views at any turn stand on it).
	again := deal(t, cfg)
	for _, a := range g.Log() {
		apply(t, again, a)
	}
	if !slices.Equal(again.Votes(), []int{2}) || again.Paused() || again.Turn() != g.Turn() {
		t.Fatalf("the replayed log: votes %v paused %v turn %d", again.Votes(), again.Paused(), again.Turn())
	}
	// A paused game still ends by the clock or a seat.
	apply(t, g, engine.PauseGame(0))
	apply(t, g, engine.EndGame(1, engine.EndTerminated))
	if !g.Over() {
		t.Fatal("a paused game could not be terminated")
	}
	// An ended game is paused no more: its clock is done with.
	if g.Paused() || g.View(0).Paused || g.View(engine.Spectator).Paused {
		t.Fatal("a game ended while paused still reads as paused")
	}
}
