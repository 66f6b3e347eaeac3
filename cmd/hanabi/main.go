// Command hanabi runs the Hanabi game server and its tools.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "usage: hanabi serve | sim")
	os.Exit(2)
}
