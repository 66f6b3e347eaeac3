package api

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// BenchmarkAction measures one move through the whole stack: HTTP, token,
// cache, engine, an SQLite append, the view.
func BenchmarkAction(b *testing.B) {
	e := sqliteEnv(b)
	var tb *table
	games := 0
	b.ResetTimer()
	for b.Loop() {
		if tb == nil || tb.local.Over() {
			b.StopTimer()
			games++
			tb = e.newTable("basic", 3, variants.Options{}, fmt.Sprint("bench-", games))
			b.StartTimer()
		}
		seat := tb.local.Current()
		a := tb.pick()
		r := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[seat], tb.request(a))
		if r.status != http.StatusOK {
			b.Fatalf("status %d: %s", r.status, r.body)
		}
		tb.local.Apply(a)
	}
}

// BenchmarkView measures a seat's GET of the state.
func BenchmarkView(b *testing.B) {
	e := sqliteEnv(b)
	tb := e.newTable("farbrausch2", 4, variants.Options{}, "bench-view")
	for range 12 {
		tb.act(tb.pick())
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if r := e.req("GET", "/v1/games/"+tb.id, tb.tokens[i%4], nil); r.status != http.StatusOK {
			b.Fatalf("status %d", r.status)
		}
	}
}

// BenchmarkVariants: reading, listing and creating a game of a catalogue
// variant cost what they cost for a variant of the rules.
func BenchmarkVariants(b *testing.B) {
	e := sqliteEnv(b)
	for _, name := range []string{"farbrausch2", "dark-prism-6-suits"} {
		b.Run("get/"+name, func(b *testing.B) {
			for b.Loop() {
				if r := e.req("GET", "/v1/variants/"+name, "", nil); r.status != http.StatusOK {
					b.Fatalf("status %d", r.status)
				}
			}
		})
		b.Run("create/"+name, func(b *testing.B) {
			body := map[string]any{"variant": name, "players": 4}
			for b.Loop() {
				if r := e.req("POST", "/v1/games", "", body); r.status != http.StatusCreated {
					b.Fatalf("status %d: %s", r.status, r.body)
				}
			}
		})
	}
	for _, q := range []string{"", "prism"} {
		b.Run("list/q="+q, func(b *testing.B) {
			for b.Loop() {
				if r := e.req("GET", "/v1/variants?limit=100&q="+q, "", nil); r.status != http.StatusOK {
					b.Fatalf("status %d", r.status)
				}
			}
		})
	}
}

// BenchmarkResolveSeatToken measures who a seat token is: verified once,
// then remembered.
func BenchmarkResolveSeatToken(b *testing.B) {
	e := sqliteEnv(b)
	tb := e.newTable("basic", 2, variants.Options{}, "bench-token")
	raw := tb.tokens[0]
	for b.Loop() {
		if _, err := e.srv.auth.Resolve(context.Background(), raw, tb.id, "127.0.0.1"); err != nil {
			b.Fatal(err)
		}
	}
}
