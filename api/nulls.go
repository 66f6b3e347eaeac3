package api

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// checkShape refuses what encoding/json lets through although the document
// refuses it: a null where the field is not nullable (json reads null into
// a field as nothing at all, so {"options": null} would pass as no options),
// a null item of a list, a null body, and a key that names a field only up
// to case (json matches "Variant" to variant; the document's closed bodies
// know no such key), and a missing field the document requires. t is the type the body decodes into; a field is
// nullable when its tag says extensions:"x-nullable", as the document's is.
func checkShape(data []byte, t reflect.Type) error {
	v, err := textValue(data) // one walk: the value, and what checkText refuses
	if refused := (*textRefusal)(nil); errors.As(err, &refused) {
		return refused.err
	} else if err != nil {
		return jsonProblem(err)
	}
	if v == nil {
		return badRequest("the request body must be a JSON object, not null")
	}
	return shapeOf(v, t, "")
}

func shapeOf(v any, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch val := v.(type) {
	case map[string]any:
		if t.Kind() != reflect.Struct {
			return nil
		}
		if name := missingField(val, t); name != "" {
			return badRequest("field %s is required", join(path, name))
		}
		fields := jsonFields(t)
		for k, fv := range val {
			f, ok := fields[k]
			if !ok {
				if near := foldedField(fields, k); near != "" {
					return badRequest("unknown field %q (field names are lower case: %s)", truncate(k, 32), near)
				}
				continue // refused by the strict decoder, or ignored by a lenient body
			}
			at := join(path, k)
			if fv == nil {
				if !f.nullable {
					return badRequest("field %s must not be null (leave it out instead)", at)
				}
				continue
			}
			if err := shapeOf(fv, f.typ, at); err != nil {
				return err
			}
		}
	case []any:
		if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
			return nil
		}
		for i, e := range val {
			at := path + "[" + strconv.Itoa(i) + "]"
			if e == nil {
				return badRequest("%s must not be null", at)
			}
			if err := shapeOf(e, t.Elem(), at); err != nil {
				return err
			}
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

type jsonField struct {
	typ      reflect.Type
	nullable bool
}

var fieldCache sync.Map // reflect.Type → map[string]jsonField

// jsonFields are a struct's fields by their JSON names, embedded structs'
// included, as encoding/json sees them.
func jsonFields(t reflect.Type) map[string]jsonField {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]jsonField)
	}
	m := map[string]jsonField{}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Tag.Get("json") == "" {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = jsonField{typ: f.Type, nullable: strings.Contains(f.Tag.Get("extensions"), "x-nullable")}
	}
	fieldCache.Store(t, m)
	return m
}

func foldedField(fields map[string]jsonField, key string) string {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return name
		}
	}
	return ""
}
