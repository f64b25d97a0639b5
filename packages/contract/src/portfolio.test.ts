import { describe, expect, it } from 'vitest';
import { ReviewerUpdateSchema } from './admin-portfolio';
import { PortfolioMessage, PortfolioRequestInputSchema, ReviewAnswerInputSchema } from './portfolio';

const base = { role: 'Product designer', level: 'mid', questions: 'What should I cut from my portfolio?', locale: 'zhCN', consent: true };

describe('portfolio request input', () => {
  it('takes a link or a PDF, exactly one', () => {
    expect(PortfolioRequestInputSchema.safeParse({ ...base, link: 'https://me.example/work' }).success).toBe(true);
    expect(PortfolioRequestInputSchema.safeParse({ ...base, pdfId: 3 }).success).toBe(true);
    for (const extra of [{}, { link: 'https://me.example', pdfId: 3 }]) {
      const result = PortfolioRequestInputSchema.safeParse({ ...base, ...extra });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(PortfolioMessage.linkOrPdf);
    }
  });

  it('needs consent, a known level and language, an http(s) link', () => {
    const consent = PortfolioRequestInputSchema.safeParse({ ...base, link: 'https://me.example', consent: false });
    expect(consent.error!.issues[0]!.message).toBe(PortfolioMessage.consentRequired);
    expect(PortfolioRequestInputSchema.safeParse({ ...base, link: 'https://me.example', level: 'guru' }).success).toBe(false);
    expect(PortfolioRequestInputSchema.safeParse({ ...base, link: 'https://me.example', locale: 'de' }).success).toBe(false);
    expect(PortfolioRequestInputSchema.safeParse({ ...base, link: 'ftp://me.example' }).error!.issues[0]!.message).toBe(PortfolioMessage.linkInvalid);
    expect(PortfolioRequestInputSchema.safeParse({ ...base, link: 'https://me.example', questions: 'short' }).success).toBe(false);
  });

  it('answers need text; a call link is optional', () => {
    expect(ReviewAnswerInputSchema.parse({ html: '<p>Good</p>' })).toEqual({ html: '<p>Good</p>', callLink: null });
    expect(ReviewAnswerInputSchema.safeParse({ html: '   ' }).success).toBe(false);
    expect(ReviewAnswerInputSchema.safeParse({ html: '<p>x</p>', callLink: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('a reviewer edit changes at least one field', () => {
    expect(ReviewerUpdateSchema.safeParse({}).success).toBe(false);
    expect(ReviewerUpdateSchema.safeParse({ bio: '' }).success).toBe(true);
    expect(ReviewerUpdateSchema.safeParse({ email: 'x@example.com' }).success).toBe(false);
  });
});
