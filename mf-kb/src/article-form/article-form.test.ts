import { describe, expect, test } from 'bun:test';
import {
  KB_LIMITS,
  type TKbArticle,
  ZCreateArticleRequest,
  ZUpdateArticleRequest,
} from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import {
  ARTICLE_FEEDBACK,
  ARTICLE_FORM_DEFAULTS,
  articleFormValues,
  articleSaveFailure,
  categoryChoices,
  createArticleBody,
  firstTagError,
  updateArticleBody,
} from './article-form.ts';

const categoryId = '0b8a4d5e-1f2a-4c3b-9d8e-7f6a5b4c3d2e';
const valid = {
  ...ARTICLE_FORM_DEFAULTS,
  title: '  Connecting to the VPN!  ',
  categoryId,
  content: 'Line one\nLine two',
  tags: ['vpn'],
};

const apiError = (status: number, body: object) =>
  new ApiRequestError(status, 'Bad Request', JSON.stringify(body));

describe('the article form', () => {
  test('defaults: empty texts, status draft, no tags', () => {
    expect(ARTICLE_FORM_DEFAULTS).toEqual({
      title: '',
      categoryId: '',
      status: 'draft',
      excerpt: '',
      content: '',
      tags: [],
    });
  });

  test('the empty form names each missing field', () => {
    const result = ZCreateArticleRequest.safeParse(ARTICLE_FORM_DEFAULTS);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      title: 'Title is required',
      categoryId: 'Please choose a category',
      content: 'Content is required',
    });
  });

  test('oversized fields are refused before they are sent', () => {
    const result = ZCreateArticleRequest.safeParse({
      ...valid,
      title: 't'.repeat(501),
      excerpt: 'e'.repeat(KB_LIMITS.excerptMax + 1),
    });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(
      ['Excerpt is too long', 'Title is too long'].sort(),
    );
  });

  test('the create body carries the slug built from the title and the time', () => {
    const values = ZCreateArticleRequest.parse(valid);
    const body = createArticleBody(values, 1763700000000);
    expect(body).toEqual({
      title: 'Connecting to the VPN!',
      categoryId,
      status: 'draft',
      excerpt: '',
      content: 'Line one\nLine two',
      tags: ['vpn'],
      slug: 'connecting-to-the-vpn-1763700000000',
    });
    expect(ZCreateArticleRequest.safeParse(body).success).toBe(true);
  });

  test('the update body never carries a slug, and the API schema accepts it', () => {
    const body = updateArticleBody(ZCreateArticleRequest.parse({ ...valid, status: 'published' }));
    expect(body).not.toHaveProperty('slug');
    expect(body.status).toBe('published');
    expect(ZUpdateArticleRequest.safeParse(body).success).toBe(true);
  });

  test('the edit form is prefilled from the article', () => {
    const article: TKbArticle = {
      id: '6c1f1f3e-9d7b-4a57-b1c6-0d6a3c2e5f10',
      title: 'Old',
      slug: 'old-1',
      excerpt: null,
      categoryId,
      status: 'archived',
      tags: ['a', 'b'],
      isPopular: false,
      viewCount: 3,
      publishedAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      category: { id: categoryId, name: 'Hardware' },
      author: { id: categoryId, firstName: 'A', lastName: 'B' },
      content: 'Body',
      lastViewedAt: null,
      revision: 1,
    };
    expect(articleFormValues(article)).toEqual({
      title: 'Old',
      categoryId,
      status: 'archived',
      excerpt: '',
      content: 'Body',
      tags: ['a', 'b'],
    });
  });
});

describe('categoryChoices', () => {
  const category = (id: string, name: string, sortOrder: number) => ({
    id,
    name,
    slug: name.toLowerCase(),
    description: null,
    icon: 'BookOpen',
    isActive: true,
    sortOrder,
    articleCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
  const active = [category('a', 'Hardware', 0), category('b', 'Security', 1)];

  test('the active categories in their order; nothing while they load', () => {
    expect(categoryChoices(active, null)).toEqual([
      { id: 'a', name: 'Hardware' },
      { id: 'b', name: 'Security' },
    ]);
    expect(categoryChoices(undefined, { id: 'a', name: 'Hardware' })).toBeUndefined();
  });

  test("an article's deactivated category stays choosable, once", () => {
    expect(categoryChoices(active, { id: 'z', name: 'Retired' })?.map((c) => c.name)).toEqual([
      'Hardware',
      'Security',
      'Retired',
    ]);
    expect(categoryChoices(active, { id: 'b', name: 'Security' })).toHaveLength(2);
  });
});

describe('articleSaveFailure', () => {
  test("the server's field messages go under their fields; a tag's under Tags", () => {
    const error = apiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      fields: { categoryId: 'Unknown category', 'tags.1': 'Tag is too long', 'tags.3': 'Tag is too long' },
    });
    expect(articleSaveFailure('create', error)).toEqual({
      kind: 'fields',
      fields: [
        ['categoryId', 'Unknown category'],
        ['tags', 'Tag is too long'],
      ],
    });
  });

  test("otherwise a toast with the server's message", () => {
    const error = apiError(409, { code: 'CONFLICT', message: 'An article with this slug already exists' });
    expect(articleSaveFailure('create', error)).toEqual({
      kind: 'toast',
      title: 'Failed to create article',
      description: 'An article with this slug already exists',
    });
  });

  test("without a server message: 'Please try again later.'", () => {
    expect(articleSaveFailure('update', new TypeError('Failed to fetch'))).toEqual({
      kind: 'toast',
      title: 'Failed to update article',
      description: 'Please try again later.',
    });
    expect(articleSaveFailure('update', new ApiRequestError(502, 'Bad Gateway', '<html>'))).toMatchObject({
      description: 'Please try again later.',
    });
  });

  test('fields the form does not have are not lost: they become the toast', () => {
    const error = apiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Invalid slug',
      fields: { slug: 'x' },
    });
    expect(articleSaveFailure('create', error)).toMatchObject({ kind: 'toast', description: 'Invalid slug' });
  });

  test('success texts', () => {
    expect(ARTICLE_FEEDBACK.create.success).toEqual({
      title: 'Article created successfully',
      description: 'Your article has been saved.',
    });
    expect(ARTICLE_FEEDBACK.update.success).toEqual({
      title: 'Article updated successfully',
      description: 'Your changes have been saved.',
    });
  });
});

describe('firstTagError', () => {
  test('a problem of the whole list, or of the first bad tag', () => {
    expect(firstTagError({ message: 'At most 20 tags', type: 'too_big' })).toBe('At most 20 tags');
    expect(firstTagError({ root: { message: 'At most 20 tags' } })).toBe('At most 20 tags');
    expect(firstTagError([undefined, { message: 'Tag is too long' }])).toBe('Tag is too long');
    expect(firstTagError(undefined)).toBeNull();
  });
});
