package accept

import (
	"slices"
	"testing"
)

func TestGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP", true},
		{"br, x-gzip", true},
		{"*", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"gzip;q=0.5", true},
		{"deflate, gzip;q=0, *;q=0", false},
		{"identity", false},
		{"gzip, deflate, br", true},
		{"br;q=1, gzip;q=0.5", true},
		{"*;q=0", false},
		{"deflate, br", false},
	} {
		if got := Gzip(tc.header); got != tc.want {
			t.Errorf("Gzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}

func TestTaken(t *testing.T) {
	got := slices.Collect(Taken("Text/Event-Stream;q=0, application/json ; charset=utf-8, , */*;q=0.1"))
	want := []string{"application/json", "*/*"}
	if !slices.Equal(got, want) {
		t.Fatalf("Taken = %q, want %q", got, want)
	}
}

func FuzzTaken(f *testing.F) {
	f.Add("gzip;q=0, br")
	f.Fuzz(func(t *testing.T, header string) {
		for v := range Taken(header) {
			if v == "" {
				t.Fatal("an empty value taken")
			}
		}
	})
}
