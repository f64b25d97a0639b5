import { ORDER_STATUS } from '@shotlib/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { Panel } from '../../components/panel';
import { pathTo } from '../../lib/routes';
import { isReplyError, translatedReplyMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useConfirmPayment } from './api/confirm-payment';
import styles from './cfm.module.css';
import { useElapsedSeconds } from './use-ticker';

/**
 * Route /confirm (login needed): the return from a PayPal-style checkout (docs/product-spec.md §2). It reads
 * `token` (the first one if repeated), shows 'Confirming payment information...' with the
 * seconds so far, and asks the server to confirm it: status 1 goes to Ok, anything else (or a
 * refusal) to the subscription page. Without a token it only keeps counting.
 */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.getAll('token')[0] || null;
  const elapsed = useElapsedSeconds();
  const { data, error, isError } = useConfirmPayment(token);

  useEffect(() => {
    if (data) void navigate(data.status === ORDER_STATUS.paid ? pathTo('Ok') : pathTo('MineSub'), { replace: true });
  }, [data, navigate]);

  useEffect(() => {
    if (!isError) return;
    if (isReplyError(error)) toast.error(translatedReplyMessage(error));
    void navigate(pathTo('MineSub'), { replace: true });
  }, [isError, error, navigate]);

  return (
    <Panel as="section" tone="plain" layout="stack" className={styles.result} aria-labelledby="confirm-title">
      <DocumentTitle title={t('billing.confirm.title')} />
      <span className={styles.bigSpinner} aria-hidden="true" />
      <h1 id="confirm-title" className={styles.resultTitle}>
        {t('billing.confirm.checking')}
      </h1>
      <p className={`${styles.muted} ${styles.count}`} role="timer">
        {t('billing.confirm.elapsed', { count: elapsed })}
      </p>
    </Panel>
  );
}
