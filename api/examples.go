package api

// ProblemOf is the problem document of code with detail, from the one
// problem table (the document's examples are made of it); false for a code
// the table does not know.
func ProblemOf(code, detail string) (Problem, bool) {
	row, ok := problemTable[code]
	return Problem{Type: "/problems/" + code, Title: row.title, Status: row.status, Detail: detail, Code: code}, ok
}
