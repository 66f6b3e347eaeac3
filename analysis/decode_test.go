package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/hanablive"
	"github.com/hanabi-server/hanabi/variants"
)

// nativeJSON writes g as this server's native replay does (the fields
// Decode reads, as GET /v1/games/{id}/replay writes them).
func nativeJSON(t *testing.T, g *engine.Game, variant string, set variants.Settings, seed string) []byte {
	t.Helper()
	cfg := g.Config()
	type card struct {
		ID   int    `json:"id"`
		Suit string `json:"suit"`
		Rank int    `json:"rank"`
	}
	type action struct {
		Seq    int     `json:"seq"`
		Seat   int     `json:"seat"`
		Type   string  `json:"type"`
		Card   *int    `json:"card"`
		Target *int    `json:"target"`
		Color  *string `json:"color"`
		Rank   *int    `json:"rank"`
	}
	out := map[string]any{"id": "g1", "variant": variant, "options": set, "players": g.Players(), "seed": seed}
	var deck []card
	for id, c := range g.Deck() {
		deck = append(deck, card{id, cfg.Suits[c.Suit].Name, c.Rank})
	}
	out["deck"] = deck
	var actions []action
	seat := g.First()
	for i, a := range g.Log() {
		ra := action{Seq: i, Seat: seat}
		switch a.Kind {
		case engine.Play, engine.Discard:
			ra.Type, ra.Card = map[engine.Kind]string{engine.Play: "play", engine.Discard: "discard"}[a.Kind], &a.Card
		case engine.ColorClue:
			ra.Type, ra.Target, ra.Color = "clue", &a.Target, &cfg.ClueColors[a.Value]
		case engine.RankClue:
			ra.Type, ra.Target, ra.Rank = "clue", &a.Target, &a.Value
		case engine.End:
			ra.Type, ra.Seat = "end", a.Target
		}
		if a.IsMove() {
			seat = (seat + 1) % g.Players()
		}
		actions = append(actions, ra)
	}
	out["actions"] = actions
	if r, over := g.Result(); over {
		out["result"] = map[string]any{"score": r.Score, "reason": r.Reason.String(), "seat": r.Seat}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeBothFormats: a game read from its native replay and from its
// hanab.live export is the game itself, and analyses the same.
func TestDecodeBothFormats(t *testing.T) {
	for _, tc := range []struct {
		variant string
		players int
		opts    variants.Options
	}{
		{"basic", 3, variants.Options{}},
		{"rainbow-5-suits", 2, variants.Options{Rules: ptr("hanablive")}},
		{"orange-5-suits", 4, variants.Options{StormTokens: ptr(2)}},
	} {
		v, set, cfg, err := variants.Setup(tc.variant, tc.opts, tc.players)
		if err != nil {
			t.Fatal(err)
		}
		g := botGame(t, cfg, "decode/"+tc.variant, "conventions", 1)
		want := Input{Config: cfg, Deck: g.Deck(), First: g.First(), Log: g.Log()}
		live, err := hanablive.Marshal(&hanablive.Replay{Variant: v.Name, Settings: set, State: g})
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{"native": nativeJSON(t, g, v.Name, set, "decode/"+tc.variant), "hanab.live": live} {
			in, err := Decode(data)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.variant, name, err)
			}
			if name == "native" {
				// The native replay says who made each move; hanab.live's
				// leaves it to the turn order.
				if len(in.Seats) != len(in.Log) {
					t.Fatalf("%s: %d seats for %d moves", tc.variant, len(in.Seats), len(in.Log))
				}
				in.Seats = nil
			}
			if !reflect.DeepEqual(in, want) {
				t.Fatalf("%s %s: decoded %+v\nwant %+v", tc.variant, name, in, want)
			}
		}
	}
}

