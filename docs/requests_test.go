package docs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// requestSchema is the JSON request body's schema of an operation.
func requestSchema(t *testing.T, path, method string) *openapi3.Schema {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(OpenAPI)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	op := doc.Paths.Find(path).GetOperation(method)
	if op == nil || op.RequestBody == nil {
		t.Fatalf("%s %s has no request body", method, path)
	}
	return op.RequestBody.Value.Content.Get("application/json").Schema.Value
}

func checkBody(t *testing.T, s *openapi3.Schema, body string, valid bool) {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	err := s.VisitJSON(v, openapi3.MultiErrors())
	if valid && err != nil {
		t.Errorf("the server takes %s, the document refuses it: %v", body, err)
	}
	if !valid && err == nil {
		t.Errorf("the document takes %s, which the server refuses", body)
	}
}

// Every action body the server takes is valid for the document, and each
// matches exactly one member of the union.
func TestActionRequests(t *testing.T) {
	s := requestSchema(t, "/games/{id}/actions", "POST")
	for _, body := range []string{
		`{"type":"play","card":3}`,
		`{"type":"discard","card":0,"version":17}`,
		`{"type":"clue","target":1,"color":"red"}`,
		`{"type":"clue","target":1,"rank":3,"version":0}`,
		`{"type":"clue","target":1,"color":"red","rank":null}`,
		`{"type":"clue","target":1,"color":null,"rank":3}`,
	} {
		checkBody(t, s, body, true)
	}
	for _, body := range []string{
		`{"type":"play"}`,
		`{"type":"play","card":3,"target":1}`,
		`{"type":"discard","card":"3"}`,
		`{"type":"clue","color":"red"}`,
		`{"type":"clue","target":1,"card":2,"color":"red"}`,
		`{"type":"hint","target":1,"rank":3}`,
	} {
		checkBody(t, s, body, false)
	}
}

// hanab.live's own files leave out options, and an action's value when it is
// 0 (and target too for a game over): the server takes them, and so must the
// document.
func TestReplayImportRequests(t *testing.T) {
	s := requestSchema(t, "/replays", "POST")
	files, err := filepath.Glob("../hanablive/testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no hanab.live files: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkBody(t, s, string(data), true)
	}
	checkBody(t, s, `{"players":["a","b"],"deck":[{"suitIndex":0,"rank":1}],"actions":[{"type":0,"target":0},{"type":4}]}`, true)
	checkBody(t, s, `{"players":["a","b"],"deck":[]}`, true)
	checkBody(t, s, `{"deck":[]}`, false)
	checkBody(t, s, `{"players":["a","b"],"deck":[{"suitIndex":0}]}`, false)
	checkBody(t, s, `{"players":["a","b"],"deck":[],"actions":[{"target":1}]}`, false)
}
