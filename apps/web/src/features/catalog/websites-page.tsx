import { CatalogPage } from './catalog-page';

/** Route /web: the websites list. */
export default function WebsitesPage() {
  return <CatalogPage kind="web" />;
}
