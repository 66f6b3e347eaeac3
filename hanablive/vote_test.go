package hanablive

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
)

// TestHanabLiveVotedEnd: hanab.live writes a game its players' votes ended
// with a last action of its own type, 5 ("end game by vote"), target -1 and
// value 10, and its JSON replays refuse a type 4 game over whose target is
// not a seat. Such a file imports, ended by the votes at the turn it came;
// an export writes that action; and the export imports back the same.
func TestHanabLiveVotedEnd(t *testing.T) {
	doc, err := Decode(readNoVariant(t))
	if err != nil {
		t.Fatal(err)
	}
	const cut = 10
	doc.Actions = append(doc.Actions[:cut:cut], Action{Type: 5, Target: -1, Value: EndConditionTerminatedByVote})
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Import(data)
	if err != nil {
		t.Fatalf("import of a game ended by vote: %v", err)
	}
	res, over := r.State.Result()
	if !over || res.Reason != engine.EndVoted || r.State.Turn() != cut {
		t.Fatalf("over %v %+v at turn %d; want ended by vote at turn %d", over, res, r.State.Turn(), cut)
	}
	out, err := Export(r)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.Actions, doc.Actions) {
		t.Fatalf("exported %v,\nwant %v", out.Actions[cut:], doc.Actions[cut:])
	}
	back := roundTrip(t, r)
	if got, _ := back.State.Result(); got != res || back.State.Turn() != cut {
		t.Fatalf("re-imported %+v at turn %d, want %+v at %d", got, back.State.Turn(), res, cut)
	}

	// This server's exports wrote it as a type 4 game over: those files
	// import to the same end.
	old := append(doc.Actions[:cut:cut], Action{Type: ActionGameOver, Target: -1, Value: EndConditionTerminatedByVote})
	r, err = ImportGame(&Game{Players: doc.Players, Deck: doc.Deck, Actions: old, Options: doc.Options})
	if err != nil {
		t.Fatalf("a type 4 end by vote: %v", err)
	}
	if got, _ := r.State.Result(); got != res || r.State.Turn() != cut {
		t.Fatalf("a type 4 end by vote imported %+v at turn %d, want %+v at %d", got, r.State.Turn(), res, cut)
	}

	// What hanab.live refuses: a vote's end names no seat.
	bad := append(doc.Actions[:cut:cut], Action{Type: 5, Target: 0, Value: EndConditionTerminatedByVote})
	_, err = ImportGame(&Game{Players: doc.Players, Deck: doc.Deck, Actions: bad, Options: doc.Options})
	var re *engine.ReplayError
	if !errors.As(err, &re) || re.Index != cut || !errors.Is(err, ErrBadAction) {
		t.Fatalf("a vote's end with target 0: %v, want a malformed action %d", err, cut)
	}
}
