import {
  API_PATHS,
  type TUser,
  ZKbArticle,
  ZKbArticleIdParams,
  ZKbRevision,
  ZKbRevisionDiff,
  ZKbRevisionDiffQuery,
  ZKbRevisionListQuery,
  ZKbRevisionListResponse,
  ZKbRevisionParams,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { diffRevisions, getRevision, listRevisions, restoreRevision } from './revisions-service.ts';

const tags = ['knowledge base'];
const revisions = `${API_PATHS.kbArticles}/:id/revisions`;

/** An article's revisions (staff): the history, one revision, the diff of two, and restoring one. */
export function createKbRevisionRoutes({ config, session }: RouteDeps) {
  const metaOf = (ctx: { request: Request; server: Parameters<typeof requestMeta>[1] }) =>
    requestMeta(ctx.request, ctx.server, config.trustedProxies);
  return new Elysia({ name: 'kb-revision-routes' })
    .use(session)
    .get(revisions, ({ user, params, query }) => listRevisions(user, params.id, query), {
      auth: 'staff',
      params: ZKbArticleIdParams,
      query: ZKbRevisionListQuery,
      response: responseShape(ZKbRevisionListResponse),
      detail: {
        tags,
        summary: 'Revisions of an article, newest first: who saved, when, which fields changed',
      },
    })
    .get(`${revisions}/diff`, ({ user, params, query }) => diffRevisions(user, params.id, query), {
      auth: 'staff',
      params: ZKbArticleIdParams,
      query: ZKbRevisionDiffQuery,
      response: responseShape(ZKbRevisionDiff),
      detail: { tags, summary: 'What changed between two revisions: fields, tags and a bounded line diff' },
    })
    .get(`${revisions}/:number`, ({ user, params }) => getRevision(user, params.id, params.number), {
      auth: 'staff',
      params: ZKbRevisionParams,
      response: responseShape(ZKbRevision),
      detail: { tags, summary: 'One revision in full' },
    })
    .post(
      `${revisions}/:number/restore`,
      (ctx) => restoreRevision(ctx.user as TUser, ctx.params.id, ctx.params.number, metaOf(ctx)),
      {
        auth: 'staff',
        params: ZKbRevisionParams,
        response: responseShape(ZKbArticle),
        detail: { tags, summary: 'Restore a revision: a new revision with its fields; audited, limited' },
      },
    );
}
