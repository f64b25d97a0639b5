import { isSiteUrl, itemText, LIST_CARD_SIZES, type Item } from '@shotlib/contract';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusinessBadges } from '../../components/business-badges';
import buttons from '../../components/button.module.css';
import { CollectToggle } from '../../components/collect-toggle';
import { ChevronLeftIcon, ChevronRightIcon, ExternalLinkIcon } from '../../components/icons';
import { Screenshot } from '../../components/screenshot';
import skeleton from '../../components/skeleton.module.css';
import { currentLocale } from '../../i18n/i18n';
import { useMediaUrl } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import styles from './item-card.module.css';

/** How many phone screens an app card shows side by side (a page of its carousel; decision 056). */
export const SCREENS_PER_PAGE = 3;

type Shot = Item['preview'][number];

/** The pages of a card's carousel: threes of phone screens, or one website page each. */
export const pagesOf = (shots: readonly Shot[], perPage: number): Shot[][] => {
  const pages: Shot[][] = [];
  for (let at = 0; at < shots.length; at += perPage) pages.push(shots.slice(at, at + perPage));
  return pages;
};

/**
 * An app or website in the lists (docs/decisions/012, 056): the item's screens, its logo, name and brief below, the
 * whole card one link to the detail page (the title's link stretched over it; arrows and actions above it).
 * - Phone screens (apps, and business software on phones): three side by side, each a rounded screen of its own;
 *   the arrows page by three (the item's free preview is six screens: two pages).
 * - Website pages (websites, business software on the web): one wide tile of the page's top under a thin browser
 *   bar; the arrows page by one. Websites also get the spec's collect action (the page on show) and a View button
 *   that opens the live site in a new tab.
 * Arrows show on hover and keyboard focus (always on touch screens) and hide at the ends; focus moves to the other
 * arrow when the one used disappears. Only the page on show is drawn, and the next one once the pointer or focus
 * comes into the card, so a list of cards starts with three images each, not six.
 * Memoised: the list re-renders as its data, categories or fetching state change, a card only for its own item.
 */
