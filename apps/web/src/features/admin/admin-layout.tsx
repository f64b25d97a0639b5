import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { SideNav } from '../../components/side-nav';
import { StatePanel } from '../../components/state-panel';
import { useMemberInfo } from '../../lib/member-info';
import { pathTo, paths } from '../../lib/routes';
import './admin-messages';
import styles from './admin.module.css';

/**
 * Route /admin (login needed; the route guard sends visitors to Login): the console's frame, a side
 * navigation of its sections beside the chosen one. The server refuses every admin call to
 * non-admins; here a member who is not an admin sees why there is nothing for them.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const me = useMemberInfo();

  if (me.isPending) {
    return (
      <div className={styles.layout}>
        <p className={styles.state} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('common.loading')}
        </p>
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className={styles.layout}>
        <StatePanel level={1} title={t('common.loadFailed')} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (me.data.role !== 'admin') {
    return (
      <div className={styles.layout}>
        <DocumentTitle title={t('denied.title')} />
        <StatePanel
          level={1}
          title={t('denied.title')}
          text={t('denied.text')}
          actions={
            <Link className={styles.secondary} to={pathTo('App')}>
              {t('denied.back')}
            </Link>
          }
        />
      </div>
    );
  }

  const sections = [
    { to: paths.AdminItems, label: t('nav.items') },
    { to: paths.AdminMembers, label: t('nav.members') },
    { to: paths.AdminCategories, label: t('nav.categories') },
    { to: paths.AdminArticles, label: t('nav.articles') },
    { to: paths.AdminPlans, label: t('nav.plans') },
    { to: paths.AdminTestimonials, label: t('nav.testimonials') },
    { to: paths.AdminOrders, label: t('nav.orders') },
    { to: paths.AdminPortfolio, label: t('nav.portfolio') },
    { to: paths.AdminReviewers, label: t('nav.reviewers') },
    { to: paths.AdminAudit, label: t('nav.audit') },
  ];
  return (
    <div className={styles.layout}>
      <DocumentTitle title={t('title')} />
      <div className={styles.columns}>
        <SideNav label={t('nav.label')} title={t('title')} sections={sections} />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
