import { LegalDocument } from './legal-document';
import type { LegalSectionId } from './legal-document';

/** The Terms of Service sections, in the order docs/product-spec.md §2 lists them. */
const TERMS_SECTIONS = [
  'about',
  'acceptance',
  'accounts',
  'subscription',
  'usage',
  'ip',
  'disclaimer',
  'termination',
  'changes',
  'contact',
] as const satisfies readonly LegalSectionId<'terms'>[];

/** Route /terms. */
export default function TermsPage() {
  return <LegalDocument kind="terms" sectionIds={TERMS_SECTIONS} />;
}
