import type { ItemKind } from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import { currentLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import { formatCount } from '../../lib/format';
import { useCatalogStats } from '../../lib/catalog-stats';
import styles from './catalog.module.css';

const TEXTS = {
  app: { title: 'catalog.appsTitle', intro: 'catalog.appsIntro' },
  web: { title: 'catalog.websitesTitle', intro: 'catalog.websitesIntro' },
  b: { title: 'catalog.businessTitle', intro: 'catalog.businessIntro' },
} as const;

/**
 * The list's banner: what this list is, and the library's figures as the catalogue counts them (B-end shows its
 * products and the library's flows).
 */
export function CatalogBanner({ kind, titleId }: { kind: ItemKind; titleId: string }) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAGS[currentLocale()];
  const { data, isError } = useCatalogStats();
  const figures =
    kind === 'b'
      ? [
          { key: 'business', value: data?.business, label: t('catalog.stats.business') },
          { key: 'flows', value: data?.flows, label: t('catalog.stats.flows') },
          { key: 'screenshots', value: data?.screenshots, label: t('catalog.stats.screenshots') },
        ]
      : [
          { key: 'apps', value: data?.apps, label: t('catalog.stats.apps') },
          { key: 'sites', value: data?.sites, label: t('catalog.stats.websites') },
          { key: 'screenshots', value: data?.screenshots, label: t('catalog.stats.screenshots') },
        ];

  return (
    <header className={styles.banner}>
      <div className={styles.bannerText}>
        <p className={styles.eyebrow}>{t('catalog.eyebrow')}</p>
        <h1 id={titleId} className={styles.title}>
          {t(TEXTS[kind].title)}
        </h1>
        <p className={styles.lead}>{t(TEXTS[kind].intro)}</p>
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
