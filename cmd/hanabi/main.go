// Command hanabi runs the Hanabi game server and its tools.
//
//	hanabi serve   run the HTTP server
//	hanabi sim     play bots against each other and measure them
package main

import (
	"fmt"
	"os"
)

const usage = `usage: hanabi <command> [flags]

commands:
  serve   run the HTTP game server
  sim     self-play simulator for the bots

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
	case "sim":
		os.Exit(runSim(os.Args[2:]))
	case "-h", "--help", "help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "hanabi: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
}
