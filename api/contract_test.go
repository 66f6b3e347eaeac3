package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/docs"
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

// contract checks responses against the committed OpenAPI document: every
// response an API test receives goes through it, so the document cannot
// drift from what the server sends.
type contract struct {
	doc    *openapi3.T
	routes []contractRoute
}

type contractRoute struct {
	re    *regexp.Regexp
	names []string
	path  string
	item  *openapi3.PathItem
}

var (
	contractOnce sync.Once
	theContract  *contract
	contractErr  error
)

func loadContract() (*contract, error) {
	contractOnce.Do(func() {
		doc, err := openapi3.NewLoader().LoadFromData(docs.OpenAPI)
		if err != nil {
			contractErr = err
			return
		}
		c := &contract{doc: doc}
		for path, item := range doc.Paths.Map() {
			var names []string
			segs := strings.Split(path, "/")
			for i, seg := range segs {
				if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
					names = append(names, seg[1:len(seg)-1])
					segs[i] = "([^/]+)"
				} else {
					segs[i] = regexp.QuoteMeta(seg)
				}
			}
			c.routes = append(c.routes, contractRoute{re: regexp.MustCompile("^" + strings.Join(segs, "/") + "$"), names: names, path: path, item: item})
		}
		theContract = c
	})
	return theContract, contractErr
}

// route finds the operation of a request path: the document's paths are
// under /v1, and the operational ones are also served at the root.
func (c *contract) route(method, urlPath string) (*routers.Route, map[string]string) {
	p := strings.TrimPrefix(urlPath, "/v1")
	for _, r := range c.routes {
		m := r.re.FindStringSubmatch(p)
		if m == nil {
			continue
		}
		op := r.item.GetOperation(method)
		if op == nil {
			return nil, nil
		}
		params := map[string]string{}
		for i, n := range r.names {
			params[n] = m[i+1]
		}
		return &routers.Route{Spec: c.doc, Path: r.path, PathItem: r.item, Method: method, Operation: op}, params
	}
	return nil, nil
}

// check returns what the document does not describe in one exchange.
func (c *contract) check(req *http.Request, status int, header http.Header, body []byte) error {
	if req.Method == http.MethodOptions || strings.HasPrefix(req.URL.Path, "/swagger/") {
		return nil // the CORS layer and the documentation UI, not operations
	}
	route, params := c.route(req.Method, req.URL.Path)
	if route == nil {
		// No operation: the router's own 404 and 405, or the rate limit in
		// front of it, which must still be problems.
		if status != http.StatusNotFound && status != http.StatusMethodNotAllowed && status != http.StatusTooManyRequests {
			return fmt.Errorf("%s %s: answered %d but the document has no such operation", req.Method, req.URL.Path, status)
		}
		return c.checkProblem(req, body, header)
	}
	if status >= 400 {
		if err := c.checkProblem(req, body, header); err != nil {
			return fmt.Errorf("%s %s → %d: %v", req.Method, route.Path, status, err)
		}
	}
	if status == http.StatusNotModified {
		if route.Operation.Responses.Status(status) == nil {
			return fmt.Errorf("%s %s: 304 is not documented", req.Method, route.Path)
		}
		if len(body) != 0 {
			return fmt.Errorf("%s %s: 304 with a body", req.Method, route.Path)
		}
		return nil
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s → %d: %v; body %s", req.Method, req.URL.Path, status, err, truncate(string(body), 300))
	}
	return nil
}

// checkProblem: an error is a Problem, as application/problem+json or, to a
// client that accepts application/json and not that, as application/json.
func (c *contract) checkProblem(req *http.Request, body []byte, header http.Header) error {
	if ct, want := header.Get("Content-Type"), problemMedia(req.Header.Get("Accept")); ct != want {
		return fmt.Errorf("error with Content-Type %q, want %q for Accept %q", ct, want, req.Header.Get("Accept"))
	}
	ref := c.doc.Components.Schemas["Problem"]
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	return ref.Value.VisitJSON(v)
}

// checkingTransport validates every response it carries and reports what
// does not match on t.
type checkingTransport struct {
	t    testing.TB
	c    *contract
	next http.RoundTripper
}

func (ct *checkingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := ct.next.RoundTrip(req)
	if err != nil {
		return res, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return res, err
	}
	if err := ct.c.check(req, res.StatusCode, res.Header, body); err != nil {
		ct.t.Errorf("the response differs from the OpenAPI document: %v", err)
	}
	return res, nil
}

