import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { paths } from '../../lib/routes';
import styles from './route-error.module.css';

/**
 * What a page shows when it fails to render or its code fails to load (a deploy replaced the
 * chunks, the network dropped). The header and footer stay; the reader can retry or go on.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <section className={styles.error}>
      <DocumentTitle title={t('errors.pageTitle')} />
      <h1 className={styles.title}>{t('errors.pageTitle')}</h1>
      <p className={styles.body}>{t('errors.pageBody')}</p>
      <div className={styles.actions}>
        <button type="button" className={`${buttons.strong} ${buttons.large}`} onClick={() => window.location.reload()}>
          {t('errors.retry')}
        </button>
        <Link to={paths.App} className={`${buttons.outline} ${buttons.large}`}>
          {t('errors.backToApps')}
        </Link>
      </div>
    </section>
  );
}
