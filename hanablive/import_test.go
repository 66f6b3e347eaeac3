package hanablive

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// docJSON is a small finished game as generic JSON, for edits that the typed
// Game cannot express (missing fields, wrong types, extra fields): No
// Variant played by hanab.live's rules, as hanab.live's own files are, and
// dealt so that seat 0 starts (its file needs no options).
func docJSON(t *testing.T) map[string]any {
	t.Helper()
	tb := table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8, Rules: "hanablive"}, 2}
	seed := uint64(3)
	r := playRandom(t, tb, seed)
	for ; r.State.First() != 0; seed++ {
		r = playRandom(t, tb, seed)
	}
	data, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func encode(t *testing.T, m map[string]any) []byte {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestImportErrors(t *testing.T) {
	deckOf := func(m map[string]any) []any { return m["deck"].([]any) }
	actionsOf := func(m map[string]any) []any { return m["actions"].([]any) }
	tests := []struct {
		name    string
		raw     string                 // used as is when set
		edit    func(m map[string]any) // applied to a valid game otherwise
		want    error
		message string
		action  int // index the error must name, or -1
	}{
		{name: "empty input", raw: "", want: ErrJSON, action: -1},
		{name: "truncated JSON", raw: `{"players": ["a", "b"], "deck": [`, want: ErrJSON, action: -1},
		{name: "not an object", raw: `[1, 2, 3]`, want: ErrJSON, action: -1},
		{name: "trailing garbage", raw: `{"players": ["a","b"], "deck": []} x`, want: ErrJSON, action: -1},
		{name: "players of the wrong type", raw: `{"players": "ab", "deck": []}`, want: ErrJSON, action: -1},
		{name: "no players", edit: func(m map[string]any) { delete(m, "players") }, want: ErrJSON, message: "players", action: -1},
		{name: "no deck", edit: func(m map[string]any) { delete(m, "deck") }, want: ErrJSON, message: "deck", action: -1},
		{name: "one player", edit: func(m map[string]any) { m["players"] = []string{"solo"} }, want: ErrPlayers, message: "got 1", action: -1},
		{name: "a name with a direction change", edit: func(m map[string]any) { m["players"] = []string{"Alice", "B\u202eob"} }, want: ErrPlayers, message: "players[1]", action: -1},
		{name: "a name too long", edit: func(m map[string]any) { m["players"] = []string{strings.Repeat("B", 65), "Alice"} }, want: ErrPlayers, message: "players[0]", action: -1},
		{name: "a seed with a line separator", edit: func(m map[string]any) { m["seed"] = "p2v0s1\u2028" }, want: ErrOption, message: "seed", action: -1},
		{name: "seven players", edit: func(m map[string]any) { m["players"] = []string{"a", "b", "c", "d", "e", "f", "g"} }, want: ErrPlayers, message: "got 7", action: -1},
		{name: "unknown variant", edit: func(m map[string]any) { m["options"] = map[string]any{"variant": "Mix (6 Suits)"} }, want: ErrUnknownVariant, message: `"Mix (6 Suits)"`, action: -1},
		{name: "variant of the wrong case", edit: func(m map[string]any) { m["options"] = map[string]any{"variant": "no variant"} }, want: ErrUnknownVariant, action: -1},
		{name: "variant with a bigger deck", edit: func(m map[string]any) { m["options"] = map[string]any{"variant": "6 Suits"} }, want: ErrDeck, message: "the deck has 50 cards, the variant 60", action: -1},
		{name: "deck a card short", edit: func(m map[string]any) { m["deck"] = deckOf(m)[1:] }, want: ErrDeck, message: "the deck has 49 cards", action: -1},
		{name: "deck with a sixth suit", edit: func(m map[string]any) { deckOf(m)[12] = map[string]any{"suitIndex": 5, "rank": 1} }, want: ErrDeck, message: "card 12 has suit index 5", action: -1},
		{name: "deck with a negative suit", edit: func(m map[string]any) { deckOf(m)[3] = map[string]any{"suitIndex": -1, "rank": 1} }, want: ErrDeck, message: "card 3", action: -1},
		{name: "deck with rank 6", edit: func(m map[string]any) { deckOf(m)[7] = map[string]any{"suitIndex": 0, "rank": 6} }, want: ErrDeck, message: "card 7 has rank 6", action: -1},
		// Far out of range, so that no arithmetic on suit and rank may alias it to a real card.
		{name: "deck with rank 65", edit: func(m map[string]any) { deckOf(m)[7] = map[string]any{"suitIndex": 0, "rank": 65} }, want: ErrDeck, message: "card 7 has rank 65", action: -1},
		{name: "deck with a sixth 1", edit: func(m map[string]any) {
			d := deckOf(m)
			for i, c := range d {
				if c.(map[string]any)["rank"].(float64) != 1 {
					d[i] = map[string]any{"suitIndex": 0, "rank": 1}
					return
				}
			}
		}, want: ErrDeck, message: "too many", action: -1},
		{name: "deck card without a rank", edit: func(m map[string]any) { deckOf(m)[4] = map[string]any{"suitIndex": 0} }, want: ErrJSON, message: "deck card 4", action: -1},
		{name: "deck card of the wrong type", edit: func(m map[string]any) { deckOf(m)[4] = "r1" }, want: ErrJSON, message: "deck card 4", action: -1},
		{name: "storm tokens out of range", edit: func(m map[string]any) { m["options"] = map[string]any{"stormTokens": 4} }, want: ErrOption, message: "stormTokens", action: -1},
		{name: "note tokens out of range", edit: func(m map[string]any) { m["options"] = map[string]any{"noteTokens": 17} }, want: ErrOption, message: "noteTokens", action: -1},
		{name: "detrimental characters", edit: func(m map[string]any) { m["options"] = map[string]any{"detrimentalCharacters": true} }, want: ErrOption, message: "detrimentalCharacters", action: -1},
		{name: "a starting player who is not at the table", edit: func(m map[string]any) { m["options"] = map[string]any{"startingPlayer": 2} }, want: ErrOption, message: "startingPlayer 2", action: -1},
		{name: "a negative starting player", edit: func(m map[string]any) { m["options"] = map[string]any{"startingPlayer": -1} }, want: ErrOption, message: "startingPlayer", action: -1},
		{name: "rules of no rule book", edit: func(m map[string]any) { m["options"] = map[string]any{"rules": "house"} }, want: ErrOption, message: "options.rules", action: -1},
		{name: "one extra card and one less", edit: func(m map[string]any) { m["options"] = map[string]any{"oneExtraCard": true, "oneLessCard": true} }, want: ErrOption, message: "oneLessCard", action: -1},
		{name: "action without a type", edit: func(m map[string]any) { actionsOf(m)[5] = map[string]any{"target": 1} }, want: ErrBadAction, message: "type", action: 5},
		{name: "play without a target", edit: func(m map[string]any) { actionsOf(m)[6] = map[string]any{"type": 0} }, want: ErrBadAction, message: "target", action: 6},
		{name: "clue without a value", edit: func(m map[string]any) { actionsOf(m)[2] = map[string]any{"type": 3, "target": 1} }, want: ErrBadAction, message: "value", action: 2},
		{name: "type as a string", edit: func(m map[string]any) { actionsOf(m)[3] = map[string]any{"type": "0", "target": 1} }, want: ErrBadAction, action: 3},
		{name: "fractional target", edit: func(m map[string]any) { actionsOf(m)[4] = map[string]any{"type": 0, "target": 1.5} }, want: ErrBadAction, action: 4},
		{name: "action that is null", edit: func(m map[string]any) { actionsOf(m)[1] = nil }, want: ErrBadAction, action: 1},
		{name: "unknown action type", edit: func(m map[string]any) { actionsOf(m)[8] = map[string]any{"type": 6, "target": 0, "value": 0} }, want: ErrBadAction, message: "unknown type 6", action: 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(tt.raw)
			if tt.edit != nil {
				m := docJSON(t)
				tt.edit(m)
				data = encode(t, m)
			}
			r, err := Import(data)
			if err == nil {
				t.Fatalf("imported (score %d), want an error", r.State.Score())
			}
			if tt.action >= 0 {
				wantActionError(t, err, tt.action, tt.want)
			} else if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			} else if re := (*engine.ReplayError)(nil); errors.As(err, &re) {
				t.Fatalf("err = %v names an action", err)
			}
			if !strings.Contains(err.Error(), tt.message) {
				t.Fatalf("err = %q, want it to say %q", err, tt.message)
			}
		})
	}
}

