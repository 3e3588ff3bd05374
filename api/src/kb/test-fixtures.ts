/** What the knowledge base tests share: categories and articles with words no other test uses. */
import {
  API_PATHS,
  ATTACHMENT_UPLOAD_FIELD,
  type TArticleStatus,
  type TCreateArticleRequest,
  type TKbArticle,
  ZKbArticle,
} from '@helpdesk/contracts';
import { sql, type TestClient } from '../../test/helpers.ts';
import { rebuildRecentViews } from './view-window.ts';

const CONSONANTS = 'bcdfghjklmnpqrtvwxz';

/**
 * A made-up word no other article holds: letters only (so full text sees one word) and ending in
 * 'x', which the English stemmer leaves alone.
 */
export function uniqueWord(prefix = 'kq'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `${prefix}${[...bytes].map((byte) => CONSONANTS[byte % CONSONANTS.length]).join('')}x`;
}

/** Inserts a category straight into the database. */
export async function insertCategory(
  options: { name?: string; sortOrder?: number; isActive?: boolean } = {},
): Promise<{ id: string; name: string; slug: string }> {
  const slug = `cat-${crypto.randomUUID()}`;
  const name = options.name ?? `Category ${slug.slice(4, 12)}`;
  const [row] = await sql<{ id: string; name: string; slug: string }[]>`
    insert into kb_categories (name, slug, description, sort_order, is_active)
    values (${name}, ${slug}, 'Test category', ${options.sortOrder ?? 0}, ${options.isActive ?? true})
    returning id, name, slug`;
  if (!row) throw new Error('category was not inserted');
  return row;
}

let articleCounter = 0;

/** Creates an article through the API (fails the test on anything but 201). */
export async function postArticle(
  client: TestClient,
  categoryId: string,
  overrides: Partial<TCreateArticleRequest> = {},
): Promise<TKbArticle> {
  articleCounter += 1;
  const response = await client.post(API_PATHS.kbArticles, {
    title: `Test article ${articleCounter}`,
    content: `Body of test article ${articleCounter}.`,
    categoryId,
    ...overrides,
  });
  if (response.status !== 201)
    throw new Error(`creating an article failed: ${response.status} ${response.text}`);
  return ZKbArticle.parse(response.body);
}

/** The first bytes of a PNG: what the image upload checks. */
export const TEST_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Uploads an article image as staff (fails the test on anything but 201); its id. */
export async function uploadTestKbImage(client: TestClient, name = 'shot.png'): Promise<string> {
  const form = new FormData();
  form.append(ATTACHMENT_UPLOAD_FIELD, new Blob([TEST_PNG], { type: 'image/png' }), name);
  const response = await client.request('POST', API_PATHS.kbImages, { body: form });
  if (response.status !== 201) throw new Error(`image upload failed: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
}

/** Sets an article's status straight in the database (for canaries that must never have been published). */
export async function setStatus(articleId: string, status: TArticleStatus): Promise<void> {
  await sql`update kb_articles set status = ${status} where id = ${articleId}`;
}

/**
 * Adds views to an article's row for a day (0 = today, 1 = yesterday, ...), then recomputes the
 * popularity window's sums from the daily rows, as the demo data does.
 */
export async function addDailyViews(articleId: string, daysAgo: number, views: number): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      insert into kb_article_views as v (article_id, viewed_on, views)
      values (${articleId}, current_date - ${daysAgo}::int, ${views})
      on conflict (article_id, viewed_on) do update set views = v.views + excluded.views`;
    await rebuildRecentViews(tx);
  });
}
