package api

import "net/http"

// ProblemOf is the problem document of code with detail, from the one
// problem table (the document's examples are made of it); false for a code
// the table does not know.
func ProblemOf(code, detail string) (Problem, bool) {
	p, ok := problems[code]
	status, known := statusOf[p.kind]
	if !known {
		status = http.StatusInternalServerError
	}
	return Problem{Type: "/problems/" + code, Title: p.title, Status: status, Detail: detail, Code: code}, ok
}
