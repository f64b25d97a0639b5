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
};

type DataTableProps<Row> = {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** On the frame: where a page sets the table's --table-* properties. */
  className?: string;
};

/** A real table: a caption, column headers and row headers, in a frame that scrolls sideways on narrow screens. */
export function DataTable<Row>({ caption, columns, rows, rowKey, className }: DataTableProps<Row>) {
  const classOf = (column: Column<Row>) =>
    [column.numeric && styles.numeric, column.highlight && styles.highlight].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.wrap} ${className}` : styles.wrap}>
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
                  <th key={column.key} scope="row" className={classOf(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={classOf(column)}>
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
