package main

import (
	"fmt"
	"os"
)

func runServe(args []string) int {
	fmt.Fprintln(os.Stderr, "serve: not built yet")
	return 1
}
