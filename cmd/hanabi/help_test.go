package main

import (
	"bytes"
	"strings"
	"testing"
)

// hanabi --help lists every flag of serve with its environment variable.
func TestHelpListsServeFlags(t *testing.T) {
	var b bytes.Buffer
	printHelp(&b)
	out := b.String()
	for _, want := range []string{
		"serve", "sim", "-addr", "HANABI_ADDR", "-database-url", "HANABI_DATABASE_URL",
		"-jwt-secret", "HANABI_JWT_SECRET", "-token-ttl", "HANABI_TOKEN_TTL", "-max-wait", "HANABI_MAX_WAIT",
		"-rate-limit", "-seat-rate-limit", "-log-level", "-shutdown-timeout",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("hanabi --help does not mention %s:\n%s", want, out)
		}
	}
}
