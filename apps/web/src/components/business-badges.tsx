import { useTranslation } from 'react-i18next';
import badges from './badge.module.css';

/**
 * The marks of business (B-end) software (issue 13): "B-end" and (unless the page says it elsewhere) the platform
 * it runs on, a website or a phone app: for cards and the detail page. Nothing for apps and websites, whose list already says what they are.
 */
export function BusinessBadges({ item, withPlatform = true }: { item: { business: boolean; platform: boolean }; withPlatform?: boolean }) {
  const { t } = useTranslation();
  if (!item.business) return null;
  return (
    <>
      <span className={badges.strong}>{t('business.badge')}</span>
      {withPlatform && <span className={badges.quiet}>{item.platform ? t('business.onWeb') : t('business.onPhone')}</span>}
    </>
  );
}
