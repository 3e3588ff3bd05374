import {
  API_PATHS,
  ZCreateArticleRequest,
  ZKbArticle,
  ZKbArticleIdParams,
  ZKbArticleListQuery,
  ZKbArticleListResponse,
  ZKbCategoryListResponse,
  ZKbSearchQuery,
  ZKbSearchResponse,
  ZUpdateArticleRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  createArticle,
  getArticle,
  listArticles,
  listCategories,
  searchArticles,
  updateArticleFields,
} from './service.ts';

const tags = ['knowledge base'];

/** Knowledge base: categories, article lists, search, one article (counts a view), create and edit. */
export function createKbRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'kb-routes' })
    .use(session)
    .get(API_PATHS.kbCategories, () => listCategories(), {
      auth: 'signed-in',
      response: responseShape(ZKbCategoryListResponse),
      detail: { tags, summary: 'Active categories in sortOrder, with their number of published articles' },
    })
    .get(API_PATHS.kbArticles, ({ user, query }) => listArticles(user, query), {
      auth: 'signed-in',
      query: ZKbArticleListQuery,
      response: responseShape(ZKbArticleListResponse),
      detail: {
        tags,
        summary: 'Articles by category, or popular (most read first); end users get published ones only',
      },
    })
    .get(API_PATHS.kbArticlesSearch, ({ user, query }) => searchArticles(user, query), {
      auth: 'signed-in',
      query: ZKbSearchQuery,
      response: responseShape(ZKbSearchResponse),
      detail: { tags, summary: 'Full-text search with prefixes and typo tolerance, best match first' },
    })
    .get(`${API_PATHS.kbArticles}/:id`, ({ user, params }) => getArticle(user, params.id), {
      auth: 'signed-in',
      params: ZKbArticleIdParams,
      response: responseShape(ZKbArticle),
      detail: { tags, summary: 'One article; opening a published article counts a view' },
    })
    .post(
      API_PATHS.kbArticles,
      async ({ user, body, set }) => {
        const article = await createArticle(user, body);
        set.status = 201;
        return article;
      },
      {
        auth: 'staff',
        parse: 'json',
        body: ZCreateArticleRequest,
        response: { 201: responseShape(ZKbArticle) },
        detail: { tags, summary: 'Create an article (agents and admins); the server sets the author' },
      },
    )
    .put(
      `${API_PATHS.kbArticles}/:id`,
      ({ user, params, body }) => updateArticleFields(user, params.id, body),
      {
        auth: 'staff',
        params: ZKbArticleIdParams,
        parse: 'json',
        body: ZUpdateArticleRequest,
        response: responseShape(ZKbArticle),
        detail: { tags, summary: 'Edit an article (agents and admins); the slug never changes' },
      },
    );
}
