// Package store keeps the product's data in SQLite (the default) or
// PostgreSQL, through one set of portable SQL written with `?` placeholders
// and rebound per driver.
//
// Timestamps are stored as BIGINT milliseconds since the Unix epoch, UTC.
// Both engines index and compare integers alike, whereas TIMESTAMP values
// come back from the two drivers in different shapes and SQLite would
// compare them as text. Times handed out are UTC, truncated to the
// millisecond, so what a caller writes is what it reads back.
package store

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	"github.com/mattn/go-sqlite3"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// SQLite pragmas. Each connection keeps its 64 most recent prepared
// statements (the store's queries are a fixed set), sparing a parse per query. The writer takes its lock at BEGIN (_txlock=immediate) so
// two writers queue on the busy timeout instead of failing half-way with
// SQLITE_BUSY when a read lock cannot be upgraded.
const (
	sqliteWriteParams = "_journal_mode=WAL&_synchronous=NORMAL&_busy_timeout=5000&_foreign_keys=on&_txlock=immediate&_stmt_cache_size=64"
	sqliteReadParams  = "_busy_timeout=5000&_foreign_keys=on&_query_only=1&_stmt_cache_size=64"
)

const postgresMaxConns = 10

// DB is the product's database: a writer pool and a read pool, which are
// the same pool on PostgreSQL.
type DB struct {
	write   *sqlx.DB
	read    *sqlx.DB
	dialect string

	// Now returns the current time; tests replace it to move the clock.
	Now func() time.Time
	// Sealer seals the personal data the store keeps encrypted (a loan's
	// answers, credit reports); set it before any of those is read or
	// written. Without it they are refused, never stored in plain text.
	Sealer Sealer
}

