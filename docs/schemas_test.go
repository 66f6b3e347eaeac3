package docs

import (
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// A schema of the document is written once: no property, item or body
// writes out in place the properties of a named schema, so that a
// generated client has one type for it (the game's result was a named
// schema and two copies).
func TestNoSchemaWrittenOutTwice(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc["components"].(jsonObj)["schemas"].(jsonObj)
	named := map[string]jsonObj{}
	for name, s := range schemas {
		if props, ok := s.(jsonObj)["properties"].(jsonObj); ok && len(props) > 1 {
			named[name] = props
		}
	}
	if named["ResultView"] == nil {
		t.Fatal("no ResultView schema")
	}
	visit(doc, "", func(path string, o jsonObj) {
		props, ok := o["properties"].(jsonObj)
		if !ok {
			return
		}
		for name, want := range named {
			if reflect.DeepEqual(props, want) && path != "/components/schemas/"+name {
				t.Errorf("%s writes out %s's properties: name it by $ref", path, name)
			}
		}
	})
	uses := 0
	visit(doc, "", func(path string, o jsonObj) {
		if o["$ref"] == "#/components/schemas/ResultView" {
			uses++
		}
	})
	if uses < 3 {
		t.Errorf("ResultView is named %d times: a view's, a replay's and game_over's result", uses)
	}
}

// Each answer of the events is an operation of its own, one media type
// each, so that a generated client has one type for it: getEvents the
// JSON list, streamEvents Server-Sent Events whose items are Events,
// streamEventsNDJSON a line per Event.
func TestEventStreamsDeclared(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	event := jsonObj{"$ref": "#/components/schemas/Event"}
	for _, c := range []struct {
		path, id, media string
		schema, items   any
	}{
		{"/games/{id}/events", "getEvents", "application/json", jsonObj{"$ref": "#/components/schemas/EventsResponse"}, nil},
		{"/games/{id}/events/sse", "streamEvents", "text/event-stream", jsonObj{"type": "string"}, event},
		{"/games/{id}/events/ndjson", "streamEventsNDJSON", "application/x-ndjson", event, event},
	} {
		pi, ok := doc["paths"].(jsonObj)[c.path].(jsonObj)
		if !ok {
			t.Errorf("no path %s", c.path)
			continue
		}
		op := pi["get"].(jsonObj)
		if op["operationId"] != c.id {
			t.Errorf("%s: operationId %v, want %s", c.path, op["operationId"], c.id)
		}
		content := op["responses"].(jsonObj)["200"].(jsonObj)["content"].(jsonObj)
		if len(content) != 1 {
			t.Errorf("%s: the 200 has %d media types, want one: %s", c.path, len(content), c.media)
		}
		m, found := content[c.media].(jsonObj)
		if !found {
			t.Errorf("%s does not answer %s", c.path, c.media)
			continue
		}
		if !reflect.DeepEqual(m["schema"], c.schema) {
			t.Errorf("%s: schema %v, want %v", c.path, m["schema"], c.schema)
		}
		if !reflect.DeepEqual(m["x-item-schema"], c.items) {
			t.Errorf("%s: items %v, want %v", c.path, m["x-item-schema"], c.items)
		}
	}
}

// A nullable reference is written {"allOf": [{"$ref": …}], "nullable": true}
// and nothing else: the one form that openapi-python-client, oapi-codegen,
// ogen, openapi-typescript, hey-api, orval and openapi-zod-client all read
// as "the referenced type or null" (a "type": "object" beside it made
// openapi-python-client read it as never null and crash on the null; oneOf
// or anyOf made oapi-codegen type a union and ogen drop the null).
func TestNullableReferences(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	visit(doc, "", func(path string, o jsonObj) {
		_, ref := o["$ref"]
		all, _ := o["allOf"].([]any)
		switch {
		case ref && o["nullable"] != nil:
			t.Errorf("%s: nullable beside $ref, which 3.0 ignores", path)
		case o["nullable"] == true && (o["oneOf"] != nil || o["anyOf"] != nil):
			t.Errorf("%s: a nullable oneOf or anyOf; write a nullable reference as an allOf of one", path)
		case o["nullable"] == true && all != nil:
			if len(o) != 2 || len(all) != 1 || len(all[0].(jsonObj)) != 1 || all[0].(jsonObj)["$ref"] == nil {
				t.Errorf("%s: a nullable reference is {allOf: [{$ref}], nullable: true} alone, not %v", path, o)
			}
			found[path] = true
		}
	})
	for _, want := range []string{
		"/components/schemas/GameView/properties/legal_moves",
		"/components/schemas/GameView/properties/result",
		"/components/schemas/ReplayView/properties/result",
		"/components/schemas/VariantView/properties/hanablive",
	} {
		if !found[want] {
			t.Errorf("%s is not a nullable reference", want)
		}
	}
}

// Security: an operation that needs a seat token states it; a public one
// states an empty list; one that takes a token if there is one (a seat's
// view, events, replay) states nothing and takes the document's default,
// the optional token, so that openapi-python-client lets a plain client
// call it (it types any operation that states security as needing its
// authenticated client).
func TestSecurityStated(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	optional := []any{jsonObj{}, jsonObj{"SeatToken": []any{}}, jsonObj{"PlayerToken": []any{}}, jsonObj{"AccessToken": []any{}}}
	if !reflect.DeepEqual(doc["security"], optional) {
		t.Fatalf("the default security is %v, want the optional seat token", doc["security"])
	}
	want := map[string]string{
		"getGame": "optional", "getSeed": "optional", "listPlayerGames": "optional", "getWatchers": "optional", "getEvents": "optional", "streamEvents": "optional", "streamEventsNDJSON": "optional", "getReplay": "optional", "getAnalysis": "optional",
		"createGame": "optional", "joinGame": "optional", "seatToken": "player", "getMyGames": "player",
		"getMyEvents": "player", "streamMyEvents": "player", "streamMyEventsNDJSON": "player", "invitePlayer": "any token",
		"mutePlayer": "player", "unmutePlayer": "player", "listMuted": "player", "sayInGame": "any token", "rematch": "any token",
		"postAction": "token", "terminateGame": "token", "leaveSeat": "token", "putNote": "token", "putHand": "token", "voteEnd": "token", "unvoteEnd": "token", "pauseGame": "token", "resumeGame": "token",
		"getLobbyEvents": "optional", "streamLobbySSE": "optional", "streamLobbyNDJSON": "optional", "sayInLobby": "player",
		"leaveRoom": "player", "setRoomTurn": "player", "playAgain": "player", "streamRoomNDJSON": "player", "undoHypothetical": "player", "getRoomEvents": "player", "handOverRoom": "player", "joinRoom": "player", "unpointRoom": "player", "pointRoom": "player", "openRoom": "player", "getRoom": "player", "streamRoomSSE": "player", "hypothesize": "player", "endHypothetical": "player",
		"signOut": "player", "getMe": "player", "changePassword": "player", "makeToken": "player", "listTokens": "player", "revokeToken": "player",
	}
	for path, pi := range doc["paths"].(jsonObj) {
		for method, op := range pi.(jsonObj) {
			o := op.(jsonObj)
			id, _ := o["operationId"].(string)
			sec, stated := o["security"]
			got := "public"
			switch {
			case !stated:
				got = "optional"
			case reflect.DeepEqual(sec, []any{jsonObj{"SeatToken": []any{}}}):
				got = "token"
			case reflect.DeepEqual(sec, []any{jsonObj{"PlayerToken": []any{}}, jsonObj{"AccessToken": []any{}}}):
				got = "player"
			case reflect.DeepEqual(sec, []any{jsonObj{"SeatToken": []any{}}, jsonObj{"PlayerToken": []any{}}, jsonObj{"AccessToken": []any{}}}):
				got = "any token"
			case !reflect.DeepEqual(sec, []any{}):
				got = fmt.Sprint(sec)
			}
			if w := cmp.Or(want[id], "public"); got != w {
				t.Errorf("%s %s (%s): %s, want %s", method, path, id, got, w)
			}
		}
	}
}
