package hanablive

import (
	"testing"
)

// TestImportRefusesWhatHanabLiveRefuses: hanab.live's JSON replays refuse
// a play or discard with a value (its check: "nonsensical") and a game
// over (type 4) whose target is not a seat; so does an import, naming
// the action.
func TestImportRefusesWhatHanabLiveRefuses(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(actions []any) int // changes one action, returns its index
	}{
		{"a play with a value", func(actions []any) int {
			for i, a := range actions {
				if a := a.(map[string]any); a["type"].(float64) == 0 {
					a["value"] = 2
					return i
				}
			}
			return -1
		}},
		{"a discard with a value", func(actions []any) int {
			for i, a := range actions {
				if a := a.(map[string]any); a["type"].(float64) == 1 {
					a["value"] = 1
					return i
				}
			}
			return -1
		}},
		{"a game over charged to no seat", func(actions []any) int {
			actions[7] = map[string]any{"type": 4, "target": 2, "value": EndConditionTerminated}
			return 7
		}},
		{"a game over of another condition charged to no seat", func(actions []any) int {
			actions[7] = map[string]any{"type": 4, "target": -3, "value": 1}
			return 7
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := docJSON(t)
			actions := m["actions"].([]any)
			i := tt.edit(actions)
			if i < 0 {
				t.Fatal("no such action")
			}
			m["actions"] = actions[:i+1]
			_, err := Import(encode(t, m))
			wantActionError(t, err, i, ErrBadAction)
		})
	}
}
