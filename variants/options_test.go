package variants_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

func ptr[T any](v T) *T { return &v }

// TestResolveRejects: every out-of-range option is refused with an
// *OptionError that names the option, and a message that names it and what
// is allowed.
func TestResolveRejects(t *testing.T) {
	tests := []struct {
		variant string
		opts    variants.Options
		option  string
		allowed []string // each must appear in the message
	}{
		{"basic", variants.Options{StormTokens: ptr(0)}, "storm_tokens", []string{"1", "3", "got 0"}},
		{"basic", variants.Options{StormTokens: ptr(4)}, "storm_tokens", []string{"1", "3", "got 4"}},
		{"farbrausch", variants.Options{StormTokens: ptr(-1)}, "storm_tokens", []string{"1", "3"}},
		{"basic", variants.Options{NoteTokens: ptr(0)}, "note_tokens", []string{"1", "16", "got 0"}},
		{"farbrausch2", variants.Options{NoteTokens: ptr(17)}, "note_tokens", []string{"1", "16", "got 17"}},
		{"farbrausch", variants.Options{RainbowCards: ptr(6)}, "rainbow_cards", []string{"10", "5", "got 6"}},
		{"farbrausch2", variants.Options{RainbowCards: ptr(0)}, "rainbow_cards", []string{"10", "5"}},
		{"basic", variants.Options{RainbowCards: ptr(5)}, "rainbow_cards", []string{"rainbow", "basic"}},
		{"basic", variants.Options{RainbowCards: ptr(10)}, "rainbow_cards", []string{"rainbow"}},
	}
	for _, tc := range tests {
		v, err := variants.Get(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		_, err = v.Resolve(tc.opts)
		var oe *variants.OptionError
		if !errors.As(err, &oe) {
			t.Errorf("%s %+v: error %v, want an OptionError", tc.variant, tc.opts, err)
			continue
		}
		if oe.Option != tc.option || !strings.Contains(err.Error(), tc.option) {
			t.Errorf("%s: error %q names option %q, want %q", tc.variant, err, oe.Option, tc.option)
		}
		for _, s := range tc.allowed {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: error %q does not say %q", tc.variant, err, s)
			}
		}
		// Setup, the one call a game's creator makes, refuses it the same way.
		if _, _, _, err := variants.Setup(tc.variant, tc.opts, 3); !errors.As(err, &oe) || oe.Option != tc.option {
			t.Errorf("Setup %s: %v", tc.variant, err)
		}
	}
}

// TestResolveAccepts: defaults, and every allowed value at the edges.
func TestResolveAccepts(t *testing.T) {
	tests := []struct {
		variant string
		opts    variants.Options
		want    variants.Settings
	}{
		{"basic", variants.Options{}, variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, Rules: "abacus"}},
		{"farbrausch", variants.Options{}, variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, RainbowCards: 10, Rules: "abacus"}},
		{"farbrausch2", variants.Options{}, variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, RainbowCards: 10, Rules: "abacus"}},
		{"basic", variants.Options{StormTokens: ptr(1), NoteTokens: ptr(1), EmptyClues: ptr(false)},
			variants.Settings{StormTokens: 1, NoteTokens: 1, EmptyClues: false, Rules: "abacus"}},
		{"farbrausch", variants.Options{StormTokens: ptr(2), NoteTokens: ptr(16), RainbowCards: ptr(5)},
			variants.Settings{StormTokens: 2, NoteTokens: 16, EmptyClues: true, RainbowCards: 5, Rules: "abacus"}},
		{"farbrausch2", variants.Options{NoteTokens: ptr(9), RainbowCards: ptr(10), EmptyClues: ptr(true)},
			variants.Settings{StormTokens: 3, NoteTokens: 9, EmptyClues: true, RainbowCards: 10, Rules: "abacus"}},
		{"basic", variants.Options{TurnSeconds: ptr(5), OnTimeout: ptr("end")},
			variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, TurnSeconds: 5, OnTimeout: "end", Rules: "abacus"}},
		{"basic", variants.Options{TurnSeconds: ptr(86400), OnTimeout: ptr("bot")},
			variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, TurnSeconds: 86400, OnTimeout: "bot", Rules: "abacus"}},
		{"basic", variants.Options{TurnSeconds: ptr(0)},
			variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, Rules: "abacus"}},
		// The catalogue plays hanab.live's rules.
		{"orange-5-suits", variants.Options{},
			variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: false, Rules: "hanablive"}},
	}
	for _, tc := range tests {
		v, _ := variants.Get(tc.variant)
		got, err := v.Resolve(tc.opts)
		if err != nil || got != tc.want {
			t.Errorf("%s %+v: %+v, %v; want %+v", tc.variant, tc.opts, got, err, tc.want)
			continue
		}
		// Settings turned back into options resolve to themselves.
		again, err := v.Resolve(got.Options())
		if err != nil || again != got {
			t.Errorf("%s: round trip %+v, %v", tc.variant, again, err)
		}
	}
}

