import { LIMITS } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { answeredMail, assignedMail, declinedMail, reviewerAssignedMail } from './portfolio-mail';
import { cleanPdfName, isPdf } from './portfolio.service';
import { quotaOf, subscriptionYear } from './quota';

const at = (iso: string) => new Date(iso);

describe('the subscription year', () => {
  it('runs from each anniversary of the first paid day to the next', () => {
    const anchor = at('2024-03-10T08:00:00Z');
    expect(subscriptionYear(anchor, at('2024-03-10T08:00:00Z'))).toEqual({ from: anchor, to: at('2025-03-10T08:00:00Z') });
    expect(subscriptionYear(anchor, at('2025-03-10T07:59:59Z'))).toEqual({ from: anchor, to: at('2025-03-10T08:00:00Z') });
    expect(subscriptionYear(anchor, at('2025-03-10T08:00:00Z'))).toEqual({ from: at('2025-03-10T08:00:00Z'), to: at('2026-03-10T08:00:00Z') });
    expect(subscriptionYear(anchor, at('2026-11-26T00:00:00Z'))).toEqual({ from: at('2026-03-10T08:00:00Z'), to: at('2027-03-10T08:00:00Z') });
    // A clock before the anchor: the first year.
    expect(subscriptionYear(anchor, at('2024-01-01T00:00:00Z')).from).toEqual(anchor);
  });

  it('moves 29 February to 1 March in other years', () => {
    const anchor = at('2024-02-29T12:00:00Z');
    expect(subscriptionYear(anchor, at('2025-06-01T00:00:00Z'))).toEqual({ from: at('2025-03-01T12:00:00Z'), to: at('2026-03-01T12:00:00Z') });
  });

  it('gives subscribers the vip limit and regular members nothing', () => {
    const year = { to: at('2027-01-01T00:00:00Z') };
    expect(quotaOf(true, 1, year)).toEqual({ vip: true, limit: LIMITS.vip.portfolioPerYear, used: 1, left: 1, renewsAt: '2027-01-01T00:00:00.000Z' });
    expect(quotaOf(true, 3, year).left).toBe(0);
    expect(quotaOf(false, 0, null)).toEqual({ vip: false, limit: 0, used: 0, left: 0, renewsAt: null });
  });
});

describe('PDF checks', () => {
  it('wants the %PDF- header and an %%EOF marker near the end', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'))).toBe(true);
    expect(isPdf(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'))).toBe(false);
    expect(isPdf(Buffer.from('GIF89a.................%%EOF'))).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.7\n..........%%EOF'))).toBe(false);
    expect(isPdf(Buffer.alloc(0))).toBe(false);
  });

  it('keeps a clean file name', () => {
    expect(cleanPdfName('../../etc/My CV.pdf')).toBe('My CV.pdf');
    expect(cleanPdfName('C:\\Users\\me\\work.PDF')).toBe('work.PDF');
    expect(cleanPdfName('bad"\u0000name')).toBe('badname.pdf');
    expect(cleanPdfName(undefined)).toBe('portfolio.pdf');
    expect(cleanPdfName('')).toBe('portfolio.pdf');
  });
});

describe('mails', () => {
  const common = { to: 'm@example.com', requestId: 7, role: 'Designer <b>', siteUrl: 'https://shotlib.example/' };
  it('are written in the three languages, with the link to the request and escaped HTML', () => {
    const subjects = (['enUS', 'zhCN', 'zhTW'] as const).map((locale) => assignedMail({ ...common, locale, reviewer: { name: 'Lin', company: 'Co' } }).subject);
    expect(subjects).toEqual(['A reviewer is looking at your portfolio', '已有导师在查看你的作品集', '已有導師在查看你的作品集']);
    const mail = answeredMail({ ...common, locale: 'enUS', reviewer: { name: 'Lin' } });
    expect(mail.text).toContain('https://shotlib.example/mine/portfolio/7');
    expect(mail.html).toContain('Designer &lt;b&gt;');
    expect(mail.html).not.toContain('Designer <b>');
    expect(mail.html).toContain('<html lang="en">');
    // An unknown stored language falls back to English.
    expect(declinedMail({ ...common, locale: 'fr', reason: 'No link' }).subject).toBe('Your portfolio review request was declined');
    const toReviewer = reviewerAssignedMail({ ...common, locale: 'zhCN', level: 'senior', requestLocale: 'enUS' });
    expect(toReviewer.text).toContain('高级');
    expect(toReviewer.text).toContain('英文');
    expect(toReviewer.text).toContain('https://shotlib.example/review/7');
  });
});
