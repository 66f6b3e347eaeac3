//go:build !unix

package park

import "net"

// peerGone cannot tell without reading on this platform; a client that went
// away is found when its answer is written.
func peerGone(net.Conn) bool { return false }

// waitReadable cannot wait without reading on this platform: the connection
// goes back to the http.Server at once.
func waitReadable(net.Conn) error { return nil }
