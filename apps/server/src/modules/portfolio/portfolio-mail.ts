import type { Locale, PortfolioLevel } from '@shotlib/contract';
import type { MailMessage } from '../../lib/mail';
import { layoutMail, mailLocale } from '../../lib/mail-layout';

/**
 * The e-mails of portfolio guidance (decision 046): to the member when a reviewer is assigned,
 * when the feedback is ready and when the request is declined, in the request's language; to the
 * reviewer when a request is assigned to them, in the reviewer's own language.
 */

type Texts = {
  assigned: { subject: string; body: (reviewer: string, role: string) => string; next: string };
  answered: { subject: string; body: (reviewer: string, role: string) => string };
  declined: { subject: string; body: (role: string) => string; reason: (reason: string) => string; quota: string };
  toReviewer: { subject: string; body: (role: string, level: string, language: string) => string };
  open: string;
  review: string;
  signature: string;
  levels: Record<PortfolioLevel, string>;
  languages: Record<Locale, string>;
};

const TEXTS: Record<Locale, Texts> = {
  enUS: {
    assigned: {
      subject: 'A reviewer is looking at your portfolio',
      body: (reviewer, role) => `${reviewer} will review your portfolio for the role "${role}".`,
      next: 'We will write again when the feedback is ready.',
    },
    answered: {
      subject: 'Your portfolio feedback is ready',
      body: (reviewer, role) => `${reviewer} has answered your portfolio review for the role "${role}".`,
    },
    declined: {
      subject: 'Your portfolio review request was declined',
      body: (role) => `Your portfolio review request for the role "${role}" was declined.`,
      reason: (reason) => `Reason: ${reason}`,
      quota: 'It does not count against your reviews of this year: you may send a new request.',
    },
    toReviewer: {
      subject: 'A portfolio to review',
      body: (role, level, language) => `A member asks for feedback on their portfolio for the role "${role}" (${level}), in ${language}.`,
    },
    open: 'Open the request',
    review: 'Review it',
    signature: 'The Shotlib team',
    levels: { intern: 'intern', junior: 'junior', mid: 'mid-level', senior: 'senior', lead: 'lead' },
    languages: { enUS: 'English', zhCN: 'Simplified Chinese', zhTW: 'Traditional Chinese' },
  },
  zhCN: {
    assigned: {
      subject: '已有导师在查看你的作品集',
      body: (reviewer, role) => `${reviewer} 将针对「${role}」岗位点评你的作品集。`,
      next: '点评完成后我们会再通知你。',
    },
    answered: {
      subject: '你的作品集点评已完成',
      body: (reviewer, role) => `${reviewer} 已完成你针对「${role}」岗位的作品集点评。`,
    },
    declined: {
      subject: '你的作品集点评申请未被受理',
      body: (role) => `你针对「${role}」岗位的作品集点评申请未被受理。`,
      reason: (reason) => `原因：${reason}`,
      quota: '本次申请不占用你今年的点评次数，你可以重新提交申请。',
    },
    toReviewer: {
      subject: '有一份作品集待你点评',
      body: (role, level, language) => `一位会员希望你针对「${role}」岗位（${level}）点评其作品集，点评语言：${language}。`,
    },
    open: '查看申请',
    review: '开始点评',
    signature: 'Shotlib 团队',
    levels: { intern: '实习', junior: '初级', mid: '中级', senior: '高级', lead: '负责人' },
    languages: { enUS: '英文', zhCN: '简体中文', zhTW: '繁体中文' },
  },
  zhTW: {
    assigned: {
      subject: '已有導師在查看你的作品集',
      body: (reviewer, role) => `${reviewer} 將針對「${role}」職位點評你的作品集。`,
      next: '點評完成後我們會再通知你。',
    },
    answered: {
      subject: '你的作品集點評已完成',
      body: (reviewer, role) => `${reviewer} 已完成你針對「${role}」職位的作品集點評。`,
    },
    declined: {
      subject: '你的作品集點評申請未被受理',
      body: (role) => `你針對「${role}」職位的作品集點評申請未被受理。`,
      reason: (reason) => `原因：${reason}`,
      quota: '本次申請不佔用你今年的點評次數，你可以重新提交申請。',
    },
    toReviewer: {
      subject: '有一份作品集待你點評',
      body: (role, level, language) => `一位會員希望你針對「${role}」職位（${level}）點評其作品集，點評語言：${language}。`,
    },
    open: '查看申請',
    review: '開始點評',
    signature: 'Shotlib 團隊',
    levels: { intern: '實習', junior: '初級', mid: '中級', senior: '資深', lead: '主管' },
    languages: { enUS: '英文', zhCN: '簡體中文', zhTW: '繁體中文' },
  },
};

/** Where the member reads a request, and where its reviewer answers it. */
export const memberRequestUrl = (siteUrl: string, id: number) => `${siteUrl.replace(/\/+$/, '')}/mine/portfolio/${id}`;
export const reviewerRequestUrl = (siteUrl: string, id: number) => `${siteUrl.replace(/\/+$/, '')}/review/${id}`;

type Common = { to: string; locale: string; requestId: number; role: string; siteUrl: string };

/** The mail of one request, in the recipient's language: `build` picks its texts from that language's. */
function message(options: Common, build: (t: Texts) => { subject: string; paragraphs: string[]; link: { href: string; label: string } }): MailMessage {
  const locale = mailLocale(options.locale);
  const t = TEXTS[locale];
  const { subject, paragraphs, link } = build(t);
  return { to: options.to, subject, ...layoutMail({ locale, subject, paragraphs, link, signature: t.signature }), logNote: { portfolioRequest: options.requestId } };
}

export function assignedMail(options: Common & { reviewer: { name: string; company: string } }): MailMessage {
  const who = `${options.reviewer.name} (${options.reviewer.company})`;
  return message(options, (t) => ({
    subject: t.assigned.subject,
    paragraphs: [t.assigned.body(who, options.role), t.assigned.next],
    link: { href: memberRequestUrl(options.siteUrl, options.requestId), label: t.open },
  }));
}

export function answeredMail(options: Common & { reviewer: { name: string } }): MailMessage {
  return message(options, (t) => ({
    subject: t.answered.subject,
    paragraphs: [t.answered.body(options.reviewer.name, options.role)],
    link: { href: memberRequestUrl(options.siteUrl, options.requestId), label: t.open },
  }));
}

export function declinedMail(options: Common & { reason: string }): MailMessage {
  return message(options, (t) => ({
    subject: t.declined.subject,
    paragraphs: [t.declined.body(options.role), t.declined.reason(options.reason), t.declined.quota],
    link: { href: memberRequestUrl(options.siteUrl, options.requestId), label: t.open },
  }));
}

/** To the reviewer, in their own language: a request was assigned to them. */
export function reviewerAssignedMail(options: Common & { level: PortfolioLevel; requestLocale: Locale }): MailMessage {
  return message(options, (t) => ({
    subject: t.toReviewer.subject,
    paragraphs: [t.toReviewer.body(options.role, t.levels[options.level], t.languages[options.requestLocale])],
    link: { href: reviewerRequestUrl(options.siteUrl, options.requestId), label: t.review },
  }));
}
