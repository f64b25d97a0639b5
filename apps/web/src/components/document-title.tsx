import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the tab title to "<page> · Shotlib". Set on the document, not drawn as a `<title>`: Preact, which runs the
 * app (docs/decisions/035), does not hoist a `<title>` into `<head>` as React 19 does.
 */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const text = t('brand.pageTitle', { page: title });
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
