package players

import (
	"context"
	"errors"
	"testing"
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
