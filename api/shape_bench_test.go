package api

import (
	"reflect"
	"testing"
)

// BenchmarkCheckShape: the walk every JSON body of a change takes beside
// its decoding (a move's, here): the value, its text's refusals (a key
// named twice, bytes not UTF-8) and its shape, in one walk.
func BenchmarkCheckShape(b *testing.B) {
	body := []byte(`{"type":"clue","target":1,"color":"red","rank":null,"version":12}`)
	t := reflect.TypeOf(&ActionRequest{})
	b.ReportAllocs()
	for range b.N {
		if err := checkShape(body, t); err != nil {
			b.Fatal(err)
		}
	}
}
