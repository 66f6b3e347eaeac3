package fault

import (
	"errors"
	"fmt"
	"testing"
)

type testCode uint8

const (
	gone testCode = iota + 1
	taken
	unlisted
)

var testFaults = Table[testCode]{
	gone:  {Kind: NotFound, Code: "not_found"},
	taken: {Kind: Conflict, Code: "name_taken"},
}

func (c testCode) Fault() (Kind, string) { return testFaults.Fault(c) }

func TestRefusedSaysItsKindAndCode(t *testing.T) {
	for _, tc := range []struct {
		code testCode
		kind Kind
		name string
	}{
		{gone, NotFound, "not_found"},
		{taken, Conflict, "name_taken"},
		{unlisted, Invalid, "bad_request"}, // a code the table lacks is no server error
	} {
		err := fmt.Errorf("wrapped: %w", &Refused[testCode]{Code: tc.code, Msg: "no"})
		kind, code, ok := Of(err)
		if !ok || kind != tc.kind || code != tc.name {
			t.Errorf("code %d: Of = %v %q %v, want %v %q", tc.code, kind, code, ok, tc.kind, tc.name)
		}
	}
}

func TestRefusedMatchesItsSentinel(t *testing.T) {
	sentinel := &Refused[testCode]{Code: taken, Msg: "that name is taken"}
	if !errors.Is(&Refused[testCode]{Code: taken, Msg: "Alice is taken"}, sentinel) {
		t.Fatal("a refusal of the sentinel's code with another message does not match it")
	}
	if errors.Is(&Refused[testCode]{Code: gone, Msg: "that name is taken"}, sentinel) {
		t.Fatal("a refusal of another code matches the sentinel")
	}
}
