import { EntitlementStatus } from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import styles from './sub.module.css';

type StatusKey = 'none' | 'yes' | 'partial' | 'partial50Pages' | 'updating';

const STATUS_KEYS: Record<EntitlementStatus, StatusKey> = {
  [EntitlementStatus.none]: 'none',
  [EntitlementStatus.yes]: 'yes',
  [EntitlementStatus.partial]: 'partial',
  [EntitlementStatus.partial50Pages]: 'partial50Pages',
  [EntitlementStatus.updating]: 'updating',
};

/** The key of a status code of the entitlement table (0 none, 1 yes, 2 partial, 3 partial (50 pages), 5 updating). */
export const statusKey = (status: EntitlementStatus): StatusKey => STATUS_KEYS[status];

/** The drawn mark of a status; decorative, the status is always said in words beside it. */
function Glyph({ status }: { status: StatusKey }) {
  const common = { width: 20, height: 20, viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false } as const;
  switch (status) {
    case 'yes':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="m6 10.4 2.7 2.6L14 7.4" fill="none" stroke="var(--color-on-accent)" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      );
    case 'partial':
    case 'partial50Pages':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M10 1.8a8.2 8.2 0 0 1 0 16.4Z" fill="currentColor" />
        </svg>
      );
    case 'updating':
      return (
        <svg {...common}>
          <path
            d="M10 2.5c.5 3.6 1.9 5 5.5 5.5-3.6.5-5 1.9-5.5 5.5-.5-3.6-1.9-5-5.5-5.5 3.6-.5 5-1.9 5.5-5.5ZM15.5 12.5c.2 1.6.9 2.3 2.5 2.5-1.6.2-2.3.9-2.5 2.5-.2-1.6-.9-2.3-2.5-2.5 1.6-.2 2.3-.9 2.5-2.5Z"
            fill="currentColor"
          />
        </svg>
      );
    case 'none':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M6.5 10h7" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      );
  }
}

/** One cell's status of the comparison table: a mark and its words, and the detail of a partial or updating status. */
export function StatusMark({ status, detail }: { status: EntitlementStatus; detail?: string }) {
  const { t } = useTranslation();
  const key = statusKey(status);
  return (
    <span className={styles.status} data-status={key}>
      <span className={styles.statusLine}>
        <span className={styles.statusGlyph}>
          <Glyph status={key} />
        </span>
        <span className={styles.statusText}>{t(`billing.sub.compare.status.${key}`)}</span>
      </span>
      {detail ? <span className={styles.statusDetail}>{detail}</span> : null}
    </span>
  );
}
