package api

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/docs"
)

// queryMaxLen is the longest value of a query parameter whose document
// bounds it, by its name (a name means one thing wherever it appears).
var queryMaxLen = map[string]int{}

// queryParams are the query parameters the document gives each operation,
// by method and gin's path: the document is the one list of them.
var queryParams = func() map[string][]string {
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name, In string
				Schema   struct {
					MaxLength *int `json:"maxLength"`
				} `json:"schema"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(docs.OpenAPI, &doc); err != nil {
		panic("api: the OpenAPI document does not parse: " + err.Error())
	}
	out := map[string][]string{}
	for path, ops := range doc.Paths {
		gin := path
		for {
			i := strings.IndexByte(gin, '{')
			if i < 0 {
				break
			}
			j := strings.IndexByte(gin[i:], '}')
			gin = gin[:i] + ":" + gin[i+1:i+j] + gin[i+j+1:]
		}
		for method, op := range ops {
			names := []string{}
			for _, p := range op.Parameters {
				if p.In == "query" {
					names = append(names, p.Name)
					if p.Schema.MaxLength != nil {
						queryMaxLen[p.Name] = *p.Schema.MaxLength
					}
				}
			}
			key := strings.ToUpper(method) + " "
			out[key+"/v1"+gin] = names
			out[key+gin] = names // the operational ones, at the root too
		}
	}
	return out
}()

// operational are the routes of probes and scrapers, which are not the
// API's clients: they are answered whatever their query.
var operational = map[string]bool{}

func init() {
	for _, p := range []string{"/healthz", "/readyz", "/metrics", "/openapi.json"} {
		operational[p], operational["/v1"+p] = true, true
	}
}

// checkQuery refuses a query parameter that the operation does not take,
// or one given twice: a misspelt parameter silently ignored would answer
// something the client did not ask for. It also refuses a path or query
// value that no store could hold (see badBytes), before any store is
// asked.
func (s *Server) checkQuery(c *gin.Context) {
	for _, p := range c.Params {
		switch {
		case badBytes(p.Value):
			s.fail(c, badRequest("the path's %s is not UTF-8 text without NUL", p.Key))
			return
		case len(p.Value) > maxPathParam:
			// Longer than any id, name or seed: refused before it is
			// kept anywhere (an idempotency key's scope, a bucket's key).
			s.fail(c, badRequest("the path's %s is longer than %d bytes", p.Key, maxPathParam))
			return
		}
	}
	known, ok := queryParams[c.Request.Method+" "+c.FullPath()]
	if !ok || c.Request.URL.RawQuery == "" || operational[c.FullPath()] {
		c.Next()
		return
	}
	// Parsed strictly: URL.Query drops a pair it cannot read (a bad %
	// escape, a ";"), and the request would be answered as if it had
	// asked nothing.
	query, err := url.ParseQuery(c.Request.URL.RawQuery)
	if err != nil {
		s.fail(c, badRequest("the query string is not one: %s", truncate(err.Error(), 80)))
		return
	}
	for name, vals := range query {
		switch {
		case badBytes(name) || slices.ContainsFunc(vals, badBytes):
			s.fail(c, badRequest("a query parameter is not UTF-8 text without NUL"))
			return
		case !slices.Contains(known, name):
			takes := "none"
			if len(known) > 0 {
				takes = strings.Join(known, ", ")
			}
			s.fail(c, badRequest("unknown query parameter %q (this operation takes: %s)", truncate(name, 32), takes))
			return
		case len(vals) > 1:
			s.fail(c, badRequest("query parameter %s is given %d times", name, len(vals)))
			return
		case queryMaxLen[name] > 0 && utf8.RuneCountInString(vals[0]) > queryMaxLen[name]:
			s.fail(c, badRequest("query parameter %s is longer than %d characters", name, queryMaxLen[name]))
			return
		}
	}
	c.Next()
}

// maxPathParam is the longest a path's parameter may be: a seed's 256
// bytes, the longest of them.
const maxPathParam = 256

// badBytes: a NUL or a byte that is not UTF-8, which PostgreSQL's text
// refuses with an error of its own (a 500) and which SQLite would compare
// as it is: refused on every store alike.
func badBytes(v string) bool {
	return !utf8.ValidString(v) || strings.IndexByte(v, 0) >= 0
}
