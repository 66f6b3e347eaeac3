package main

import (
	"encoding/json"
	"fmt"

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
	return nil
}
