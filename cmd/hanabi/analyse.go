package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"

	"github.com/hanabi-server/hanabi/analysis"
)

// runAnalyse is "hanabi analyse FILE": what a finished game teaches, as a
// table (see package analysis).
func runAnalyse(args []string) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	endgame := fs.Int("endgame", analysis.DefaultEndgameDeck, "N: each move's chance in the states with at most N cards left in the deck (0: none)")
	deals := fs.Int("deals", analysis.DefaultDeals, "deals solved at most per endgame state (more are sampled)")
	asJSON := fs.Bool("json", false, "print the analysis as JSON")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: hanabi analyse [flags] FILE\n\n"+
			"FILE is a finished game: hanab.live's JSON or this server's native replay (- for standard input).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if exit, ok := parseFlags(fs, args); !ok {
		return exit
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	data, err := readFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "analyse:", err)
		return 1
	}
	in, err := analysis.Decode(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "analyse:", err)
		return 1
	}
	n := *endgame
	if n <= 0 {
		n = -1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	a, err := analysis.Analyse(ctx, in, analysis.Options{EndgameDeck: n, Deals: *deals})
	if err != nil {
		fmt.Fprintln(os.Stderr, "analyse:", err)
		return 1
	}
	if *asJSON {
		return printJSON("analyse", a)
	}
	printAnalysis(os.Stdout, a)
	return 0
}

func readFile(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(name)
}

// printAnalysis writes the analysis as tables: the turns, the moves that
// lost points, and the endgame's chances.
func printAnalysis(w io.Writer, a *analysis.Analysis) {
	fmt.Fprintf(w, "score %d of %d\n\n", a.Score, a.MaxScore)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "turn\tseat\tscore\tdeck\tpace\tefficiency\tneeded\tmax possible\tmax reachable\t")
	for _, t := range a.Turns {
		seat := "-"
		if t.Seat >= 0 {
			seat = fmt.Sprint(t.Seat)
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t\n", t.Turn, seat, t.Score, t.DeckCount,
			orDash(t.Pace, "%d"), orDash(t.Efficiency, "%.2f"), orDash(t.EfficiencyNeeded, "%.2f"), t.MaxPossible, t.MaxReachable)
	}
	tw.Flush()
	fmt.Fprintln(w)
	if len(a.Lost) == 0 {
		fmt.Fprintln(w, "No move lowered the best score reachable.")
	} else {
		fmt.Fprintln(w, "Moves that lowered the best score reachable:")
		for _, l := range a.Lost {
			fmt.Fprintf(w, "  turn %d: %s: %d to %d: %s\n", l.Turn, l.Move.Text, l.From, l.To, l.Why)
		}
	}
	if a.EndgameDeck < 0 {
		return
	}
	fmt.Fprintf(w, "\nEndgame (at most %d cards in the deck): each move's share of the deals its seat could not tell apart in which the target is still reachable\n", a.EndgameDeck)
	for _, e := range a.Endgame {
		how := fmt.Sprintf("all %d deals", e.Deals)
		if !e.Exact {
			how = fmt.Sprintf("%d of %d deals, drawn at random", e.Solved, e.Deals)
		}
		fmt.Fprintf(w, "  turn %d, seat %d, deck %d, target %d (%s):\n", e.Turn, e.Seat, e.DeckCount, e.Target, how)
		var clues []string
		for _, m := range e.Moves {
			if m.Move.Type == "clue" {
				clues = append(clues, fmt.Sprintf("%s %.0f%%", strings.TrimPrefix(m.Move.Text, fmt.Sprintf("seat %d ", e.Seat)), 100*m.Win))
				continue
			}
			fmt.Fprintf(w, "    %5.1f%%  %s\n", 100*m.Win, m.Move.Text)
		}
		if len(clues) > 0 {
			fmt.Fprintf(w, "    clues: %s\n", strings.Join(clues, ", "))
		}
	}
}

func orDash[T any](p *T, format string) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf(format, *p)
}
