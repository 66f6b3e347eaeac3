package storetest

import (
	"net/url"
	"testing"
)

// PostgresDatabase creates a database of the test's own (named prefix +
// random hex), for tests that take a whole database away (an outage), and
// returns its URL, its name and admin, which runs SQL on the server's
// default database. The database is dropped when the test ends. It skips
// the test, saying so, when Env is unset.
func PostgresDatabase(t testing.TB, prefix string) (dbURL, name string, admin func(sql string) error) {
	t.Helper()
	base, name := serverAndName(t, prefix)
	admin = adminOn(base)
	if err := admin("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database on %s: %v", Env, err)
	}
	t.Cleanup(func() {
		if err := admin("DROP DATABASE " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String(), name, admin
}
