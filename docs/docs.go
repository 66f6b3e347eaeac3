// Package docs holds the HTTP API's OpenAPI 3 document, openapi.json.
//
// It is generated, never edited: swag reads the annotations of package api
// into swag/swagger.json (OpenAPI 3.1 as swag writes it), and the program in
// finish/ turns that into the OpenAPI 3.0.3 document served at /openapi.json,
// adding what annotations cannot say (nullable fields, problem+json errors,
// the discriminators of events and actions, real examples). client/ is a Go
// client that oapi-codegen generates from it, untouched, and that its test
// plays a whole game with; client-ogen/ is a module of its own whose program
// plays games with a client that ogen generates (.ci/ogen-client.sh, not kept
// in git).
// Regenerate all with
//
//	go generate ./docs
//
//go:generate go tool swag init --quiet --v3.1 --requiredByDefault --parseInternal -g cmd/hanabi/main.go -d ../ -o swag --outputTypes json
//go:generate go run ./finish -in swag/swagger.json -out openapi.json
//go:generate go tool oapi-codegen -generate types,client -package client -o client/client.gen.go openapi.json
package docs

import _ "embed"

// OpenAPI is the document, as served.
//
//go:embed openapi.json
var OpenAPI []byte
