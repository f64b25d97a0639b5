/** Says a message the server wrote in the reader's language, or null when it does not know it. */
export type MessageTranslator = (message: string) => string | null;

const translators = new Set<MessageTranslator>();

/**
 * Adds the messages of a part of the contract the API client may have to tell the reader (a lazy
 * feature adds its own when its chunk loads: the console's admin refusals stay out of the first one).
 */
export function addMessageTranslator(translator: MessageTranslator): void {
  translators.add(translator);
}

/** The server's message in the reader's language when a translator knows it, else as the server wrote it. */
export function translateServerMessage(message: string): string {
  for (const translate of translators) {
    const said = translate(message);
    if (said) return said;
  }
  return message;
}
