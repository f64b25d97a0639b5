import { LOCALES } from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import { currentLocale, LANGUAGE_TAGS, setLocale } from '../i18n/i18n';
import { ChevronDownIcon, GlobeIcon } from './icons';
import { MenuButton } from './menu-button';
import styles from './header-controls.module.css';

/** Language choice (English, 简体中文, 繁體中文): remembered in local storage, applied to <html lang>. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const name = t(`language.${locale}`);
  return (
    <MenuButton
      id="language"
      label={`${t('language.label')}: ${name}`}
      triggerClassName={styles.ghostButton}
      items={LOCALES.map((code) => ({
        type: 'radio' as const,
        id: code,
        // Each language is named in itself, so a reader finds theirs whatever is shown now.
        label: t(`language.${code}`),
        lang: LANGUAGE_TAGS[code],
        checked: code === locale,
        onSelect: () => void setLocale(code),
      }))}
    >
      <GlobeIcon size={18} />
      <span className={styles.hideWhenNarrow} lang={LANGUAGE_TAGS[locale]}>
        {name}
      </span>
      <ChevronDownIcon size={16} className={`${styles.chevron} ${styles.hideOnPhone}`} />
    </MenuButton>
  );
}
