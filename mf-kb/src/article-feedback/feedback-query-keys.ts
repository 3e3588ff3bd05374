import { API_PATHS } from '@helpdesk/contracts';

/** GET /api/kb/articles/{id}/feedback: the signed-in person's own answer. */
export const ownFeedbackKey = (articleId: string) => [API_PATHS.kbArticles, articleId, 'feedback'] as const;

/** GET /api/kb/articles/{id}/feedback/summary (staff); pages add the cursor. */
export const feedbackSummaryKey = (articleId: string) =>
  [API_PATHS.kbArticles, articleId, 'feedback', 'summary'] as const;