// TestPlayers: 2–6 players, with the error naming the option.
func TestPlayers(t *testing.T) {
	for _, v := range variants.All() {
		for players := -1; players <= 8; players++ {
			_, _, cfg, err := variants.Setup(v.Name, variants.Options{}, players)
			if players >= 2 && players <= 6 {
				if err != nil || cfg.Players != players {
					t.Errorf("%s with %d players: %v", v.Name, players, err)
				}
				continue
			}
			var oe *variants.OptionError
			if !errors.As(err, &oe) || oe.Option != "players" || !strings.Contains(err.Error(), "2–6") {
				t.Errorf("%s with %d players: %v", v.Name, players, err)
			}
		}
	}
}

func TestUnknownVariant(t *testing.T) {
	_, err := variants.Get("rainbow")
	if !errors.Is(err, variants.ErrUnknownVariant) {
		t.Fatalf("error %v", err)
	}
	for _, name := range []string{"basic", "farbrausch", "farbrausch2"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not list %s", err, name)
		}
	}
	if _, _, _, err := variants.Setup("Basic", variants.Options{}, 2); !errors.Is(err, variants.ErrUnknownVariant) {
		t.Errorf("names are case sensitive: %v", err)
	}
}

// TestSettingsOptionsRoundTrip: every resolved field is explicit in Options,
// so a stored game keeps its settings even if the defaults change.
func TestSettingsOptionsRoundTrip(t *testing.T) {
	s := variants.Settings{StormTokens: 2, NoteTokens: 12, EmptyClues: false, RainbowCards: 5}
	o := s.Options()
	want := variants.Options{StormTokens: ptr(2), NoteTokens: ptr(12), EmptyClues: ptr(false), RainbowCards: ptr(5), TurnSeconds: ptr(0)}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("Options() = %+v", o)
	}
	if o := (variants.Settings{StormTokens: 3, NoteTokens: 8}).Options(); o.RainbowCards != nil {
		t.Errorf("rainbow_cards set for a variant without rainbow")
	}
}

// TestClockOptionsRefused: each bad value of turn_seconds and on_timeout is
// refused, naming its option.
func TestClockOptionsRefused(t *testing.T) {
	v, _ := variants.Get("basic")
	for _, tc := range []struct {
		opts   variants.Options
		option string
	}{
		{variants.Options{TurnSeconds: ptr(-1)}, "turn_seconds"},
		{variants.Options{TurnSeconds: ptr(1)}, "turn_seconds"},
		{variants.Options{TurnSeconds: ptr(4)}, "turn_seconds"},
		{variants.Options{TurnSeconds: ptr(86401)}, "turn_seconds"},
		{variants.Options{OnTimeout: ptr("")}, "on_timeout"},
		{variants.Options{OnTimeout: ptr("Bot")}, "on_timeout"},
		{variants.Options{OnTimeout: ptr("pass")}, "on_timeout"},
	} {
		_, err := v.Resolve(tc.opts)
		var oe *variants.OptionError
		if !errors.As(err, &oe) || oe.Option != tc.option {
			t.Errorf("%+v: %v, want an error naming %s", tc.opts, err, tc.option)
		}
	}
}

// TestClockDefault: on_timeout left out means bot, in new settings and in
// settings stored before the clock existed.
func TestClockDefault(t *testing.T) {
	v, _ := variants.Get("basic")
	s, err := v.Resolve(variants.Options{})
	if err != nil || s.Clock().OnTimeout != variants.OnTimeoutBot || s.Clock().TurnSeconds != 0 {
		t.Fatalf("default clock %+v %v", s.Clock(), err)
	}
	if got := (variants.Settings{OnTimeout: "end"}).Clock().OnTimeout; got != "end" {
		t.Fatalf("Clock changed a given on_timeout to %q", got)
	}
}
