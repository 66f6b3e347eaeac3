//go:build !linux

package main

import "net"

// deferAccept needs Linux's TCP_DEFER_ACCEPT; elsewhere a connection is
// handed over as soon as it is made.
func deferAccept(net.Listener) {}

// defaultMaxConns is a cap that fits common open-file limits.
func defaultMaxConns() int { return 4096 }
