import { useTranslation } from 'react-i18next';
import { currentLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import { formatCount } from '../../lib/format';
import { useCatalogStats } from '../../lib/catalog-stats';
import styles from './catalog.module.css';

/** The list's banner: what this list is, and the library's figures as the catalogue counts them. */
export function CatalogBanner({ web, titleId }: { web: boolean; titleId: string }) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAGS[currentLocale()];
  const { data, isError } = useCatalogStats();
  const figures = [
    { key: 'apps', value: data?.apps, label: t('catalog.stats.apps') },
    { key: 'sites', value: data?.sites, label: t('catalog.stats.websites') },
    { key: 'screenshots', value: data?.screenshots, label: t('catalog.stats.screenshots') },
  ] as const;

  return (
    <header className={styles.banner}>
      <div className={styles.bannerText}>
        <p className={styles.eyebrow}>{t('catalog.eyebrow')}</p>
        <h1 id={titleId} className={styles.title}>
          {web ? t('catalog.websitesTitle') : t('catalog.appsTitle')}
        </h1>
        <p className={styles.lead}>{web ? t('catalog.websitesIntro') : t('catalog.appsIntro')}</p>
      </div>
      {!isError && (
        <dl className={styles.stats} aria-busy={!data}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.stat}>
              <dt className={styles.statLabel}>{figure.label}</dt>
              <dd className={styles.statValue}>
                {figure.value === undefined ? <span className={styles.statSkeleton} /> : formatCount(figure.value, tag)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </header>
  );
}
