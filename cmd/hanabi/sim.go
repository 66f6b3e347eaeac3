package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// optionFlags collects repeated --option key=value flags.
type optionFlags []string

func (o *optionFlags) String() string     { return strings.Join(*o, ",") }
func (o *optionFlags) Set(s string) error { *o = append(*o, s); return nil }

func runSim(args []string) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	variant := fs.String("variant", "basic", "variant name: the rules' three, any of hanab.live's catalogue (e.g. prism-5-suits), or one of --variants-dir")
	variantsDir := fs.String("variants-dir", envString("HANABI_VARIANTS_DIR", ""), "folder of variant files to load first (env HANABI_VARIANTS_DIR)")
	players := fs.Int("players", 4, "number of players (2–6)")
	bot := fs.String("bot", "hat", "strategy for every seat, or one per seat separated by commas")
	games := fs.Int("games", 1000, "number of games")
	seed := fs.String("seed", "1", "seed: the same seed and flags give the same numbers")
	workers := fs.Int("workers", 0, "parallel games (default: GOMAXPROCS)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	lost := fs.Int("lost", 0, "N: analyse the first N games and tell where they lost their points (each move after which the best score still reachable fell, by why); about a quarter of a second a game")
	var opts optionFlags
	fs.Var(&opts, "option", "table option key=value, as in the create request's options (e.g. storm_tokens=2, one_extra_card=true); repeatable")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: hanabi sim [flags]\n\nStrategies:\n")
		for _, s := range bots.List() {
			fmt.Fprintf(fs.Output(), "  %-12s %s\n", s.Name, s.Description)
		}
		fmt.Fprintf(fs.Output(), "\nFlags:\n")
		fs.PrintDefaults()
	}
	if exit, ok := parseFlags(fs, args); !ok {
		return exit
	}
	if *variantsDir != "" {
		if _, err := variants.LoadDir(*variantsDir); err != nil {
			fmt.Fprintln(os.Stderr, "sim:", err)
			return 2
		}
	}
	cfg, err := simSetup(*variant, *players, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sim:", err)
		return 2
	}
	seats, err := simSeats(*bot, *players)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sim:", err)
		return 2
	}
	if *games < 1 {
		fmt.Fprintln(os.Stderr, "sim: --games must be at least 1")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sc := bots.SimConfig{Config: cfg, Seats: seats, Games: *games, Seed: *seed, Workers: *workers}
	var tally *lostTally
	if *lost > 0 {
		tally = newLostTally(&cfg, *lost)
		sc.Played = func(i int, g *engine.Game) { tally.add(ctx, i, g) }
	}
	if isTerminal(os.Stderr) && *games >= 1000 {
		sc.Progress = func(done int) { fmt.Fprintf(os.Stderr, "\r%d/%d games", done, *games) }
	}
	res, err := bots.Simulate(ctx, sc)
	if sc.Progress != nil {
		fmt.Fprint(os.Stderr, "\r\033[K")
	}
	if err == nil && tally != nil {
		err = tally.err
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sim:", err)
		return 1
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	rep := simReport{Variant: *variant, Players: *players, Seats: names, Options: opts, Seed: *seed, SimResult: res}
	if tally != nil {
		rep.Lost = tally.rows()
	}
	if *asJSON {
		return printJSON("sim", rep)
	}
	rep.print(os.Stdout)
	if tally != nil {
		tally.print(os.Stdout)
	}
	return 0
}

// simSetup reads the table options as the API does: each key=value is a
// field of the create request's options, its value a JSON number or
// boolean, else a string.
func simSetup(variant string, players int, opts []string) (variants.Config, error) {
	fields := map[string]json.RawMessage{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return variants.Config{}, fmt.Errorf("option %q: want key=value", kv)
		}
		raw := json.RawMessage(v)
		if !json.Valid(raw) {
			raw, _ = json.Marshal(v)
		}
		fields[k] = raw
	}
	body, _ := json.Marshal(fields)
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var o variants.Options
	if err := dec.Decode(&o); err != nil {
		return variants.Config{}, fmt.Errorf("options: %v (see the create request's options)", err)
	}
	_, _, cfg, err := variants.Setup(variant, o, players)
	return cfg, err
}

