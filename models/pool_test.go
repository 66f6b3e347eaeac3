package models

import (
	"context"
	"strings"
	"testing"
)

func TestPoolSize(t *testing.T) {
	base := "postgres://u@h:5432/db?sslmode=disable"
	cases := []struct {
		url  string
		want int32
		bad  bool
	}{
		{base, defaultPoolSize(), false},
		{base + "&pool_max_conns=3", 3, false},
		{base + "&pool_max_conns=0", 0, true},
		{base + "&pool_max_conns=many", 0, true},
		{base + "&pool_max_conns=1001", 0, true},
	}
	for _, c := range cases {
		cfg, err := poolConfig(c.url)
		if (err != nil) != c.bad {
			t.Fatalf("%s: err %v", c.url, err)
		}
		if c.bad {
			if !strings.Contains(err.Error(), poolParam) {
				t.Fatalf("%s: error %q does not name %s", c.url, err, poolParam)
			}
			continue
		}
		if cfg.MaxConns != c.want || cfg.ConnConfig.RuntimeParams[poolParam] != "" {
			t.Fatalf("%s: %d connections, params %v; want %d, no %s for the server", c.url, cfg.MaxConns, cfg.ConnConfig.RuntimeParams, c.want, poolParam)
		}
	}
}

// The pool size reaches the pool, and the parameter never reaches the
// server, which would refuse it.
func TestPoolSizeOnPostgres(t *testing.T) {
	s, err := Open(context.Background(), postgresURL(t)+"&pool_max_conns=3")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := s.pool.Config().MaxConns; got != 3 {
		t.Fatalf("max open connections %d, want 3", got)
	}
}
