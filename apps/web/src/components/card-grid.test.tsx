import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardGrid, WINDOW_FROM } from './card-grid';

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
});
