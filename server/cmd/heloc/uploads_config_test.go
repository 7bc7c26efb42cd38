package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestUploadConfig(t *testing.T) {
	dir := t.TempDir()
	c, err := loadConfig(env(map[string]string{"DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if c.BlobURL != "file://"+filepath.ToSlash(filepath.Join(dir, "uploads")) || c.UploadLimit != 10<<20 {
		t.Fatalf("got %q %d, want DATA_DIR/uploads and 10 MiB", c.BlobURL, c.UploadLimit)
	}
	for v, want := range map[string]int64{"5MB": 5 << 20, "512KB": 512 << 10, "2097152": 2 << 20, " 3 mb ": 3 << 20, "1MiB": 1 << 20} {
		c, err := loadConfig(env(map[string]string{"DATA_DIR": dir, "UPLOAD_LIMIT": v}))
		if err != nil || c.UploadLimit != want {
			t.Errorf("UPLOAD_LIMIT=%q: got %d %v, want %d", v, c.UploadLimit, err, want)
		}
	}
	for _, v := range []string{"0", "12", "101MB", "lots", "-5MB", "1GB"} {
		if _, err := loadConfig(env(map[string]string{"DATA_DIR": dir, "UPLOAD_LIMIT": v})); err == nil || !strings.Contains(err.Error(), "UPLOAD_LIMIT") {
			t.Errorf("UPLOAD_LIMIT=%q: got %v, want refused", v, err)
		}
	}
	if c.UploadConcurrency != 8 {
		t.Errorf("got UPLOAD_CONCURRENCY %d by default, want 8", c.UploadConcurrency)
	}
	if c, err := loadConfig(env(map[string]string{"DATA_DIR": dir, "UPLOAD_CONCURRENCY": "32"})); err != nil || c.UploadConcurrency != 32 {
		t.Errorf("UPLOAD_CONCURRENCY=32: got %d %v", c.UploadConcurrency, err)
	}
	for _, v := range []string{"0", "-1", "many", "5000"} {
		if _, err := loadConfig(env(map[string]string{"DATA_DIR": dir, "UPLOAD_CONCURRENCY": v})); err == nil || !strings.Contains(err.Error(), "UPLOAD_CONCURRENCY") {
			t.Errorf("UPLOAD_CONCURRENCY=%q: got %v, want refused", v, err)
		}
	}
	c, err = loadConfig(env(map[string]string{"DATA_DIR": dir, "BLOB_URL": "s3://docs?region=us-east-1&endpoint=http://127.0.0.1:9000"}))
	if err != nil || !strings.HasPrefix(c.BlobURL, "s3://docs") {
		t.Fatalf("got %q %v, want the s3 URL kept", c.BlobURL, err)
	}
	for _, v := range []string{"/var/uploads", "file://relative", "gs://bucket"} {
		if _, err := loadConfig(env(map[string]string{"DATA_DIR": dir, "BLOB_URL": v})); err == nil || !strings.Contains(err.Error(), "BLOB_URL") {
			t.Errorf("BLOB_URL=%q: got %v, want refused", v, err)
		}
	}
}
