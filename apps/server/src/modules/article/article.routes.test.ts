import { API_PREFIX, type Article, type ArticleListItem } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { saveTranslation } from './article.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = { arr: ArticleListItem[]; total: number };

describe('GET /article', () => {
  it('lists articles newest first, in English by default', async () => {
    const res = await call<List>(t.app, { method: 'GET', url: `${API_PREFIX}/article` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      arr: [
        { id: t.fixtures.articles.newer, title: 'Colour in onboarding', preview: '' },
        { id: t.fixtures.articles.older, title: 'Old English only', preview: 'articles/old.webp' },
      ],
      total: 2,
    });
  });

  it('titles in the requested language, falling back to English', async () => {
    const res = await call<List>(t.app, { method: 'GET', url: `${API_PREFIX}/article?lang=zhCN` });
    expect(res.body.data.arr.map((a) => a.title)).toEqual(['引导页中的色彩', 'Old English only']);
  });

  it('refuses an unknown language', async () => {
    const res = await call(t.app, { method: 'GET', url: `${API_PREFIX}/article?lang=de` });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^lang: /);
  });
});

describe('GET /article/:id', () => {
  it('returns the article in the requested language with its update time', async () => {
    const zh = await call<Article>(t.app, { method: 'GET', url: `${API_PREFIX}/article/${t.fixtures.articles.newer}?lang=zhCN` });
    expect(zh.body.data).toMatchObject({ id: t.fixtures.articles.newer, title: '引导页中的色彩', content: '<p>cn</p>' });
    const fallback = await call<Article>(t.app, { method: 'GET', url: `${API_PREFIX}/article/${t.fixtures.articles.older}?lang=zhTW` });
    expect(fallback.body.data).toEqual({
      id: t.fixtures.articles.older,
      title: 'Old English only',
      updateTime: '2025-09-18T08:00:00.000Z',
      content: '<p>old</p>',
    });
  });

  it('answers 404 for a missing article and 400 for a bad id', async () => {
    const missing = await call(t.app, { method: 'GET', url: `${API_PREFIX}/article/424242` });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, message: 'Article not found.', data: null });
    expect((await call(t.app, { method: 'GET', url: `${API_PREFIX}/article/zero` })).status).toBe(400);
  });
});

describe('stored article HTML', () => {
  it('is sanitised on the way in: readers get no script, handler, javascript: link, style, iframe or svg', async () => {
    const id = t.fixtures.articles.older;
    const hostile =
      '<h2 onclick="alert(1)">Hi</h2><script>alert(1)</script><p style="color:red">Text <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://ok.example">good</a></p><img src="/media/x.webp" onerror="alert(1)" alt="X">' +
      '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>';
    const at = new Date('2026-02-03T04:05:06Z');
    await saveTranslation({ db: t.db }, { articleId: id, locale: 'zhTW', title: '  標題  ', content: hostile }, at);

    const res = await call<Article>(t.app, { method: 'GET', url: `${API_PREFIX}/article/${id}?lang=zhTW` });
    expect(res.body.data).toEqual({
      id,
      title: '標題',
      updateTime: '2026-02-03T04:05:06.000Z',
      content:
        '<h2>Hi</h2><p>Text <a rel="noopener noreferrer">bad</a> <a href="https://ok.example" rel="noopener noreferrer">good</a></p>' +
        '<img src="/media/x.webp" alt="X" loading="lazy" />',
    });
    // The other languages are untouched.
    const english = await call<Article>(t.app, { method: 'GET', url: `${API_PREFIX}/article/${id}` });
    expect(english.body.data.content).toBe('<p>old</p>');
  });

  it('cannot be written for an article that does not exist', async () => {
    await expect(saveTranslation({ db: t.db }, { articleId: 424242, locale: 'enUS', title: 'x', content: '<p>x</p>' })).rejects.toThrow(
      'Article not found.',
    );
  });
});
