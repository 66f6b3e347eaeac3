package players

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

func TestCleanName(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"Alice", "Alice", true},
		{"  Bob  ", "", false},
		{"a.b-c_d9", "a.b-c_d9", true},
		{"Ölaf", "Ölaf", true},
		{"Ｃａｒａ", "Cara", true}, // full width, mapped
		{"x", "", false},
		{"twenty-one-characters", "", false},
		{"exactly-twenty-chars", "exactly-twenty-chars", true},
		{"has space", "", false},
		{"semi;colon", "", false},
		{"emoji🂡", "", false},
		{"", "", false},
		{"tab\there", "", false},
	} {
		got, err := CleanName(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("CleanName(%q) = %q, %v; want %q, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestFoldMakesLookAlikesOne(t *testing.T) {
	same := [][]string{
		{"Alice", "ALICE", "alice", "Αlice", "Alicé", "ＡＬＩＣＥ"},
		{"bob_1", "BOB_1", "Böb_1"},
	}
	for _, group := range same {
		want := Fold(group[0])
		for _, n := range group[1:] {
			if got := Fold(n); got != want {
				t.Errorf("Fold(%q) = %q, Fold(%q) = %q: want one", n, got, group[0], want)
			}
		}
	}
	if Fold("Alice") == Fold("Alina") || Fold("a.b") == Fold("ab") {
		t.Error("names that differ fold to one")
	}
}

// The skeleton makes one name of what Fold leaves apart: letters of other
// scripts that look like Latin ones, and a capital I for an l.
func TestSkeletonMakesLookAlikesOne(t *testing.T) {
	for _, n := range []string{"Aliсe", "Ꭺlice", "AIice", "aIice", "Alice", "Aliсé", "Ꭺlicé", "Alicé"} {
		if Skeleton(n) != Skeleton("alice") {
			t.Errorf("Skeleton(%q) = %q, Skeleton(alice) = %q: want one", n, Skeleton(n), Skeleton("alice"))
		}
	}
	if Skeleton("Alina") == Skeleton("Alice") || Skeleton("Bob") == Skeleton("Rob") {
		t.Error("names that differ share a skeleton")
	}
}

// The third key makes one name of what the first two leave apart: a name
// in capitals with a letter of another script.
func TestLowerSkeletonMakesCapitalsOne(t *testing.T) {
	for _, n := range []string{"ÀLIСE", "ᎪLICÉ", "ALIСE", "alice"} {
		if LowerSkeleton(n) != LowerSkeleton("Alice") {
			t.Errorf("LowerSkeleton(%q) = %q, LowerSkeleton(Alice) = %q: want one", n, LowerSkeleton(n), LowerSkeleton("Alice"))
		}
	}
	if LowerSkeleton("Alina") == LowerSkeleton("Alice") || LowerSkeleton("Ali") == LowerSkeleton("All") {
		t.Error("names that differ share a lower skeleton")
	}
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "10.0.0.1"); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"ÀLIСE", "ᎪLICÉ", "Aliсé"} {
		var pe *Error
		if _, _, err := s.SignUp(ctx, n, "correct horse", false, "10.0.0.2"); !errors.As(err, &pe) || pe.Code != NameTaken {
			t.Errorf("sign-up as %q beside Alice: %v, want name_taken", n, err)
		}
	}
}

// Taking accents off takes only the combining diacritics of Latin, Greek
// and Cyrillic letters: other scripts' marks make other names.
func TestSkeletonKeepsOtherScriptsMarks(t *testing.T) {
	for _, pair := range [][2]string{{"ガク", "カク"}, {"パン", "ハン"}} {
		if Skeleton(pair[0]) == Skeleton(pair[1]) || LowerSkeleton(pair[0]) == LowerSkeleton(pair[1]) {
			t.Errorf("%s and %s share a skeleton", pair[0], pair[1])
		}
	}
}

// TestBareOfASCII: a name of ASCII alone is its own bare form, as the
// chain of transformers makes it.
func TestBareOfASCII(t *testing.T) {
	chain := func(s string) string {
		bare, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(combiningDiacritics)), norm.NFC), s)
		if err != nil {
			return s
		}
		return bare
	}
	var names []string
	for c := 0; c < utf8.RuneSelf; c++ {
		for d := 0; d < utf8.RuneSelf; d += 7 {
			names = append(names, string([]byte{byte(c), byte(d)}))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = byte(rng.IntN(utf8.RuneSelf))
		}
		names = append(names, string(b))
	}
	names = append(names, "", "load-1", "AIice", "rnm", "Alice", "a\u0301", "Aliсé")
	for _, name := range names {
		if got, want := bareOf(name), chain(name); got != want {
			t.Errorf("bareOf(%q) = %q, the chain makes %q", name, got, want)
		}
	}
}
