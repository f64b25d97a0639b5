import { isSiteUrl, itemText, LIST_CARD_SIZES, type Item } from '@shotlib/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessBadges } from '../../components/business-badges';
import buttons from '../../components/button.module.css';
import { CollectToggle } from '../../components/collect-toggle';
import { ExternalLinkIcon } from '../../components/icons';
import { ImageCard } from '../../components/image-card';
import { frameFor } from '../../components/screenshot';
import { currentLocale } from '../../i18n/i18n';
import { pathTo } from '../../lib/routes';


/**
 * An app or website in the lists: its card opens the detail page (docs/decisions: catalogue cards).
 * Websites also get the spec's collect action (the screenshot on show) and a View button that
 * opens the live site in a new tab. Business software (the /b list, phones and websites together) gets a
 * landscape cover and the B-end and platform marks.
 * Memoised: the list re-renders as its data, categories or fetching state change, a card only for its own item (and
 * its language or collected state, through its own hooks); a grid drawn in steps re-renders only its new cells.
 */
export const ItemCard = memo(function ItemCard({ item, eager, priority = false }: { item: Item; eager: boolean; priority?: boolean }) {
  const { t } = useTranslation();
  // Names and briefs in the reader's script where the catalogue has them (English otherwise).
  const { name, briefing } = itemText(item, currentLocale());
  return (
    <ImageCard
      href={pathTo('Detail', { id: item.id })}
      title={name}
      description={briefing}
      logo={item.logo}
      images={item.preview}
      frame={frameFor(item.platform)}
      sizes={item.platform ? LIST_CARD_SIZES.web : LIST_CARD_SIZES.app}
      eager={eager}
      priority={priority}
      cover={item.business ? 'wide' : undefined}
      tags={item.business ? <BusinessBadges item={item} /> : undefined}
      actions={
        item.platform
          ? (current) => (
              <>
                {current && <CollectToggle variant="inline" previewId={current.id} label={t('catalog.collectScreen', { name })} />}
                {/* Only an address of the one site URL rule becomes a link, whatever is stored (decision 048). */}
                {isSiteUrl(item.site) && (
                  <a
                    className={`${buttons.secondary} ${buttons.small}`}
                    href={item.site}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('catalog.viewSite', { name })}
                  >
                    <ExternalLinkIcon size={14} />
                    {t('catalog.view')}
                  </a>
                )}
              </>
            )
          : undefined
      }
    />
  );
});
