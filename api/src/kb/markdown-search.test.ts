import { beforeAll, expect, test } from 'bun:test';
import { API_PATHS, ZKbSearchResponse, ZSearchResponse } from '@helpdesk/contracts';
import { signedIn, sql, type TestClient } from '../../test/helpers.ts';
import { insertCategory, postArticle, uniqueWord } from './test-fixtures.ts';

let agent: TestClient;
let categoryId: string;

const search = async (q: string) =>
  ZKbSearchResponse.parse((await agent.get(`${API_PATHS.kbArticlesSearch}?q=${q}`)).body).articles.map(
    (article) => article.id,
  );

beforeAll(async () => {
  agent = (await signedIn('agent')).client;
  categoryId = (await insertCategory()).id;
});

test('search finds the words of a Markdown article, not its link targets or raw HTML', async () => {
  const [word, urlWord, htmlWord] = [uniqueWord(), uniqueWord(), uniqueWord()];
  const article = await postArticle(agent, categoryId, {
    status: 'published',
    content: `## **${word}**\n\nSee [the guide](https://${urlWord}.example/) <span title="${htmlWord}">.</span>`,
  });
  expect(await search(word)).toEqual([article.id]);
  expect(await search(urlWord)).toEqual([]);
  expect(await search(htmlWord)).toEqual([]);
  const [row] = await sql<
    { text: string }[]
  >`select content_text as text from kb_articles where id = ${article.id}`;
  expect(row?.text).toBe(`${word}\nSee the guide .`);
});

test('an edit recomputes the text', async () => {
  const [before, after] = [uniqueWord(), uniqueWord()];
  const article = await postArticle(agent, categoryId, { status: 'published', content: `*${before}*` });
  const edit = { title: article.title, content: `_${after}_`, categoryId, status: 'published' };
  expect((await agent.put(`${API_PATHS.kbArticles}/${article.id}`, edit)).status).toBe(200);
  expect(await search(before)).toEqual([]);
  expect(await search(after)).toEqual([article.id]);
});

test("the desk search's snippet of an article is its text, not its markup", async () => {
  const word = uniqueWord();
  const article = await postArticle(agent, categoryId, {
    status: 'published',
    content: `# Setup\n\nRun **${word}** from [the portal](https://portal.example/x) \`now\`.`,
  });
  const answer = ZSearchResponse.parse((await agent.get(`${API_PATHS.search}?q=${word}`)).body);
  const hit = answer.articles.find((found) => found.id === article.id);
  expect(hit?.snippet.text).toContain(`Run ${word} from the portal now.`);
  expect(hit?.snippet.text).not.toMatch(/[*#`\]]|https:/);
});
