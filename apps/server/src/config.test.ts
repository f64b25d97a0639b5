import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.MEDIA_BASE_URL).toBe('/media');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad value instead of starting', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db', SUPPORT_EMAIL: 'nope' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SUPPORT_EMAIL:'))).toBe(true);
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('reads the account settings: Google issuer default, mail and Redis URLs, trusted proxies', () => {
    expect(loadConfig({}).GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(loadConfig({ GOOGLE_ISSUER: 'http://127.0.0.1:9000' }).GOOGLE_ISSUER).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).SMTP_URL).toBe('smtps://u:p@mail.example:465');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ REDIS_URL: 'memcached://x' })).toThrow(/REDIS_URL/);
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).AUTH_IP_LIMITS).toBe(true);
    expect(loadConfig({ AUTH_IP_LIMITS: 'false' }).AUTH_IP_LIMITS).toBe(false);
  });

  it('accepts a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/x' }).DATABASE_URL).toBe('postgres://u@localhost:5432/x');
  });
});
