package humantext

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"hello", true},
		{"Ölaf's table 🂡", true},
		{"עברית and English", true},
		{"👩‍🚀 🏳️‍🌈", true},
		{"abc\u202egnp.exe", false},
		{"\u2066x\u2069", false},
		{"zero\u200bwidth", false},
		{"\ufeffbom", false},
		{"a\u200db", false},
		{"👩\u200d", false},
		{"soft\u00adhyphen", false},
		{"tag\U000E0041", false},
		{"nul\x00", false},
		{"bell\a", false},
		{"\xff", false},
		{"half \xe2\x82", false},
		{"\u0085next line", false},
		{"Alice\u2028(host)", false},
		{"para\u2029graph", false},
		{"\u3164", false},
		{"a\u115fb", false},
		{"\uffa0", false},
		{"\u2800\u2800", false},
		{"e\u034f", false},
		{"Tiếng Việt", true},
		{"בְּרֵאשִׁ֖ית", true},
		{"z" + strings.Repeat("\u0301", 6), true},
		{"z" + strings.Repeat("\u0301", 7), false},
		{"日本語\u3000です", true},
		{"no\u00a0break", true},
	} {
		if err := Check(c.in); (err == nil) != c.ok {
			t.Errorf("Check(%q) = %v, want ok %v", c.in, err, c.ok)
		}
	}
}

// Whatever Check lets through is UTF-8 without a control character or a
// format character but a joiner between pictographs; whatever it refuses
// it names at a real offset.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"hello", "abc\u202egnp.exe", "👩‍🚀", "a\u200db", "\xff\xfe", "\u2066", "é\u0301", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := Check(s)
		if err == nil {
			if !utf8.ValidString(s) {
				t.Fatalf("let through %q, not UTF-8", s)
			}
			runes := []rune(s)
			for i, r := range runes {
				if unicode.IsControl(r) {
					t.Fatalf("let through %q: control U+%04X", s, r)
				}
				if unicode.Is(unicode.Cf, r) && (r != zwj || i == 0 || i == len(runes)-1 || !joinsEmoji(runes[i-1], runes[i+1])) {
					t.Fatalf("let through %q: format U+%04X", s, r)
				}
			}
			return
		}
		e, ok := err.(*Error)
		if !ok || e.At < 0 || e.At >= len(s) {
			t.Fatalf("Check(%q) = %#v", s, err)
		}
		if r, _ := utf8.DecodeRuneInString(s[e.At:]); r != e.Rune {
			t.Fatalf("Check(%q) names U+%04X at %d, where U+%04X is", s, e.Rune, e.At, r)
		}
	})
}
