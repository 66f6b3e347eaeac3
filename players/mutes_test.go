package players

import "testing"

func TestMutesHides(t *testing.T) {
	m := MutesOf([]Player{{ID: "p12"}, {ID: "p3"}})
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{"p12", true},
		{"p3", true},
		{"p1", false}, // a prefix of a muted id is someone else
		{"2,p3", false},
		{"p", false},
		{"", false}, // a guest's line
	} {
		if got := m.Hides(tc.id); got != tc.want {
			t.Errorf("Mutes(%q).Hides(%q) = %v, want %v", m, tc.id, got, tc.want)
		}
	}
	if Mutes("").Hides("p1") {
		t.Error("no mutes hide a line")
	}
}