// contractClient is an http.Client whose every response is checked against
// the document.
func contractClient(t testing.TB) *http.Client {
	c, err := loadContract()
	if err != nil {
		t.Fatalf("load the OpenAPI document: %v", err)
	}
	return &http.Client{Transport: &checkingTransport{t: t, c: c, next: http.DefaultTransport}}
}

// recordingTB keeps the errors it is given instead of failing the test.
type recordingTB struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// The checker must catch a response that the document does not describe:
// a wrong body, a wrong content type, an undocumented status, a missing
// header, a problem that is not one.
func TestContractCatchesWrongResponses(t *testing.T) {
	tests := []struct {
		name, method, path string
		status             int
		ctype, body        string
		header             []string
		wantErr            bool
		accept             string
	}{
		{"a view missing its fields", "GET", "/v1/games/abc", 200, "application/json", `{"id":"abc"}`, []string{"ETag", `"1-0"`}, true, ""},
		{"a field of the wrong type", "GET", "/v1/bots", 200, "application/json", `{"bots":[{"name":1,"description":"x"}]}`, nil, true, ""},
		{"null where the document has no null", "GET", "/v1/bots", 200, "application/json", `{"bots":null}`, nil, true, ""},
		{"an HTML page", "GET", "/v1/bots", 200, "text/html", `<p>hi</p>`, nil, true, ""},
		{"an undocumented status", "GET", "/v1/bots", 418, "application/problem+json", `{"type":"/problems/x","title":"x","status":418,"detail":"x","code":"x"}`, nil, true, ""},
		{"an error as plain JSON", "GET", "/v1/variants/nope", 404, "application/json", `{"type":"/problems/not_found","title":"Not found","status":404,"detail":"x","code":"not_found"}`, nil, true, ""},
		{"a 401 without WWW-Authenticate", "GET", "/v1/games/abc", 401, "application/problem+json", `{"type":"/problems/unauthorized","title":"Unauthorized","status":401,"detail":"x","code":"unauthorized"}`, nil, true, ""},
		{"a 200 on an unknown path", "GET", "/v1/nowhere", 200, "application/json", `{}`, nil, true, ""},
		{"a good bot list", "GET", "/v1/bots", 200, "application/json", `{"bots":[{"name":"hat","description":"x"}]}`, nil, false, ""},
		{"a good problem", "GET", "/v1/variants/nope", 404, "application/problem+json", `{"type":"/problems/not_found","title":"Not found","status":404,"detail":"x","code":"not_found"}`, nil, false, ""},
		{"an error as plain JSON to a client that reads only JSON", "GET", "/v1/variants/nope", 404, "application/json", `{"type":"/problems/not_found","title":"Not found","status":404,"detail":"x","code":"not_found"}`, nil, false, "application/json"},
		{"a problem+json to a client that reads only JSON", "GET", "/v1/variants/nope", 404, "application/problem+json", `{"type":"/problems/not_found","title":"Not found","status":404,"detail":"x","code":"not_found"}`, nil, true, "application/json"},
		{"a plain JSON error that is no problem", "GET", "/v1/variants/nope", 404, "application/json", `{"error":"not found"}`, nil, true, "application/json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.ctype)
				for i := 0; i+1 < len(tc.header); i += 2 {
					w.Header().Set(tc.header[i], tc.header[i+1])
				}
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			rec := &recordingTB{TB: t}
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept", tc.accept)
			}
			res, err := contractClient(rec).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if got := len(rec.errs) > 0; got != tc.wantErr {
				t.Errorf("reported %v, want an error: %v", rec.errs, tc.wantErr)
			}
		})
	}
}

// The document lists every problem code a client may meet, and only those.
func TestProblemCodesDocumented(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, v := range c.doc.Components.Schemas["Problem"].Value.Properties["code"].Value.Enum {
		documented = append(documented, v.(string))
	}
	for code := range problems {
		if !slices.Contains(documented, code) {
			t.Errorf("code %s is not in the document's enum", code)
		}
	}
	for _, code := range documented {
		if _, ok := problems[code]; !ok {
			t.Errorf("the document lists %s, which the server never sends", code)
		}
	}
}

