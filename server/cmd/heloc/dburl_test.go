package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 19: DATABASE_URL=sqlite:///path made a folder named "sqlite:" in the
// working directory. Now the server opens /path, and a scheme it does not
// know stops it at start-up, naming the forms it takes, before it writes
// anything.
func TestDatabaseURLAtStartUp(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	data := t.TempDir()
	t.Setenv("DATA_DIR", data)
	t.Setenv("SESSION_SECRET", "")
	t.Setenv("APP_ENV", "")

	t.Run("sqlite:///absolute opens that file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "db", "heloc.db")
		t.Setenv("DATABASE_URL", "sqlite://"+path)
		if err := auditCommand(context.Background(), []string{"purge"}, io.Discard); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("got no database at %s: %v", path, err)
		}
	})

	t.Run("an unknown scheme stops the server", func(t *testing.T) {
		for _, raw := range []string{"mysql://root:hunter2@db/heloc", "sqlite3:///srv/heloc.db", "http://db/heloc"} {
			t.Setenv("DATABASE_URL", raw)
			err := run(context.Background(), []string{"serve"})
			if err == nil || !strings.HasPrefix(err.Error(), "config: DATABASE_URL: the scheme") ||
				!strings.Contains(err.Error(), "sqlite:///absolute/path.db") || !strings.Contains(err.Error(), "postgres://") {
				t.Fatalf("%s: got %v, want the server refused, naming the forms it takes", raw, err)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("the message shows the password: %v", err)
			}
		}
	})

	entries, err := os.ReadDir(work)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("the working directory holds %d entries (first %q), want none", len(entries), entries[0].Name())
	}
}
