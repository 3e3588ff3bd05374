import {
  API_PATHS,
  type TUser,
  ZCreateKbCategoryRequest,
  ZKbArticleIdParams,
  ZKbCategoryIdParams,
  ZKbManagedCategory,
  ZKbManagedCategoryListResponse,
  ZUpdateKbCategoryRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  changeCategory,
  createCategory,
  listManagedCategories,
  removeArticle,
  removeCategory,
} from './category-service.ts';

const tags = ['knowledge base'];

/** Managing the knowledge base: categories (staff) and deleting an article (admins). */
export function createKbManageRoutes({ config, session }: RouteDeps) {
  const actorOf = (ctx: { user: TUser; request: Request; server: Parameters<typeof requestMeta>[1] }) => ({
    user: ctx.user,
    meta: requestMeta(ctx.request, ctx.server, config.trustedProxies),
  });
  return new Elysia({ name: 'kb-manage-routes' })
    .use(session)
    .get(API_PATHS.kbCategoriesManage, () => listManagedCategories(), {
      auth: 'staff',
      response: responseShape(ZKbManagedCategoryListResponse),
      detail: {
        tags,
        summary: 'Every category in sortOrder, inactive ones too, with article counts (staff)',
      },
    })
    .post(
      API_PATHS.kbCategories,
      async (ctx) => {
        const category = await createCategory(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return category;
      },
      {
        auth: 'staff',
        parse: 'json',
        body: ZCreateKbCategoryRequest,
        response: { 201: responseShape(ZKbManagedCategory) },
        detail: {
          tags,
          summary: 'Create a category (name unique whatever its case, slug from the name); audited',
        },
      },
    )
    .patch(`${API_PATHS.kbCategories}/:id`, (ctx) => changeCategory(actorOf(ctx), ctx.params.id, ctx.body), {
      auth: 'staff',
      params: ZKbCategoryIdParams,
      parse: 'json',
      body: ZUpdateKbCategoryRequest,
      response: responseShape(ZKbManagedCategory),
      detail: { tags, summary: 'Rename, describe, re-icon, move or (de)activate a category; audited' },
    })
    .delete(
      `${API_PATHS.kbCategories}/:id`,
      async (ctx) => {
        await removeCategory(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'staff',
        params: ZKbCategoryIdParams,
        detail: { tags, summary: 'Delete a category without articles (409 while it has any); audited' },
      },
    )
    .delete(
      `${API_PATHS.kbArticles}/:id`,
      async (ctx) => {
        await removeArticle(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZKbArticleIdParams,
        detail: { tags, summary: 'Delete an article for good (admins); audited' },
      },
    );
}
