import { describe, expect, test } from 'bun:test';
import { ZCreateArticleRequest, ZUpdateArticleRequest } from '@helpdesk/contracts';
import { createArticleBody, updateArticleBody, ZArticleForm } from './article-form.ts';

const values = ZArticleForm.parse({
  title: 'VPN',
  content: 'Body',
  categoryId: '0b8a4d5e-1f2a-4c3b-9d8e-7f6a5b4c3d2e',
  isPopular: true,
});

describe('Show as popular', () => {
  test('an edit sends it, and the update request accepts it', () => {
    const body = updateArticleBody(values);
    expect(body.isPopular).toBe(true);
    expect(ZUpdateArticleRequest.safeParse(body).success).toBe(true);
  });

  test('a new article never sends it: the create request refuses the field', () => {
    const body = createArticleBody(values, 0);
    expect('isPopular' in body).toBe(false);
    expect(ZCreateArticleRequest.safeParse(body).success).toBe(true);
    expect(ZCreateArticleRequest.safeParse({ ...body, isPopular: true }).success).toBe(false);
  });

  test('a form without the flag (an older answer) leaves it out, so the server keeps its own', () => {
    const { isPopular: _flag, ...untouched } = values;
    expect('isPopular' in updateArticleBody(untouched)).toBe(false);
  });
});
