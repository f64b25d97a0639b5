import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/data/articles';
import { sanitizeArticleHtml as clean } from './article-html';

describe('sanitizeArticleHtml', () => {
  it('drops scripts and styles with their content', () => {
    expect(clean('<p>Hello<script>alert(1)</script></p><style>p { color: red }</style>')).toBe('<p>Hello</p>');
    expect(clean('<p>a</p><script src="https://evil.example/x.js"></script>')).toBe('<p>a</p>');
  });

  it('drops event handlers, style, class and id attributes', () => {
    expect(clean('<img src="/media/a.webp" onerror="alert(1)" alt="A">')).toBe('<img src="/media/a.webp" alt="A" loading="lazy" />');
    expect(clean('<p style="background:url(javascript:alert(1))" class="x" id="y" onclick="alert(1)">t</p>')).toBe('<p>t</p>');
    expect(clean('<a href="https://ok.example" onmouseover="alert(1)">ok</a>')).toBe(
      '<a href="https://ok.example" rel="noopener noreferrer">ok</a>',
    );
  });

  it('refuses javascript:, data: and protocol-relative URLs, however they are spelt', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', '&#106;avascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/']) {
      const out = clean(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a rel="noopener noreferrer">x</a>');
    }
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });

  it('keeps http, https, mailto and relative links, each with rel="noopener noreferrer"', () => {
    expect(clean('<a href="http://a.example" title="A" target="_blank" rel="opener">a</a>')).toBe(
      '<a href="http://a.example" title="A" rel="noopener noreferrer">a</a>',
    );
    expect(clean('<a href="mailto:hi@example.com">m</a>')).toBe('<a href="mailto:hi@example.com" rel="noopener noreferrer">m</a>');
    expect(clean('<a href="/point/3">r</a>')).toBe('<a href="/point/3" rel="noopener noreferrer">r</a>');
  });

  it('removes iframes, svg (with onload), objects, embeds and forms', () => {
    expect(clean('<iframe src="https://evil.example"></iframe>')).toBe('');
    expect(clean('<svg onload="alert(1)"><circle r="4"/></svg>')).toBe('');
    expect(clean('<svg><a xlink:href="javascript:alert(1)">z</a></svg>')).toBe('<a rel="noopener noreferrer">z</a>');
    expect(clean('<object data="x.swf"></object><embed src="y"><form action="/x"><input name="a"><button>Go</button></form>')).toBe('Go');
    expect(clean('<math><mi xlink:href="javascript:alert(1)">x</mi></math>')).toBe('x');
  });

  it('makes every image lazy and keeps only numeric sizes', () => {
    expect(clean('<img src="https://cdn.example/a.png" width="640" height="100%" loading="eager" srcset="x 2x" title="t">')).toBe(
      '<img src="https://cdn.example/a.png" width="640" loading="lazy" />',
    );
  });

  it('keeps the allowed structure, and maps other heading levels to h2 and h3', () => {
    const html =
      '<h2>A</h2><h3>B</h3><p><strong>s</strong> <em>e</em> <code>c</code><br /></p><ul><li>1</li></ul><ol><li>2</li></ol>' +
      '<blockquote>q</blockquote><figure><img src="/media/f.webp" alt="f" loading="lazy" /><figcaption>cap</figcaption></figure>' +
      '<pre><code>a &lt; b</code></pre><hr />';
    expect(clean(html)).toBe(html);
    expect(clean('<h1>Top</h1><h4>Four</h4><h6>Six</h6>')).toBe('<h2>Top</h2><h3>Four</h3><h3>Six</h3>');
  });

  it('escapes text and is idempotent', () => {
    const once = clean('<p>1 < 2 & “quotes” 中文</p><p onclick="x">b</p>');
    expect(once).toBe('<p>1 &lt; 2 &amp; “quotes” 中文</p><p>b</p>');
    expect(clean(once)).toBe(once);
  });

  it('leaves the demo articles as written (the seed stores them through it)', () => {
    for (const article of DEMO_ARTICLES) {
      for (const text of Object.values(article.text)) expect(clean(text.content)).toBe(text.content.trim());
    }
  });
});
