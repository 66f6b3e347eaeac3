// Command finish turns the OpenAPI 3.1 document that swag writes from the
// annotations of package api into the OpenAPI 3.0.3 document that the server
// serves. It adds what swag's annotations cannot say, each by a general rule:
// nullable fields (from the struct tag extensions:"x-nullable", also on
// fields of struct type, which swag drops), errors as application/problem+json,
// the statuses every operation can answer, explicit security on every
// operation, closed request bodies, discriminators of unions told apart by
// type, and examples rendered by the server's own code from a real game.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
)

func main() {
	in := flag.String("in", "swag/swagger.json", "the document swag wrote")
	out := flag.String("out", "openapi.json", "the document to write")
	src := flag.String("src", "..", "the module's root, whose Go sources name the nullable fields")
	flag.Parse()
	if err := run(*in, *out, *src); err != nil {
		fmt.Fprintln(os.Stderr, "finish:", err)
		os.Exit(1)
	}
}

func run(in, out, src string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var doc obj
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	nullable, err := nullableFields(src)
	if err != nil {
		return err
	}
	if err := finish(doc, nullable); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
