// Package blobs keeps the documents borrowers upload: a small store of
// byte strings by key, over gocloud.dev/blob, so that the same code writes
// to a local folder (the default, DATA_DIR/uploads) or to an S3-compatible
// bucket chosen by configuration (BLOB_URL).
//
// The store knows nothing of what it keeps: callers seal the content before
// Put (the loan service does, with the server's keyring) and name every blob
// by a random key (NewKey), never by anything a borrower typed or a file's
// name.
package blobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob" // s3:// URLs
	"gocloud.dev/gcerrors"
)

// Store keeps blobs by key.
type Store interface {
	// Put writes data under key, replacing what was there.
	Put(ctx context.Context, key string, data []byte) error
	// Get reads the blob under key; ErrNotFound when there is none.
	Get(ctx context.Context, key string) ([]byte, error)
	// Delete removes the blob under key; deleting one that is not there is
	// no error, so a retried removal succeeds.
	Delete(ctx context.Context, key string) error
	// NewWriter streams a blob to key: nothing is under key until Close
	// returns nil, and cancelling ctx before Close abandons the blob, so a
	// refused upload leaves nothing behind.
	NewWriter(ctx context.Context, key string) (io.WriteCloser, error)
	// NewReader streams the blob under key; ErrNotFound when there is none.
	NewReader(ctx context.Context, key string) (io.ReadCloser, error)
}

// ErrNotFound is Get's error for a key with no blob.
var ErrNotFound = errors.New("blobs: not found")

// Bucket is a Store over a gocloud.dev bucket.
type Bucket struct {
	b *blob.Bucket
	// dir is the local folder of a file:// bucket ("" otherwise): its files
	// are made readable by the server's user alone.
	dir string
}

// FileURL is the URL of the local folder dir, for Open.
func FileURL(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String(), nil
}

// Open opens the bucket at rawURL: file:///absolute/folder, or
// s3://bucket?region=...&endpoint=...&use_path_style=true for an
// S3-compatible store (credentials from the usual AWS_* environment).
//
// A file:// folder is created when missing, readable by the server's user
// alone (0700, its files 0600), keeps no metadata files beside the blobs,
// and writes each blob next to its final name before renaming it into
// place, so a crash leaves no half-written blob under a key.
func Open(ctx context.Context, rawURL string) (*Bucket, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("blobs: BLOB_URL is not a URL")
	}
	switch u.Scheme {
	case "file":
		return openFolder(ctx, u)
	case "s3":
		if u.Host == "" {
			return nil, errors.New("blobs: an s3:// URL names its bucket, like s3://documents?region=us-east-1")
		}
		b, err := blob.OpenBucket(ctx, rawURL)
		if err != nil {
			return nil, fmt.Errorf("blobs: open s3 bucket %q: %w", u.Host, err)
		}
		return &Bucket{b: b}, nil
	}
	return nil, fmt.Errorf("blobs: BLOB_URL must start with file:// or s3://, not %q", u.Scheme+"://")
}

func openFolder(ctx context.Context, u *url.URL) (*Bucket, error) {
	dir := filepath.FromSlash(u.Path)
	if dir == "" || !filepath.IsAbs(dir) {
		return nil, errors.New("blobs: a file:// URL names an absolute folder, like file:///var/lib/heloc/uploads")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("blobs: %w", err)
	}
	// A folder made before, or by hand, with a looser mode is tightened.
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("blobs: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("blobs: %s is not a folder", dir)
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, info.Mode().Perm()&0o700); err != nil {
			return nil, fmt.Errorf("blobs: %w", err)
		}
	}
	b, err := fileblob.OpenBucket(dir, &fileblob.Options{
		DirFileMode: 0o700,
		Metadata:    fileblob.MetadataDontWrite,
		NoTempDir:   true,
	})
	if err != nil {
		return nil, fmt.Errorf("blobs: %w", err)
	}
	return &Bucket{b: b, dir: dir}, nil
}

// Put writes data under key.
func (b *Bucket) Put(ctx context.Context, key string, data []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := b.b.WriteAll(ctx, key, data, b.writerOptions()); err != nil {
		return fmt.Errorf("blobs: write: %w", err)
	}
	return nil
}

// NewWriter streams a blob to key (Store.NewWriter).
func (b *Bucket) NewWriter(ctx context.Context, key string) (io.WriteCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	w, err := b.b.NewWriter(ctx, key, b.writerOptions())
	if err != nil {
		return nil, fmt.Errorf("blobs: write: %w", err)
	}
	return w, nil
}

// NewReader streams the blob under key (Store.NewReader).
func (b *Bucket) NewReader(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	r, err := b.b.NewReader(ctx, key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("blobs: read: %w", err)
	}
	return r, nil
}

// writerOptions are every write's: opaque bytes, and in a local folder a
// file the server's user alone may read.
func (b *Bucket) writerOptions() *blob.WriterOptions {
	opts := &blob.WriterOptions{ContentType: "application/octet-stream"}
	if b.dir != "" {
		// fileblob creates its files 0666 less the umask: this one is the
		// server's alone before any byte is written.
		opts.BeforeWrite = func(as func(any) bool) error {
			var f *os.File
			if as(&f) {
				return f.Chmod(0o600)
			}
			return nil
		}
	}
	return opts
}

// Get reads the blob under key.
func (b *Bucket) Get(ctx context.Context, key string) ([]byte, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	data, err := b.b.ReadAll(ctx, key)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("blobs: read: %w", err)
	}
	return data, nil
}

// Delete removes the blob under key.
func (b *Bucket) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	err := b.b.Delete(ctx, key)
	if err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("blobs: delete: %w", err)
	}
	return nil
}

// Close releases the bucket.
func (b *Bucket) Close() error { return b.b.Close() }

// NewKey is a fresh blob key: 128 random bits in hex, which says nothing of
// the document, its owner or its file's name.
func NewKey() string {
	var buf [16]byte
	rand.Read(buf[:]) // never fails since Go 1.24
	return hex.EncodeToString(buf[:])
}

// checkKey refuses a key that is not one NewKey makes, so that no caller
// can reach outside the bucket's folder or name a blob after a file.
func checkKey(key string) error {
	if len(key) != 32 || strings.Trim(key, "0123456789abcdef") != "" {
		return errors.New("blobs: not a blob key")
	}
	return nil
}
