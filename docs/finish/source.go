package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// nullableFields reads the module's Go sources and returns, by swag's schema
// name ("api.GameView"), the JSON names of the fields tagged
// extensions:"x-nullable". swag keeps that tag on scalar fields but drops it
// on fields of struct type; the source is the one place both are written.
func nullableFields(root string) (map[string]map[string]bool, error) {
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if field.Tag == nil {
					continue
				}
				raw, _ := strconv.Unquote(field.Tag.Value)
				tag := reflect.StructTag(raw)
				if !strings.Contains(tag.Get("extensions"), "x-nullable") {
					continue
				}
				name, _, _ := strings.Cut(tag.Get("json"), ",")
				key := f.Name.Name + "." + ts.Name.Name
				if out[key] == nil {
					out[key] = map[string]bool{}
				}
				out[key][name] = true
			}
			return true
		})
		return nil
	})
	return out, err
}
