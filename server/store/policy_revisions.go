package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Policy revisions and their sources (migration 0023): the source of every
// revision a server served or was asked to publish, by its hash, and one
// row per publish or rollback, never changed.

// PolicyRevision is a publish or rollback (domain.PolicyRevision).
type PolicyRevision = domain.PolicyRevision

// SavePolicySource stores the source (the rules tree as policy.Archive
// packs it) of revision, unless it is stored already: a revision's hash
// names its engine's files, so a second copy would be the same rules.
func (db *DB) SavePolicySource(ctx context.Context, revision string, source []byte) error {
	if revision == "" || len(source) == 0 {
		return domain.Errorf(domain.EINVALID, "A policy source needs its revision and its files.")
	}
	var n int
	if err := db.getRow(ctx, `SELECT COUNT(*) FROM policy_sources WHERE revision = ?`, revision).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.write.ExecContext(ctx, db.write.Rebind(`INSERT INTO policy_sources (revision, source, created_at) VALUES (?, ?, ?)`),
		revision, base64.StdEncoding.EncodeToString(source), db.now().UnixMilli())
	if isUniqueViolation(err) { // another server stored it meanwhile
		return nil
	}
	return err
}

// PolicySource is the stored source of revision; ENOTFOUND when none is.
func (db *DB) PolicySource(ctx context.Context, revision string) ([]byte, error) {
	var text string
	err := db.getRow(ctx, `SELECT source FROM policy_sources WHERE revision = ?`, revision).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Policy revision not found.")
	} else if err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(text)
}

// PolicySourceRevisions are the stored sources' revisions that start with
// prefix (a hash's short form), at most a few: rollback names a revision by
// its short hash.
func (db *DB) PolicySourceRevisions(ctx context.Context, prefix string) ([]string, error) {
	var out []string
	err := db.read.SelectContext(ctx, &out, db.read.Rebind(`SELECT revision FROM policy_sources WHERE revision LIKE ? ORDER BY revision LIMIT 5`),
		prefix+"%")
	return out, err
}

// PublishPolicyRevision stores r (its source first, when source is not
// nil) in one transaction and gives it its ID and PublishedAt. Its
// EffectiveAt, when zero or before now, is now. The revision's source must
// be stored (by source here, or before).
func (db *DB) PublishPolicyRevision(ctx context.Context, r *PolicyRevision, source []byte) error {
	if r.Revision == "" || (r.Action != domain.PolicyPublish && r.Action != domain.PolicyRollback) || r.Author == "" || r.Reason == "" {
		return domain.Errorf(domain.EINVALID, "A policy revision needs its revision, its action, its author and its reason.")
	}
	if !json.Valid(r.Checks) || !json.Valid(r.Impact) {
		return domain.Errorf(domain.EINVALID, "A policy revision's checks and impact must be JSON.")
	}
	if len(source) > 0 {
		if err := db.SavePolicySource(ctx, r.Revision, source); err != nil {
			return err
		}
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id := orderedID()
	effective := r.EffectiveAt.UTC().Truncate(time.Millisecond)
	if effective.Before(tx.now) {
		effective = tx.now
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO policy_revisions
		(id, revision, action, author, reason, effective_at, published_at, baseline, checks, impact)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		id, r.Revision, r.Action, r.Author, r.Reason, effective.UnixMilli(), tx.now.UnixMilli(), r.Baseline, string(r.Checks), string(r.Impact))
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Policy revision not found.")
	} else if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	r.ID, r.PublishedAt, r.EffectiveAt = id, tx.now, effective
	return nil
}

const policyRevisionColumns = `id, revision, action, author, reason, effective_at, published_at, baseline, checks, impact`

func scanPolicyRevision(row rowScanner) (*PolicyRevision, error) {
	var r PolicyRevision
	var effective, published int64
	var checks, impact string
	if err := row.Scan(&r.ID, &r.Revision, &r.Action, &r.Author, &r.Reason, &effective, &published, &r.Baseline, &checks, &impact); err != nil {
		return nil, err
	}
	r.EffectiveAt, r.PublishedAt = fromMS(effective), fromMS(published)
	r.Checks, r.Impact = json.RawMessage(checks), json.RawMessage(impact)
	return &r, nil
}

// PolicyRevisionInForce is the publish or rollback in force at: the one
// with the latest effective time at or before it, the latest published
// among equals. nil (and no error) when none is: the embedded rules serve.
func (db *DB) PolicyRevisionInForce(ctx context.Context, at time.Time) (*PolicyRevision, error) {
	r, err := scanPolicyRevision(db.getRow(ctx, `SELECT `+policyRevisionColumns+` FROM policy_revisions
		WHERE effective_at <= ? ORDER BY effective_at DESC, published_at DESC, id DESC LIMIT 1`, at.UnixMilli()))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// ListPolicyRevisions is every publish and rollback, newest published
// first.
func (db *DB) ListPolicyRevisions(ctx context.Context) ([]*PolicyRevision, error) {
	return db.policyRevisions(ctx, `SELECT `+policyRevisionColumns+` FROM policy_revisions
		ORDER BY published_at DESC, id DESC`)
}

// PolicyRevisionsOf are the publishes and rollbacks of revision, first
// published first (none for a revision only served, such as the embedded
// rules before any publish).
func (db *DB) PolicyRevisionsOf(ctx context.Context, revision string) ([]*PolicyRevision, error) {
	return db.policyRevisions(ctx, `SELECT `+policyRevisionColumns+` FROM policy_revisions
		WHERE revision = ? ORDER BY published_at, id`, revision)
}

// policyRevisions reads the rows query selects (policyRevisionColumns).
func (db *DB) policyRevisions(ctx context.Context, query string, args ...any) ([]*PolicyRevision, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*PolicyRevision{}
	for rows.Next() {
		r, err := scanPolicyRevision(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
