import { PORTFOLIO_PATHS, PortfolioMessage } from '@shotlib/contract';
import { AdminPortfolioMessage } from '@shotlib/contract/admin-portfolio';
import i18n from '../i18n/i18n';
import { api } from './api-client';
import { addMessageTranslator } from './message-translators';

/**
 * Portfolio guidance's shared plumbing (the member's, the reviewer's and the console's pages): its
 * refusals said in the reader's language, and the private PDF's download. Shared (lib) because the
 * three areas are three features that never import each other.
 */

const fixed = new Map<string, string>();
for (const [key, text] of Object.entries(PortfolioMessage)) fixed.set(text, `serverMessages.${key}`);
for (const [key, text] of Object.entries(AdminPortfolioMessage)) fixed.set(text, `adminMessages.${key}`);

/** A portfolio refusal in the reader's language (the portfolio texts), or null when it is not one. */
export function translatePortfolioMessage(message: string): string | null {
  const key = fixed.get(message);
  return key ? i18n.t(key as never, { ns: 'portfolio' }) : null;
}

// The API client's toasts say these refusals in the reader's language once a portfolio page has loaded.
addMessageTranslator(translatePortfolioMessage);

/**
 * Download a request's PDF (`GET /portfolio/{id}/pdf`): it needs the session, so it is fetched as a
 * blob and handed to the browser under its uploaded name. Refusals are told by the API client.
 */
export async function downloadPortfolioPdf(id: number, name: string): Promise<void> {
  const blob = await api.file(PORTFOLIO_PATHS.pdf(id));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
