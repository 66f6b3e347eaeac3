package play_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
)

// A replica answers no read from a copy that the database has moved past,
// even when it never heard of the change: a replica cut off from the
// notifications (a silent partition, a lost listener) or one that sends
// none. Here a move goes into the log by hand, with no notification at all,
// after the replica has been alone on its database for a while and has
// written the game's last change itself. Its next read must see the move,
// and its next move must apply on top of it: no stale read, no game wedged
// behind a copy it trusts.
func TestUnheardChangeIsSeen(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.PostgresURL(t, "play_")
	a := newGames(t, openStore(t, dbURL))
	// Long enough for a replica alone on its database to decide it is.
	time.Sleep(3 * time.Second)
	st := table(t, a, "basic", 2, "unheard")
	moved, _, err := a.Act(ctx, st.ID, holder(a, st.ID, 0), move(engine.ClueRank(1, st.Game.Deck()[st.Game.Hand(1)[0]].Rank), nil))
	if err != nil {
		t.Fatal(err)
	}

	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rank := st.Game.Deck()[st.Game.Hand(0)[0]].Rank
	if _, err := conn.Exec(ctx, `INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
		VALUES ($1, 1, 1, $2, 0, 0, $3, false, now())`, st.ID, int(engine.RankClue), rank); err != nil {
		t.Fatal(err)
	}

	got, err := a.Load(ctx, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != moved.Version+1 || len(got.Log) != 2 || got.Game.Current() != 0 {
		t.Fatalf("a read after a change this replica did not hear of: version %d (want %d), %d log entries (want 2)",
			got.Version, moved.Version+1, len(got.Log))
	}
	cur := got.Game
	next, _, err := a.Act(ctx, st.ID, holder(a, st.ID, 0), move(engine.ClueRank(1, cur.Deck()[cur.Hand(1)[0]].Rank), nil))
	if err != nil {
		t.Fatalf("a move after the unheard change: %v", err)
	}
	if next.Version != moved.Version+2 || len(next.Log) != 3 {
		t.Fatalf("after the next move: version %d, %d log entries", next.Version, len(next.Log))
	}
}