// Open connects to the database of rawURL, in any form ParseDatabaseURL
// accepts, and applies any pending migrations.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	dialect, dsn, err := ParseDatabaseURL(rawURL)
	if err != nil {
		return nil, err
	}
	db := &DB{Now: func() time.Time { return time.Now().UTC() }}
	if dialect == "postgres" {
		pool, err := sqlx.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		// A bounded pool queues a burst of requests in the process rather
		// than spending the server's max_connections (100 by default),
		// which several servers share.
		pool.SetMaxOpenConns(postgresMaxConns)
		pool.SetMaxIdleConns(postgresMaxConns)
		db.dialect, db.write, db.read = "postgres", pool, pool
	} else if err := db.openSQLite(dsn); err != nil {
		return nil, err
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// DatabaseURLForms names the forms ParseDatabaseURL accepts, for the
// messages that refuse another.
const DatabaseURLForms = "an SQLite file as a path (data/heloc.db), sqlite:///absolute/path.db, sqlite:relative/path.db, " +
	"file:///absolute/path.db or file:relative/path.db, or PostgreSQL as postgres://user@host:5432/db (or postgresql://)"

// urlScheme matches the scheme of a URL (RFC 3986): a letter, then letters,
// digits, "+", "-" or ".", then a colon.
var urlScheme = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*):`)

// ParseDatabaseURL reads DATABASE_URL: dialect is "sqlite" or "postgres",
// and dsn the SQLite file's path or the PostgreSQL URL as given (pgx reads
// its query). An SQLite database is given as a plain path, or as a URL:
//
//   - sqlite:// followed by the path, as golang-migrate and dbmate read it:
//     sqlite:///srv/heloc.db is /srv/heloc.db, sqlite://data/heloc.db is
//     data/heloc.db (no one means a host for a file);
//   - sqlite: followed by the path, sqlite:data/heloc.db or sqlite:/srv/heloc.db;
//   - file: as SQLite itself reads it: file:///srv/heloc.db,
//     file://localhost/srv/heloc.db, file:/srv/heloc.db, file:data/heloc.db.
//
// A URL's path is percent-decoded. Anything else with a scheme is refused,
// so that sqlite3://... or mysql://... stops the server at start-up rather
// than becoming a folder named after the scheme. SQLite settings in a query
// (?mode=ro, ?_foreign_keys=off) are refused too: the server sets its own
// (WAL, foreign keys, a busy timeout, a read-only read pool), and a setting
// given beside them would be dropped or would contradict them. The errors
// name the scheme or the setting, never the whole URL, which may hold a
// PostgreSQL password.
func ParseDatabaseURL(raw string) (dialect, dsn string, err error) {
	if raw == "" {
		return "", "", fmt.Errorf("DATABASE_URL is empty: give %s", DatabaseURLForms)
	}
	m := urlScheme.FindStringSubmatch(raw)
	if m == nil {
		if strings.Contains(raw, "?") {
			// The SQLite driver reads what follows a "?" as settings, so the
			// file opened would not be the one the server made 0600.
			return "", "", errors.New("DATABASE_URL: an SQLite path cannot hold a \"?\": the server sets SQLite's settings itself, so give the file's path alone")
		}
		return "sqlite", raw, nil
	}
	scheme, rest := strings.ToLower(m[1]), raw[len(m[0]):]
	switch scheme {
	case "postgres", "postgresql":
		// pgx recognises a URL by its scheme in lower case only.
		return "postgres", scheme + ":" + rest, nil
	case "sqlite", "file":
	default:
		return "", "", fmt.Errorf("DATABASE_URL: the scheme %q is not one the server knows; give %s. "+
			"(A file whose name has a colon is written ./name:x.db.)", scheme+":", DatabaseURLForms)
	}
	if before, _, ok := strings.Cut(rest, "#"); ok || strings.Contains(before, "?") {
		if ok && !strings.Contains(before, "?") {
			return "", "", errors.New("DATABASE_URL: an SQLite URL takes no fragment (#...); write a \"#\" in its path as %23")
		}
		_, query, _ := strings.Cut(before, "?")
		name, _, _ := strings.Cut(query, "&")
		name, _, _ = strings.Cut(name, "=")
		return "", "", fmt.Errorf("DATABASE_URL: an SQLite URL takes no settings (%q): the server sets SQLite's own, so give the file's path alone", name)
	}
	path := rest
	if strings.HasPrefix(rest, "//") {
		authority, p, _ := strings.Cut(rest[2:], "/")
		switch {
		case scheme == "sqlite":
			// Everything after "sqlite://" is the path.
			path = rest[2:]
		case authority == "" || strings.EqualFold(authority, "localhost"):
			// SQLite's own rule for file: URIs, which name no other host.
			path = "/" + p
		default:
			return "", "", fmt.Errorf("DATABASE_URL: a file: URL names no host but localhost (%q): write file:///absolute/path.db or file:relative/path.db", authority)
		}
	}
	if path, err = url.PathUnescape(path); err != nil {
		return "", "", fmt.Errorf("DATABASE_URL: the %s URL's path has a malformed %%-escape", scheme+":")
	}
	if path == "" || path == "/" {
		return "", "", fmt.Errorf("DATABASE_URL: the %s URL names no file: give %s", scheme+":", DatabaseURLForms)
	}
	if strings.Contains(path, "?") {
		// An escaped "?" (%3F) would still end the path for the driver.
		return "", "", errors.New("DATABASE_URL: an SQLite file's path cannot hold a \"?\"")
	}
	path = filepath.Clean(path)
	if urlScheme.MatchString(path) {
		// A relative path that itself begins like a URL (sqlite:file:x.db)
		// must not be read as one again, by this function or by SQLite.
		path = "./" + path
	}
	return "sqlite", path, nil
}

func (db *DB) openSQLite(path string) error {
	// Each :memory: connection is its own database, so the read pool
	// would never see what the writer wrote.
	if path == "" || strings.Contains(path, ":memory:") {
		return fmt.Errorf("open sqlite: need a file path, got %q", path)
	}
	// The database holds e-mails and phones: its folder is the owner's
	// alone, and the file is created readable by the owner only. SQLite
	// gives its -wal and -shm files the database file's mode.
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	// A database made before files were created 0600 (or copied in with a
	// looser mode) is tightened, with its -wal and -shm files.
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		if err := ownerOnly(name); err != nil {
			return fmt.Errorf("open sqlite: %w", err)
		}
	}
	write, err := sqlx.Open("sqlite3", path+"?"+sqliteWriteParams)
	if err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	// SQLite allows one writer at a time; one connection makes writers
	// queue inside the process rather than on the file lock.
	write.SetMaxOpenConns(1)
	read, err := sqlx.Open("sqlite3", path+"?"+sqliteReadParams)
	if err != nil {
		write.Close()
		return fmt.Errorf("open sqlite: %w", err)
	}
	// Every open read connection is kept: database/sql keeps two idle ones
	// unless told otherwise, and under load a connection closed on its
	// return is opened again at once, with an empty page cache and none of
	// its prepared statements, so the next reads on it parse the schema
	// and their SQL again and read their pages from the file.
	readConns := max(4, runtime.NumCPU())
	read.SetMaxOpenConns(readConns)
	read.SetMaxIdleConns(readConns)
	db.dialect, db.write, db.read = "sqlite", write, read
	return nil
}

// ownerOnly takes the group's and others' access away from the file at
// name, when it exists.
func ownerOnly(name string) error {
	info, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 == 0 {
		return nil
	}
	return os.Chmod(name, info.Mode().Perm()&0o700)
}

// Close closes both pools.
func (db *DB) Close() error {
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// Ping checks that both pools can reach the database.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.write.PingContext(ctx); err != nil {
		return fmt.Errorf("ping %s: %w", db.dialect, err)
	}
	if err := db.read.PingContext(ctx); err != nil {
		return fmt.Errorf("ping %s read pool: %w", db.dialect, err)
	}
	return nil
}

// Dialect returns "sqlite" or "postgres".
func (db *DB) Dialect() string { return db.dialect }

// migrationLockID names the PostgreSQL advisory lock held while migrating.
const migrationLockID = 7_440_301

// migrate applies the embedded migrations not yet recorded in
// schema_migrations, in file-name order, each in its own transaction.
func (db *DB) migrate(ctx context.Context) error {
	if db.dialect == "postgres" {
		// Two servers starting together must not apply the same migration
		// twice: the first holds a session lock until it is done.
		conn, err := db.write.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLockID); err != nil {
			return fmt.Errorf("lock migrations: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLockID)
	}
	const ddl = `CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`
	if _, err := db.write.ExecContext(ctx, ddl); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		if err := db.migrateFile(ctx, name); err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}

func (db *DB) migrateFile(ctx context.Context, name string) error {
	// A file named NNNN_x.sqlite.sql or NNNN_x.postgres.sql is for that
	// engine only: what the two write differently (a trigger's body).
	for _, d := range []string{"sqlite", "postgres"} {
		if strings.HasSuffix(name, "."+d+".sql") && d != db.dialect {
			return nil
		}
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var n int
	if err := tx.GetContext(ctx, &n, tx.Rebind(`SELECT COUNT(*) FROM schema_migrations WHERE name = ?`), name); err != nil {
		return err
	} else if n > 0 {
		return nil
	}
	buf, err := fs.ReadFile(migrationFS, name)
	if err != nil {
		return err
	}
	// Without arguments both drivers accept several statements in one call.
	if _, err := tx.ExecContext(ctx, string(buf)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)`), name, tx.now.UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// tx is a write transaction with the time it began, so every row it writes
