import { structuredPatch } from 'diff';
import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { ZApiError } from './errors.ts';
import { ZArticleStatus } from './kb.ts';

/** The fields a save can change, as a revision lists them. */
export const REVISION_FIELDS = ['title', 'content', 'excerpt', 'category', 'status', 'tags'] as const;
export const ZRevisionField = z.enum(REVISION_FIELDS);
export type TRevisionField = z.infer<typeof ZRevisionField>;

export const KB_REVISION_LIMITS = {
  listLimitDefault: 50,
  listLimitMax: 100,
  /** Revision numbers are int4 in PostgreSQL; anything larger is not a revision. */
  numberMax: 2_147_483_647,
  /** Changed lines shown at most; the rest of a huge rewrite is left out (truncated). */
  diffLinesMax: 2_000,
  /** The line diff gives up past this many edits or milliseconds (tooLarge) instead of holding the server. */
  diffMaxEditLength: 5_000,
  diffTimeoutMs: 500,
  diffContextLines: 3,
} as const;

export const KB_REVISION_MESSAGES = {
  revisionNotFound: 'Revision not found',
  invalidRevisionNumber: 'Invalid revision number',
  fromAfterTo: 'The first revision must not be newer than the second',
  editConflict: 'Someone else saved this article while you were editing it. Your changes were not saved.',
  restored: (number: number) => `Revision ${number} restored`,
} as const;

const revisionNumber = z.coerce
  .number({ error: KB_REVISION_MESSAGES.invalidRevisionNumber })
  .int(KB_REVISION_MESSAGES.invalidRevisionNumber)
  .min(1, KB_REVISION_MESSAGES.invalidRevisionNumber)
  .max(KB_REVISION_LIMITS.numberMax, KB_REVISION_MESSAGES.invalidRevisionNumber);

export const ZKbRevisionParams = z.strictObject({
  id: z.uuid({ error: 'Invalid article ID format' }),
  number: revisionNumber,
});

/** GET /api/kb/articles/{id}/revisions: newest first, `before` a number for the next page. */
export const ZKbRevisionListQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KB_REVISION_LIMITS.listLimitMax)
    .optional()
    .default(KB_REVISION_LIMITS.listLimitDefault),
  before: revisionNumber.optional(),
});
export type TKbRevisionListQuery = z.input<typeof ZKbRevisionListQuery>;

/** GET .../revisions/diff?from=N&to=M */
export const ZKbRevisionDiffQuery = z.strictObject({ from: revisionNumber, to: revisionNumber });

const ZEditor = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

/** A line of the revisions list: who saved, when, and what the save changed. */
export const ZKbRevisionSummary = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  editor: ZEditor,
  changedFields: z.array(ZRevisionField),
  restoredFrom: z.number().int().nullable(),
});
export type TKbRevisionSummary = z.infer<typeof ZKbRevisionSummary>;

export const ZKbRevisionListResponse = z.object({
  revisions: z.array(ZKbRevisionSummary),
  /** Pass as `before` for older revisions; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type TKbRevisionListResponse = z.infer<typeof ZKbRevisionListResponse>;

/** One full revision. category is null when the category no longer exists. */
export const ZKbRevision = ZKbRevisionSummary.extend({
  title: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  categoryId: z.uuid(),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  status: ZArticleStatus,
  tags: z.array(z.string()),
});
export type TKbRevision = z.infer<typeof ZKbRevision>;

/** A unified-diff hunk: lines start with '+' (added), '-' (removed) or ' ' (unchanged context). */
export const ZLineDiffHunk = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  lines: z.array(z.string()),
});
export type TLineDiffHunk = z.infer<typeof ZLineDiffHunk>;

/** A bounded line diff: tooLarge when it was not computed, truncated when lines were left out. */
export const ZLineDiff = z.object({
  hunks: z.array(ZLineDiffHunk),
  truncated: z.boolean(),
  tooLarge: z.boolean(),
});
export type TLineDiff = z.infer<typeof ZLineDiff>;

/** A field other than the body that differs between two revisions (category by name). */
export const ZKbFieldChange = z.object({
  field: ZRevisionField.exclude(['content', 'tags']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TKbFieldChange = z.infer<typeof ZKbFieldChange>;

export const ZKbRevisionDiff = z.object({
  from: ZKbRevisionSummary,
  to: ZKbRevisionSummary,
  fields: z.array(ZKbFieldChange),
  tags: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  content: ZLineDiff,
});
export type TKbRevisionDiff = z.infer<typeof ZKbRevisionDiff>;

/**
 * The 409 of PUT /api/kb/articles/{id} when `baseRevision` is not the current revision: the usual
 * error plus the current revision, so the editor can show who saved what.
 */
export const ZKbEditConflict = ZApiError.extend({
  details: z.object({ current: ZKbRevisionSummary.extend({ title: z.string(), content: z.string() }) }),
});
export type TKbEditConflict = z.infer<typeof ZKbEditConflict>;

const withFinalNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/**
 * The line diff of two texts (jsdiff), hunks with a few lines of context, bounded: past
 * diffMaxEditLength edits or diffTimeoutMs it is tooLarge; past diffLinesMax lines it is truncated.
 */
export function buildLineDiff(before: string, after: string): TLineDiff {
  // Saved bodies are trimmed, so their last line has no newline: ending both with one keeps a line
  // added after it from showing that last line as removed and added again.
  const patch = structuredPatch(
    '',
    '',
    withFinalNewline(before),
    withFinalNewline(after),
    undefined,
    undefined,
    {
      context: KB_REVISION_LIMITS.diffContextLines,
      maxEditLength: KB_REVISION_LIMITS.diffMaxEditLength,
      timeout: KB_REVISION_LIMITS.diffTimeoutMs,
    },
  );
  if (!patch) return { hunks: [], truncated: false, tooLarge: true };
  const hunks: TLineDiffHunk[] = [];
  let budget: number = KB_REVISION_LIMITS.diffLinesMax;
  for (const hunk of patch.hunks) {
    // '\ No newline at end of file' says nothing a reader of an article needs.
    const lines = hunk.lines.filter((line) => !line.startsWith('\\'));
    const { oldStart, oldLines, newStart, newLines } = hunk;
    if (lines.length > budget) {
      if (budget > 0) hunks.push({ oldStart, oldLines, newStart, newLines, lines: lines.slice(0, budget) });
      return { hunks, truncated: true, tooLarge: false };
    }
    budget -= lines.length;
    hunks.push({ oldStart, oldLines, newStart, newLines, lines });
  }
  return { hunks, truncated: false, tooLarge: false };
}

const revisionsPath = (articleId: string) => `${API_PATHS.kbArticles}/${articleId}/revisions`;
export const kbRevisionsPath = revisionsPath;
export const kbRevisionPath = (articleId: string, number: number) => `${revisionsPath(articleId)}/${number}`;
export const kbRevisionDiffPath = (articleId: string, from: number, to: number) =>
  `${revisionsPath(articleId)}/diff?${new URLSearchParams({ from: String(from), to: String(to) })}`;
export const kbRevisionRestorePath = (articleId: string, number: number) =>
  `${kbRevisionPath(articleId, number)}/restore`;
