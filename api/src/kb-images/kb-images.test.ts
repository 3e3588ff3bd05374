import { beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import {
  API_PATHS,
  ERROR_CODES,
  KB_IMAGE_MESSAGES,
  kbArticlePath,
  kbImageUrl,
  LIMITS,
  ZKbImage,
} from '@helpdesk/contracts';
import {
  BASE_URL,
  errorOf,
  signedIn,
  sql,
  type TestClient,
  type TestUser,
  testConfig,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { insertCategory, postArticle } from '../kb/test-fixtures.ts';
import { imageFileName } from './service.ts';

type Signed = { user: TestUser; client: TestClient };
let agent: Signed;
let admin: Signed;
let endUser: Signed;
let categoryId: string;

const PNG: Uint8Array<ArrayBuffer> = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const bytesOf = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));
const storedFiles = () => readdirSync(testConfig.attachmentsDir).sort();

function upload(client: TestClient, bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return client.request('POST', API_PATHS.kbImages, { body: form });
}

async function uploaded(client: TestClient, bytes: Uint8Array<ArrayBuffer> = PNG, name = 'screen.png') {
  const response = await upload(client, bytes, name);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return ZKbImage.parse(response.body);
}

/** GET of an image as the client, with the raw response (headers and bytes). */
function fetchImage(client: TestClient, url: string) {
  return fetch(`${BASE_URL}${url}`, {
    headers: { cookie: `${testConfig.sessionCookie.name}=${client.cookie}` },
  });
}

const imageRows = async () => (await sql<{ n: number }[]>`select count(*)::int as n from kb_images`)[0]?.n;

beforeAll(async () => {
  [agent, admin, endUser] = await Promise.all([signedIn('agent'), signedIn('admin'), signedIn('end_user')]);
  categoryId = (await insertCategory()).id;
});

