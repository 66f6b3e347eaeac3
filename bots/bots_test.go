package bots

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// table variants: every suit layout the registry has, with both rainbow sizes.
var testVariants = []struct {
	name    string
	rainbow int
}{{"basic", 0}, {"farbrausch", 10}, {"farbrausch", 5}, {"farbrausch2", 10}, {"farbrausch2", 5}}

// optionSets cycle through the table options a game may be played with.
func optionSet(i int) (storms, notes int, empty bool) {
	stormsList := []int{3, 2, 1}
	notesList := []int{8, 1, 2, 3, 5, 16}
	return stormsList[i%3], notesList[(i/3)%6], (i/18)%2 == 0
}

func testConfig(t testing.TB, name string, rainbow, players, i int) engine.Config {
	t.Helper()
	storms, notes, empty := optionSet(i)
	o := variants.Options{StormTokens: &storms, NoteTokens: &notes, EmptyClues: &empty}
	if rainbow != 0 {
		o.RainbowCards = &rainbow
	}
	_, _, cfg, err := variants.Setup(name, o, players)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestEveryStrategyPlaysLegally plays many seeded games of every strategy in
// every variant, player count and option set; PlayGame checks each chosen
// move with the engine before applying it, so one illegal move (or a panic)
// fails the test with the game's seed.
func TestEveryStrategyPlaysLegally(t *testing.T) {
	games := 2000
	if race.Enabled || testing.Short() {
		games = 100 // every player count and option set still, 20 deals each
	}
	for _, s := range strategies() {
		for _, tv := range testVariants {
			t.Run(fmt.Sprintf("%s/%s-%d", s.Name, tv.name, tv.rainbow), func(t *testing.T) {
				t.Parallel()
				var tb table
				for i := range raceGames(s, games) {
					players := 2 + i%5
					cfg := testConfig(t, tv.name, tv.rainbow, players, i/5)
					seed := fmt.Sprintf("legal/%s/%d", tv.name, i)
					o, err := tb.play(cfg, seed, []Strategy{s}, uint64(i))
					if err != nil {
						t.Fatalf("players %d, storms %d notes %d empty %v: %v", players, cfg.StormTokens, cfg.NoteTokens, cfg.EmptyClues, err)
					}
					if o.Result.Score < 0 || o.Result.Score > cfg.MaxScore() {
						t.Fatalf("score %d out of range", o.Result.Score)
					}
				}
			})
		}
	}
}

// TestMixedTable seats different strategies at one table.
func TestMixedTable(t *testing.T) {
	seats := []Strategy{mustGet(t, "conventions"), mustGet(t, "hat"), mustGet(t, "hat"), mustGet(t, "random")}
	for i := range 50 {
		cfg := testConfig(t, "farbrausch2", 10, 4, i)
		if _, err := PlayGame(cfg, fmt.Sprint("mixed", i), seats, uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
}

// strategies are every strategy the package plays: the ones List offers
// and the ones it does not offer yet.
func strategies() []Strategy { return append(List(), Unlisted()...) }

// raceGames is the games a strategy plays, of a test's games, under the
// race detector: a quarter of them, at least one. A strategy plays on one
// goroutine, where the detector finds nothing and slows every move about
// sevenfold, and CI's whole run shares two cores. hgroup reads every clue
// it could give each turn, which the detector slows about threefold more:
// it plays a tenth. Every game is still played without the detector.
func raceGames(s Strategy, games int) int {
	switch {
	case !race.Enabled:
		return games
	case s.Name == "hgroup":
		return max(1, games/10)
	default:
		return max(1, games/4)
	}
}

func mustGet(t testing.TB, name string) Strategy {
	t.Helper()
	s, err := Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRegistry(t *testing.T) {
	for _, s := range strategies() {
		if s.Name == "" || s.Description == "" || s.New == nil {
			t.Errorf("incomplete strategy %+v", s)
		}
		if got, err := Get(s.Name); err != nil || got.Name != s.Name {
			t.Errorf("Get(%q) = %v, %v", s.Name, got.Name, err)
		}
	}
	if _, err := Get("nobody"); !errors.Is(err, ErrUnknownStrategy) {
		t.Errorf("Get(nobody) error = %v", err)
	}
}

// recorder notes every action a seat takes, to compare two runs.
type recorder struct {
	Player
	log *[]engine.Action
}

func (r recorder) Act(v *engine.View) engine.Action {
	a := r.Player.Act(v)
	*r.log = append(*r.log, a)
	return a
}

// TestDeterministic plays the same seeds twice: the same moves, move by move.
func TestDeterministic(t *testing.T) {
	for _, s := range strategies() {
		for i := range 10 {
			cfg := testConfig(t, "farbrausch", 10, 2+i%5, i)
			var logs [2][]engine.Action
			for run := range 2 {
				rec := Strategy{Name: s.Name, New: func(c *engine.Config, seat int, seed uint64) Player {
					return recorder{s.New(c, seat, seed), &logs[run]}
				}}
				if _, err := PlayGame(cfg, fmt.Sprint("det", i), []Strategy{rec}, 42+uint64(i)); err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(logs[0], logs[1]) {
				t.Fatalf("%s game %d: two runs differ", s.Name, i)
			}
		}
	}
}

// TestBotsSeeOnlyTheirView watches every view the driver hands out: it is
// built for the bot's own seat, the bot's own cards are unknown while the
// game runs, and every other hand is shown. A driver that leaked a card, or
// handed a bot another seat's view, fails here.
func TestBotsSeeOnlyTheirView(t *testing.T) {
	for _, s := range strategies() {
		var tb table
		var shown int
		tb.check = func(seat int, v *engine.View) {
			shown++
			if v.Seat != seat {
				t.Fatalf("seat %d was handed seat %d's view", seat, v.Seat)
			}
			for p := range v.Players {
				for _, c := range v.Hand(p) {
					if p == seat && !v.Over && (c.Known || c.Card != (engine.Card{})) {
						t.Fatalf("seat %d sees its own card %d", seat, c.ID)
					}
					if p != seat && !c.Known {
						t.Fatalf("seat %d does not see seat %d's card %d", seat, p, c.ID)
					}
				}
			}
		}
		for i := range 20 {
			cfg := testConfig(t, "farbrausch2", 5, 2+i%5, i)
			if _, err := tb.play(cfg, fmt.Sprint("view", i), []Strategy{s}, uint64(i)); err != nil {
				t.Fatal(err)
			}
		}
		if shown == 0 {
			t.Fatal("no view was checked")
		}
	}
}

// TestSimulateSameAcrossWorkers: the worker count changes only the speed.
func TestSimulateSameAcrossWorkers(t *testing.T) {
	cfg := testConfig(t, "basic", 0, 3, 0)
	var results []SimResult
	for _, w := range []int{1, 3, 8} {
		r, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{mustGet(t, "conventions"), mustGet(t, "hat"), mustGet(t, "random")}, Games: 60, Seed: "workers", Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		r.Elapsed, r.GamesPerSec = 0, 0
		results = append(results, r)
	}
	for _, r := range results[1:] {
		if !reflect.DeepEqual(r, results[0]) {
			t.Fatalf("results differ by worker count:\n%+v\n%+v", results[0], r)
		}
	}
	if results[0].Games != 60 || sum(results[0].Histogram) != 60 {
		t.Fatalf("bad summary %+v", results[0])
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// TestSimulateReportsIllegalMoves: a bot that breaks the rules stops the run
// with an error naming it, rather than a quiet zero.
func TestSimulateReportsIllegalMoves(t *testing.T) {
	bad := Strategy{Name: "bad", New: func(*engine.Config, int, uint64) Player { return badPlayer{} }}
	cfg := testConfig(t, "basic", 0, 2, 0)
	_, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{bad}, Games: 10, Seed: "bad"})
	var ie *IllegalMoveError
	if !errors.As(err, &ie) || ie.Strategy != "bad" {
		t.Fatalf("err = %v, want an IllegalMoveError from bad", err)
	}
}

type badPlayer struct{}

func (badPlayer) Start(*engine.View)                 {}
func (badPlayer) Observe(*engine.View, engine.Event) {}
func (badPlayer) Act(v *engine.View) engine.Action   { return engine.DiscardCard(63) }

func TestSummarise(t *testing.T) {
	outs := []Outcome{
		{Result: engine.Result{Score: 25, Reason: engine.EndPerfect}, Turns: 60},
		{Result: engine.Result{Score: 0, Reason: engine.EndStorms}, Turns: 20},
		{Result: engine.Result{Score: 20, Reason: engine.EndDeckOut}, Turns: 70},
		{Result: engine.Result{Score: 15, Reason: engine.EndDeckOut}, Turns: 50},
	}
	r := summarise(outs, 25)
	if r.Mean != 15 || r.Perfect != 0.25 || r.Storms != 0.25 || r.MeanTurns != 50 || r.Histogram[20] != 1 {
		t.Fatalf("summary %+v", r)
	}
	if len(r.Ends) != 3 || r.Ends["perfect"] != 0.25 || r.Ends["storms"] != 0.25 || r.Ends["deck_out"] != 0.5 {
		t.Fatalf("ends %v", r.Ends)
	}
	// scores 25, 0, 20, 15: sample variance 350/3, standard error sqrt(350/12)
	if d := r.StdErr*r.StdErr - 350.0/12; d > 1e-9 || d < -1e-9 {
		t.Fatalf("std err %v", r.StdErr)
	}
}

// TestConventionsScoreFloor guards the rule-based player on the basic game:
// measured means (about 21.0 at 2 players, 22.3 at 3, 21.7 at 4) less a margin.
func TestConventionsScoreFloor(t *testing.T) {
	floors := map[int]float64{2: 20.0, 3: 21.4, 4: 20.9}
	games := 400
	if race.Enabled || testing.Short() {
		games = 100
		floors = map[int]float64{2: 19.4, 3: 20.9, 4: 20.4}
	}
	for players, floor := range floors {
		cfg := testConfig(t, "basic", 0, players, 0)
		r, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{mustGet(t, "conventions")}, Games: games, Seed: "floor"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Mean < floor {
			t.Errorf("conventions at %d players: mean %.2f over %d games, want at least %.2f", players, r.Mean, games, floor)
		}
	}
}

// TestReplayResumesABot plays games, and at every turn rebuilds the player to
// act from the log so far (as a server does after a restart): the rebuilt
// player must choose exactly what the live one chose. The games of
// hanab.live's rules start with the seat their seed picks.
func TestReplayResumesABot(t *testing.T) {
	firsts := map[int]bool{}
	for _, s := range strategies() {
		for i := range 10 {
			cfg := testConfig(t, "farbrausch2", 10, 2+i%5, i)
			if i >= 6 {
				cfg = testConfig(t, "no-variant", 0, 2+i%5, i)
			}
			g, err := engine.NewSeeded(cfg, fmt.Sprint("replay", i))
			if err != nil {
				t.Fatal(err)
			}
			deck := g.Deck()
			firsts[g.First()] = true
			n := g.Players()
			names := make([]string, n)
			for p := range names {
				names[p] = s.Name
			}
			players := make([]Player, n)
			for p := range players {
				players[p] = s.New(g.Config(), p, uint64(p))
				if pp, ok := players[p].(Partnered); ok {
					pp.Partners(names)
				}
				players[p].Start(g.View(p))
			}
			for !g.Over() {
				seat := g.Current()
				live := players[seat].Act(g.View(seat))
				fresh := s.New(g.Config(), seat, uint64(seat))
				rg, err := Replay(fresh, cfg, deck, g.First(), g.Log(), seat, names)
				if err != nil {
					t.Fatal(err)
				}
				if got := fresh.Act(rg.View(seat)); got != live {
					t.Fatalf("%s game %d turn %d: rebuilt player chose %+v, live one %+v", s.Name, i, g.Turn(), got, live)
				}
				ev, err := g.Apply(live)
				if err != nil {
					t.Fatal(err)
				}
				for p := range players {
					players[p].Observe(g.View(p), ev)
				}
			}
		}
	}
	if !firsts[1] && !firsts[2] && !firsts[3] {
		t.Errorf("every game started with seat 0: %v", firsts)
	}
}
