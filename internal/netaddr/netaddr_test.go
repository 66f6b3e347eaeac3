package netaddr

import "testing"

func TestKey(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"192.0.2.1", "192.0.2.1"},
		{"::ffff:192.0.2.1", "192.0.2.1"},
		{"2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"::1", "::/64"},
		{"not an address", "not an address"},
	} {
		if got := Key(tc.a); got != tc.b {
			t.Errorf("Key(%q) = %q, want %q", tc.a, got, tc.b)
		}
	}
	if Key("2001:db8:1:2::1") == Key("2001:db8:1:3::1") {
		t.Error("two /64s are one client")
	}
	if Key("192.0.2.1") == Key("192.0.2.2") {
		t.Error("two IPv4 addresses are one client")
	}
}