// What hanab.live writes and this server does not use is tolerated: the same
// game imports with or without it.
func TestImportToleratesExtraFields(t *testing.T) {
	m := docJSON(t)
	want, err := Import(encode(t, m))
	if err != nil {
		t.Fatal(err)
	}
	m["id"] = 149251
	m["notes"] = [][]string{{"r1", ""}, {}}
	m["characters"] = []map[string]any{{"name": "Fuming", "metadata": 2}}
	m["somethingNew"] = map[string]any{"x": []int{1}}
	m["options"] = map[string]any{"variant": "No Variant", "timed": true, "timeBase": 120, "speedrun": false, "cardCycle": true}
	for _, a := range m["actions"].([]any) {
		a.(map[string]any)["comment"] = "ignored"
	}
	got, err := Import(encode(t, m))
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, want, got)
}

// hanab.live's defaults apply to whatever is missing: no options at all is
// No Variant with hanab.live's rules, and a play needs no value.
func TestImportDefaults(t *testing.T) {
	m := docJSON(t)
	want, err := Import(encode(t, m))
	if err != nil {
		t.Fatal(err)
	}
	delete(m, "options")
	for _, a := range m["actions"].([]any) {
		if a := a.(map[string]any); a["type"].(float64) < 2 {
			delete(a, "value")
		}
	}
	got, err := Import(encode(t, m))
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, want, got)
	if got.Settings != (variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: false, Rules: "hanablive"}) {
		t.Fatalf("settings %+v", got.Settings)
	}
}

// The extension fields are read back into the settings.
func TestImportExtensionOptions(t *testing.T) {
	r, _, err := setup(&Game{Players: []string{"a", "b", "c"}, Options: Options{
		Variant: "Black (6 Suits)", StormTokens: ptr(1), NoteTokens: ptr(12), EmptyClues: true,
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := variants.Settings{StormTokens: 1, NoteTokens: 12, EmptyClues: true, RainbowCards: 5, Rules: "hanablive"}
	if r.Variant != "farbrausch" || r.Settings != want {
		t.Fatalf("%s %+v, want farbrausch %+v", r.Variant, r.Settings, want)
	}
}

func ptr[T any](v T) *T { return &v }
