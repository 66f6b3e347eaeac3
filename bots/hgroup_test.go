package bots

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// hgFamilies are a variant of each of hanab.live's rule groups and special
// suits, and the rules' own variants: under the race detector the mixed
// table plays these and a share of the rest.
var hgFamilies = []string{
	"no-variant", "basic", "farbrausch", "farbrausch2",
	"orange-5-suits", "clue-starved-5-suits", "alternating-clues-5-suits", "reversed-5-suits",
	"sudoku-5-suits", "up-or-down-5-suits", "throw-it-in-a-hole-5-suits", "cow-pig-5-suits", "duck-5-suits",
	"rainbow-6-suits", "dark-rainbow-6-suits", "pink-6-suits", "white-6-suits", "brown-6-suits",
	"omni-6-suits", "null-6-suits", "muddy-rainbow-6-suits", "light-pink-6-suits", "prism-6-suits",
}

// TestHgroupWithConventionsEveryVariant seats two hgroup players beside a
// conventions player, whose clues mean less than hgroup reads into them,
// on every variant (under -race, every family and a tenth of the rest):
// each game must end, every move legal (PlayGame checks each one with the
// engine), and every move of an hgroup seat must say why.
func TestHgroupWithConventionsEveryVariant(t *testing.T) {
	family := map[string]bool{}
	for _, f := range hgFamilies {
		family[f] = true
	}
	hg := mustGet(t, "hgroup")
	explained := Strategy{Name: "hgroup", New: func(c *engine.Config, seat int, seed uint64) Player {
		return whyChecker{t: t, Player: hg.New(c, seat, seed)}
	}}
	seats := []Strategy{explained, mustGet(t, "conventions"), explained}
	var tb table
	played := map[string]bool{}
	for i, v := range variants.All() {
		if race.Enabled && !family[v.Name] && i%10 != 0 {
			continue
		}
		_, _, cfg, err := variants.Setup(v.Name, variants.Options{}, 3)
		if err != nil {
			continue // a variant for other player counts
		}
		o, err := tb.play(cfg, "hgroup-mixed/"+v.Name, seats, uint64(i))
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if o.Result.Score < 0 || o.Result.Score > cfg.MaxScore() {
			t.Fatalf("%s: score %d", v.Name, o.Result.Score)
		}
		played[v.Name] = true
	}
	for _, f := range hgFamilies {
		if !played[f] {
			t.Errorf("family %s was not played", f)
		}
	}
}

// whyChecker fails the test when an hgroup move comes without a reason.
type whyChecker struct {
	t testing.TB
	Player
}

func (w whyChecker) Act(v *engine.View) engine.Action {
	a := w.Player.Act(v)
	if e, ok := w.Player.(Explainer); !ok || strings.TrimSpace(e.Why()) == "" {
		w.t.Errorf("seat %d turn %d: %+v without a reason", v.Seat, v.Turn, a)
	}
	return a
}

// TestHgroupNotes: every card a clue touched has a note, in the seat's own
// hand and in the others'.
func TestHgroupNotes(t *testing.T) {
	_, _, cfg, err := variants.Setup("no-variant", variants.Options{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewSeeded(cfg, "notes")
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]Player, 3)
	for p := range ps {
		ps[p] = mustGet(t, "hgroup").New(g.Config(), p, 0)
		ps[p].Start(g.View(p))
	}
	checked := 0
	for !g.Over() {
		ev, err := g.Apply(ps[g.Current()].Act(g.View(g.Current())))
		if err != nil {
			t.Fatal(err)
		}
		for p := range ps {
			ps[p].Observe(g.View(p), g.Config().EventSeen(ev, p, g.Over()))
		}
		noted := map[int]string{}
		for _, n := range ps[0].(Noter).Notes(nil) {
			noted[n.Card] = n.Text
		}
		for _, c := range g.View(0).Clues {
			for q := range 3 {
				for _, id := range g.Hand(q) {
					if c.Touched&bit(id) != 0 && noted[id] == "" {
						t.Fatalf("turn %d: card %d of seat %d was clued and has no note", g.Turn(), id, q)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no note checked")
	}
}

// TestHgroupScoreFloor guards the strength of self-play on No Variant:
// measured means less a margin (see README, "The H-group bot").
func TestHgroupScoreFloor(t *testing.T) {
	floors := map[int]float64{2: 19.0, 3: 21.45, 4: 20.75}
	games := 400
	if race.Enabled || testing.Short() {
		games = 60
		floors = map[int]float64{2: 17.95, 3: 20.45, 4: 19.75}
	}
	for players, floor := range floors {
		_, _, cfg, err := variants.Setup("no-variant", variants.Options{}, players)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{mustGet(t, "hgroup")}, Games: games, Seed: "hgroup-floor"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Mean < floor {
			t.Errorf("hgroup at %d players: mean %.2f over %d games, want at least %.2f", players, r.Mean, games, floor)
		}
		t.Logf("%d players: %s", players, fmt.Sprintf("%.2f ± %.2f", r.Mean, r.StdErr))
	}
}
