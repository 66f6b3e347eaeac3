// Command gencatalogue writes variants/catalogue.json from hanab.live's
// description of its variants. Run it with go generate ./variants.
package main

import (
	"log"
	"os"

	"github.com/hanabi-server/hanabi/variants/internal/catalogue"
)

func main() {
	cat, err := os.ReadFile("testdata/hanablive/catalogue.json")
	if err != nil {
		log.Fatal(err)
	}
	suits, err := os.ReadFile("testdata/hanablive/suits.json")
	if err != nil {
		log.Fatal(err)
	}
	out, err := catalogue.Generate(cat, suits)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("catalogue.json", out, 0o644); err != nil {
		log.Fatal(err)
	}
}
