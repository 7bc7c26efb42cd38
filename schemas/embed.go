// Package schemas embeds the CUE definitions so the server binary carries them.
package schemas

import "embed"

// FS holds the CUE package and its module file.
//
//go:embed *.cue cue.mod/module.cue
var FS embed.FS
