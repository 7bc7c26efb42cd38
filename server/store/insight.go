package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// ListInsights returns every insight, newest first, without its body.
func (db *DB) ListInsights(ctx context.Context) ([]*domain.Insight, error) {
	rows, err := db.read.QueryxContext(ctx, `SELECT slug, title, summary, author, published_at FROM insights ORDER BY published_at DESC, slug`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()

	insights := []*domain.Insight{}
	for rows.Next() {
		var in domain.Insight
		var published int64
		if err := rows.Scan(&in.Slug, &in.Title, &in.Summary, &in.Author, &published); err != nil {
			return nil, err
		}
		in.PublishedAt = fromMS(published)
		insights = append(insights, &in)
	}
	return insights, rows.Err()
}

// FindInsight returns the insight with the given slug, body included.
func (db *DB) FindInsight(ctx context.Context, slug string) (*domain.Insight, error) {
	var in domain.Insight
	var published int64
	err := db.getRow(ctx, `SELECT slug, title, summary, body, author, published_at FROM insights WHERE slug = ?`, slug).
		Scan(&in.Slug, &in.Title, &in.Summary, &in.Body, &in.Author, &published)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Insight not found.")
	} else if err != nil {
		return nil, err
	}
	in.PublishedAt = fromMS(published)
	return &in, nil
}

// CreateInsight stores a new insight; PublishedAt defaults to now.
func (db *DB) CreateInsight(ctx context.Context, in *domain.Insight) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if err := createInsight(ctx, tx, in); err != nil {
		return err
	}
	return tx.Commit()
}

func createInsight(ctx context.Context, tx *tx, in *domain.Insight) error {
	in.Slug = strings.TrimSpace(in.Slug)
	if in.Slug == "" || strings.TrimSpace(in.Title) == "" {
		return domain.Errorf(domain.EINVALID, "An insight needs a slug and a title.")
	}
	if in.PublishedAt.IsZero() {
		in.PublishedAt = tx.now
	}
	in.PublishedAt = in.PublishedAt.UTC().Truncate(time.Millisecond)
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO insights (slug, title, summary, body, author, published_at)
		VALUES (?, ?, ?, ?, ?, ?)`),
		in.Slug, in.Title, in.Summary, in.Body, in.Author, in.PublishedAt.UnixMilli())
	if isUniqueViolation(err) {
		return domain.Errorf(domain.ECONFLICT, "An insight with this slug already exists.")
	}
	return err
}
