package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/heloc/heloc/rules"
)

// The committed routes.json is what the server embeds and the webapp
// routes by; it must be the page table's (make generate rewrites it).
func TestRoutesJSONIsUpToDate(t *testing.T) {
	got, err := render(t.Context(), rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../webapp/src/app/routes.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("webapp/src/app/routes.json is stale: run 'make generate' and commit the result")
	}
}