export const ItemCard = memo(function ItemCard({ item, eager, priority = false }: { item: Item; eager: boolean; priority?: boolean }) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  // Names and briefs in the reader's script where the catalogue has them (English otherwise).
  const { name, briefing } = itemText(item, currentLocale());
  const web = item.platform;
  const perPage = web ? 1 : SCREENS_PER_PAGE;
  const pages = pagesOf(item.preview, perPage);
  const [index, setIndex] = useState(0);
  // The furthest page drawn: the one on show, and the next once the reader comes near (pointer or focus).
  const [drawn, setDrawn] = useState(0);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // The arrow to focus once drawn: the one used disappeared at an end (the other may not have been there yet).
  const [focusArrow, setFocusArrow] = useState<'prev' | 'next' | null>(null);
  useEffect(() => {
    if (!focusArrow) return;
    (focusArrow === 'prev' ? prevRef : nextRef).current?.focus();
    setFocusArrow(null);
  }, [focusArrow]);
  const count = pages.length;
  const at = Math.min(index, Math.max(count - 1, 0));
  const current = web ? pages[at]?.[0] : undefined;
  const logoSrc = media(item.logo);
  const total = item.preview.length;

  const prime = () => setDrawn((furthest) => Math.max(furthest, Math.min(at + 1, count - 1)));
  const step = (direction: -1 | 1) => {
    const next = Math.max(0, Math.min(count - 1, at + direction));
    setIndex(next);
    setDrawn((furthest) => Math.max(furthest, Math.min(next + 1, count - 1)));
    // The arrow just used disappears at an end: keep keyboard focus on the other one.
    if (direction === 1 ? next === count - 1 : next === 0) setFocusArrow(direction === 1 ? 'prev' : 'next');
  };

  const shot = (image: Shot, position: number): ReactNode => (
    <Screenshot
      className={styles.shot}
      path={image.path}
      width={image.width}
      height={image.height}
      sizes={web ? LIST_CARD_SIZES.web : LIST_CARD_SIZES.app}
      eager={eager && position < perPage}
      priority={priority && position === 0}
      alt={t('card.screenshotAlt', { name, index: position + 1, total })}
    />
  );

  return (
    <article
      className={styles.card}
      data-layout={web ? 'page' : 'phones'}
      data-cover={item.business ? 'wide' : undefined}
      onPointerEnter={count > 1 ? prime : undefined}
      onFocus={count > 1 ? prime : undefined}
    >
      <div className={styles.cover}>
        {count > 0 ? (
          <div className={styles.track} style={at > 0 ? { transform: `translateX(${-at * 100}%)` } : undefined}>
            {pages.slice(0, Math.max(drawn, at) + 1).map((page, pageAt) => (
              <div key={page[0]!.id} className={styles.page} aria-hidden={pageAt !== at || undefined}>
                {web ? (
                  <div className={styles.browser}>
                    <div className={styles.bar} aria-hidden="true">
                      <span />
                      <span />
                      <span />
                    </div>
                    <div className={styles.pageTop}>{shot(page[0]!, pageAt)}</div>
                  </div>
                ) : (
                  page.map((image, k) => (
                    <div key={image.id} className={styles.phone}>
                      {shot(image, pageAt * perPage + k)}
                    </div>
                  ))
                )}
              </div>
            ))}
          </div>
        ) : (
          <p className={styles.noShots}>{t('card.noScreens')}</p>
        )}

        {count > 1 && (
          <>
            {at > 0 && (
              <button ref={prevRef} type="button" className={`${styles.arrow} ${styles.prev}`} aria-label={t(web ? 'card.previous' : 'card.previousPage', { name })} onClick={() => step(-1)}>
                <ChevronLeftIcon size={18} />
              </button>
            )}
            {at < count - 1 && (
              <button ref={nextRef} type="button" className={`${styles.arrow} ${styles.next}`} aria-label={t(web ? 'card.next' : 'card.nextPage', { name })} onClick={() => step(1)}>
                <ChevronRightIcon size={18} />
              </button>
            )}
            <span className={styles.dots} aria-hidden="true">
              {pages.map((page, pageAt) => (
                <span key={page[0]!.id} className={styles.dot} data-current={pageAt === at || undefined} />
              ))}
            </span>
            <span className="visually-hidden" aria-live="polite">
              {web
                ? t('card.position', { index: at + 1, total: count })
                : t('card.pagePosition', { from: at * perPage + 1, to: at * perPage + pages[at]!.length, total })}
            </span>
          </>
        )}
      </div>

      <div className={styles.meta}>
        <div className={styles.logo}>{logoSrc && <img src={logoSrc} alt="" width={40} height={40} loading="lazy" decoding="async" />}</div>
        <div className={styles.text}>
          <h2 className={styles.title}>
            <Link to={pathTo('Detail', { id: item.id })} className={styles.link}>
              {name}
            </Link>
          </h2>
          <p className={styles.description}>{briefing}</p>
          {item.business && (
            <p className={styles.tags}>
              <BusinessBadges item={item} />
            </p>
          )}
        </div>
        {web && (
          <div className={styles.actions}>
            {current && <CollectToggle variant="inline" previewId={current.id} label={t('catalog.collectScreen', { name })} />}
            {/* Only an address of the one site URL rule becomes a link, whatever is stored (decision 048). */}
            {isSiteUrl(item.site) && (
              <a className={`${buttons.secondary} ${buttons.small}`} href={item.site} target="_blank" rel="noopener noreferrer" aria-label={t('catalog.viewSite', { name })}>
                <ExternalLinkIcon size={14} />
                {t('catalog.view')}
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  );
});

/** A card's shape while its data loads: three phone screens, or a website page. */
export function ItemCardSkeleton({ web, wide = false }: { web: boolean; wide?: boolean }) {
  return (
    <div className={styles.card} data-layout={web ? 'page' : 'phones'} data-cover={wide ? 'wide' : undefined} aria-hidden="true">
      <div className={styles.cover}>
        <div className={styles.page}>
          {web ? (
            <div className={`${styles.browser} ${skeleton.skeleton}`} />
          ) : (
            Array.from({ length: SCREENS_PER_PAGE }, (_, k) => <div key={k} className={`${styles.phone} ${skeleton.skeleton}`} />)
          )}
        </div>
      </div>
      <div className={styles.meta}>
        <div className={`${styles.logo} ${skeleton.skeleton}`} />
        <div className={styles.text}>
          <div className={`${styles.skeletonLine} ${skeleton.skeleton}`} />
          <div className={`${styles.skeletonLine} ${styles.skeletonShort} ${skeleton.skeleton}`} />
        </div>
      </div>
    </div>
  );
}
