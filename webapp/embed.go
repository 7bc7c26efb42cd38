// Package webapp embeds the built React app (dist/, made by `make build`)
// and its list of literal routes, so the Go binary serves both.
package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// RoutesJSON is src/app/routes.json: every literal route of the app, the
// one list both the app and the server read.
//
//go:embed src/app/routes.json
var RoutesJSON []byte

// Dist returns the built app, with index.html at its root.
func Dist() (fs.FS, error) {
	return fs.Sub(dist, "dist")
}