func simSeats(spec string, players int) ([]bots.Strategy, error) {
	names := strings.Split(spec, ",")
	if len(names) != 1 && len(names) != players {
		return nil, fmt.Errorf("--bot names %d strategies for %d players (give one, or one per seat)", len(names), players)
	}
	seats := make([]bots.Strategy, players)
	for i := range seats {
		s, err := bots.Get(strings.TrimSpace(names[min(i, len(names)-1)]))
		if err != nil {
			return nil, err
		}
		seats[i] = s
	}
	return seats, nil
}

type simReport struct {
	Variant string      `json:"variant"`
	Players int         `json:"players"`
	Seats   []string    `json:"seats"`
	Options optionFlags `json:"options,omitempty"`
	Seed    string      `json:"seed"`
	bots.SimResult
	Lost []LostRow
}

func (r simReport) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Variant     string             `json:"variant"`
		Players     int                `json:"players"`
		Seats       []string           `json:"seats"`
		Options     []string           `json:"options,omitempty"`
		Seed        string             `json:"seed"`
		Games       int                `json:"games"`
		MaxScore    int                `json:"max_score"`
		Mean        float64            `json:"mean_score"`
		StdErr      float64            `json:"std_err"`
		Perfect     float64            `json:"perfect"`
		Storms      float64            `json:"storms"`
		Ends        map[string]float64 `json:"ends"`
		Histogram   []int              `json:"histogram"`
		MeanTurns   float64            `json:"mean_turns"`
		Seconds     float64            `json:"seconds"`
		GamesPerSec float64            `json:"games_per_sec"`
		Lost        []LostRow          `json:"lost,omitempty"`
	}{r.Variant, r.Players, r.Seats, r.Options, r.Seed, r.Games, r.MaxScore, r.Mean, r.StdErr,
		r.Perfect, r.Storms, r.Ends, r.Histogram, r.MeanTurns, r.Elapsed.Seconds(), r.GamesPerSec, r.Lost})
}

func (r simReport) print(w io.Writer) {
	fmt.Fprintf(w, "variant     %s, %d players (%s)", r.Variant, r.Players, strings.Join(r.Seats, ","))
	if len(r.Options) > 0 {
		fmt.Fprintf(w, ", %s", strings.Join(r.Options, " "))
	}
	fmt.Fprintf(w, "\ngames       %d (seed %q)\n", r.Games, r.Seed)
	fmt.Fprintf(w, "mean score  %.3f ± %.3f of %d\n", r.Mean, r.StdErr, r.MaxScore)
	fmt.Fprintf(w, "perfect     %.2f%%\n", 100*r.Perfect)
	fmt.Fprintf(w, "storms      %.2f%%\n", 100*r.Storms)
	ends := slices.Sorted(maps.Keys(r.Ends))
	fmt.Fprintf(w, "ends       ")
	for _, k := range ends {
		fmt.Fprintf(w, " %s %.2f%%", k, 100*r.Ends[k])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "mean turns  %.2f\n", r.MeanTurns)
	fmt.Fprintf(w, "speed       %.0f games/s (%.2fs)\n", r.GamesPerSec, r.Elapsed.Seconds())
	fmt.Fprintf(w, "histogram\n")
	top := 0
	for _, n := range r.Histogram {
		top = max(top, n)
	}
	for s, n := range r.Histogram {
		if n == 0 {
			continue
		}
		bar := strings.Repeat("#", (40*n+top-1)/top)
		fmt.Fprintf(w, "  %2d %6.2f%% %s\n", s, 100*float64(n)/float64(r.Games), bar)
	}
}

// isTerminal reports whether f is a character device, where a progress line
// that rewrites itself reads well; in a file or pipe it would be noise.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// printJSON writes v to standard output as indented JSON, and is the
// command's exit code.
func printJSON(cmd string, v any) int {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(os.Stderr, cmd+":", err)
		return 1
	}
	return 0
}
