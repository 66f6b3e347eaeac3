package variants_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestRulesOfEachSource: every catalogue variant plays hanab.live's rules,
// the rules' own variants the ABACUS rules; the settings record it and the
// engine's config carries it.
func TestRulesOfEachSource(t *testing.T) {
	n := 0
	for _, v := range variants.All() {
		want := engine.RulesABACUS
		switch v.Source {
		case variants.SourceHanabLive:
			want = engine.RulesHanabLive
			n++
		case variants.SourceRules:
		default:
			continue
		}
		if v.Rules != want {
			t.Errorf("%s (%s): rules %v, want %v", v.Name, v.Source, v.Rules, want)
			continue
		}
		s, err := v.Resolve(variants.Options{})
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		cfg, err := v.Config(s, 3)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if s.Rules != want.String() || cfg.Rules != want {
			t.Errorf("%s: settings %q, config %v; want %v", v.Name, s.Rules, cfg.Rules, want)
		}
	}
	if n != 2426 {
		t.Errorf("%d catalogue variants, want 2426", n)
	}
}

// TestRulesOfAFile: a variant file plays the ABACUS rules unless it says
// "rules": "hanablive".
func TestRulesOfAFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "rules.json"), `{"variants": [
		{"name": "rules-default", "title": "Default", "suits": [{"name": "red"}, {"name": "blue"}]},
		{"name": "rules-abacus", "title": "ABACUS", "rules": "abacus", "suits": [{"name": "red"}, {"name": "blue"}]},
		{"name": "rules-live", "title": "hanab.live", "rules": "hanablive", "suits": [{"name": "red"}, {"name": "blue"}]}]}`)
	if _, err := variants.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]engine.Rules{"rules-default": engine.RulesABACUS, "rules-abacus": engine.RulesABACUS, "rules-live": engine.RulesHanabLive} {
		_, s, cfg, err := variants.Setup(name, variants.Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Rules != want || s.Rules != want.String() {
			t.Errorf("%s: config %v settings %q, want %v", name, cfg.Rules, s.Rules, want)
		}
	}
}

// TestRulesStoredBefore: settings stored before the rules were recorded
// hold none; they are the ABACUS rules, which those games were played under.
// Rules that name neither are refused.
func TestRulesStoredBefore(t *testing.T) {
	v, err := variants.Get("orange-5-suits")
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Resolve(variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Rules = ""
	cfg, err := v.Config(s, 2)
	if err != nil || cfg.Rules != engine.RulesABACUS {
		t.Fatalf("stored without rules: %v, %v", cfg.Rules, err)
	}
	if got := s.Clock().Rules; got != "abacus" {
		t.Errorf("Clock fills in %q", got)
	}
	s.Rules = "house"
	var oe *variants.OptionError
	if _, err := v.Config(s, 2); !errors.As(err, &oe) || oe.Option != "rules" {
		t.Errorf("rules %q: %v", s.Rules, err)
	}
}
