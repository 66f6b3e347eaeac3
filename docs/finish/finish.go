package main

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

type obj = map[string]any

const (
	schemaPrefix = "#/components/schemas/"
	problemJSON  = "application/problem+json"
	bearer       = "SeatToken"
)

func finish(doc obj, nullable map[string]map[string]bool) error {
	doc["openapi"] = "3.0.3"
	if ext, ok := doc["externalDocs"].(obj); ok && ext["url"] == "" {
		delete(doc, "externalDocs")
	}
	// The document's default is the optional seat token (see security).
	doc["security"] = optionalToken()
	if err := playerSchemes(doc); err != nil {
		return err
	}
	comps, ok := doc["components"].(obj)
	if !ok {
		return fmt.Errorf("no components")
	}
	schemas, ok := comps["schemas"].(obj)
	if !ok {
		return fmt.Errorf("no schemas")
	}
	if _, ok := schemas["api.Problem"]; !ok {
		return fmt.Errorf("no api.Problem schema: the errors need it")
	}
	unions(schemas)
	nullables(schemas, nullable)
	walk(doc, tidy)
	if err := rules(doc, schemas); err != nil {
		return err
	}
	if err := operations(doc, schemas); err != nil {
		return err
	}
	discriminators(schemas)
	rename(doc, schemas)
	return examples(doc)
}

// unions: swag writes a field's oneOf tag into the schema of the field's
// type, beside that type's own properties. Such a type is the union only.
func unions(schemas obj) {
	for name, s := range schemas {
		so := s.(obj)
		if one, ok := so["oneOf"]; ok {
			schemas[name] = obj{"oneOf": one}
		}
	}
}

// nullables marks the fields tagged x-nullable as nullable: true.
func nullables(schemas obj, fromSource map[string]map[string]bool) {
	for name, s := range schemas {
		props, _ := s.(obj)["properties"].(obj)
		for pn, p := range props {
			po := p.(obj)
			_, tagged := po["x-nullable"]
			if !tagged && !fromSource[name][pn] {
				continue
			}
			delete(po, "x-nullable")
			if ref, ok := po["$ref"].(string); ok {
				// A reference takes no siblings in 3.0: it goes in an
				// allOf of one, beside nullable and nothing else. Every
				// use names the one schema, so that generated clients
				// have one type for it. This form, measured: the
				// referenced type or null in openapi-python-client
				// (0.29), oapi-codegen, ogen, openapi-typescript,
				// hey-api, orval and openapi-zod-client. A "type":
				// "object" beside it made openapi-python-client read the
				// field as never null; oneOf or anyOf in place of allOf
				// made oapi-codegen type a union and ogen drop the null.
				po = obj{"allOf": []any{obj{"$ref": ref}}}
				props[pn] = po
			}
			po["nullable"] = true
		}
	}
}

// tidy drops what 3.0 forbids or what says nothing: siblings of $ref (3.1
// allows a summary and description there) and uniqueItems: false.
func tidy(o obj) {
	if _, ok := o["$ref"]; ok {
		for k := range o {
			if k != "$ref" {
				delete(o, k)
			}
		}
	}
	if u, ok := o["uniqueItems"].(bool); ok && !u {
		delete(o, "uniqueItems")
	}
}

// walk calls fn on every object of the tree, parents first.
func walk(v any, fn func(obj)) {
	switch t := v.(type) {
	case obj:
		fn(t)
		for _, c := range t {
			walk(c, fn)
		}
	case []any:
		for _, c := range t {
			walk(c, fn)
		}
	}
}

