import { AdminMessage } from '@shotlib/contract/admin';
import { AdminContentMessage, CATEGORY_TREES } from '@shotlib/contract/admin-content';
import { AdminFlowMessage } from '@shotlib/contract/admin-flows';
import { IngestMessage, ScreenMessage } from '@shotlib/contract/ingest';
import { TestimonialMessage } from '@shotlib/contract/testimonials';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n/i18n';
import { addMessageTranslator } from '../../lib/message-translators';

/** Every fixed message of the console's calls, by its text, with its key in the admin texts. */
const fixed = new Map<string, string>();
const add = (group: string, messages: Record<string, unknown>) => {
  for (const [key, text] of Object.entries(messages)) if (typeof text === 'string') fixed.set(text, `${group}.${key}`);
};
add('serverMessages', AdminMessage);
add('serverMessages', AdminContentMessage);
add('serverMessages', ScreenMessage);
add('ingestMessages', IngestMessage);
// Their own group: the flow editor's `orderMismatch` is not the screens' one.
add('flowMessages', AdminFlowMessage);
add('testimonialMessages', TestimonialMessage);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "This category is still used by N …", for each tree: one use, or the number of uses read back. */
const inUse = CATEGORY_TREES.map((tree) => ({
  tree,
  one: AdminContentMessage.categoryInUse(1, tree),
  many: new RegExp(`^${escape(AdminContentMessage.categoryInUse(1000, tree)).replace('1000', '(\\d+)')}$`),
}));

/** An admin refusal in the reader's language (the console's texts), or null when it is not one. */
export function translateAdminMessage(message: string): string | null {
  const key = fixed.get(message);
  if (key) return i18n.t(key as never, { ns: 'admin' });
  for (const { tree, one, many } of inUse) {
    const count = message === one ? 1 : Number(many.exec(message)?.[1] ?? Number.NaN);
    if (!Number.isNaN(count)) return i18n.t(`serverMessages.categoryInUse.${tree}` as never, { ns: 'admin', count });
  }
  return null;
}

// The API client's toasts say the console's refusals in the reader's language from the moment this chunk loads.
addMessageTranslator(translateAdminMessage);

/** translateAdminMessage for a component (rendered again when the language changes); unknown messages as written. */
export function useAdminMessage(): (message: string) => string {
  useTranslation('admin');
  return (message) => translateAdminMessage(message) ?? message;
}