// carries the same timestamp.
type tx struct {
	*sqlx.Tx
	now time.Time
}

func (db *DB) beginTx(ctx context.Context) (*tx, error) {
	t, err := db.write.BeginTxx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &tx{Tx: t, now: db.now()}, nil
}

// now is the clock truncated to what a BIGINT millisecond column keeps.
func (db *DB) now() time.Time {
	return db.Now().UTC().Truncate(time.Millisecond)
}

// boundText is a text parameter of the reads every signed-in page makes
// (its session, its loan, the loan's latest decision), written as a cast
// so that SQLite does not prepare the statement again on every use. SQLite
// marks a statement whose plan compared a bare parameter ("= ?") as one to
// prepare again when that parameter is bound anew, and go-sqlite3 clears a
// cached statement's bindings before each use: each such read paid a
// parse and a plan. Measured per read (CPU, 2 busy cores): the session
// 43 µs → 11 µs, the latest decision 42 µs → 11 µs, with the same plans
// (EXPLAIN QUERY PLAN). PostgreSQL reads the cast as it is.
const boundText = `CAST(? AS TEXT)`

// getRow runs a single-row query on the read pool.
func (db *DB) getRow(ctx context.Context, query string, args ...any) *sqlx.Row {
	return db.read.QueryRowxContext(ctx, db.read.Rebind(query), args...)
}

// rowScanner is a *sql.Row, *sql.Rows or their sqlx forms.
type rowScanner interface {
	Scan(dest ...any) error
}

// newID returns a random 128-bit id in hex.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails since Go 1.24
	return hex.EncodeToString(b)
}

// idSeq numbers the orderedIDs of this process.
var idSeq atomic.Uint32

// orderedID is newID for rows listed by (time, id): this process's next
// number (8 hex digits), then 24 random ones, so rows written in the same
// millisecond list in the order they were written (the audit log, notes).
func orderedID() string {
	return fmt.Sprintf("%08x", idSeq.Add(1)) + newID()[:24]
}

// fromMS turns a stored millisecond timestamp into a UTC time.
func fromMS(ms int64) time.Time {
	return time.UnixMilli(ms).UTC()
}

// isUniqueViolation reports whether err is a UNIQUE or PRIMARY KEY clash.
func isUniqueViolation(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// isForeignKeyViolation reports whether err is a FOREIGN KEY clash.
func isForeignKeyViolation(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintForeignKey
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23503"
}