var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// operations applies the contract's rules to every operation.
func operations(doc obj, schemas obj) error {
	paths, _ := doc["paths"].(obj)
	var closed []string
	for path, pi := range paths {
		for _, m := range methods {
			op, ok := pi.(obj)[m].(obj)
			if !ok {
				continue
			}
			where := strings.ToUpper(m) + " " + path
			if op["operationId"] == nil || op["summary"] == nil {
				return fmt.Errorf("%s: every operation needs @ID and @Summary", where)
			}
			resp, _ := op["responses"].(obj)
			if resp == nil {
				return fmt.Errorf("%s: no responses", where)
			}
			security(op, resp)
			if err := streams(resp, schemas); err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
			lenient := resp["x-lenient-body"] == true
			delete(resp, "x-lenient-body")
			errorResponses(op, resp, path, op["tags"] != nil && slices.Contains(op["tags"].([]any), any("operations")))
			requireHeaders(resp)
			bareBody(op)
			if err := hoistBody(op, resp, schemas); err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
			if rb, ok := op["requestBody"].(obj); ok && !lenient {
				walk(rb, func(o obj) {
					if ref, ok := o["$ref"].(string); ok {
						closed = append(closed, strings.TrimPrefix(ref, schemaPrefix))
					}
				})
			}
		}
	}
	closeBodies(schemas, closed)
	return nil
}

// streams: an operation annotated x-stream-item (a schema of package api)
// answers its 200 as a stream of such items, in the one media type it
// produces: text/event-stream or application/x-ndjson. OpenAPI 3.0 can say
// neither how a stream frames its items nor that a body is a sequence (3.2
// says it with a media type's itemSchema): the media type names the item's
// schema in x-item-schema, NDJSON's also as its schema (a line is one
// item) where the item is a union, else binary (see below), and the
// response's description tells the framing. The
// Server-Sent Events body is text: generators that read a schema under
// text/event-stream as the events' own encoding (ogen) refuse anything
// else. Each stream is an operation of its own, beside the JSON list, so
// that a generated client has one type for each answer.
func streams(resp, schemas obj) error {
	item, ok := resp["x-stream-item"].(string)
	delete(resp, "x-stream-item")
	if !ok {
		return nil
	}
	name := "api." + item
	if _, ok := schemas[name]; !ok {
		return fmt.Errorf("x-stream-item %q is no schema", item)
	}
	ok200, _ := resp["200"].(obj)
	content, _ := ok200["content"].(obj)
	if len(content) != 1 {
		return fmt.Errorf("x-stream-item needs a 200 of one media type, a stream's")
	}
	ref := func() obj { return obj{"$ref": schemaPrefix + name} }
	for media := range content {
		switch media {
		case "application/x-ndjson":
			content[media] = obj{"schema": ref(), "x-item-schema": ref()}
			if _, union := schemas[name].(obj)["oneOf"]; !union {
				// ogen decodes no object under a media type it does not
				// know, and refuses the operation; a union it reads as
				// bytes, as it reads this.
				content[media] = obj{"schema": obj{"type": "string", "format": "binary"}, "x-item-schema": ref()}
			}
		case "text/event-stream":
			content[media] = obj{"schema": obj{"type": "string"}, "x-item-schema": ref()}
		default:
			return fmt.Errorf("x-stream-item on a 200 of %s, not a stream", media)
		}
	}
	return nil
}

// bareBody: swag merges a body parameter into a default schema {type:
// object} with oneOf; that member says nothing and matches every member
// beside it. Without it, a oneOf of one is its member.
func bareBody(op obj) {
	rb, _ := op["requestBody"].(obj)
	content, _ := rb["content"].(obj)
	for _, m := range content {
		mo := m.(obj)
		schema, _ := mo["schema"].(obj)
		members, ok := schema["oneOf"].([]any)
		if !ok {
			continue
		}
		kept := []any{}
		for _, mem := range members {
			if mm := mem.(obj); len(mm) == 1 && mm["type"] == "object" {
				continue
			}
			kept = append(kept, mem)
		}
		if len(kept) == 1 {
			mo["schema"] = kept[0]
		} else {
			schema["oneOf"] = kept
		}
	}
}

