package hanablive_test

import (
	"fmt"
	"os"

	"github.com/hanabi-server/hanabi/hanablive"
)

func ExampleImport() {
	data, err := os.ReadFile("testdata/no_variant_3p.json")
	if err != nil {
		panic(err)
	}
	r, err := hanablive.Import(data)
	if err != nil {
		fmt.Println(err) // e.g. "action 17: ...: card 31 is not in seat 2's hand"
		return
	}
	res, _ := r.State.Result()
	fmt.Println(r.Variant, len(r.Players), "players:", res.Score, "points,", res.Reason)

	out, err := hanablive.Export(r)
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Options.Variant, len(out.Actions), "actions")
	// Output:
	// basic 3 players: 8 points, deck_out
	// No Variant 72 actions
}
