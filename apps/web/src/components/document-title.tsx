import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · Shotlib" (React hoists <title> into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{t('brand.pageTitle', { page: title })}</title>;
}
