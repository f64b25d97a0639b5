import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { problemsOf } from './test/config-problems';

const PEM = '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----';
const wechatKeys = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_API_V3_KEY: '0123456789abcdef0123456789abcdef',
  WECHATPAY_MCH_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: PEM,
  WECHATPAY_PLATFORM_PUBLIC_KEY: PEM,
  WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000001',
};

describe('payment configuration', () => {
  it('runs on the offline sandbox by default, reconciling every 5 minutes', () => {
    const config = loadConfig({});
    expect(config.PAYMENT_PROVIDERS).toEqual(['sandbox']);
    expect(config.PAYMENT_RECONCILE_SECONDS).toBe(300);
    expect(config.WECHATPAY_BASE_URL).toBe('https://api.mch.weixin.qq.com');
    expect(config.PAYPAL_BASE_URL).toBe('https://api-m.paypal.com');
    expect(loadConfig({ PAYMENT_PROVIDERS: ' Sandbox , sandbox ' }).PAYMENT_PROVIDERS).toEqual(['sandbox']);
  });

  it('refuses to start a real provider without its keys or without PUBLIC_URL, naming what is missing', () => {
    expect(problemsOf({ PAYMENT_PROVIDERS: 'wechat,paypal,card' })).toEqual([
      `PAYMENT_PROVIDERS: wechat needs ${Object.keys(wechatKeys).join(', ')}`,
      'PAYMENT_PROVIDERS: wechat needs PUBLIC_URL (its notification and return URLs)',
      'PAYMENT_PROVIDERS: paypal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID',
      'PAYMENT_PROVIDERS: paypal needs PUBLIC_URL (its notification and return URLs)',
      'PAYMENT_PROVIDERS: card needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
      'PAYMENT_PROVIDERS: card needs PUBLIC_URL (its notification and return URLs)',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDERS: 'wechat', PUBLIC_URL: 'https://shotlib.example', ...wechatKeys })).toEqual([]);
    // The sandbox standing in for the other ways on a public site: a test deployment, said explicitly.
    expect(problemsOf({ PAYMENT_PROVIDERS: 'wechat,sandbox', PUBLIC_URL: 'https://shotlib.example', PAYMENT_SANDBOX: 'true', ...wechatKeys })).toEqual([]);
  });

  it('refuses unknown providers and malformed keys', () => {
    expect(problemsOf({ PAYMENT_PROVIDERS: 'alipay' })[0]).toMatch(/^PAYMENT_PROVIDERS/);
    expect(problemsOf({ WECHATPAY_API_V3_KEY: 'short' })[0]).toMatch(/^WECHATPAY_API_V3_KEY/);
    expect(problemsOf({ PAYPAL_PLAN_IDS: '1=P-A,2=P-B' })[0]).toMatch(/^PAYPAL_PLAN_IDS: name a plan for each/);
    expect(problemsOf({ PAYPAL_PLAN_IDS: 'month:P-A' })[0]).toMatch(/^PAYPAL_PLAN_IDS/);
    expect(problemsOf({ PAYMENT_RECONCILE_SECONDS: '-1' })[0]).toMatch(/^PAYMENT_RECONCILE_SECONDS/);
    expect(loadConfig({ PAYPAL_PLAN_IDS: '1=P-YEAR, 2=P-SEASON, 3=P-MONTH' }).PAYPAL_PLAN_IDS).toEqual({ 1: 'P-YEAR', 2: 'P-SEASON', 3: 'P-MONTH' });
  });

  it('reads PEM keys inline (with \\n escapes, for one-line .env values) or from a file', async () => {
    expect(loadConfig({ WECHATPAY_PRIVATE_KEY: PEM }).WECHATPAY_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-pem-'));
    try {
      const file = path.join(dir, 'key.pem');
      await writeFile(file, '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n');
      expect(loadConfig({ WECHATPAY_PLATFORM_PUBLIC_KEY: file }).WECHATPAY_PLATFORM_PUBLIC_KEY).toContain('BEGIN PUBLIC KEY');
      expect(problemsOf({ WECHATPAY_PLATFORM_PUBLIC_KEY: path.join(dir, 'missing.pem') })[0]).toMatch(/^WECHATPAY_PLATFORM_PUBLIC_KEY: expected a PEM key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a deployment cannot give membership away, nor take URLs from the Host header', () => {
  it('keeps the sandbox as the zero-config default on this machine', () => {
    for (const PUBLIC_URL of ['http://localhost:8080', 'http://127.0.0.1:18080', 'http://[::1]:8080']) {
      expect(problemsOf({ PUBLIC_URL }), PUBLIC_URL).toEqual([]);
    }
    expect(loadConfig({}).PAYMENT_SANDBOX).toBe(false);
  });

  it('refuses to start the sandbox on a public host without PAYMENT_SANDBOX=true', () => {
    const problems = problemsOf({ PUBLIC_URL: 'https://shotlib.example' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PAYMENT_PROVIDERS: the sandbox lets anyone mark their own order paid/);
    expect(problems[0]).toContain('PAYMENT_SANDBOX=true');
    expect(problemsOf({ PUBLIC_URL: 'https://shotlib.example', PAYMENT_SANDBOX: 'true' })).toEqual([]);
    // Real providers alone, without the sandbox, are what a deployment runs.
    expect(problemsOf({ PUBLIC_URL: 'https://shotlib.example', PAYMENT_PROVIDERS: 'wechat', ...wechatKeys })).toEqual([]);
  });

  it('refuses Google sign-in without PUBLIC_URL', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'client' })).toEqual([
      'GOOGLE_CLIENT_ID: Google sign-in needs PUBLIC_URL (its redirect URI is <PUBLIC_URL>/callback)',
    ]);
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'client', PUBLIC_URL: 'http://localhost:8080' })).toEqual([]);
  });

  it('gives every URL the site hands out one origin: PUBLIC_URL, else this machine', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shotlib.example/', PAYMENT_SANDBOX: 'true' }).siteUrl).toBe('https://shotlib.example');
    expect(loadConfig({ PORT: '9090' }).siteUrl).toBe('http://localhost:9090');
  });
});
