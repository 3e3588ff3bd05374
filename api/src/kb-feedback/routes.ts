import {
  API_PATHS,
  KB_DEFLECTIONS_PATH,
  ZKbArticleIdParams,
  ZKbDeflectionRequest,
  ZKbFeedback,
  ZKbFeedbackRequest,
  ZKbFeedbackResponse,
  ZKbFeedbackSummary,
  ZKbFeedbackSummaryQuery,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { answerFeedback, getFeedbackSummary, getOwnFeedback, recordDeflection } from './service.ts';

const tags = ['knowledge base'];
const feedbackPath = `${API_PATHS.kbArticles}/:id/feedback`;

/** "Was this helpful?" answers, the staff summary per article, and deflections from the ticket form. */
export function createKbFeedbackRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'kb-feedback-routes' })
    .use(session)
    .get(feedbackPath, ({ user, params }) => getOwnFeedback(user, params.id), {
      auth: 'signed-in',
      params: ZKbArticleIdParams,
      response: responseShape(ZKbFeedbackResponse),
      detail: { tags, summary: "The caller's own answer on an article they may read, or null" },
    })
    .put(feedbackPath, ({ user, params, body }) => answerFeedback(user, params.id, body), {
      auth: 'signed-in',
      params: ZKbArticleIdParams,
      parse: 'json',
      body: ZKbFeedbackRequest,
      response: responseShape(ZKbFeedback),
      detail: {
        tags,
        summary: 'Answer "Was this helpful?" (one answer per person, changeable); write-limited',
      },
    })
    .get(`${feedbackPath}/summary`, ({ params, query }) => getFeedbackSummary(params.id, query), {
      auth: 'staff',
      params: ZKbArticleIdParams,
      query: ZKbFeedbackSummaryQuery,
      response: responseShape(ZKbFeedbackSummary),
      detail: { tags, summary: 'Staff: yes/no counts, helpful rate and the "No" comments, newest first' },
    })
    .post(
      KB_DEFLECTIONS_PATH,
      async ({ user, body, set }) => {
        await recordDeflection(user, body.articleId);
        set.status = 204;
      },
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZKbDeflectionRequest,
        detail: {
          tags,
          summary: 'Counts a suggested article opened before a ticket draft was abandoned; write-limited',
        },
      },
    );
}
