package docs

import (
	"encoding/json"
	"reflect"
	"strings"
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

// The event streams are getEvents' other answers: each names the Event
// schema as its items.
func TestEventStreamsDeclared(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	op := doc["paths"].(jsonObj)["/games/{id}/events"].(jsonObj)["get"].(jsonObj)
	ok := op["responses"].(jsonObj)["200"].(jsonObj)
	content := ok["content"].(jsonObj)
	event := jsonObj{"$ref": "#/components/schemas/Event"}
	for _, mt := range []string{"text/event-stream", "application/x-ndjson"} {
		m, found := content[mt].(jsonObj)
		if !found {
			t.Errorf("getEvents does not answer %s", mt)
			continue
		}
		if !reflect.DeepEqual(m["x-item-schema"], event) {
			t.Errorf("%s: items %v, want the Event schema", mt, m["x-item-schema"])
		}
	}
	if s := content["application/x-ndjson"].(jsonObj)["schema"]; !reflect.DeepEqual(s, event) {
		t.Errorf("application/x-ndjson's schema %v, want the Event each line holds", s)
	}
	if !reflect.DeepEqual(content["application/json"].(jsonObj)["schema"], jsonObj{"$ref": "#/components/schemas/EventsResponse"}) {
		t.Errorf("the list is no longer the JSON answer")
	}
	if d, _ := ok["description"].(string); !strings.Contains(d, "text/event-stream") {
		t.Errorf("the 200's description does not tell the streams: %q", d)
	}
}
