/**
 * Reading the .eml files of the server's outbox (e2e runs without SMTP): just enough MIME for the
 * code mails — folded headers, RFC 2047 words, multipart, quoted-printable and base64 parts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type OutboxMail = { file: string; to: string; subject: string; text: string };

function split(raw: string): { headers: Record<string, string>; body: string } {
  const source = raw.replace(/\r\n/g, '\n');
  const end = source.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of source.slice(0, end === -1 ? undefined : end).replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : source.slice(end + 2) };
}

const fromLatin1 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
const hexByte = (_m: string, hex: string) => String.fromCharCode(parseInt(hex, 16));

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : fromLatin1(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, hexByte)),
    );
}

function plainText(raw: string): string {
  const { headers, body } = split(raw);
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => plainText(part.replace(/^\n/, '')))
      .join('');
  }
  if (!type.startsWith('text/plain')) return '';
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return fromLatin1(body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, hexByte));
  return body;
}

export function parseOutboxMail(file: string, raw: string): OutboxMail {
  const { headers } = split(raw);
  return { file, to: decodeWords(headers.to ?? ''), subject: decodeWords(headers.subject ?? ''), text: plainText(raw) };
}

/** Mails to `email` in the outbox written after `since` (files are named by their ISO time). */
export async function mailsTo(outbox: string, email: string, since: number): Promise<OutboxMail[]> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const written = Date.parse(name.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1:$2:$3.$4Z'));
    if (Number.isFinite(written) && written < since - 1000) continue;
    const mail = parseOutboxMail(name, await readFile(path.join(outbox, name), 'utf8'));
    if (mail.to.toLowerCase().includes(email.toLowerCase())) mails.push(mail);
  }
  return mails;
}

const CODE_LINE = /^\s*(\d{6})\s*$/m;

/** Whether a mail is a code mail (other mails, e.g. a portfolio's, may reach the same address at the same time). */
export const hasCode = (mail: OutboxMail): boolean => CODE_LINE.test(mail.text);

/** The six-digit code of a code mail. */
export function codeOf(mail: OutboxMail): string {
  const match = CODE_LINE.exec(mail.text);
  if (!match) throw new Error(`no code in ${mail.file}`);
  return match[1]!;
}
