import { LegalDocument } from './legal-document';
import type { LegalSectionId } from './legal-document';

/** The nine Privacy Policy sections, in the order docs/product-spec.md §2 lists them. */
const PRIVACY_SECTIONS = [
  'collected',
  'use',
  'payment',
  'transfers',
  'rights',
  'security',
  'third-parties',
  'cookies',
  'contact',
] as const satisfies readonly LegalSectionId<'privacy'>[];

/** Route /privacy. */
export default function PrivacyPage() {
  return <LegalDocument kind="privacy" sectionIds={PRIVACY_SECTIONS} />;
}
