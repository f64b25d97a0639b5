import { CatalogPage } from './catalog-page';

/** Routes / and /app: the apps list. */
export default function AppsPage() {
  return <CatalogPage kind="app" />;
}