// hoistBody names an operation's inline body schema (a union of actions)
// as a component, x-body-name, so that generated clients get a type with
// the union's methods for it rather than an anonymous copy.
func hoistBody(op, resp, schemas obj) error {
	name, ok := resp["x-body-name"].(string)
	delete(resp, "x-body-name")
	if !ok {
		return nil
	}
	if _, dup := schemas[name]; dup {
		return fmt.Errorf("x-body-name %q is a schema already", name)
	}
	content, _ := op["requestBody"].(obj)["content"].(obj)
	media, _ := content["application/json"].(obj)
	if media == nil {
		return fmt.Errorf("x-body-name without a JSON body")
	}
	schemas[name] = media["schema"]
	media["schema"] = obj{"$ref": schemaPrefix + name}
	return nil
}

// security: an operation annotated @Security needs the token and says so;
// one that says x-optional-token (a caller without a token is answered
// too, with less) states nothing and takes the document's default, the
// optional token; every other operation is public and says so with an
// empty list. The optional token is the default rather than each such
// operation's own statement because openapi-python-client types an
// operation that states any security as needing its AuthenticatedClient,
// while ogen and hey-api send the token where the default allows it.
func security(op, resp obj) {
	optional := resp["x-optional-token"] == true
	delete(resp, "x-optional-token")
	switch {
	case optional:
		delete(op, "security")
	case op["security"] == nil:
		op["security"] = []any{}
	}
}

// optionalToken is the default: no token, or any of them (each operation's
// description says what it reads of which: a seat's view for a seat token,
// or for a player's token the seat its player holds).
func optionalToken() []any {
	return []any{obj{}, obj{bearer: []any{}}, obj{"PlayerToken": []any{}}, obj{"AccessToken": []any{}}}
}

// playerSchemes defines the player's tokens beside the seat token, which
// swag defines (it keeps one bearer definition of the annotations only).
func playerSchemes(doc obj) error {
	comps, _ := doc["components"].(obj)
	schemes, _ := comps["securitySchemes"].(obj)
	if schemes[bearer] == nil {
		return fmt.Errorf("no %s security scheme", bearer)
	}
	schemes["PlayerToken"] = obj{"type": "http", "scheme": "bearer",
		"description": "A signed-in player's session token (hps_…), from POST /players or POST /sessions."}
	schemes["AccessToken"] = obj{"type": "http", "scheme": "bearer",
		"description": "A player's access token for a program (hpa_…), from POST /me/tokens: it works wherever the player's session token does."}
	return nil
}

// requireHeaders: the server sends every response header it documents.
func requireHeaders(resp obj) {
	for _, r := range resp {
		ro, ok := r.(obj)
		if !ok {
			continue
		}
		headers, _ := ro["headers"].(obj)
		for _, h := range headers {
			h.(obj)["required"] = true
		}
	}
}

// errorResponses: every error body is a problem document (RFC 9457), and
// the refusals that follow from what an operation is are stated here, once,
// for every operation they concern (an annotation adds or words one of its
// own): every operation may answer 500 (a fault of ours) and 503 (the
// database is down or the server is shutting down); every operation of the
// API's own (operational ones aside) 400 (a query parameter it does not
// take, a path or query value that is not UTF-8 text without NUL) and 429 (the client's rate limit); every one that reads a
// token 401 (one that does not work), and every one that needs one 401
// without it and 403 to one that may not (the router's table of what each
// operation needs is held to the security stated, TestRoutesSecurity);
// and every one with a path parameter 404.
func errorResponses(op, resp obj, path string, operational bool) {
	generic := map[string]string{"500": "internal", "503": "unavailable"}
	if !operational {
		generic["400"] = "bad_request: a query parameter the operation does not take, or one given twice, a path or query value that is not UTF-8 or holds a NUL, a path parameter over 256 bytes, or a body out of its schema"
	}
	if !operational || path == "/openapi.json" {
		// The probes and the scraper are never limited; the document is.
		generic["429"] = "rate_limited"
	}
	switch sec, stated := op["security"].([]any); {
	case !stated: // the document's default: an optional token
		generic["401"] = "unauthorized: a token that does not work"
	case len(sec) > 0:
		generic["401"] = "unauthorized: no token, or one that does not work"
		generic["403"] = "forbidden: a token that may not do this"
	}
	if strings.Contains(path, "{") {
		generic["404"] = "not_found"
	}
	for code, desc := range generic {
		if _, ok := resp[code]; !ok {
			resp[code] = obj{"description": desc}
		}
	}
	for code, r := range resp {
		n, err := strconv.Atoi(code)
		if err != nil || n < 400 {
			continue
		}
		ro := r.(obj)
		// The one Problem schema under both media types: a client that
		// reads only application/json answers (as some generators' do)
		// types its errors too, and the server answers application/json
		// to a client that accepts that and not problem+json.
		problem := func() obj { return obj{"schema": obj{"$ref": schemaPrefix + "api.Problem"}} }
		ro["content"] = obj{problemJSON: problem(), "application/json": problem()}
		headers, _ := ro["headers"].(obj)
		if headers == nil {
			headers = obj{}
		}
		switch n {
		case 401:
			headers["WWW-Authenticate"] = obj{"description": `the scheme: Bearer realm="hanabi"`, "schema": obj{"type": "string"}}
		case 429, 503:
			headers["Retry-After"] = obj{"description": "seconds until a retry may succeed", "schema": obj{"type": "integer", "minimum": 1}}
		}
		if len(headers) > 0 {
			ro["headers"] = headers
		}
	}
}

