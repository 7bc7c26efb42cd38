import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// application.saveDraft: keeps what a page holds before it is saved (at
// most 64 KiB, sealed on the server). The section page calls it itself, on
// a timer and when the page is hidden, so it is a plain function rather
// than a mutation hook.

// A draft is the open `{...}` of #ApplicationSaveDraftInput (which
// openapi-typescript renders as Record<string, never>).
export type SaveDraftInput = { path: string; draft: Record<string, unknown> };
export type SavedDraft = components['schemas']['ApplicationDraftSaved'];

const PROCEDURE = 'application.saveDraft';

export async function saveDraft(input: SaveDraftInput): Promise<SavedDraft> {
  return api.mutate<SavedDraft>(PROCEDURE, input);
}
