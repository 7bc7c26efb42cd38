package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/store"
)

func TestParseDatabaseURL(t *testing.T) {
	for _, tc := range []struct {
		raw, dialect, dsn string
	}{
		// Plain paths, as before.
		{"data/heloc.db", "sqlite", "data/heloc.db"},
		{"/srv/heloc/heloc.db", "sqlite", "/srv/heloc/heloc.db"},
		{"./heloc.db", "sqlite", "./heloc.db"},
		{"data/with:colon.db", "sqlite", "data/with:colon.db"},
		{"./name:with-colon.db", "sqlite", "./name:with-colon.db"},
		// sqlite: the rest (after "//" when present) is the path.
		{"sqlite:///srv/heloc/heloc.db", "sqlite", "/srv/heloc/heloc.db"},
		{"sqlite:////srv/heloc.db", "sqlite", "/srv/heloc.db"},
		{"sqlite://data/heloc.db", "sqlite", "data/heloc.db"},
		{"sqlite:data/heloc.db", "sqlite", "data/heloc.db"},
		{"sqlite:/srv/heloc.db", "sqlite", "/srv/heloc.db"},
		{"SQLite:///srv/heloc.db", "sqlite", "/srv/heloc.db"},
		{"sqlite:///srv/my%20data/heloc.db", "sqlite", "/srv/my data/heloc.db"},
		{"sqlite:///srv/a%23b.db", "sqlite", "/srv/a#b.db"},
		// A relative path that looks like a URL is kept a path.
		{"sqlite:file:heloc.db", "sqlite", "./file:heloc.db"},
		// file: as SQLite reads it.
		{"file:///srv/heloc.db", "sqlite", "/srv/heloc.db"},
		{"file://localhost/srv/heloc.db", "sqlite", "/srv/heloc.db"},
		{"file:/srv/heloc.db", "sqlite", "/srv/heloc.db"},
		{"file:heloc.db", "sqlite", "heloc.db"},
		{"file:data/heloc.db", "sqlite", "data/heloc.db"},
		// PostgreSQL, passed on as given (its query is pgx's).
		{"postgres://u:secret@db:5432/heloc?sslmode=require", "postgres", "postgres://u:secret@db:5432/heloc?sslmode=require"},
		{"postgresql://u@db/heloc", "postgres", "postgresql://u@db/heloc"},
		{"POSTGRES://u@db/heloc", "postgres", "postgres://u@db/heloc"},
	} {
		dialect, dsn, err := store.ParseDatabaseURL(tc.raw)
		if err != nil || dialect != tc.dialect || dsn != tc.dsn {
			t.Errorf("%q: got %q %q %v, want %q %q", tc.raw, dialect, dsn, err, tc.dialect, tc.dsn)
		}
	}
}

func TestParseDatabaseURLRefuses(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		says string // part of the message
	}{
		{"", "DATABASE_URL is empty"},
		{"mysql://root:hunter2@db/heloc", `the scheme "mysql:" is not one the server knows`},
		{"http://db.example/heloc", `the scheme "http:"`},
		{"sqlite3:///srv/heloc.db", `the scheme "sqlite3:"`},
		{"s3://bucket/heloc.db", `the scheme "s3:"`},
		{"heloc:db", `the scheme "heloc:"`},
		{"sqlite:///srv/heloc.db?mode=ro", `no settings ("mode")`},
		{"file:heloc.db?_foreign_keys=off&mode=rwc", `no settings ("_foreign_keys")`},
		{"file:heloc.db?cache=shared#x", `no settings ("cache")`},
		{"sqlite:///srv/heloc.db#main", "no fragment"},
		{"data/heloc.db?mode=ro", `cannot hold a "?"`},
		{"sqlite:///srv/a%3Fb.db", `cannot hold a "?"`},
		{"file://db.example/srv/heloc.db", "names no host but localhost"},
		{"file://data/heloc.db", "names no host but localhost"},
		{"sqlite://", "names no file"},
		{"sqlite:", "names no file"},
		{"file:///", "names no file"},
		{"sqlite:///srv/%zz.db", "malformed %-escape"},
	} {
		_, _, err := store.ParseDatabaseURL(tc.raw)
		if err == nil {
			t.Errorf("%q: got no error", tc.raw)
			continue
		}
		if !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: got %q, want it to say %q", tc.raw, err, tc.says)
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%q: the message %q shows the password", tc.raw, err)
		}
	}
	// An unknown scheme's message names the forms that work.
	_, _, err := store.ParseDatabaseURL("mysql://db/heloc")
	if err == nil || !strings.Contains(err.Error(), store.DatabaseURLForms) {
		t.Errorf("got %v, want the accepted forms named", err)
	}
}

// TestOpenSQLiteURL is the case: sqlite:///path opens the file at
// /path, and neither it nor a refused URL leaves a folder named after the
// scheme in the working directory.
func TestOpenSQLiteURL(t *testing.T) {
	dir := t.TempDir()
	work := t.TempDir()
	t.Chdir(work)

	for _, raw := range []string{
		"sqlite://" + filepath.Join(dir, "a", "heloc.db"),
		"file://" + filepath.Join(dir, "b", "heloc.db"),
		"sqlite:rel/heloc.db",
		"file:other.db",
	} {
		db, err := store.Open(t.Context(), raw)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{filepath.Join(dir, "a", "heloc.db"), filepath.Join(dir, "b", "heloc.db"),
		filepath.Join(work, "rel", "heloc.db"), filepath.Join(work, "other.db")} {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatalf("the database is not where the URL says: %v", err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", path, info.Mode().Perm())
		}
	}

	for _, raw := range []string{"mysql://db/heloc", "sqlite3:///x/heloc.db", "sqlite:///x/heloc.db?mode=memory"} {
		if db, err := store.Open(t.Context(), raw); err == nil {
			db.Close()
			t.Errorf("%s: opened, want it refused", raw)
		}
	}
	entries, err := os.ReadDir(work)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		// other.db may keep its -wal and -shm files beside it.
		if e.Name() != "rel" && !strings.HasPrefix(e.Name(), "other.db") {
			t.Errorf("the working directory holds %q, want only other.db and rel (no folder named after a scheme)", e.Name())
		}
	}
}
