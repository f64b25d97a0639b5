import {
  AccountMessage,
  BillingMessage,
  LIMITS,
  PaywallMessage,
  type AccountMessageKey,
  type BillingMessageKey,
} from '@shotlib/contract';
import i18n from '../i18n/i18n';
import { ApiError } from './api-client';

const keys = Object.keys(AccountMessage) as AccountMessageKey[];
const billingKeys = Object.keys(BillingMessage) as BillingMessageKey[];
type PaywallMessageKey = keyof typeof PaywallMessage;
const paywallKeys = Object.keys(PaywallMessage) as PaywallMessageKey[];

/** The contract key of a message the server sent, when it is one of the account messages. */
export function accountMessageKey(message: string): AccountMessageKey | null {
  return keys.find((key) => AccountMessage[key] === message) ?? null;
}

/** The contract key of a message the server sent, when it is one of the billing messages. */
export function billingMessageKey(message: string): BillingMessageKey | null {
  return billingKeys.find((key) => BillingMessage[key] === message) ?? null;
}

/** The contract key of a message the server sent, when it is one of the paywall's refusals (code 1002). */
export function paywallMessageKey(message: string): PaywallMessageKey | null {
  return paywallKeys.find((key) => PaywallMessage[key] === message) ?? null;
}

/**
 * A refused call (envelope code ≠ 0) said in the reader's language: account, billing and paywall messages
 * by their key, too many requests by its code; anything else as the server wrote it.
 */
export function translatedReplyMessage(error: ApiError): string {
  if (error.code === 429) return i18n.t('serverMessages.tooManyRequests');
  const paywall = paywallMessageKey(error.message);
  if (paywall) return i18n.t(`paywall.messages.${paywall}`, { count: LIMITS.regular.listMaxPage });
  const key = accountMessageKey(error.message) ?? billingMessageKey(error.message);
  return key ? i18n.t(`serverMessages.${key}`) : error.message;
}

/** Whether an error is a refusal the page should explain (not one the API client already told). */
export const isReplyError = (error: unknown): error is ApiError => error instanceof ApiError && error.kind === 'reply';
