package blobs_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/heloc/heloc/server/blobs"
)

func openFolder(t *testing.T) (*blobs.Bucket, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data", "uploads")
	u, err := blobs.FileURL(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := blobs.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, dir
}

func TestFolderKeepsBlobsForTheServerAlone(t *testing.T) {
	ctx := context.Background()
	b, dir := openFolder(t)
	key := blobs.NewKey()
	if err := b.Put(ctx, key, []byte("sealed bytes")); err != nil {
		t.Fatal(err)
	}
	got, err := b.Get(ctx, key)
	if err != nil || !bytes.Equal(got, []byte("sealed bytes")) {
		t.Fatalf("got %q %v, want the bytes back", got, err)
	}
	info, err := os.Stat(dir)
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("got folder mode %v %v, want 0700", info.Mode().Perm(), err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || entries[0].Name() != key {
		t.Fatalf("got %v %v, want one file named by the key and nothing beside it", entries, err)
	}
	fi, _ := entries[0].Info()
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("got file mode %v, want 0600", fi.Mode().Perm())
	}

	if err := b.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(ctx, key); !errors.Is(err, blobs.ErrNotFound) {
		t.Fatalf("got %v, want ErrNotFound after Delete", err)
	}
	if err := b.Delete(ctx, key); err != nil {
		t.Fatalf("got %v, want a second Delete to succeed", err)
	}
}

func TestFolderRefusesKeysItDidNotMake(t *testing.T) {
	ctx := context.Background()
	b, _ := openFolder(t)
	for _, key := range []string{"../../etc/passwd", "paystub.pdf", "", blobs.NewKey() + "/x"} {
		if err := b.Put(ctx, key, []byte("x")); err == nil {
			t.Errorf("Put %q: got nil, want refused", key)
		}
		if _, err := b.Get(ctx, key); err == nil || errors.Is(err, blobs.ErrNotFound) {
			t.Errorf("Get %q: got %v, want refused", key, err)
		}
	}
}

func TestOpenTightensALooseFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "uploads")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	u, _ := blobs.FileURL(dir)
	b, err := blobs.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if info, _ := os.Stat(dir); info.Mode().Perm() != 0o700 {
		t.Fatalf("got %v, want 0700", info.Mode().Perm())
	}
}

func TestOpenURLs(t *testing.T) {
	ctx := context.Background()
	// An S3-compatible store opens without a round trip; its credentials
	// and reachability show on the first write.
	b, err := blobs.Open(ctx, "s3://documents?region=us-east-1&endpoint=http://127.0.0.1:1&use_path_style=true")
	if err != nil {
		t.Fatalf("got %v, want an s3 bucket", err)
	}
	b.Close()
	for _, bad := range []string{"ftp://x/y", "file://relative", "s3://", "gs://bucket", "%zz"} {
		if _, err := blobs.Open(ctx, bad); err == nil {
			t.Errorf("%q: got nil, want refused", bad)
		}
	}
}

// A streamed blob is there only once its writer closes; a write abandoned
// by cancelling its context leaves no blob and no file behind.
func TestStreamedBlobs(t *testing.T) {
	ctx := context.Background()
	b, dir := openFolder(t)
	key := blobs.NewKey()
	w, err := b.NewWriter(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Repeat([]byte("chunk "), 50000)
	if _, err := w.Write(want); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(ctx, key); !errors.Is(err, blobs.ErrNotFound) {
		t.Fatalf("before Close: got %v, want ErrNotFound", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := b.NewReader(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("read back %d bytes, %v; want %d", len(got), err, len(want))
	}

	abandoned := blobs.NewKey()
	wctx, cancel := context.WithCancel(ctx)
	w, err = b.NewWriter(wctx, abandoned)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(want)
	cancel()
	if err := w.Close(); err == nil {
		t.Fatal("Close after cancel: got nil, want an error")
	}
	if _, err := b.NewReader(ctx, abandoned); !errors.Is(err, blobs.ErrNotFound) {
		t.Fatalf("abandoned blob: got %v, want ErrNotFound", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("got %d files in the folder, want only the closed blob's", len(entries))
	}
	if info, err := os.Stat(filepath.Join(dir, key)); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("streamed blob mode: %v %v, want 0600", info, err)
	}
}
