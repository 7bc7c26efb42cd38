// Command openapi prints the CUE schemas of schemas/ as OpenAPI 3 JSON, from
// which `make generate` makes the webapp's TypeScript types. It stands apart
// from cmd/heloc so that it builds before the webapp does.
package main

import (
	"fmt"
	"os"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/schema"
)

func main() {
	set, err := schema.Load(schemas.FS)
	if err == nil {
		var b []byte
		if b, err = set.OpenAPI(); err == nil {
			_, err = os.Stdout.Write(b)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi:", err)
		os.Exit(1)
	}
}
