import { KB_LIMITS } from '@helpdesk/contracts';

/** The tags typed as text: split at commas (or line breaks), spaces tidied, empty ones dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((tag) => tag.trim().replace(/\s+/g, ' '))
    .filter((tag) => tag !== '');
}

/** Why addTags left tags out, in English; the tags input shows each in the reader's language. */
export const TAG_PROBLEMS = {
  tooLong: `Tags can be at most ${KB_LIMITS.tagMax} characters`,
  tooMany: `At most ${KB_LIMITS.tagsMax} tags`,
} as const;

export type TAddTagsResult = {
  tags: string[];
  /** Why some of the typed tags were left out, or null when all of them fit. */
  problem: string | null;
};

/**
 * Adds the tags typed as text to a list: a tag already there (in any letter case) is not added
 * twice, and tags over the caps of the API are left out with a reason, so the form never sends
 * what the server would refuse.
 */
export function addTags(existing: readonly string[], text: string): TAddTagsResult {
  const tags = [...existing];
  const seen = new Set(existing.map((tag) => tag.toLowerCase()));
  let problem: string | null = null;
  for (const tag of splitTags(text)) {
    if (seen.has(tag.toLowerCase())) continue;
    if (tag.length > KB_LIMITS.tagMax) {
      problem = TAG_PROBLEMS.tooLong;
      continue;
    }
    if (tags.length >= KB_LIMITS.tagsMax) {
      problem = TAG_PROBLEMS.tooMany;
      break;
    }
    tags.push(tag);
    seen.add(tag.toLowerCase());
  }
  return { tags, problem };
}

/**
 * What the tags input does with its text as it changes: every part before the last comma becomes
 * a tag; the part after it stays in the box to be typed on.
 */
export function commitCompletedTags(existing: readonly string[], text: string) {
  const lastComma = text.lastIndexOf(',');
  if (lastComma === -1) return { tags: [...existing], problem: null, draft: text };
  const added = addTags(existing, text.slice(0, lastComma));
  return { ...added, draft: text.slice(lastComma + 1).trimStart() };
}
