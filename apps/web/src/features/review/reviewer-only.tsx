import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { StatePanel } from '../../components/state-panel';
import { useMemberInfo } from '../../lib/member-info';
import { pathTo } from '../../lib/routes';
import styles from './review.module.css';

/**
 * The reviewer's pages for reviewers only (the route guard already asked for a login). The server
 * refuses every reviewer call to anyone else; here a member who is not a reviewer sees why there is
 * nothing for them.
 */
export function ReviewerOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('portfolio');
  const me = useMemberInfo();
  if (me.isPending) {
    return (
      <div className={styles.page}>
        <p className={styles.state} role="status">
          {t('common.loading')}
        </p>
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className={styles.page}>
        <StatePanel level={1} title={t('common.loadFailed')} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (me.data.role !== 'reviewer') {
    return (
      <div className={styles.page}>
        <DocumentTitle title={t('review.denied')} />
        <StatePanel
          level={1}
          title={t('review.denied')}
          text={t('review.deniedText')}
          actions={
            <Link className={buttons.secondary} to={pathTo('App')}>
              {t('review.backToApps')}
            </Link>
          }
        />
      </div>
    );
  }
  return children;
}
