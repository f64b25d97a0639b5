/** Which page of a list (`page` counts from 1) and how many rows a page holds. */
export type PageQuery = { page: number; pageSize: number };

/** The rows of one page of a list query, as the repositories take them. */
export const pageWindow = ({ page, pageSize }: PageQuery) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** A reply's date: ISO 8601, or null when there is none. */
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
