import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

type Order = { tno: string; plan: string; amount: string };
const ORDERS: Order[] = [
  { tno: 'a1', plan: 'Month plan', amount: '$9.00' },
  { tno: 'b2', plan: 'Year plan', amount: '$59.00' },
];

describe('DataTable', () => {
  it('is a table named by its caption, with column headers and a row header per row', () => {
    render(
      <DataTable
        caption="Your orders, newest first"
        rows={ORDERS}
        rowKey={(order) => order.tno}
        columns={[
          { key: 'plan', header: 'Subscription name', rowHeader: true, cell: (order) => order.plan },
          { key: 'amount', header: 'Amount', numeric: true, cell: (order) => order.amount },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Your orders, newest first' });
    expect(within(table).getAllByRole('columnheader').map((cell) => [cell.textContent, cell.getAttribute('scope')])).toEqual([
      ['Subscription name', 'col'],
      ['Amount', 'col'],
    ]);
    expect(within(table).getAllByRole('rowheader').map((cell) => [cell.textContent, cell.getAttribute('scope')])).toEqual([
      ['Month plan', 'row'],
      ['Year plan', 'row'],
    ]);
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$9.00', '$59.00']);
  });
});
