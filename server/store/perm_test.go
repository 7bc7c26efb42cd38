package store_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/heloc/heloc/server/domain"
)

// The SQLite database holds e-mails and phones: the folder it creates is
// the owner's alone (0700) and the database file, with its -wal and -shm
// files, is readable and writable by the owner only (0600), whatever the
// umask lets through.
func TestSQLiteFilesAreTheOwnersAlone(t *testing.T) {
	old := syscall.Umask(0o002) // the most permissive umask a server is likely to run with
	t.Cleanup(func() { syscall.Umask(old) })

	dsn := NewDSN(t, "sqlite") // a file in a folder that does not exist yet
	db := MustOpenDSN(t, dsn)
	// A write makes SQLite create the -wal and -shm files.
	if err := db.CreateApplicant(context.Background(), &domain.Applicant{Email: "ana@example.com", FirstName: "Ana", LastName: "Ortiz"}); err != nil {
		t.Fatal(err)
	}

	wantMode(t, filepath.Dir(dsn), fs.ModeDir|0o700)
	wantMode(t, dsn, 0o600)
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(dsn + suffix); err == nil {
			wantMode(t, dsn+suffix, 0o600)
		}
	}
}

// A database file left readable by others (made by an earlier version, or
// copied in) is made the owner's alone when the server opens it.
func TestSQLiteOpenTightensAnExistingDatabase(t *testing.T) {
	dsn := NewDSN(t, "sqlite")
	db := MustOpenDSN(t, dsn)
	if err := db.CreateApplicant(context.Background(), &domain.Applicant{Email: "ana@example.com", FirstName: "Ana", LastName: "Ortiz"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var loose []string
	for _, name := range []string{dsn, dsn + "-wal", dsn + "-shm"} {
		if err := os.Chmod(name, 0o644); err == nil {
			loose = append(loose, name)
		}
	}
	db = MustOpenDSN(t, dsn)
	for _, name := range loose {
		wantMode(t, name, 0o600)
	}
	if _, err := db.FindApplicantByEmail(context.Background(), "ana@example.com"); err != nil {
		t.Fatalf("the tightened database lost its data: %v", err)
	}
}

func wantMode(t *testing.T, path string, want fs.FileMode) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode() & (fs.ModeDir | fs.ModePerm); got != want {
		t.Errorf("%s: mode %v, want %v", filepath.Base(path), got, want)
	}
}
