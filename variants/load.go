package variants

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
)

// parse reads one variant file: one variant, or {"variants": [...]}.
func parse(file string, data []byte) ([]File, error) {
	// One strict pass reads a good file; only a bad one is read again,
	// variant by variant, to say where it is wrong.
	var doc struct {
		Variants []File `json:"variants"`
		File
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&doc)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		if doc.Variants == nil {
			return []File{doc.File}, nil
		}
		if !reflect.ValueOf(doc.File).IsZero() {
			return nil, &FieldError{File: file, Field: "(file)", Msg: `a file of several variants holds only "variants"`}
		}
		return doc.Variants, nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, &FieldError{File: file, Field: "(file)", Msg: "not a JSON object: " + err.Error()}
	}
	raw, many := probe["variants"]
	if !many {
		return nil, &FieldError{File: file, Field: "(variant)", Msg: jsonMsg(err)}
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, &FieldError{File: file, Field: "variants", Msg: "want a list of variants"}
	}
	for i, r := range list {
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		var f File
		if err := dec.Decode(&f); err != nil {
			return nil, &FieldError{File: file, Field: fmt.Sprintf("variants[%d]", i), Msg: jsonMsg(err)}
		}
	}
	return nil, &FieldError{File: file, Field: "(file)", Msg: jsonMsg(err)}
}

// jsonMsg names the field a decoding error is about.
func jsonMsg(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("field %s: want %s, got %s", te.Field, te.Type, te.Value)
	}
	return err.Error()
}

// LoadDir adds every *.json variant file of dir to the registry with source
// "file". Every file is read and resolved before any is added: on the first
// error nothing is, and the error names the file and the field.
func LoadDir(dir string) (int, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return 0, err
	}
	if _, err := os.Stat(dir); err != nil {
		return 0, fmt.Errorf("variants folder: %w", err)
	}
	slices.Sort(paths)
	sources := make(map[string][]byte, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return 0, err
		}
		sources[p] = b
	}
	return load(paths, sources)
}

// load resolves the files (in the order of paths) and publishes them together.
func load(paths []string, sources map[string][]byte) (int, error) {
	loadMu.Lock()
	defer loadMu.Unlock()
	old := reg()
	next := &table{list: slices.Clip(old.list), byName: make(map[string]*Variant, len(old.byName))}
	for k, v := range old.byName {
		next.byName[k] = v
	}
	n := 0
	for _, p := range paths {
		files, err := parse(p, bytes.TrimSpace(sources[p]))
		if err != nil {
			return 0, err
		}
		many := hasVariantsKey(sources[p])
		for i := range files {
			field := func(f string) string {
				if !many {
					return f
				}
				return fmt.Sprintf("variants[%d].%s", i, f)
			}
			if files[i].HanabLive != nil {
				return 0, &FieldError{File: p, Field: field("hanablive"), Msg: "only the catalogue names hanab.live variants"}
			}
			v, err := resolve(&files[i], SourceFile, nil)
			if err != nil {
				var fe *FieldError
				if errors.As(err, &fe) {
					return 0, &FieldError{File: p, Field: field(fe.Field), Msg: fe.Msg}
				}
				return 0, &FieldError{File: p, Field: field("(variant)"), Msg: err.Error()}
			}
			if next.byName[v.Name] != nil {
				return 0, &FieldError{File: p, Field: field("name"), Msg: fmt.Sprintf("%q is already registered", v.Name)}
			}
			next.add(v)
			n++
		}
	}
	current.Store(next)
	return n, nil
}

func hasVariantsKey(b []byte) bool {
	var probe map[string]json.RawMessage
	_ = json.Unmarshal(b, &probe)
	_, ok := probe["variants"]
	return ok
}
