import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an article may hold (docs/architecture.md §6: "Article HTML is sanitised on the server when
 * saved"). Everything is stored through `sanitizeArticleHtml`, so the page can render the stored
 * content as it is. An allow-list, not a block-list: whatever is not named here is dropped.
 *   - tags: headings h2/h3, paragraphs, lists, quotes, emphasis, links, images with captions,
 *     code, rules and line breaks. `script`, `style` and the like are dropped with their content;
 *     other unknown tags (iframe, svg, object, form, ...) are dropped, their text kept.
 *   - attributes: a[href, title], img[src, alt, width, height, loading] and nothing else, so no
 *     event handler (onerror, onload, ...), no style, no class, no id.
 *   - URLs: links http, https, mailto or relative; images http, https or relative. Never
 *     `javascript:`, `data:` or protocol-relative (`//host`) URLs.
 *   - every link gets rel="noopener noreferrer"; every image loads lazily; width and height are
 *     kept only as plain numbers.
 */
const ALLOWED_TAGS = [
  'h2',
  'h3',
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'a',
  'img',
  'figure',
  'figcaption',
  'code',
  'pre',
  'hr',
  'br',
];

const DIMENSION = /^\d{1,5}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    // rel is set by the transform below (whatever the author wrote); it is listed so it survives.
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them (not just the tag): code and styling, never text to keep.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'xmp', 'template', 'title'],
  transformTags: {
    // Headings outside the article's two levels become the nearest one (the page holds the h1).
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if ((name === 'width' || name === 'height') && !DIMENSION.test(value)) continue;
        kept[name] = value;
      }
      return { tagName, attribs: { ...kept, loading: 'lazy' } };
    },
  },
  // An image without a source shows nothing but a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Article HTML made safe to store and render (see the allow-list above). Idempotent. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
