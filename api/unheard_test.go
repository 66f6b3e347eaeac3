package api

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/variants"
)

// A long-poll is a read like any other: after a change this replica never
// heard of (another replica's move behind a lost notification, here a log
// entry written straight into the database), a long-poll whose since the
// remembered game already passes answers the stored game, never the copy
// in memory; ordinary and parked alike.
func TestLongPollSeesUnheardChange(t *testing.T) {
	for _, parking := range []bool{false, true} {
		t.Run("parking="+strconv.FormatBool(parking), func(t *testing.T) {
			ctx := context.Background()
			dbURL := storetest.PostgresURL(t, "api_")
			e := startEnv(t, dbURL, parking, nil)
			tb := e.newTable("basic", 2, variants.Options{}, "unheard-long-poll")
			tb.act(tb.pick())
			base := "/v1/games/" + tb.id
			var known GameView
			e.req("GET", base, tb.tokens[0], nil).json(t, &known)
			// Someone already waits on the game, so that it is followed
			// and its last snapshot is at hand.
			waiting := make(chan resp, 1)
			go func() {
				waiting <- e.req("GET", base+"?since="+strconv.FormatInt(known.Version, 10)+"&wait=3s", tb.tokens[1], nil)
			}()
			time.Sleep(300 * time.Millisecond)

			conn, err := pgx.Connect(ctx, dbURL)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			// unheard writes the current seat's next move into the log by
			// hand: no notification, no process hears of it.
			unheard := func() {
				a := tb.pick()
				if _, err := conn.Exec(ctx, `INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
					VALUES ($1, $2, $3, $4, $5, $6, $7, false, now())`, tb.id, len(tb.local.Log()), tb.local.Current(), int(a.Kind), a.Card, a.Target, a.Value); err != nil {
					t.Fatal(err)
				}
				if _, err := tb.local.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			unheard()

			r := e.req("GET", base+"?since="+strconv.FormatInt(known.Version-1, 10)+"&wait=2s", tb.tokens[0], nil)
			e.expect(r, http.StatusOK)
			var got GameView
			r.json(t, &got)
			if got.Version != known.Version+1 {
				t.Fatalf("a long-poll after an unheard change answered version %d; the stored game is at %d", got.Version, known.Version+1)
			}
			<-waiting

			// A long-poll that waits through an unheard change: when its wait
			// runs out it answers the stored game, not "nothing new".
			known = got
			waiting = make(chan resp, 1)
			go func() {
				waiting <- e.req("GET", base+"?since="+strconv.FormatInt(known.Version, 10)+"&wait=1s", tb.tokens[1], nil)
			}()
			time.Sleep(300 * time.Millisecond)
			unheard()
			r = <-waiting
			if r.status != http.StatusOK {
				t.Fatalf("a long-poll whose wait ran out after an unheard change answered %d, not the stored game", r.status)
			}
			r.json(t, &got)
			if got.Version != known.Version+1 {
				t.Fatalf("a long-poll whose wait ran out answered version %d; the stored game is at %d", got.Version, known.Version+1)
			}
		})
	}
}
