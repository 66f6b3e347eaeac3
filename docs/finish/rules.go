package main

import (
	"fmt"
	"strings"
)

// The rules below are what the server checks of a request and an annotation
// cannot say: swag's @Param takes no pattern, and no struct tag says how two
// fields go together. Each mirrors one check of package api, and api's
// tests send the server requests on both sides of each (a request the
// document refuses is refused, one it allows is not refused for its form).

// paramRules are the constraints of a parameter, by its name: a name means
// one thing wherever it appears.
var paramRules = map[string]obj{
	// api.waitPattern: a Go duration of units ns to h, or seconds.
	"wait": {"pattern": `^([0-9]+(\.[0-9]+)?|([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+)$`, "maxLength": 32},
	// api.lastEventID: a seq, in digits (a header is text: as a string,
	// it is what a client sends and a validator reads).
	"Last-Event-ID": {"pattern": `^[0-9]{1,9}(\.[0-9]{1,9})?$`},
	// api.validIdempotencyKey: printable ASCII.
	"Idempotency-Key": {"pattern": `^[ -~]+$`, "minLength": 1, "maxLength": 255},
}

// feedRules are paramRules' for the streams of a feed of one position
// (the lobby's, a player's, a room's), whose paths are not a game's:
// api.position, an entry's id of up to 18 digits.
var feedRules = map[string]obj{
	"Last-Event-ID": {"pattern": `^[0-9]{1,18}$`},
}

// schemaRules are constraints across a schema's fields, by swag's schema
// name, added beside its properties.
var schemaRules = map[string]obj{
	// api.decodeAction: a clue names exactly one of color and rank (both
	// or neither is refused as illegal_action, reason bad_clue). A value
	// that is not null is one of the schema's non-nullable types.
	"api.ClueAction": {"not": obj{"anyOf": []any{
		obj{"required": []any{"color", "rank"}, "properties": obj{"color": obj{"type": "string"}, "rank": obj{"type": "integer"}}},
		obj{"properties": obj{
			"color": obj{"type": "string", "nullable": true, "enum": []any{nil}},
			"rank":  obj{"type": "integer", "nullable": true, "enum": []any{nil}},
		}},
	}}},
	// variants (Options.Settings): not one card more and one less at once.
	"variants.Options": {"not": obj{
		"required":   []any{"one_extra_card", "one_less_card"},
		"properties": obj{"one_extra_card": obj{"type": "boolean", "enum": []any{true}}, "one_less_card": obj{"type": "boolean", "enum": []any{true}}},
	}},
}

// propertyRules are constraints of one property that an annotation cannot
// say, by schema and property name.
var propertyRules = map[[2]string]obj{
	// variants (Options.Settings): a turn clock is off (0) or 5–86400 seconds.
	{"variants.Options", "turn_seconds"}: {"not": obj{"minimum": 1, "maximum": 4}},
}

// rules adds the rules above to the document, and fails on one that names
// a parameter, schema or property the document does not have, so that a
// rename cannot drop a rule unseen.
func rules(doc, schemas obj) error {
	found := map[string]bool{}
	paths, _ := doc["paths"].(obj)
	for path, pi := range paths {
		for _, m := range methods {
			op, ok := pi.(obj)[m].(obj)
			if !ok {
				continue
			}
			params, _ := op["parameters"].([]any)
			for _, p := range params {
				po := p.(obj)
				name, _ := po["name"].(string)
				rule, ok := paramRules[name]
				if fr, feed := feedRules[name]; feed && !strings.HasPrefix(path, "/games/") {
					rule = fr
				}
				if !ok {
					continue
				}
				schema, _ := po["schema"].(obj)
				for k, v := range rule {
					schema[k] = v
				}
				found[name] = true
			}
		}
	}
	for name := range paramRules {
		if !found[name] {
			return fmt.Errorf("a rule for parameter %s, which no operation has", name)
		}
	}
	for name, rule := range schemaRules {
		s, ok := schemas[name].(obj)
		if !ok {
			return fmt.Errorf("a rule for schema %s, which the document lacks", name)
		}
		for k, v := range rule {
			s[k] = v
		}
	}
	for at, rule := range propertyRules {
		s, _ := schemas[at[0]].(obj)
		props, _ := s["properties"].(obj)
		p, ok := props[at[1]].(obj)
		if !ok {
			return fmt.Errorf("a rule for %s.%s, which the document lacks", at[0], at[1])
		}
		for k, v := range rule {
			p[k] = v
		}
	}
	return nil
}
