export const ARTICLE_STATUSES = ['draft', 'published', 'archived'] as const;

export const KB_LIMITS = {
  contentMax: 100_000,
  excerptMax: 1_000,
  tagMax: 50,
  tagsMax: 20,
  listLimitDefault: 20,
  listLimitMax: 100,
  searchLimitDefault: 10,
  searchLimitMax: 20,
  searchQueryMax: 200,
  /** Articles the Create Ticket dialog suggests for a subject. */
  suggestionsLimit: 3,
} as const;
