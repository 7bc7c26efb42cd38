package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/heloc/heloc/server/store"
)

// auditCommand is `heloc audit purge`: it deletes the audit entries older
// than 25 months (Reg B) now, as the server does once a day.
func auditCommand(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "purge" {
		return errors.New("usage: heloc audit purge")
	}
	cfg, err := loadConfig(os.Getenv)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.PurgeAudit(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "purged %d audit entries older than %s\n", n, store.AuditCutoff(time.Now().UTC()).Format(time.DateOnly))
	return nil
}

// purgeAuditPeriod is how often the server purges the audit log.
const purgeAuditPeriod = 24 * time.Hour

// purgeAudit deletes the audit entries older than 25 months (Reg B) when
// the server starts and once a day after.
func purgeAudit(ctx context.Context, db *store.DB, log *slog.Logger) {
	tick := time.NewTicker(purgeAuditPeriod)
	defer tick.Stop()
	for {
		if n, err := db.PurgeAudit(ctx); err != nil && ctx.Err() == nil {
			log.Warn("purge audit log", slog.String("error", err.Error()))
		} else if n > 0 {
			log.Info("purged audit log", slog.Int64("entries", n))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
