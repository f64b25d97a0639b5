import type { ReactNode, Ref } from 'react';
import styles from './page.module.css';

type PageHeaderProps = {
  title: ReactNode;
  titleId?: string;
  /** Lets the page move focus to the title (it gets tabindex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Beside the title, on its baseline (a count). */
  aside?: ReactNode;
  /** One sentence under the title. */
  lead?: ReactNode;
};

/** The top of a list page: its h1, what may stand beside it, and a sentence about the page. */
export function PageHeader({ title, titleId, titleRef, aside, lead }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.title}>
          {title}
        </h1>
        {aside}
      </div>
      {lead && <p className={styles.lead}>{lead}</p>}
    </header>
  );
}
