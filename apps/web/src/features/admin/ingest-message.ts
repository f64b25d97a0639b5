import { IngestMessage } from '@shotlib/contract/ingest';
import { useTranslation } from 'react-i18next';

type IngestMessageKey = keyof typeof IngestMessage;
const keyOf = new Map(Object.entries(IngestMessage).map(([key, text]) => [text as string, key as IngestMessageKey]));

/** The server's reason for refusing a file, in the reader's language when it is one of the contract's messages. */
export function useIngestMessage(): (message: string) => string {
  const { t } = useTranslation('admin');
  return (message) => {
    const key = keyOf.get(message);
    return key ? t(`ingestMessages.${key}`) : message;
  };
}
