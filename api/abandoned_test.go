package api

import (
	"net/http"
	"testing"
)

// TestAbandonedResults (acceptance, on both stores): a game the table
// voted to end is kept and listed as abandoned, but it is on no
// leaderboard, and the profile and the statistics count it apart: not
// among the games played out, nor in their average nor best. The game
// played out stays what it was.
func TestAbandonedResults(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		played := e.accountTable("basic", []string{alice, bob}, nil)
		score := played.playOut().Score
		if score == 0 {
			t.Fatal("the game played out scored 0: the average would not tell the voted game apart")
		}
		voted := e.accountTable("basic", []string{alice, bob}, nil)
		for range 3 {
			voted.act(voted.pick())
		}
		for s := range 2 {
			e.expect(e.req("PUT", "/v1/games/"+voted.id+"/votes/end", voted.tokens[s], nil), http.StatusOK)
		}
		var end GameView
		e.req("GET", "/v1/games/"+voted.id, "", nil).json(t, &end)
		if end.Result == nil || end.Result.Reason != "voted" {
			t.Fatalf("the voted game ended %+v", end.Result)
		}

		var board LeaderboardView
		r := e.req("GET", "/v1/variants/basic/leaderboard?players=2", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &board)
		if len(board.Entries) != 1 || board.Entries[0].Game.ID != played.id {
			t.Errorf("the leaderboard lists %+v; want only the game played out", board.Entries)
		}
		var prof ProfileView
		r = e.req("GET", "/v1/players/Alice", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &prof)
		if prof.Games != 1 || prof.Abandoned != 1 || len(prof.Stats) != 1 {
			t.Fatalf("Alice's profile: %d games, %d abandoned, stats %+v", prof.Games, prof.Abandoned, prof.Stats)
		}
		if s := prof.Stats[0]; s.Games != 1 || s.Abandoned != 1 || s.Average != float64(score) || s.Best != score {
			t.Errorf("Alice's statistics %+v; want 1 game averaging %d, and 1 abandoned", s, score)
		}
		var vs VariantStatsView
		e.req("GET", "/v1/variants/basic/stats", "", nil).json(t, &vs)
		if len(vs.Stats) != 1 || vs.Stats[0].Games != 1 || vs.Stats[0].Abandoned != 1 || vs.Stats[0].Average != float64(score) {
			t.Errorf("the variant's statistics %+v", vs.Stats)
		}
		var page HistoryPage
		e.req("GET", "/v1/players/Alice/games", "", nil).json(t, &page)
		if len(page.Games) != 2 || !page.Games[0].Abandoned || page.Games[0].ID != voted.id || page.Games[1].Abandoned {
			t.Errorf("Alice's games: %+v; want the voted one abandoned, then the one played out", page.Games)
		}
		var seed SeedView
		e.req("GET", "/v1/seeds/"+deref(page.Games[0].Seed), "", nil).json(t, &seed)
		if len(seed.Games) == 0 || !seed.Games[len(seed.Games)-1].Abandoned {
			t.Errorf("the seed's games: %+v; want the abandoned last", seed.Games)
		}
	})
}
