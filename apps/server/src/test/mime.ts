/**
 * Just enough MIME to read the mails the server sends in tests: headers (folded lines, RFC 2047
 * encoded words), multipart bodies and the 7bit / quoted-printable / base64 transfer encodings.
 */
export type ParsedMail = { headers: Record<string, string>; subject: string; to: string; text: string; html: string };

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

function collect(raw: string, into: { text: string; html: string }): void {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (type.toLowerCase().startsWith('text/html')) into.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) into.text += decoded;
}

export function parseMail(raw: string | Buffer): ParsedMail {
  const source = typeof raw === 'string' ? raw : raw.toString('utf8');
  const { headers } = splitHeaders(source);
  const into = { text: '', html: '' };
  collect(source, into);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    to: decodeWords(headers.to ?? ''),
    text: into.text,
    html: into.html,
  };
}

/** The six-digit code of a code mail, read from its plain-text part. */
export function codeFromMail(mail: ParsedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1]!;
}
