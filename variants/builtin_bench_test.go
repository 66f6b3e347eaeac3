package variants

import "testing"

// BenchmarkBuiltin is what the server pays once at start: the rules'
// variants and the whole catalogue, parsed and resolved.
func BenchmarkBuiltin(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		t, err := builtin()
		if err != nil || len(t.list) != len(rules)+2426 {
			b.Fatal(err)
		}
	}
}

// BenchmarkSetupCatalogue is what creating a game of a catalogue variant
// costs in the registry, next to a variant of the rules.
func BenchmarkSetup(b *testing.B) {
	for _, name := range []string{"basic", "prism-5-suits", "cocoa-rainbow-6-suits"} {
		if _, err := Get(name); err != nil {
			continue
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, _, err := Setup(name, Options{}, 4); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
