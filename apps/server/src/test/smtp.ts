import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string };

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives. `hold()` makes it
 * keep the next messages waiting until `release()`, to show a reply does not wait for its mail.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: { to: string; after: number; resolve: (mail: ReceivedMail) => void }[] = [];
  let held: Promise<void> | null = null;
  let release: () => void = () => {};

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = { ...parseMail(raw), raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) };
        const deliver = () => {
          received.push(mail);
          for (const waiter of [...waiters]) {
            const index = received.length - 1;
            if (index >= waiter.after && mail.envelopeTo.includes(waiter.to)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        };
        if (held) void held.then(deliver);
        else deliver();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail to `to` received from now on (or since `after`, an index into `received`). */
    nextMailTo(to: string, after = received.length): Promise<ReceivedMail> {
      const address = to.toLowerCase();
      const already = received.slice(after).find((mail) => mail.envelopeTo.includes(address));
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ to: address, after, resolve }));
    },
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release() {
      held = null;
      release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;
