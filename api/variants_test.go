package api

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/hanablive"
	"github.com/hanabi-server/hanabi/variants"
	"github.com/hanabi-server/hanabi/variants/varianttest"
)

// TestVariantPages walks the whole listing page by page, with and without
// q, and checks that it lists every matching variant once, in registry order,
// with next_cursor null on the last page.
func TestVariantPages(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	e := sqliteEnv(t)
	tests := []struct {
		q     string
		limit int
	}{{"", 1000}, {"", 333}, {"prism", 50}, {"PRISM (5", 7}, {"farbrausch", 100}, {"no-such-variant", 10}}
	for _, tc := range tests {
		var want []string
		for _, v := range variants.All() {
			q := strings.ToLower(tc.q)
			if strings.Contains(v.Name, q) || strings.Contains(strings.ToLower(v.Title), q) {
				want = append(want, v.Name)
			}
		}
		var got []string
		cursor, pages := "", 0
		for {
			path := "/v1/variants?limit=" + itoa(tc.limit) + "&q=" + url.QueryEscape(tc.q)
			if cursor != "" {
				path += "&cursor=" + url.QueryEscape(cursor)
			}
			r := e.req("GET", path, "", nil)
			e.expect(r, http.StatusOK)
			if !strings.Contains(string(r.body), `"next_cursor":`) {
				t.Fatalf("no next_cursor field: %.200s", r.body)
			}
			var vl VariantList
			r.json(t, &vl)
			pages++
			for _, v := range vl.Variants {
				got = append(got, v.Name)
			}
			if vl.NextCursor == nil {
				break
			}
			if len(vl.Variants) != tc.limit || pages > 100 {
				t.Fatalf("q=%q: a page of %d before the last", tc.q, len(vl.Variants))
			}
			cursor = *vl.NextCursor
		}
		if !slices.Equal(got, want) {
			t.Errorf("q=%q limit %d: listed %d variants, want %d", tc.q, tc.limit, len(got), len(want))
		}
	}
	for _, bad := range []string{"limit=0", "limit=1001", "limit=x", "cursor=12", "cursor=v-1", "cursor=abc"} {
		e.expect(e.req("GET", "/v1/variants?"+bad, "", nil), http.StatusBadRequest)
	}
}

// TestVariantTouches: GET /v1/variants/{name} says, for a catalogue variant,
// where it comes from and exactly which clues touch each card.
func TestVariantTouches(t *testing.T) {
	e := sqliteEnv(t)
	r := e.req("GET", "/v1/variants/prism-5-suits", "", nil)
	e.expect(r, http.StatusOK)
	var v VariantView
	r.json(t, &v)
	if v.Source != "hanablive" || v.HanabLive == nil || v.HanabLive.Name != "Prism (5 Suits)" || v.Title != "Prism (5 Suits)" {
		t.Fatalf("source %s hanablive %+v title %s", v.Source, v.HanabLive, v.Title)
	}
	if v.Options["empty_clues"].Default != false || v.MaxScore != 25 {
		t.Errorf("empty_clues default %v, max score %d", v.Options["empty_clues"].Default, v.MaxScore)
	}
	prism := v.Suits[4]
	if prism.Name != "prism" || len(prism.CluedBy) != 0 || len(prism.Touches) != 5 {
		t.Fatalf("prism suit %+v", prism)
	}
	for i, want := range []string{"red", "yellow", "green", "blue", "red"} {
		tv := prism.Touches[i]
		if tv.Rank != i+1 || !slices.Equal(tv.Colors, []string{want}) || !slices.Equal(tv.Ranks, []int{i + 1}) {
			t.Errorf("prism %d: %+v, want touched by %s", i+1, tv, want)
		}
	}
	r = e.req("GET", "/v1/variants/farbrausch2", "", nil)
	e.expect(r, http.StatusOK)
	for _, s := range []string{`"source":"rules"`, `"hanablive":{"id":3,"name":"Rainbow (6 Suits)"}`, `"touches":[{"rank":1,"colors":["red","yellow","green","blue","white"],"ranks":[1]}`} {
		if !strings.Contains(string(r.body), s) {
			t.Errorf("farbrausch2 does not say %s", s)
		}
	}
}

// TestVariantRankClues: a variant names what each of its rank clues means,
// in clue_ranks' order, for a client to show: the rank where a clue touches
// only its rank, else what it stretches to.
func TestVariantRankClues(t *testing.T) {
	e := sqliteEnv(t)
	for name, want := range map[string][]RankClueView{
		"basic":                  {{1, []int{1}, "1"}, {2, []int{2}, "2"}, {3, []int{3}, "3"}, {4, []int{4}, "4"}, {5, []int{5}, "5"}},
		"odds-and-evens-5-suits": {{1, []int{1, 3, 5}, "odd"}, {2, []int{2, 4}, "even"}},
		"funnels-4-suits":        {{1, []int{1}, "1"}, {2, []int{1, 2}, "1–2"}, {3, []int{1, 2, 3}, "1–3"}, {4, []int{1, 2, 3, 4}, "1–4"}, {5, []int{1, 2, 3, 4, 5}, "1–5"}},
	} {
		r := e.req("GET", "/v1/variants/"+name, "", nil)
		e.expect(r, http.StatusOK)
		var v VariantView
		r.json(t, &v)
		if !reflect.DeepEqual(v.RankClues, want) {
			t.Errorf("%s: rank clues %+v, want %+v", name, v.RankClues, want)
		}
	}
	r := e.req("GET", "/v1/variants?q=odds-and-evens-5", "", nil)
	e.expect(r, http.StatusOK)
	if !strings.Contains(string(r.body), `"rank_clues":[{"rank":1,"touches":[1,3,5],"name":"odd"},{"rank":2,"touches":[2,4],"name":"even"}]`) {
		t.Errorf("the list does not name Odds and Evens' rank clues: %.300s", r.body)
	}
}

