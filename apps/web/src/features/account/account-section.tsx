import { useId, type ReactNode } from 'react';
import { DocumentTitle } from '../../components/document-title';
import styles from './account.module.css';

type AccountSectionProps = {
  /** The section's name: its h2 and the document title. */
  title: string;
  /** One line under the title. */
  intro?: ReactNode;
  busy?: boolean;
  children: ReactNode;
};

/** A section of the account area (profile, subscription, contact): a region named by its h2. */
export function AccountSection({ title, intro, busy, children }: AccountSectionProps) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId} aria-busy={busy}>
      <DocumentTitle title={title} />
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        {intro && <p className={styles.hint}>{intro}</p>}
      </div>
      {children}
    </section>
  );
}
