import { renderToString } from 'preact-render-to-string';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { takeOver, TakeOverLater } from './take-over';

describe('taking over the server’s page in steps', () => {
  it('leaves the wrapped parts as the server drew them, then takes them over in later tasks, in order, keeping their elements', async () => {
    const clicks: number[] = [];
    const taken: string[] = [];
    function Part({ n }: { n: number }) {
      useEffect(() => void taken.push(`part ${n}`), [n]);
      return (
        <button type="button" onClick={() => clicks.push(n)}>
          Part {n}
        </button>
      );
    }
    function Page() {
      useEffect(() => void taken.push('page'), []);
      return (
        <main>
          <h1>Page</h1>
          {[1, 2, 3].map((n) => (
            <TakeOverLater key={n}>
              <Part n={n} />
            </TakeOverLater>
          ))}
        </main>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Page />);
    const drawn = [...container.querySelectorAll('button')];
    expect(drawn.map((button) => button.textContent)).toEqual(['Part 1', 'Part 2', 'Part 3']);

    takeOver(() => void hydrateRoot(container, <Page />));
    // The parts are not the app's yet: a click does nothing, and the server's markup stays.
    drawn[0]!.click();
    expect(clicks).toEqual([]);
    expect(container.querySelectorAll('button')).toHaveLength(3);

    await vi.waitFor(() => expect(taken).toEqual(['page', 'part 1', 'part 2', 'part 3']), { timeout: 2000 });
    // The same elements, now answering.
    expect([...container.querySelectorAll('button')]).toEqual(drawn);
    for (const button of drawn) button.click();
    expect(clicks).toEqual([1, 2, 3]);
    container.remove();
  });

  it('renders its part at once outside a take-over', async () => {
    const container = document.createElement('div');
    hydrateRoot(
      container,
      <TakeOverLater>
        <p>Now</p>
      </TakeOverLater>,
    );
    await vi.waitFor(() => expect(container.textContent).toBe('Now'));
  });
});
