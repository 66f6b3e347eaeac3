package main

import (
	"fmt"
	"os"
)

func runSim(args []string) int {
	fmt.Fprintln(os.Stderr, "sim: not built yet")
	return 1
}
