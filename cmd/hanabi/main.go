// Command hanabi runs the Hanabi game server and its tools.
//
//	hanabi serve   run the HTTP server
//	hanabi sim     play bots against each other and measure them
//	hanabi analyse learn from a finished game
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// The general information of the HTTP API's OpenAPI document (swag reads it
// from this file; the operations are annotated in package api).
//
//	@title						Hanabi server API
//	@version					1.2
//	@description				Cooperative Hanabi over HTTP: games as resources, seats as JWT bearer tokens, long-poll for changes. Errors are application/problem+json (RFC 9457) with a stable code.
//	@servers.url				/v1
//	@servers.description		this server
//	@securitydefinitions.bearerauth	SeatToken
//	@bearerformat				JWT
//	@description				The seat token that POST /games or POST /games/{id}/seats returned.
//
// (The player's tokens, PlayerToken and AccessToken, are defined by
// docs/finish: swag keeps one bearer definition only.)

const usage = `usage: hanabi <command> [flags]

commands:
  serve   run the HTTP game server
  sim     self-play simulator for the bots
  analyse learn from a finished game: the best score still reachable, the moves that lost it, the endgame's chances
  healthcheck  ask a running server's /healthz (for container health checks)

Run "hanabi <command> --help" for the flags of a command.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	switch os.Args[1] {
	case "serve":
		os.Exit(runServe(os.Args[2:]))
	case "healthcheck":
		os.Exit(runHealthcheck(os.Args[2:]))
	case "sim":
		os.Exit(runSim(os.Args[2:]))
	case "analyse", "analyze":
		os.Exit(runAnalyse(os.Args[2:]))
	case "-h", "--help", "help":
		printHelp(os.Stdout)
	default:
		fmt.Fprintf(os.Stderr, "hanabi: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
}

// printHelp shows the commands and every flag of serve, the one most people
// run; the other commands list theirs with --help.
func printHelp(w io.Writer) {
	fmt.Fprint(w, usage)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	_ = serveFlags(fs, &serveConfig{})
	fs.SetOutput(w)
	fmt.Fprint(w, "\nhanabi serve flags (each falls back to the environment variable named beside it):\n")
	fs.PrintDefaults()
}

// parseFlags parses a command's flags. When they do not parse, ok is false
// and exit is what the command exits with: 0 where --help asked for the
// usage (which fs has printed), 2 for flags it refused.
func parseFlags(fs *flag.FlagSet, args []string) (exit int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}
