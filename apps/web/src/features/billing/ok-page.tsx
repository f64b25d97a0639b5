import { SUCCESS_COUNTDOWN_S, type MemberInfo } from '@shotlib/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { Panel } from '../../components/panel';
import { CheckIcon } from '../../components/icons';
import { refreshSessionUser } from '../../lib/member-info';
import { pathTo } from '../../lib/routes';
import { fetchOrder } from './api/get-order';
import { formatLongDate } from './billing-format';
import styles from './cfm.module.css';
import { useCountdown } from './use-ticker';

/**
 * Route /ok (Ok, login needed): payment success (docs/product-spec.md §2, §4). It loads the current member and
 * stores it, so the membership shows at once (the header's Subscribe button goes), counts down
 * 3 to 0 and goes home. Coming back from a card checkout (`?tno=`), it first asks about that
 * order, so a payment the provider has not notified yet is found by the server's own query.
 */
export default function OkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tno = params.get('tno');
  const [member, setMember] = useState<MemberInfo | null>(null);

  useEffect(() => {
    let current = true;
    const load = async () => {
      if (tno) await fetchOrder(tno).catch(() => null);
      const info = await refreshSessionUser();
      if (current) setMember(info);
    };
    load().catch(() => {
      // The API client has told the reader; the countdown still goes home.
    });
    return () => {
      current = false;
    };
  }, [tno]);

  const goHome = useCallback(() => void navigate(pathTo('Home'), { replace: true }), [navigate]);
  const left = useCountdown(SUCCESS_COUNTDOWN_S, goHome);

  return (
    <Panel as="section" tone="plain" layout="stack" className={styles.result} aria-labelledby="ok-title">
      <DocumentTitle title={t('billing.ok.title')} />
      <span className={styles.resultIcon} aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <h1 id="ok-title" className={styles.resultTitle}>
        {t('billing.ok.title')}
      </h1>
      <p className={styles.resultBody}>{t('billing.ok.body')}</p>
      {member?.expired && <p className={styles.resultBody}>{t('billing.ok.until', { date: formatLongDate(member.expired) })}</p>}
      <p className={`${styles.muted} ${styles.count}`} role="timer">
        {t('billing.ok.countdown', { count: left })}
      </p>
      <Link to={pathTo('Home')} replace className={buttons.primary}>
        {t('billing.ok.goNow')}
      </Link>
    </Panel>
  );
}
