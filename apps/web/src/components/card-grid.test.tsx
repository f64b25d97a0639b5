import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memo } from 'react';
import { CardGrid, keptLayout, STEP_CELLS, WINDOW_FROM } from './card-grid';

const cards = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Card ${i + 1}` }));

function renderGrid(count: number) {
  return render(
    <CardGrid
      items={cards(count)}
      columns={4}
      estimateRowHeight={500}
      listProps={{ role: 'list', 'aria-label': 'Cards' }}
      renderItem={(card, position, cellProps) => (
        <li key={card.id} {...cellProps} data-position={position}>
          {card.name}
        </li>
      )}
      trailing={<li aria-hidden="true">loading</li>}
    />,
  );
}

describe('CardGrid', () => {
  it(`draws a list of up to ${WINDOW_FROM} cards whole, then the trailing placeholders`, () => {
    renderGrid(WINDOW_FROM);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(WINDOW_FROM);
    expect(items[0]!.textContent).toBe('Card 1');
    expect(items.at(-1)!.textContent).toBe(`Card ${WINDOW_FROM}`);
    expect(screen.queryByText('loading')).not.toBeNull();
  });

  it('draws only the rows near the viewport of a longer list, from the top, in order, without the trailing placeholders', async () => {
    renderGrid(1000);
    // The windowed form is a chunk of its own: the whole list stands in until it is there.
    await screen.findByRole('list', { name: 'Cards' });
    await expect.poll(() => screen.getAllByRole('listitem').length, { timeout: 10_000 }).toBeLessThan(100);
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.map((item) => item.textContent)).toEqual(cards(items.length).map((card) => card.name));
    // Each drawn row is measured through its first cell.
    expect(items[0]!.getAttribute('data-index')).toBe('0');
    expect(items[4]!.getAttribute('data-index')).toBe('1');
    expect(screen.queryByText('loading')).toBeNull();
    // The rows below stand in as padding: the list keeps the height of all 250 rows.
    expect(Number.parseFloat(screen.getByRole('list').style.paddingBottom)).toBeGreaterThan(100 * 500);
  });

  it('drawn in steps, draws its first cells with the page and the others in later tasks, in their places', async () => {
    vi.useFakeTimers();
    try {
      const renders: number[] = [];
      const { rerender } = render(<StepGrid count={8} renders={renders} />);
      const texts = () => screen.getAllByRole('listitem', { hidden: true }).map((item) => item.textContent);
      // Every place is there from the start (the page below keeps its height): the first row, then placeholders.
      expect(texts()).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4', 'waiting', 'waiting', 'waiting', 'waiting']);
      await act(() => vi.advanceTimersToNextTimerAsync());
      expect(texts().filter((text) => text !== 'waiting')).toHaveLength(4 + STEP_CELLS);
      await act(() => vi.runAllTimersAsync());
      expect(texts()).toEqual(cards(8).map((card) => card.name));
      // Each card was drawn once: the cells already there are not drawn again as the others come.
      expect(renders.filter((id) => id === 1)).toHaveLength(1);
      // Later pages are drawn whole, at once.
      rerender(<StepGrid count={16} renders={renders} />);
      expect(texts()).toEqual(cards(16).map((card) => card.name));
    } finally {
      vi.useRealTimers();
    }
  });

  it('drawn in steps, steps through its first cells when they come after the grid (the page’s data arriving)', async () => {
    vi.useFakeTimers();
    try {
      const renders: number[] = [];
      const { rerender } = render(<StepGrid count={0} renders={renders} />);
      await act(() => vi.runAllTimersAsync());
      rerender(<StepGrid count={8} renders={renders} />);
      const texts = () => screen.getAllByRole('listitem', { hidden: true }).map((item) => item.textContent);
      expect(texts()).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4', 'waiting', 'waiting', 'waiting', 'waiting']);
      // A task per step (each step's timer is set once the previous one is drawn).
      for (let step = 0; step < 4; step++) await act(() => vi.advanceTimersToNextTimerAsync());
      expect(texts()).toEqual(cards(8).map((card) => card.name));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a windowed grid’s layout under the history entry it was drawn in, for Back (the router moves on before it goes)', async () => {
    window.history.replaceState({ key: 'list-entry', idx: 3 }, '');
    const { unmount } = renderGrid(1000);
    await expect.poll(() => screen.getAllByRole('listitem').length, { timeout: 10_000 }).toBeLessThan(100);
    // The router pushes the next entry, then draws its page: the grid goes while the history is on the new entry.
    window.history.pushState({ key: 'next-entry', idx: 4 }, '');
    unmount();
    expect(keptLayout('next-entry')).toBeNull();
    const kept = keptLayout('list-entry');
    expect(kept?.rowHeights).toHaveLength(250);
    expect(kept?.scrollY).toBe(0);
  });
});

const Cell = memo(function Cell({ card, renders }: { card: { id: number; name: string }; renders: number[] }) {
  renders.push(card.id);
  return <>{card.name}</>;
});

const sixteen = cards(16);

function StepGrid({ count, renders }: { count: number; renders: number[] }) {
  return (
    <CardGrid
      items={sixteen.slice(0, count)}
      columns={4}
      estimateRowHeight={500}
      listProps={{ role: 'list', 'aria-label': 'Cards' }}
      renderItem={(card, _position, cellProps) => (
        <li key={card.id} {...cellProps}>
          <Cell card={card} renders={renders} />
        </li>
      )}
      steps={{ first: 4, placeholder: (position) => <li key={`placeholder-${position}`} aria-hidden="true">waiting</li> }}
    />
  );
}
