import { API_PREFIX, AVATAR_MAX_BYTES, AVATAR_STRIP_SIZE, type MemberInfo } from '@shotlib/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, multipart, type TestApp } from '../../test/test-app';
import { MESSAGES } from './member.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = () => t.fixtures.tokens.regular;

async function upload(file: { data: Buffer; name: string; type: string }, path = 'avatar', token: string | null = member()) {
  const body = await multipart({ path, file });
  return call<{ route: string }>(t.app, { method: 'POST', url: `${API_PREFIX}/upload/file`, token: token ?? undefined, ...body });
}

/** A real photo-like JPEG, 1200 × 900, carrying EXIF metadata (a camera, a copyright). */
const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .composite([{ input: Buffer.from('<svg width="400" height="300"><circle cx="200" cy="150" r="120" fill="#3355ff"/></svg>'), top: 300, left: 400 }])
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'private person' } })
    .toBuffer();

describe('POST /upload/file (path=avatar)', () => {
  it('decodes a real image and stores it re-encoded as a 512 px WebP without metadata, under its content hash', async () => {
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload({ data: original, name: 'me.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body.data.route).toMatch(/^avatars\/[0-9a-f]{64}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: `/media/${res.body.data.route}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    // The same picture under another name and type is the same file.
    const again = await upload({ data: original, name: 'other.png', type: 'application/octet-stream' });
    expect(again.body.data.route).toBe(res.body.data.route);
  });

  it('refuses a text file named .png, whatever type it claims', async () => {
    const res = await upload({ data: Buffer.from('just some text, honestly\n'.repeat(20)), name: 'avatar.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MESSAGES.notAnImage, data: null });
  });

  it('refuses SVG (scripts could hide in it)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const res = await upload({ data: svg, name: 'a.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.notAnImage);
  });

  it('refuses a file over 5 MB', async () => {
    const res = await upload({ data: Buffer.alloc(AVATAR_MAX_BYTES + 1, 7), name: 'big.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, message: 'The image is larger than 5 MB.', data: null });
  });

  it('needs a member, the avatar path and a file', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#000' } }).png().toBuffer();
    expect((await upload({ data: png, name: 'a.png', type: 'image/png' }, 'avatar', null)).status).toBe(401);
    const wrongPath = await upload({ data: png, name: 'a.png', type: 'image/png' }, '../shots');
    expect(wrongPath.status).toBe(400);
    expect(wrongPath.body.message).toBe('path: expected "avatar"');
    const noFile = await multipart({ path: 'avatar' });
    const res = await call(t.app, { method: 'POST', url: `${API_PREFIX}/upload/file`, token: member(), ...noFile });
    expect(res.status).toBe(400);
    const json = await call(t.app, { method: 'POST', url: `${API_PREFIX}/upload/file`, token: member(), payload: { path: 'avatar' } });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });
});

describe('GET /member/info and PUT /member', () => {
  const info = (token: string) => call<MemberInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/member/info`, token });
  const update = (payload: Record<string, unknown>, token = t.fixtures.tokens.lapsed) =>
    call<MemberInfo>(t.app, { method: 'PUT', url: `${API_PREFIX}/member`, token, payload });

  it('describes the caller, with expired as ISO or null', async () => {
    const vip = await info(t.fixtures.tokens.vip);
    expect(vip.body.data).toMatchObject({ id: t.fixtures.members.vip, emailAddr: 'vip@example.com', nickname: 'vip', avatar: '', role: 'member', hasPassword: false });
    expect(new Date(vip.body.data.expired!).getTime()).toBeGreaterThan(Date.now());
    expect((await info(member())).body.data.expired).toBeNull();
    expect((await call(t.app, { method: 'GET', url: `${API_PREFIX}/member/info` })).status).toBe(401);
  });

  it('changes the nickname within 3–20 characters', async () => {
    const res = await update({ nickname: '  Ada Lovelace  ' });
    expect(res.body.data.nickname).toBe('Ada Lovelace');
    expect((await info(t.fixtures.tokens.lapsed)).body.data.nickname).toBe('Ada Lovelace');
    for (const nickname of ['ab', 'x'.repeat(21), '   ']) {
      const bad = await update({ nickname });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('Enter nickname (3-20 characters)');
    }
  });

  it('takes as avatar only the route of an upload, and can clear it', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a7' } }).png().toBuffer();
    const { route } = (await upload({ data: png, name: 'x.png', type: 'image/png' }, 'avatar', t.fixtures.tokens.lapsed)).body.data;
    expect((await update({ avatar: route })).body.data.avatar).toBe(route);

    const notStored = await update({ avatar: `avatars/${'a'.repeat(64)}.webp` });
    expect(notStored.body).toEqual({ code: 1001, message: MESSAGES.avatarMissing, data: null });
    for (const avatar of ['shots/1/0.webp', 'https://evil.example/x.webp', `avatars/../${'a'.repeat(64)}.webp`]) {
      expect((await update({ avatar })).status).toBe(400);
    }
    expect((await info(t.fixtures.tokens.lapsed)).body.data.avatar).toBe(route);
    expect((await update({ avatar: '' })).body.data.avatar).toBe('');
  });

  it('sets a first password without a current one', async () => {
    const res = await update({ password: 'first-password' }, t.fixtures.tokens.admin);
    expect(res.body.data.hasPassword).toBe(true);
  });
});

describe('GET /platform/nu', () => {
  it('gives the seven avatars of the strip, served as WebP, the same each time', async () => {
    const first = await call<{ avatars: string[] }>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/nu` });
    expect(first.body.data.avatars).toHaveLength(AVATAR_STRIP_SIZE);
    expect(new Set(first.body.data.avatars).size).toBe(AVATAR_STRIP_SIZE);
    for (const route of first.body.data.avatars) {
      const served = await t.app.inject({ method: 'GET', url: `/media/${route}` });
      expect(served.statusCode, route).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    const second = await call<{ avatars: string[] }>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/nu` });
    expect(second.body.data.avatars).toEqual(first.body.data.avatars);
  });
});
