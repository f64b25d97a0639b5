import { isSiteUrl, itemText, type Item } from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import { BusinessBadges } from '../../components/business-badges';
import buttons from '../../components/button.module.css';
import { ExternalLinkIcon } from '../../components/icons';
import skeleton from '../../components/skeleton.module.css';
import { StarRating } from '../../components/star-rating';
import { currentLocale } from '../../i18n/i18n';
import { useCategoryOptions } from '../../lib/category-options';
import { useMediaUrl } from '../../lib/public-config';
import styles from './detail.module.css';

/** Logo, name, brief, a link to the live product, and the tag block: platform type, rating, categories (docs/product-spec.md §2). */
export function DetailHeader({ item, titleId }: { item: Item; titleId: string }) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const { labelOf } = useCategoryOptions(item.business ? 'business' : 'list');
  const logo = media(item.logo);
  const { name, briefing } = itemText(item, currentLocale());
  const categories = item.group.map((id) => labelOf(id)).filter((label): label is string => Boolean(label));

  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        <div className={styles.logo}>{logo && <img src={logo} alt="" width={72} height={72} />}</div>
        <div className={styles.identityText}>
          <h1 id={titleId} className={styles.name}>
            {name}
          </h1>
          <p className={styles.brief}>{briefing}</p>
          {/* Only an address of the one site URL rule becomes a link, whatever is stored (decision 048). */}
          {isSiteUrl(item.site) && (
            <a className={`${buttons.secondary} ${styles.visit}`} href={item.site} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon size={16} />
              {item.platform ? t('detail.visitWebsite') : t('detail.visitApp')}
              <span className="visually-hidden">{t('common.newTab')}</span>
            </a>
          )}
        </div>
      </div>

      <dl className={styles.tags}>
        <div className={styles.tag}>
          <dt>{t('detail.platformType')}</dt>
          <dd>
            <span className={styles.platform}>{item.platform ? t('detail.platformWeb') : t('detail.platformApp')}</span>
          </dd>
        </div>
        {item.business && (
          <div className={styles.tag}>
            <dt>{t('business.segment')}</dt>
            <dd className={styles.businessTags}>
              <BusinessBadges item={item} withPlatform={false} />
            </dd>
          </div>
        )}
        <div className={styles.tag}>
          <dt>{t('detail.rating')}</dt>
          <dd>
            <StarRating rating={item.rating} />
          </dd>
        </div>
        <div className={styles.tag}>
          <dt>{t('detail.category')}</dt>
          <dd className={styles.chips}>
            {categories.length ? (
              categories.map((label) => (
                <span key={label} className={styles.chip}>
                  {label}
                </span>
              ))
            ) : (
              <span className={styles.muted}>—</span>
            )}
          </dd>
        </div>
      </dl>
    </header>
  );
}

/** The header's shape while the item loads. */
export function DetailHeaderSkeleton() {
  return (
    <div className={styles.header} aria-hidden="true">
      <div className={styles.identity}>
        <div className={`${styles.logo} ${styles.logoSkeleton} ${skeleton.skeleton}`} />
        <div className={styles.identityText}>
          <div className={`${skeleton.skeleton} ${styles.skeletonTitle}`} />
          <div className={`${skeleton.skeleton} ${styles.skeletonLine}`} />
        </div>
      </div>
      <div className={`${styles.tags} ${skeleton.skeleton} ${styles.skeletonTags}`} />
    </div>
  );
}
