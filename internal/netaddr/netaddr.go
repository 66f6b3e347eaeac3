// Package netaddr names a client by its address for what is kept per
// client (rate limits, connection caps, idempotency keys, sign-in guards).
package netaddr

import "net/netip"

// Key is the client an address stands for: an IPv4 address itself, and an
// IPv6 address by its /64, the least a single subscriber is given, so that
// one client cannot have a budget per address of its network. Text that is
// no address is its own key.
func Key(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}
