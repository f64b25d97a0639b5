import { APP_LIVE_ATTR, EARLY_CLICKS, FIRST_VIEW_ID, OWN_RENDER_ATTR, SERVER_RENDERED_ATTR, SHELL_ID, type FirstView } from '@shotlib/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const page = { arr: [], total: 0 };
const written: FirstView = { config: { mediaBase: '/media', supportEmail: 'help@example.com', google: false }, list: { kind: 'app', page } };
const visitor = { kind: 'app', rank: 'N', name: '', group: [], signedIn: false };

/** The module afresh, with the page's HTML holding `content` in the first view's element (or none). */
async function load(content: string | null) {
  document.getElementById(FIRST_VIEW_ID)?.remove();
  if (content !== null) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_VIEW_ID;
    element.textContent = content;
    document.head.append(element);
  }
  vi.resetModules();
  return import('./first-view');
}

describe('the first view written into the page', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => document.getElementById(FIRST_VIEW_ID)?.remove());

  it('is read once and taken out of the document', async () => {
    const { firstView } = await load(JSON.stringify(written));
    expect(firstView()).toEqual(written);
    expect(document.getElementById(FIRST_VIEW_ID)).toBeNull();
    expect(firstView()?.config).toEqual(written.config);
  });

  it('gives its list page once, only to the list it was made for, as a visitor sees it', async () => {
    const { takeFirstListPage } = await load(JSON.stringify(written));
    expect(takeFirstListPage({ ...visitor, kind: 'web' })).toBeNull();
    expect(takeFirstListPage({ ...visitor, rank: 'H' })).toBeNull();
    expect(takeFirstListPage({ ...visitor, name: 'bank' })).toBeNull();
    expect(takeFirstListPage({ ...visitor, group: [12] })).toBeNull();
    expect(takeFirstListPage({ ...visitor, signedIn: true })).toBeNull();
    expect(takeFirstListPage(visitor)).toEqual(page);
    // Once: a later visit of the list (a new search, back to it) asks the server.
    expect(takeFirstListPage(visitor)).toBeNull();
  });

  it('gives the item of a detail page and its first screens once, only for that item, as a visitor sees them', async () => {
    const item = { id: 974, name: 'Birchly Studio' } as unknown as NonNullable<FirstView['item']>;
    const previews = { arr: [{ id: 5, path: 'screens/5.png', width: 1170, height: 2532 }], total: 14 } as unknown as NonNullable<FirstView['previews']>;
    const { takeFirstItem, firstView } = await load(JSON.stringify({ config: written.config, item, previews }));
    expect(takeFirstItem(975, false)).toBeNull();
    expect(takeFirstItem(974, true)).toBeNull();
    expect(takeFirstItem(974, false)).toEqual({ item, previews });
    // Once: coming back to the item later asks the server; the configuration stays.
    expect(takeFirstItem(974, false)).toBeNull();
    expect(firstView()?.config).toEqual(written.config);
  });

  it('is nothing on pages without one, or with one that cannot be read', async () => {
    expect((await load(null)).firstView()).toBeNull();
    const broken = await load('{"config":');
    expect(broken.firstView()).toBeNull();
    expect(broken.takeFirstListPage(visitor)).toBeNull();
  });
});

describe('the page the server rendered', () => {
  /** #root as the server writes it for a list page, the header bar beside it, and `<html>` marked or not. */
  function serverPage(ownRender: boolean) {
    document.body.innerHTML = `<div id="${SHELL_ID}"><div class="boot-header">Shotlib</div></div><div id="root" ${SERVER_RENDERED_ATTR}><main><h1>Apps</h1></main></div>`;
    document.documentElement.toggleAttribute(OWN_RENDER_ATTR, ownRender);
    return document.getElementById('root')!;
  }
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(OWN_RENDER_ATTR);
  });

  it('is taken over when the script in the head found it is the reader’s', async () => {
    const { shouldHydrate } = await load(null);
    expect(shouldHydrate(serverPage(false))).toBe(true);
    expect(shouldHydrate(serverPage(true))).toBe(false);
    // index.html as built (other pages): nothing to take over.
    document.body.innerHTML = '<div id="root"><div class="boot-header">Shotlib</div></div>';
    expect(shouldHydrate(document.getElementById('root')!)).toBe(false);
  });

  it('is cleared with the header bar before the app renders the reader’s own page', async () => {
    const { clearServerPage } = await load(null);
    const root = serverPage(true);
    clearServerPage(root);
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute(SERVER_RENDERED_ATTR)).toBe(false);
    expect(document.getElementById(SHELL_ID)).toBeNull();
  });
});

describe('going live', () => {
  it('marks the page as the app’s and clicks again, once, the buttons clicked before that are still on it', async () => {
    const { goLive } = await load(null);
    const clicked: string[] = [];
    const button = (name: string) => {
      const element = document.createElement('button');
      element.addEventListener('click', () => clicked.push(name));
      return element;
    };
    const kept = button('kept');
    document.body.append(kept);
    (window as unknown as Record<string, unknown>)[EARLY_CLICKS] = [kept, button('gone')];
    goLive();
    expect(document.documentElement.hasAttribute(APP_LIVE_ATTR)).toBe(true);
    expect(clicked).toEqual(['kept']);
    goLive();
    expect(clicked).toEqual(['kept']);
    kept.remove();
    document.documentElement.removeAttribute(APP_LIVE_ATTR);
  });
});
