package api

import (
	"reflect"
	"testing"
)

// quickActionBodies are bodies quickAction takes and bodies it leaves to
// decodeStrict, near one another.
var quickActionBodies = []string{
	`{"type":"play","card":13}`,
	`{"type":"discard","card":0,"version":17}`,
	`{"type":"clue","target":2,"color":"blue"}`,
	`{"type":"clue","target":2,"rank":3}`,
	`{"type":"clue","target":2,"rank":3,"color":"red"}`,
	` { "type" : "play" ,` + "\n\t\r" + `"card" : 4 } ` + "\n",
	`{"card":4,"type":"play"}`,
	`{"type":"clue"}`,
	`{}`, `{ }`, `{"type":"play",}`, `{"type":"play","card":1,}`, `{,"type":"play"}`,
	`{"type":"play","card":1e400}`, `{"type":"play","card":1.0}`, `{"type":"play","card":1E2}`,
	`{"type":"play","card":-1}`, `{"type":"play","card":-0}`, `{"type":"play","card":-}`,
	`{"type":"play","card":01}`, `{"type":"play","card":0}`,
	`{"type":"play","card":123456789}`, `{"type":"play","card":1234567890}`,
	`{"type":"discard","card":1,"version":1073741824}`, `{"type":"discard","card":1,"version":-5}`,
	`{"type":null,"card":null}`, `{"type":"play","card":null}`, `{"type":"clue","target":0,"color":null,"rank":2}`,
	`{"type":"play","card":1}{"type":"play"}`, `{"type":"play","card":1} x`, `{"type":"play","card":1`,
	`{"type":"play","card":1,"card":2}`, `{"type":"play","type":"play","card":1}`,
	`[]`, `null`, `""`, `{`, ``, " ", "\x00", `{"type":"\ud800"}`, `{"type":"pl\u0061y","card":1}`,
	`{"type":"play","card":1,"extra":true}`, `{"TYPE":"play","Card":1}`, `{"Type":"play","card":1}`,
	`{"type":"Play","card":1}`, `{"type":"pass"}`, `{"type":"","card":1}`, `{"type":1,"card":1}`,
	`{"type":"play","card":"1"}`, `{"type":"play","card":true}`, `{"type":"play","card":[1]}`,
	`{"type":"clue","target":1,"color":"bl\"ue"}`, `{"type":"clue","target":1,"color":"été"}`,
	`{"type":"clue","target":1,"color":"a b<&>c"}`, `{"type":"clue","target":1,"color":""}`,
	`{"type":"clue","target":1,"color":5}`, `{"type":"clue","target":1,"rank":"5"}`,
	`{"type" "play"}`, `{"type":"play" "card":1}`, `{type:"play"}`, `{'type':'play'}`,
}

// FuzzQuickAction: a body quickAction takes is one decodeStrict takes, as
// the same request.
func FuzzQuickAction(f *testing.F) {
	for _, s := range quickActionBodies {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		quick, ok := quickAction(data)
		if !ok {
			return
		}
		var slow ActionRequest
		if err := decodeStrict(data, &slow, false); err != nil {
			t.Fatalf("%q: quickAction took it, decodeStrict refused it: %v", data, err)
		}
		if !reflect.DeepEqual(quick, slow) {
			t.Fatalf("%q: quickAction read %+v, decodeStrict %+v", data, show(quick), show(slow))
		}
	})
}

// TestQuickActionTakes: the moves clients send are read without
// encoding/json.
func TestQuickActionTakes(t *testing.T) {
	for _, s := range quickActionBodies[:7] {
		if _, ok := quickAction([]byte(s)); !ok {
			t.Errorf("%s: left to decodeStrict", s)
		}
	}
}

func show(r ActionRequest) map[string]any {
	m := map[string]any{"type": r.Type}
	if r.Card != nil {
		m["card"] = *r.Card
	}
	if r.Target != nil {
		m["target"] = *r.Target
	}
	if r.Color != nil {
		m["color"] = *r.Color
	}
	if r.Rank != nil {
		m["rank"] = *r.Rank
	}
	if r.Version != nil {
		m["version"] = *r.Version
	}
	return m
}

func BenchmarkDecodeAction(b *testing.B) {
	for _, body := range []string{`{"type":"play","card":13}`, `{"type":"clue","target":2,"color":"blue","version":17}`} {
		b.Run(body, func(b *testing.B) {
			data := []byte(body)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := decodeAction(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