// The document's option bounds are the registry's.
func TestOptionBoundsDocumented(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	props := c.doc.Components.Schemas["VariantsOptions"].Value.Properties
	for name, want := range map[string][2]int{
		"storm_tokens": {variants.MinStorm, variants.MaxStorm},
		"note_tokens":  {variants.MinNotes, variants.MaxNotes},
	} {
		s := props[name].Value
		if s.Min == nil || s.Max == nil || int(*s.Min) != want[0] || int(*s.Max) != want[1] {
			t.Errorf("%s: the document says %v–%v, the registry %d–%d", name, s.Min, s.Max, want[0], want[1])
		}
	}
	var counts []int
	for _, v := range props["rainbow_cards"].Value.Enum {
		counts = append(counts, int(v.(float64)))
	}
	if !slices.Equal(counts, variants.RainbowCardCounts) {
		t.Errorf("rainbow_cards: the document says %v, the registry %v", counts, variants.RainbowCardCounts)
	}
}

// The document is served as committed, at every address a client may try.
func TestServedDocumentIsTheCommittedOne(t *testing.T) {
	e := sqliteEnv(t)
	for _, path := range []string{"/openapi.json", "/v1/openapi.json", "/swagger/doc.json"} {
		r := e.req("GET", path, "", nil)
		e.expect(r, http.StatusOK)
		if !bytes.Equal(r.body, docs.OpenAPI) {
			t.Errorf("%s serves %d bytes that are not docs/openapi.json", path, len(r.body))
		}
	}
	e.expect(e.req("GET", "/swagger/index.html", "", nil), http.StatusOK)
	r := e.req("GET", "/swagger/", "", nil) // redirected to the page
	e.expect(r, http.StatusOK)
	if !bytes.Contains(r.body, []byte("swagger-ui")) {
		t.Error("/swagger/ does not lead to the documentation page")
	}
}

// A join that carries a bad or foreign Authorization header is refused as
// the document says, though a join needs no token.
func TestJoinWithABadToken(t *testing.T) {
	e := sqliteEnv(t)
	a := e.newTable("basic", 2, variants.Options{}, "join-token")
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3})
	e.expect(r, http.StatusCreated)
	var other SeatResponse
	r.json(t, &other)
	e.expect(e.req("POST", "/v1/games/"+other.Game.ID+"/seats", "not-a-token", nil), http.StatusUnauthorized)
	e.expect(e.req("POST", "/v1/games/"+other.Game.ID+"/seats", a.tokens[0], nil), http.StatusForbidden)
}

// Every refusal a domain may make names a code of the contract, of the
// kind the problem table gives that code: one table, whichever domain
// refuses.
func TestDomainFaultsAgree(t *testing.T) {
	var faults []fault.Fault
	for c := play.Code(1); c < 64; c++ {
		faults = append(faults, &play.Error{Code: c})
	}
	for c := players.Code(1); c < 64; c++ {
		faults = append(faults, &players.Error{Code: c})
	}
	for c := rooms.Code(1); c < 64; c++ {
		faults = append(faults, &rooms.Error{Code: c})
	}
	faults = append(faults, auth.ErrUnauthorized, auth.NeedSignedIn(auth.Anonymous("")).(fault.Fault),
		auth.NeedSeat(auth.Caller{Via: auth.Session, Seat: -1}, "g").(fault.Fault))
	for _, f := range faults {
		kind, code := f.Fault()
		p, ok := problems[code]
		if !ok || p.kind != kind {
			t.Errorf("%T %v says %s of kind %d; the table: %+v", f, f, code, kind, p)
		}
	}
}

// The document states, for each operation, the credential the router asks
// of it (routeTable): none for a public one, the optional token (the
// document's default) for one that reads any, a required one for one that
// needs a player's or a seat's; and every operation the router serves is
// in the document.
func TestRoutesSecurity(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	e := sqliteEnv(t)
	for _, rt := range e.srv.routeTable() {
		path := regexp.MustCompile(`:(\w+)`).ReplaceAllString(rt.path, "{$1}")
		item := c.doc.Paths.Find(path)
		if item == nil || item.GetOperation(rt.method) == nil {
			t.Errorf("%s %s is not in the document", rt.method, path)
			continue
		}
		sec := item.GetOperation(rt.method).Security
		var got access
		switch {
		case sec == nil:
			got = anyone
		case len(*sec) == 0:
			got = public
		default:
			got = player // or seat: both need a credential
		}
		want := rt.access
		if want == seat || want == someone {
			want = player
		}
		if got != want {
			t.Errorf("%s %s: the router asks %d, the document states %d", rt.method, path, rt.access, got)
		}
	}
}
