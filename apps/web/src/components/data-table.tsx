import type { Key, ReactNode } from 'react';
import styles from './data-table.module.css';

export type Column<Row> = {
  key: string;
  header: ReactNode;
  /** What this column's cell says about its row. */
  cell: (row: Row) => ReactNode;
  /** The column that names each row: its cells are row headers. */
  rowHeader?: boolean;
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
  /** The column that stands out, in the accent tint. */
  highlight?: boolean;
  /**
   * Short values that read badly broken (a level, a state, a date): kept on one line. Chinese text
   * may break between any two characters, so a squeezed column otherwise goes one character a line.
   */
  nowrap?: boolean;
};

type DataTableProps<Row> = {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** On the frame: where a page sets the table's --table-* properties. */
  className?: string;
  /**
   * In a narrow frame (a phone), each row becomes a card listing its cells under their column's
   * name, so every column stays in sight; otherwise the frame scrolls sideways.
   */
  cardsWhenNarrow?: boolean;
};

/** A real table: a caption, column headers and row headers, in a frame that scrolls sideways (or turns into cards) on narrow screens. */
export function DataTable<Row>({ caption, columns, rows, rowKey, className, cardsWhenNarrow = false }: DataTableProps<Row>) {
  const classOf = (column: Column<Row>) =>
    [column.numeric && styles.numeric, column.highlight && styles.highlight, column.nowrap && styles.nowrap].filter(Boolean).join(' ') || undefined;
  /** A card's cell is named by its column (CSS shows it before the value). */
  const labelOf = (column: Column<Row>) => (cardsWhenNarrow && typeof column.header === 'string' ? column.header : undefined);
  const frame = [styles.wrap, cardsWhenNarrow && styles.cards, className].filter(Boolean).join(' ');
  return (
    <div className={frame}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={classOf(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={classOf(column)} data-label={labelOf(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={classOf(column)} data-label={labelOf(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
