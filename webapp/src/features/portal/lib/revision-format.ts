import { formatDate } from '@/lib/format';

// How the portal words a policy revision (issue 24): by its hash's first 12
// hex digits, with who published it and when (heloc policy publish), or as
// never published (the rules a server started with, or RULES_DIR's reload).

/** A publish as the portal shows it (#PolicyPublication). */
export type Publication = {
  action: 'publish' | 'rollback';
  author: string;
  publishedAt: string;
  effectiveAt: string;
};

/** A revision as people quote it: its first 12 hex digits. */
export function shortRevision(revision: string): string {
  return revision.slice(0, 12);
}

/** "published by ana@example.com on November 22, 2026", or "never published" (the rules a server started or reloaded with). */
export function publishedWords(publication: Publication | null): string {
  if (!publication) return 'never published';
  const verb = publication.action === 'rollback' ? 'made live again' : 'published';
  return `${verb} by ${publication.author} on ${formatDate(publication.publishedAt)}`;
}

/** Which revision decided a stored decision, and who published it. */
export function decidedUnderWords(revision: string, publication: Publication | null): string {
  return `Decided under revision ${shortRevision(revision)} (${publishedWords(publication)}).`;
}

/**
 * Whether today's rules decide the stored input otherwise: null when the
 * decision is today's revision's own.
 */
export function todayWords(revision: string, today: string, todayDiffers: boolean | null): string {
  if (revision === today || todayDiffers === null) return 'Today’s rules are this same revision.';
  return todayDiffers
    ? `Today’s rules (revision ${shortRevision(today)}) would decide otherwise.`
    : `Today’s rules (revision ${shortRevision(today)}) decide the same.`;
}

/** Whose rules and table values an explanation shows. */
export function explainedWords(revision: string, explainedUnder: string): string {
  return explainedUnder === revision
    ? `The rules and table values above are those of revision ${shortRevision(revision)}, which made this decision.`
    : `The source of revision ${shortRevision(revision)} is not on file: the rules and table values above are today’s (revision ${shortRevision(explainedUnder)}).`;
}
