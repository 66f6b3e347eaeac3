package main

import (
	"encoding/json"
	"io"
	"os"
	"testing"
)

// capture runs f with os.Stdout redirected and returns what it printed.
func capture(t *testing.T, f func() int) (string, int) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	code := f()
	os.Stdout = old
	w.Close()
	out, _ := io.ReadAll(r)
	return string(out), code
}

func TestSimJSONIsReproducible(t *testing.T) {
	args := []string{"--variant", "farbrausch2", "--players", "4", "--bot", "conventions,hat,hat,random",
		"--games", "40", "--seed", "S", "--option", "storm_tokens=2", "--option", "rainbow_cards=5", "--json"}
	var runs [2]map[string]any
	for i := range runs {
		out, code := capture(t, func() int { return runSim(append(args, "--workers", []string{"1", "3"}[i])) })
		if code != 0 {
			t.Fatalf("exit %d: %s", code, out)
		}
		if err := json.Unmarshal([]byte(out), &runs[i]); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		delete(runs[i], "seconds")
		delete(runs[i], "games_per_sec")
	}
	a, _ := json.Marshal(runs[0])
	b, _ := json.Marshal(runs[1])
	if string(a) != string(b) {
		t.Fatalf("runs differ:\n%s\n%s", a, b)
	}
	if runs[0]["games"].(float64) != 40 || runs[0]["max_score"].(float64) != 30 {
		t.Fatalf("unexpected result %s", a)
	}
}

func TestSimRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--variant", "nope"},
		{"--bot", "hat,hat", "--players", "3"},
		{"--bot", "nobody"},
		{"--option", "storm_tokens=9"},
		{"--option", "colour=red"},
		{"--games", "0"},
	} {
		if _, code := capture(t, func() int { return runSim(args) }); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// The simulator reads every table option the create request takes, by the
// same names, and refuses the others.
func TestSimSetupOptions(t *testing.T) {
	for _, c := range []struct {
		opts    []string
		hand    int
		storms  int
		wantErr bool
	}{
		{nil, 5, 3, false},
		{[]string{"one_extra_card=true"}, 6, 3, false},
		{[]string{"one_less_card=true", "storm_tokens=2"}, 4, 2, false},
		{[]string{"one_extra_card=true", "one_less_card=true"}, 0, 0, true},
		{[]string{"storm_tokens=x"}, 0, 0, true},
		{[]string{"bogus=1"}, 0, 0, true},
		{[]string{"novalue"}, 0, 0, true},
	} {
		cfg, err := simSetup("basic", 3, c.opts)
		if (err != nil) != c.wantErr {
			t.Fatalf("%v: err %v, want an error: %v", c.opts, err, c.wantErr)
		}
		if err == nil && (cfg.Hand() != c.hand || cfg.StormTokens != c.storms) {
			t.Fatalf("%v: hands of %d, %d storms; want %d, %d", c.opts, cfg.Hand(), cfg.StormTokens, c.hand, c.storms)
		}
	}
}
