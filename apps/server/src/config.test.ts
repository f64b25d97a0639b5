import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { problemsOf } from './test/config-problems';

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
    // Trusting every hop trusts what the client writes: refused, naming the safe forms, unless opted in.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*hop count.*addresses\/CIDRs.*TRUST_PROXY_ALLOW_ALL=true/);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_ALLOW_ALL: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_ALLOW_ALL: 'false' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({}).TRUST_PROXY_ALLOW_ALL).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).AUTH_IP_LIMITS).toBe(true);
    expect(loadConfig({ AUTH_IP_LIMITS: 'false' }).AUTH_IP_LIMITS).toBe(false);
  });

  it('accepts a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/x' }).DATABASE_URL).toBe('postgres://u@localhost:5432/x');
  });

  describe('media store (S3_*)', () => {
    const bucket = { S3_BUCKET: 'shotlib-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret-value' };

    it('keeps media in DATA_DIR/media when no S3 variable is set', () => {
      expect(loadConfig({}).s3).toBeUndefined();
    });

    it('names the bucket, its server, region, path style and key pair when S3_BUCKET is set', () => {
      expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        bucket: 'shotlib-media',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-value' },
      });
      // AWS itself: a region, and the SDK's own credentials (a role) when no key pair is given.
      expect(loadConfig({ S3_BUCKET: 'shotlib-media', S3_REGION: 'eu-west-1' }).s3).toEqual({ region: 'eu-west-1', bucket: 'shotlib-media', forcePathStyle: false });
    });

    it('refuses a partial configuration, saying what is missing', () => {
      expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toEqual([
        expect.stringMatching(/^S3_BUCKET: .*S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set without it/),
      ]);
      expect(problemsOf({ S3_FORCE_PATH_STYLE: 'true' })).toEqual([expect.stringMatching(/^S3_BUCKET: .*S3_FORCE_PATH_STYLE is set without it/)]);
      expect(problemsOf({ ...bucket, S3_SECRET_ACCESS_KEY: '' })).toEqual([expect.stringMatching(/^S3_SECRET_ACCESS_KEY: needed with S3_ACCESS_KEY_ID/)]);
      expect(problemsOf({ ...bucket, S3_ACCESS_KEY_ID: '' })).toEqual([expect.stringMatching(/^S3_ACCESS_KEY_ID: needed with S3_SECRET_ACCESS_KEY/)]);
      expect(problemsOf({ S3_BUCKET: 'shotlib-media' })).toEqual([expect.stringMatching(/^S3_REGION: AWS S3 needs the bucket's region/)]);
    });

    it('refuses bad values: endpoint, bucket name, credentials in a URL', () => {
      expect(problemsOf({ ...bucket, S3_ENDPOINT: 'ftp://files.example' })).toEqual([expect.stringMatching(/^S3_ENDPOINT: expected an http\(s\) URL/)]);
      expect(problemsOf({ ...bucket, S3_BUCKET: 'My_Bucket' })).toEqual([expect.stringMatching(/^S3_BUCKET: expected a bucket name/)]);
      expect(problemsOf({ ...bucket, S3_ENDPOINT: 'https://key:secret@s3.example' })).toEqual([expect.stringMatching(/^S3_ENDPOINT: must not hold credentials/)]);
      expect(problemsOf({ ...bucket, S3_FORCE_PATH_STYLE: 'sometimes' })).toEqual([expect.stringMatching(/^S3_FORCE_PATH_STYLE:/)]);
    });

    it('never repeats a secret in its complaints', () => {
      const problems = [
        ...problemsOf({ ...bucket, S3_ACCESS_KEY_ID: '' }),
        ...problemsOf({ ...bucket, S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'https://AKIAEXAMPLE:very-secret-value@s3.example' }),
      ];
      expect(problems.length).toBeGreaterThan(1);
      expect(problems.join('\n')).not.toMatch(/very-secret-value|AKIAEXAMPLE/);
    });

    it('keeps MEDIA_BASE_URL a path or an http(s) URL, and off the private bucket', () => {
      expect(loadConfig({ MEDIA_BASE_URL: 'https://cdn.example.com/media' }).MEDIA_BASE_URL).toBe('https://cdn.example.com/media');
      expect(problemsOf({ MEDIA_BASE_URL: 'media' })).toEqual([expect.stringMatching(/^MEDIA_BASE_URL: expected a path starting with \/ or an http\(s\) URL/)]);
      expect(problemsOf({ ...bucket, MEDIA_BASE_URL: 'http://127.0.0.1:9000/shotlib-media' })).toEqual([expect.stringMatching(/^MEDIA_BASE_URL: points at the media bucket/)]);
      expect(problemsOf({ S3_BUCKET: 'shotlib-media', S3_REGION: 'eu-west-1', MEDIA_BASE_URL: 'https://shotlib-media.s3.eu-west-1.amazonaws.com' })).toEqual([
        expect.stringMatching(/^MEDIA_BASE_URL: points at the media bucket/),
      ]);
      // A CDN, or this server on another port of the same host, is fine.
      expect(problemsOf({ ...bucket, MEDIA_BASE_URL: 'https://cdn.example.com/media' })).toEqual([]);
      expect(problemsOf({ ...bucket, MEDIA_BASE_URL: 'http://127.0.0.1:8080/media' })).toEqual([]);
    });
  });
});
