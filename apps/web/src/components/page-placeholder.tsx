import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from './document-title';
import styles from './page-placeholder.module.css';
import { Panel } from './panel';
import text from './text.module.css';

type PagePlaceholderProps = {
  title: string;
  /** One honest sentence about what this page will do. */
  body: string;
  /** Faint tiles hinting at the grid the finished page will show: its columns and tile shape. */
  columns?: number;
  tileAspect?: string;
  /** Heading level: 1 for a page, 2 inside a layout that already has the page's h1. */
  level?: 1 | 2;
  children?: ReactNode;
};

/** The body of a page that a later release builds: its title and what it will hold. */
export function PagePlaceholder({ title, body, columns, tileAspect = '4 / 3', level = 1, children }: PagePlaceholderProps) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  const headingId = useId();
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <DocumentTitle title={title} />
      <Heading id={headingId} className={level === 1 ? text.display : text.heading}>
        {title}
      </Heading>
      <Panel layout="stack" className={styles.panel}>
        <span className={styles.badge}>{t('common.comingSoon')}</span>
        <p className={styles.body}>{body}</p>
        {children}
      </Panel>
      {columns ? (
        <div className={styles.tiles} style={{ '--columns': columns, '--tile-aspect': tileAspect } as CSSProperties} aria-hidden="true">
          {Array.from({ length: columns }, (_, index) => (
            <div key={index} className={styles.tile} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
