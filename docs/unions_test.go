package docs

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

type jsonObj = map[string]any

// Every oneOf of the document can be told apart by a generator without
// trying each member: primitives by their JSON type; objects by a
// discriminator whose mapping names every member by the single value its
// required property fixes, or else, pair by pair, by a property both require
// with different JSON types (the replay's two formats: players is a number
// in one, an array in the other).
func TestUnionsDiscriminable(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc["components"].(jsonObj)["schemas"].(jsonObj)
	n := 0
	visit(doc, "", func(path string, o jsonObj) {
		members, ok := o["oneOf"].([]any)
		if !ok {
			return
		}
		n++
		if err := discriminable(schemas, o, members); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	})
	if n == 0 {
		t.Fatal("no oneOf in the document")
	}
}

func discriminable(schemas, union jsonObj, members []any) error {
	resolved := make([]jsonObj, len(members))
	refs := make([]string, len(members))
	for i, m := range members {
		mo := m.(jsonObj)
		if ref, ok := mo["$ref"].(string); ok {
			refs[i] = ref
			mo = schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(jsonObj)
		}
		resolved[i] = mo
	}
	if _, ok := resolved[0]["properties"]; !ok {
		seen := map[string]bool{}
		for _, m := range resolved {
			typ, _ := m["type"].(string)
			if typ == "" || seen[typ] {
				return fmt.Errorf("primitive members must each have their own type: %v", members)
			}
			seen[typ] = true
		}
		return nil
	}
	if d, ok := union["discriminator"].(jsonObj); ok {
		prop, _ := d["propertyName"].(string)
		mapping, _ := d["mapping"].(jsonObj)
		if len(mapping) != len(members) {
			return fmt.Errorf("the mapping %v does not name each of the %d members", mapping, len(members))
		}
		for i, m := range resolved {
			req, _ := m["required"].([]any)
			p, _ := m["properties"].(jsonObj)[prop].(jsonObj)
			enum, _ := p["enum"].([]any)
			if !slices.Contains(req, any(prop)) || len(enum) != 1 || mapping[fmt.Sprint(enum[0])] != refs[i] {
				return fmt.Errorf("%s: %s is not required with one value that the mapping names", refs[i], prop)
			}
		}
		return nil
	}
	for i := range resolved {
		for j := i + 1; j < len(resolved); j++ {
			if !apart(resolved[i], resolved[j]) {
				return fmt.Errorf("no discriminator, and %s and %s share no required property of different types", refs[i], refs[j])
			}
		}
	}
	return nil
}

func apart(a, b jsonObj) bool {
	ra, _ := a["required"].([]any)
	rb, _ := b["required"].([]any)
	pa, _ := a["properties"].(jsonObj)
	pb, _ := b["properties"].(jsonObj)
	for _, r := range ra {
		if !slices.Contains(rb, r) {
			continue
		}
		name := r.(string)
		ta, _ := pa[name].(jsonObj)["type"].(string)
		tb, _ := pb[name].(jsonObj)["type"].(string)
		if ta != "" && tb != "" && ta != tb && !(ta == "integer" && tb == "number") && !(ta == "number" && tb == "integer") {
			return true
		}
	}
	return false
}

func visit(v any, path string, fn func(string, jsonObj)) {
	switch v := v.(type) {
	case jsonObj:
		fn(path, v)
		for k, c := range v {
			visit(c, path+"/"+k, fn)
		}
	case []any:
		for i, c := range v {
			visit(c, fmt.Sprintf("%s/%d", path, i), fn)
		}
	}
}

// Every schema of a field, an item or a body says what it is: a type, a
// reference or a union. An untyped one ({}) is "any" to a generator.
func TestEverySchemaTyped(t *testing.T) {
	var doc jsonObj
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	typed := func(path string, v any) {
		s, ok := v.(jsonObj)
		if !ok {
			return
		}
		for _, k := range []string{"type", "$ref", "oneOf", "anyOf", "allOf"} {
			if _, ok := s[k]; ok {
				return
			}
		}
		t.Errorf("%s has no type", path)
	}
	visit(doc, "", func(path string, o jsonObj) {
		if strings.HasSuffix(path, "/properties") {
			for name, p := range o {
				typed(path+"/"+name, p)
			}
			return
		}
		for _, k := range []string{"items", "schema"} {
			if s, ok := o[k]; ok {
				typed(path+"/"+k, s)
			}
		}
	})
}