// closeBodies refuses unknown fields in every schema a request body
// reaches, as the server's decoder does.
func closeBodies(schemas obj, roots []string) {
	seen := map[string]bool{}
	for len(roots) > 0 {
		name := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		if seen[name] {
			continue
		}
		seen[name] = true
		s, ok := schemas[name].(obj)
		if !ok {
			continue
		}
		if _, ok := s["properties"]; ok {
			s["additionalProperties"] = false
		}
		walk(s, func(o obj) {
			if ref, ok := o["$ref"].(string); ok {
				roots = append(roots, strings.TrimPrefix(ref, schemaPrefix))
			}
		})
	}
}

// discriminators: a oneOf whose members each fix type to one distinct value
// is told apart by type.
func discriminators(schemas obj) {
	walk(schemas, func(o obj) {
		members, ok := o["oneOf"].([]any)
		if !ok {
			return
		}
		mapping := obj{}
		for _, m := range members {
			ref, _ := m.(obj)["$ref"].(string)
			s, _ := schemas[strings.TrimPrefix(ref, schemaPrefix)].(obj)
			props, _ := s["properties"].(obj)
			t, _ := props["type"].(obj)
			enum, _ := t["enum"].([]any)
			req, _ := s["required"].([]any)
			if len(enum) != 1 || !slices.Contains(req, any("type")) {
				return
			}
			v, _ := enum[0].(string)
			if _, dup := mapping[v]; dup || v == "" {
				return
			}
			mapping[v] = ref
		}
		o["discriminator"] = obj{"propertyName": "type", "mapping": mapping}
	})
}

// rename gives schemas the names a generated client shows: api's types by
// their own name, other packages' with the package in front
// (variants.Options: VariantsOptions).
func rename(doc obj, schemas obj) {
	names := map[string]string{}
	keys := make([]string, 0, len(schemas))
	for k := range schemas {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		pkg, typ, ok := strings.Cut(k, ".")
		switch {
		case !ok:
			names[k] = k
		case pkg == "api":
			names[k] = typ
		default:
			names[k] = strings.ToUpper(pkg[:1]) + pkg[1:] + typ
		}
	}
	renamed := obj{}
	for k, v := range schemas {
		renamed[names[k]] = v
	}
	doc["components"].(obj)["schemas"] = renamed
	walk(doc, func(o obj) {
		if ref, ok := o["$ref"].(string); ok {
			o["$ref"] = schemaPrefix + names[strings.TrimPrefix(ref, schemaPrefix)]
		}
		if d, ok := o["discriminator"].(obj); ok {
			for v, r := range d["mapping"].(obj) {
				d["mapping"].(obj)[v] = schemaPrefix + names[strings.TrimPrefix(r.(string), schemaPrefix)]
			}
		}
	})
}