// TestDecodeErrors: each kind of bad input is its typed error, in both
// formats, as the HTTP layer maps them: a file it cannot read, a deck the
// variant cannot deal, an action the rules refuse (with the engine's
// reason), a game left running.
func TestDecodeErrors(t *testing.T) {
	_, set, cfg, err := variants.Setup("basic", variants.Options{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	g := botGame(t, cfg, "errors", "conventions", 1)
	native := string(nativeJSON(t, g, "basic", set, "errors"))
	live, err := hanablive.Marshal(&hanablive.Replay{Variant: "basic", Settings: set, State: g})
	if err != nil {
		t.Fatal(err)
	}
	var bad *BadInputError
	var deck *DeckError
	var replay *engine.ReplayError
	for _, tc := range []struct {
		name, data string
		is         func(error) bool
	}{
		{"not json", "{", func(err error) bool { return errors.As(err, &bad) }},
		{"unknown variant", strings.Replace(native, `"variant":"basic"`, `"variant":"nonesuch"`, 1), func(err error) bool { return errors.As(err, &bad) }},
		{"native deck", strings.Replace(native, `"suit":"red"`, `"suit":"mauve"`, 1), func(err error) bool { return errors.As(err, &deck) }},
		{"hanab.live deck", strings.Replace(string(live), `"rank": 1`, `"rank": 6`, 1), func(err error) bool { return errors.As(err, &deck) }},
		{"native illegal", strings.Replace(native, `"type":"play","card":`, `"type":"play","card":6`, 1), isReplayCode(&replay)},
		{"hanab.live illegal", illegalLive(t, live), isReplayCode(&replay)},
		{"hanab.live unfinished", unfinishedLive(t, live), func(err error) bool { return errors.Is(err, ErrUnfinished) }},
		// Out of the bounds a game of the server's has: refused, not
		// dealt (2⁴⁰ note tokens sized the game's slices out of memory).
		{"native note tokens", strings.Replace(native, `"note_tokens":8`, `"note_tokens":1099511627776`, 1), func(err error) bool { return errors.As(err, &bad) }},
		{"native unknown action type", strings.Replace(native, `"type":"clue"`, `"type":"Clue"`, 1), func(err error) bool { return errors.As(err, &bad) }},
		{"native move by a seat not to act", wrongSeat(t, native), isCode(&replay, "not_your_turn")},
		{"native storm tokens", strings.Replace(native, `"storm_tokens":3`, `"storm_tokens":4`, 1), func(err error) bool { return errors.As(err, &bad) }},
	} {
		in, err := Decode([]byte(tc.data))
		if err == nil {
			_, err = Analyse(context.Background(), in, Options{EndgameDeck: -1})
		}
		if err == nil || !tc.is(err) {
			t.Errorf("%s: error %v (%T)", tc.name, err, err)
		}
	}
}

// isReplayCode is an action the rules refused with one of the engine's
// reasons.
func isReplayCode(re **engine.ReplayError) func(error) bool {
	return func(err error) bool {
		var ee *engine.Error
		return errors.As(err, re) && errors.As(err, &ee) && ee.Code != ""
	}
}

// isCode is an action the rules refused with the engine's reason code.
func isCode(re **engine.ReplayError, code string) func(error) bool {
	return func(err error) bool {
		var ee *engine.Error
		return errors.As(err, re) && errors.As(err, &ee) && ee.Code == code
	}
}

// wrongSeat gives the native replay's second move to the seat that made
// the first.
func wrongSeat(t *testing.T, native string) string {
	t.Helper()
	m := regexp.MustCompile(`"seq":0,"seat":(\d)`).FindStringSubmatch(native)
	second := regexp.MustCompile(`"seq":1,"seat":\d`)
	if m == nil || !second.MatchString(native) {
		t.Fatal("no first two moves")
	}
	return second.ReplaceAllString(native, `"seq":1,"seat":`+m[1])
}

func illegalLive(t *testing.T, live []byte) string {
	var g map[string]any
	if err := json.Unmarshal(live, &g); err != nil {
		t.Fatal(err)
	}
	acts := g["actions"].([]any)
	acts[0] = map[string]any{"type": 0, "target": 49} // a card still in the deck
	b, _ := json.Marshal(g)
	return string(b)
}

func unfinishedLive(t *testing.T, live []byte) string {
	var g map[string]any
	if err := json.Unmarshal(live, &g); err != nil {
		t.Fatal(err)
	}
	g["actions"] = g["actions"].([]any)[:3]
	b, _ := json.Marshal(g)
	return string(b)
}

// FuzzDecode: no file makes Decode or the replay of what it decodes panic,
// and every error is one of the typed kinds. (The search is left out: it
// would make each run as long as an analysis.)
func FuzzDecode(f *testing.F) {
	for _, name := range liveGames {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"variant":"basic","players":2,"options":{},"deck":[],"actions":[]}`))
	f.Add([]byte(`{"players":["a","b"],"deck":[{"suitIndex":0,"rank":1}],"actions":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Decode(data)
		if err == nil {
			_, err = replay(in)
		}
		var bad *BadInputError
		var deck *DeckError
		var replay *engine.ReplayError
		if err != nil && !errors.As(err, &bad) && !errors.As(err, &deck) && !errors.As(err, &replay) &&
			!errors.Is(err, ErrUnfinished) && !errors.Is(err, ErrStopped) {
			t.Fatalf("untyped error %v (%T)", err, err)
		}
	})
}