describe('POST /api/kb/images', () => {
  test('staff upload a PNG: 201 with its url, served inline with the attachment headers', async () => {
    const before = storedFiles();
    for (const staff of [agent, admin]) {
      const image = await uploaded(staff.client, PNG, 'screen shot.png');
      expect(image.url).toBe(kbImageUrl(image.id));
      expect(image.fileName).toBe('screen shot.png');
      const served = await fetchImage(staff.client, image.url);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-disposition')).toBe(
        `inline; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`,
      );
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
    }
    expect(storedFiles().length).toBe(before.length + 2);
  });

  test('the type comes from the bytes: a GIF named .html is a GIF, saved as .html.gif', async () => {
    const gif = bytesOf('GIF89a/*<script>alert(1)</script>*/');
    const image = await uploaded(agent.client, gif, 'page.html');
    expect(image.fileName).toBe('page.html.gif');
    const served = await fetchImage(agent.client, image.url);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  test('a PNG polyglot carrying HTML is stored as a PNG and never served as a page', async () => {
    const polyglot = new Uint8Array([...PNG, ...bytesOf('<html><script>alert(1)</script></html>')]);
    const image = await uploaded(agent.client, polyglot, 'x.png');
    const served = await fetchImage(agent.client, image.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test.each([
    ['text with an image extension', bytesOf('just some words'), 'shot.png'],
    ['HTML named .png', bytesOf('<html><script>alert(1)</script></html>'), 'shot.png'],
    ['SVG', bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'shot.svg'],
    ['a PDF named .jpg', bytesOf('%PDF-1.7\n'), 'shot.jpg'],
    ['a ZIP named .gif', bytesOf('PK\u0003\u0004rest'), 'shot.gif'],
    ['binary junk', new Uint8Array([0, 1, 2, 3, 0xff, 0xfe]), 'shot.webp'],
  ])('%s is refused with 415 and nothing is stored', async (_, bytes, name) => {
    const files = storedFiles();
    const rows = await imageRows();
    const response = await upload(agent.client, bytes, name);
    expect(response.status).toBe(415);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.unsupportedMediaType,
      message: KB_IMAGE_MESSAGES.imageTypeNotAllowed,
    });
    expect(storedFiles()).toEqual(files);
    expect(await imageRows()).toBe(rows);
  });

  test('an empty file, no file, or JSON are refused', async () => {
    expect((await upload(agent.client, new Uint8Array(0), 'empty.png')).status).toBe(400);
    expect((await agent.client.request('POST', API_PATHS.kbImages, { body: new FormData() })).status).toBe(
      400,
    );
    expect((await agent.client.post(API_PATHS.kbImages, { file: 'x' })).status).toBe(415);
  });

  test('over 10 MB is refused with 413, nothing stored', async () => {
    const files = storedFiles();
    const over = new Uint8Array(LIMITS.maxAttachmentBytes + 1);
    over.set(PNG);
    const response = await upload(agent.client, over, 'huge.png');
    expect(response.status).toBe(413);
    expect(storedFiles()).toEqual(files);
  });

  test('end users and signed-out callers cannot upload', async () => {
    const files = storedFiles();
    expect((await upload(endUser.client, PNG, 'x.png')).status).toBe(403);
    const anonymous = new FormData();
    anonymous.append('file', new Blob([PNG]), 'x.png');
    expect(
      (await fetch(`${BASE_URL}${API_PATHS.kbImages}`, { method: 'POST', body: anonymous })).status,
    ).toBe(401);
    expect(storedFiles()).toEqual(files);
  });

  test('a flood of uploads meets the uploads write limit (429), the refused ones not stored', async () => {
    const flooder = await signedIn('agent');
    const files = storedFiles().length;
    await withRateLimitScale(1, async () => {
      for (let index = 0; index < 60; index += 1) {
        expect((await upload(flooder.client, PNG, `f${index}.png`)).status).toBe(201);
      }
      const refused = await upload(flooder.client, PNG, 'one-more.png');
      expect(refused.status).toBe(429);
      expect(errorOf(refused).message).toMatch(/uploaded too many files/);
    });
    expect(storedFiles().length).toBe(files + 60);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from kb_images where uploaded_by_id = ${flooder.user.id}`;
    expect(row?.n).toBe(60);
  });
});

describe('GET /api/kb/images/{id}: who sees an image', () => {
  test('an end user sees an image only while a published article shows it', async () => {
    const image = await uploaded(agent.client);
    // Not yet in any article: staff only.
    expect((await fetchImage(endUser.client, image.url)).status).toBe(404);
    expect((await fetchImage(agent.client, image.url)).status).toBe(200);

    const content = `Steps:\n\n![screen](${image.url})`;
    const draft = await postArticle(agent.client, categoryId, { content, status: 'draft' });
    const inDraft = await fetchImage(endUser.client, image.url);
    expect(inDraft.status).toBe(404);
    expect(await inDraft.json()).toMatchObject({ message: KB_IMAGE_MESSAGES.imageNotFound });

    const edit = { title: draft.title, content, categoryId, status: 'published' as const };
    expect((await agent.client.put(kbArticlePath(draft.id), edit)).status).toBe(200);
    expect((await fetchImage(endUser.client, image.url)).status).toBe(200);

    // The image taken out of the article: the article no longer lends it.
    expect(
      (await agent.client.put(kbArticlePath(draft.id), { ...edit, content: 'No picture now' })).status,
    ).toBe(200);
    expect((await fetchImage(endUser.client, image.url)).status).toBe(404);
  });

  test('an image of a published article in an inactive category is hidden from end users', async () => {
    const image = await uploaded(agent.client);
    const category = await insertCategory();
    await postArticle(agent.client, category.id, { content: `![x](${image.url})`, status: 'published' });
    expect((await fetchImage(endUser.client, image.url)).status).toBe(200);
    await sql`update kb_categories set is_active = false where id = ${category.id}`;
    expect((await fetchImage(endUser.client, image.url)).status).toBe(404);
  });

  test('an unknown or malformed id is not found / refused, and signed-out callers get 401', async () => {
    expect((await fetchImage(agent.client, kbImageUrl(crypto.randomUUID()))).status).toBe(404);
    expect((await agent.client.get(`${API_PATHS.kbImages}/not-a-uuid`)).status).toBe(400);
    expect((await agent.client.get(`${API_PATHS.kbImages}/..%2f..%2fetc%2fpasswd`)).status).toBe(400);
    const image = await uploaded(agent.client);
    expect((await fetch(`${BASE_URL}${image.url}`)).status).toBe(401);
  });

  test('references to ids that are no image are skipped on save', async () => {
    const ghost = kbImageUrl(crypto.randomUUID());
    const article = await postArticle(agent.client, categoryId, { content: `![x](${ghost})` });
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from kb_article_images where article_id = ${article.id}`;
    expect(row?.n).toBe(0);
  });
});

test('imageFileName adds the type extension when the name lacks it', () => {
  expect(imageFileName('shot.PNG', 'image/png')).toBe('shot.PNG');
  expect(imageFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
  expect(imageFileName('image', 'image/webp')).toBe('image.webp');
  expect(imageFileName('a.svg', 'image/gif')).toBe('a.svg.gif');
});
