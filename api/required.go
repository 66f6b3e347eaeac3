package api

import (
	"encoding/json"
	"reflect"

	"github.com/hanabi-server/hanabi/docs"
)

// requiredFields are the fields each request schema of the document
// requires, by schema name (a Go type's own name: the document's schemas
// are named after the types they describe). encoding/json reads a missing
// field as its zero value, so without this {} would point at card 0.
var requiredFields = func() map[string][]string {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Required []string `json:"required"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(docs.OpenAPI, &doc); err != nil {
		panic("api: the OpenAPI document does not parse: " + err.Error())
	}
	out := map[string][]string{}
	for name, s := range doc.Components.Schemas {
		out[name] = s.Required
	}
	return out
}()

// missingField names a field of t's schema that obj lacks, "" when none.
func missingField(obj map[string]any, t reflect.Type) string {
	for _, name := range requiredFields[t.Name()] {
		if _, ok := obj[name]; !ok {
			return name
		}
	}
	return ""
}
