package policy

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"testing/fstest"
	"time"
)

// A revision's source is its whole rules tree (tests and fixtures
// included) packed as a gzipped tar: what `heloc policy publish` stores and
// what a server, or an explanation of an old decision, loads an Engine
// from again (Unpack). The same files pack to the same bytes (sorted
// names, no times or owners).

// Pack reads the policy tree of fsys (every file but those under a folder
// or of a name starting with ".") and packs it, naming the revision an
// Engine loaded from it has.
func Pack(fsys fs.FS) (source []byte, revision string, err error) {
	files, err := readTree(fsys, func(name string) bool { return !hidden(name) })
	if err != nil {
		return nil, "", fmt.Errorf("policy: read: %w", err)
	}
	source, err = pack(files)
	return source, revisionOf(files), err
}

// hidden is a name with a part starting with "." (.git, .DS_Store).
func hidden(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") && part != "." {
			return true
		}
	}
	return false
}

// revisionOf is the revision an Engine loaded from files has: the hash of
// those it loads.
func revisionOf(files []file) string {
	var served []file
	for _, f := range files {
		if loadsInEngine(f.name) {
			served = append(served, f)
		}
	}
	return revision(served)
}

func pack(files []file) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		hdr := &tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.data)), Typeflag: tar.TypeReg, ModTime: time.Unix(0, 0), Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, fmt.Errorf("policy: pack %s: %w", f.name, err)
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, fmt.Errorf("policy: pack %s: %w", f.name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// maxSource bounds what Unpack reads: a rules tree is a few hundred
// kilobytes.
const maxSource = 64 << 20

// Unpack is the tree Pack packed, in memory.
func Unpack(source []byte) (fs.FS, error) {
	gz, err := gzip.NewReader(bytes.NewReader(source))
	if err != nil {
		return nil, fmt.Errorf("policy: unpack: %w", err)
	}
	tr := tar.NewReader(io.LimitReader(gz, maxSource))
	out := fstest.MapFS{}
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("policy: unpack: %w", err)
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		name := path.Clean(hdr.Name)
		if !fs.ValidPath(name) {
			return nil, fmt.Errorf("policy: unpack: bad name %q", hdr.Name)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("policy: unpack %s: %w", name, err)
		}
		out[name] = &fstest.MapFile{Data: data, Mode: 0o444}
	}
	return out, nil
}
