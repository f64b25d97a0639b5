import { CatalogPage } from './catalog-page';

/** Route /b: business (B-end) software, apps and websites alike (issue 13, docs/decisions/045). */
export default function BusinessPage() {
  return <CatalogPage kind="b" />;
}
