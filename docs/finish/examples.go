package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hanabi-server/hanabi/api"
)

// examples puts the server's own rendering of a real game into the
// document: requests that are legal in it and the answers they get.
func examples(doc obj) error {
	ex, err := api.BuildExamples()
	if err != nil {
		return err
	}
	paths := doc["paths"].(obj)
	set := func(path, method, where string, v any) error {
		op, ok := paths[path].(obj)[method].(obj)
		if !ok {
			return fmt.Errorf("examples: no operation %s %s", method, path)
		}
		var media obj
		if where == "request" {
			media, _ = op["requestBody"].(obj)["content"].(obj)["application/json"].(obj)
		} else {
			r, _ := op["responses"].(obj)[where].(obj)
			media, _ = r["content"].(obj)["application/json"].(obj)
		}
		if media == nil {
			return fmt.Errorf("examples: %s %s has no JSON %s", method, path, where)
		}
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		var generic any
		if err := json.Unmarshal(data, &generic); err != nil {
			return err
		}
		media["example"] = generic
		return nil
	}
	for _, e := range []struct {
		path, method, where string
		v                   any
	}{
		{"/games", "post", "request", ex.Create},
		{"/games", "post", "201", ex.Created},
		{"/games/{id}/seats", "post", "request", ex.Join},
		{"/games/{id}/seats", "post", "201", ex.Joined},
		{"/games/{id}", "get", "200", ex.Game},
		{"/games/{id}/actions", "post", "request", ex.Action},
		{"/games/{id}/actions", "post", "200", ex.Acted},
		{"/games/{id}/events", "get", "200", ex.Events},
	} {
		if err := set(e.path, e.method, e.where, e.v); err != nil {
			return err
		}
	}
	return problemExamples(paths)
}

// problemExamples gives every error response the example problems of the
// codes its description names, and checks that the one problem table maps
// each of them to that response's status.
func problemExamples(paths obj) error {
	for path, pi := range paths {
		for method, op := range pi.(obj) {
			resp, _ := op.(obj)["responses"].(obj)
			for status, r := range resp {
				content, _ := r.(obj)["content"].(obj)
				media, ok := content[problemJSON].(obj)
				if !ok {
					continue
				}
				desc, _ := r.(obj)["description"].(string)
				examples := obj{}
				for _, word := range strings.FieldsFunc(desc, func(r rune) bool { return r != '_' && (r < 'a' || r > 'z') }) {
					p, ok := api.ProblemExample(word)
					if !ok {
						continue
					}
					if strconv.Itoa(p.Status) != status {
						return fmt.Errorf("%s %s: %s is %d, not %s", method, path, word, p.Status, status)
					}
					examples[word] = obj{"value": generic(p)}
				}
				switch len(examples) {
				case 0:
					return fmt.Errorf("%s %s: the %s response names no problem code", method, path, status)
				case 1:
					for _, e := range examples {
						media["example"] = e.(obj)["value"]
					}
				default:
					media["examples"] = examples
				}
			}
		}
	}
	return nil
}

func generic(v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	return out
}