// TestReplayCatalogueVariants: a game of a catalogue variant, written in
// hanab.live's format under its hanab.live name, replays through
// POST /v1/replays to the same score.
func TestReplayCatalogueVariants(t *testing.T) {
	e := sqliteEnv(t)
	for i, name := range []string{"prism-5-suits", "black-dark-pink-6-suits", "color-blind-4-suits", "odds-and-evens-5-suits"} {
		_, s, cfg, err := variants.Setup(name, variants.Options{}, 2+i)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := engine.NewSeeded(cfg, name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		var buf []engine.Action
		for !g.Over() {
			buf = g.LegalActions(buf)
			if _, err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		data, err := hanablive.Marshal(&hanablive.Replay{Variant: name, Settings: s, State: g})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		v, _ := variants.Get(name)
		var doc struct{ Options struct{ Variant string } }
		if err := json.Unmarshal(data, &doc); err != nil || doc.Options.Variant != v.HanabLive.Name {
			t.Fatalf("%s: exported without its hanab.live name:\n%.300s", name, data)
		}
		r := e.req("POST", "/v1/replays", "", json.RawMessage(data))
		e.expect(r, http.StatusOK)
		var out ImportResponse
		r.json(t, &out)
		if out.Game.Variant != name || out.Game.Score != g.Score() {
			t.Errorf("%s: replayed as %s to %d, want %d", name, out.Game.Variant, out.Game.Score, g.Score())
		}
	}
}

// TestVariantViewsMatchHanabLive: the view GET /v1/variants/{name} answers
// for every catalogue variant says what hanab.live's rules code says: clue
// colors and ranks, max score, and each card's copies and touching clues.
func TestVariantViewsMatchHanabLive(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	ref := varianttest.ReadTouches(t)
	for _, want := range ref.Variants {
		v, err := variants.Get(want.Name)
		if err != nil {
			t.Fatal(err)
		}
		// Through JSON, as a client reads it.
		data, err := json.Marshal(variantView(v))
		if err != nil {
			t.Fatal(err)
		}
		var got VariantView
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if got.ClueColors == nil || got.ClueRanks == nil || !slices.Equal(got.ClueColors, want.ClueColors) ||
			!slices.Equal(got.ClueRanks, want.ClueRanks) || got.MaxScore != want.MaxScore || len(got.Suits) != len(want.Suits) {
			t.Fatalf("%s: colors %v ranks %v max %d suits %d; want %v %v %d %d", want.Name, got.ClueColors, got.ClueRanks,
				got.MaxScore, len(got.Suits), want.ClueColors, want.ClueRanks, want.MaxScore, len(want.Suits))
		}
		for si, ws := range want.Suits {
			gs := got.Suits[si]
			// A touch per rank up to the suit's highest: the ranks above
			// it (5 in a 4-card Sudoku suit) have no cards.
			top := 0
			for r, n := range ws.Copies {
				if n > 0 {
					top = r + 1
				}
			}
			if ws.Start != nil {
				top++ // and the START card, rank engine.StartRank, last
			}
			if gs.Name != ws.Name || len(gs.Touches) != top {
				t.Fatalf("%s: suit %d is %s with %d touches, want %s with %d", want.Name, si, gs.Name, len(gs.Touches), ws.Name, top)
			}
			if ws.Start != nil {
				tv := gs.Touches[top-1]
				if tv.Rank != engine.StartRank || !slices.Equal(tv.Colors, ws.Start.Colors) || !slices.Equal(tv.Ranks, ws.Start.Ranks) ||
					gs.Ranks[len(gs.Ranks)-1] != engine.StartRank {
					t.Fatalf("%s %s: START %+v, ranks %v; want colors %v ranks %v", want.Name, gs.Name, tv, gs.Ranks, ws.Start.Colors, ws.Start.Ranks)
				}
				gs.Touches = gs.Touches[:top-1]
			}
			for r, tv := range gs.Touches {
				copies := 0
				for _, x := range gs.Ranks {
					if x == r+1 {
						copies++
					}
				}
				if tv.Rank != r+1 || copies != ws.Copies[r] || !slices.Equal(tv.Colors, ws.Colors[r]) || !slices.Equal(tv.Ranks, ws.Ranks[r]) {
					t.Fatalf("%s %s %d: %d copies, %+v; want %d copies, colors %v ranks %v", want.Name, gs.Name, r+1,
						copies, tv, ws.Copies[r], ws.Colors[r], ws.Ranks[r])
				}
			}
		}
	}
}
