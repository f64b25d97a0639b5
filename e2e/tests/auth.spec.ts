import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { AVATAR_STRIP_SIZE, AVATAR_STRIP_STEP_MS } from '@shotlib/contract';
import { expect, expectNoSeriousA11yViolations, loginAs, readCode, signInByApi, test, uniqueEmail } from '../fixtures';

/** The texts the reader sees, from the locale files the web app ships. */
type Texts = Record<string, Record<string, unknown>>;
const localeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/i18n');
const texts = (locale: string): Texts => JSON.parse(readFileSync(path.join(localeDir, `${locale}.json`), 'utf8')) as Texts;
const text = (all: Texts, key: string, values: Record<string, string | number> = {}): string => {
  const raw = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], all);
  if (typeof raw !== 'string') throw new Error(`no text ${key}`);
  return raw.replace(/{{\s*(\w+)\s*}}/g, (_m, name: string) => String(values[name]));
};
const LOCALES = ['enUS', 'zhCN', 'zhTW'] as const;
const API = '/ui/c-api/v1';

/** Show the app in `locale` from the first page load on. */
async function useLocale(page: Page, locale: string) {
  await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
}

/** A real 48 × 48 PNG (a figure on the accent colour) for the avatar upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAMAAABg3Am1AAAAilBMVEX///99kf729/57j/719v5BXf7+/v49Wv719/58kP709f55jf5NaP7l6f7j5/7h5f7g5f7Z3/67xf5AXf65xP4+W/5MZ/7k6P6ntP5MZv6ms/6lsv6hr/6grv6frv6frf5/kv7a3/5+kf7Y3v58j/7z9f7i5/6ls/7i5v6ksv7b4P68xv65w/4/W/5KUOPsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA7klEQVRIx+3U2RZDMBAG4EFIYqmdUt337f1frzc9PZgYctv2v57PwfwJcM3AH3wPsDdJaJphsrOngUMA75TWBPCcQyt1Pgo68wCLMXCAXjwa2GUfBDYJNoBikOCOQUaCEwYhCQQGQhe4JLhgEJEgweBBgh0GkgTpTHNx3NKsBud1d/462tb83ClrPuEAeZ/vmHnTjmhqZJEQUSbTH7iX/GZr4mqY8dJXA4PBQJhUAcOBwTgSA58BEbdAoAEyKwRuNIgREDRgCDAauAhsdV9pSYO15m89VnhxklqcpaqGdAefb6nLV6z2qrt1v65aQy/b7TIj4PQtEQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('a session held only as a token', () => {
  test('restores the member, so the header, the guard and the pages agree', async ({ page, request }) => {
    const { token, user } = await signInByApi(request);
    await page.addInitScript((value) => {
      localStorage.setItem('token', JSON.stringify({ value, expire: Date.now() + 3_600_000 }));
    }, token);
    await page.goto('/app');
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toHaveCount(0);
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByText(user.nickname, { exact: true })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({ id: user.id, email: user.emailAddr });
  });
});

test.describe('the login page', () => {
  test('step 1 asks for the e-mail only, with the terms and the panel (spec texts); no Google where it is not set up', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Welcome to Shotlib')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    // No Google issuer is configured for the browser tests: no button that cannot work, and no 'or'.
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.getByLabel('Verification code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service' }).first()).toHaveAttribute('href', '/terms');
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
    const panel = page.getByRole('complementary', { name: 'The reference library for designers who ship' });
    // No figure nobody counted (issue 29.6, decision 053): the strip says who the faces are.
    await expect(panel.getByText('Designers on Shotlib')).toBeVisible();
    await expect(panel.getByText(/60,000/)).toHaveCount(0);
    await expect(panel.locator('img')).toHaveCount(7);
  });

  test('the avatar strip moves one place every second', async ({ page }) => {
    // The page's timers run on a clock the test moves.
    await page.clock.install();
    await page.goto('/login');
    const items = page.locator('[data-slot]');
    await expect(items.locator('img')).toHaveCount(AVATAR_STRIP_SIZE);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('avatarList') ?? '[]').length)).toBe(AVATAR_STRIP_SIZE);
    /** The avatars from the first slot to the last. */
    const order = () =>
      items.evaluateAll((spans) =>
        (spans as HTMLElement[]).sort((a, b) => Number(a.dataset.slot) - Number(b.dataset.slot)).map((span) => span.querySelector('img')!.getAttribute('src')),
      );
    /** One place on: every avatar a slot to the left, the first one to the end. */
    const onePlaceOn = (avatars: (string | null)[]) => [...avatars.slice(1), avatars[0]];
    /**
     * What the strip shows once React has rendered what the timers did: it renders in a task it posts
     * through a MessageChannel (the fake clock holds setTimeout back), so a message posted after it arrives after it.
     */
    const drawn = async () => {
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
      );
      return order();
    };
    /** Move the clock `step` ms at a time until the strip moves (one place exactly); how long that took. */
    const untilItMoves = async (step: number, limit: number) => {
      const before = await order();
      for (let ran = step; ran <= limit; ran += step) {
        await page.clock.runFor(step);
        const now = await drawn();
        if (now.join() !== before.join()) {
          expect(now).toEqual(onePlaceOn(before));
          return ran;
        }
      }
      throw new Error(`the strip did not move within ${limit} ms`);
    };

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // Find the instant of a step to the millisecond: by 100 ms, then 10 ms, then 1 ms, a second apart.
    await untilItMoves(100, AVATAR_STRIP_STEP_MS);
    await page.clock.runFor(AVATAR_STRIP_STEP_MS - 100);
    await untilItMoves(10, 100);
    await page.clock.runFor(AVATAR_STRIP_STEP_MS - 10);
    await untilItMoves(1, 10);
    // From a step on: nothing for 999 ms, then one place at 1000 ms, second after second.
    for (let second = 0; second < 3; second++) {
      const before = await order();
      await page.clock.runFor(AVATAR_STRIP_STEP_MS - 1);
      expect(await drawn()).toEqual(before);
      await page.clock.runFor(1);
      await expect.poll(order).toEqual(onePlaceOn(before));
    }
  });
});

test.describe('signing up and in', () => {
  for (const locale of LOCALES) {
    test(`${locale}: sign up with a code, set a password and profile, sign out, sign in with the password`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const t = texts(locale);
      await useLocale(page, locale);
      const email = uniqueEmail(`journey-${locale}`);

      // Sign up with a code from the outbox, coming back to the page that asked for a login.
      await page.goto('/mine/sup');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fmine%2Fsup$/);
      await page.getByLabel(text(t, 'auth.login.email')).fill(email);
      const since = Date.now();
      await page.getByRole('button', { name: text(t, 'auth.login.continue') }).click();
      await expect(page.getByText(text(t, 'auth.login.codeSent'))).toBeVisible();
      const codeField = page.getByLabel(text(t, 'auth.login.code'));
      await expect(codeField).toBeFocused();
      await codeField.fill(await readCode(email, since));
      await page.getByRole('button', { name: text(t, 'auth.login.continue') }).click();
      await expect(page).toHaveURL(/\/mine\/sup$/);
      await expect(page.getByRole('heading', { level: 2, name: text(t, 'nav.contact') })).toBeVisible();
      await expect(page.getByText(text(t, 'account.sup.reply', { hours: 48 }))).toBeVisible();

      // Profile: nickname, avatar, password.
      await page.getByRole('link', { name: text(t, 'nav.profile') }).click();
      await expect(page).toHaveURL(/\/mine$/);
      await page.getByLabel(text(t, 'account.home.nickname')).fill(`Designer ${locale}`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: text(t, 'account.home.changeAvatar') }).click();
      await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.locator('img[src*="avatars/"]').first()).toBeVisible();
      await page.getByLabel(text(t, 'account.home.newPassword')).fill('journey-pass');
      await page.getByRole('button', { name: text(t, 'account.home.save') }).click();
      await expect(page.getByText(text(t, 'common.success'))).toBeVisible();

      // The header shows the new avatar and nickname.
      const menuButton = page.getByRole('button', { name: text(t, 'userMenu.menu') });
      await expect(menuButton.locator('img')).toHaveAttribute('src', /avatars\/[0-9a-f]{64}\.webp$/);
      await menuButton.click();
      await expect(page.getByText(`Designer ${locale}`)).toBeVisible();

      // Log out: the server session is revoked, local state cleared, home.
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null')?.value as string);
      const logout = page.waitForRequest((req) => req.url().endsWith(`${API}/logout`) && req.method() === 'POST');
      await page.getByRole('menuitem', { name: text(t, 'userMenu.logOut') }).click();
      await logout;
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: text(t, 'userMenu.logIn') })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect((await request.get(`${API}/member/info`, { headers: { Authorization: token } })).status()).toBe(401);

      // Sign in again: the account has a password now.
      await page.getByRole('link', { name: text(t, 'userMenu.logIn') }).click();
      await page.getByLabel(text(t, 'auth.login.email')).fill(email);
      await page.getByRole('button', { name: text(t, 'auth.login.continue') }).click();
      const passwordField = page.getByLabel(text(t, 'auth.login.password'));
      await expect(passwordField).toBeFocused();
      await passwordField.fill('wrong-pass');
      await page.getByRole('button', { name: text(t, 'auth.login.continue') }).click();
      await expect(page.getByRole('alert').filter({ hasText: text(t, 'auth.login.failedPassword') })).toBeVisible();
      await passwordField.fill('journey-pass');
      await page.getByRole('button', { name: text(t, 'auth.login.continue') }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: text(t, 'userMenu.menu') })).toBeVisible();
    });
  }

  test('clearing the e-mail returns to step 1 and clears the password', async ({ page, request }) => {
    const { email, token } = await signInByApi(request);
    await request.put(`${API}/member`, { headers: { Authorization: token }, data: { password: 'secret-pass' } });
    await page.goto('/login');
    const emailField = page.getByLabel('Email');
    await emailField.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill('typed-already');
    await emailField.fill('');
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await emailField.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Password')).toHaveValue('');
  });

  test('a forgotten password: a code signs in, and the profile sets a new password without the old one', async ({ page, request }) => {
    const { email, token } = await signInByApi(request);
    await request.put(`${API}/member`, { headers: { Authorization: token }, data: { password: 'forgotten-pass' } });
    await page.goto('/login?redirect=%2Fmine');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Password')).toBeFocused();

    const since = Date.now();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('We’ve sent a verification code to your email.')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await page.getByLabel('Verification code').fill(await readCode(email, since));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/mine$/);
    await expect(page.getByText('You’re signed in. You can now choose a new password in your profile.')).toBeVisible();

    // The profile asks for no current password while the code's reset window is open.
    await expect(page.getByText(/you can choose a new password without the current one/)).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await page.getByLabel('New password').fill('remembered-pass');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(page.getByText('Success')).toBeVisible();
    // Spent: a further change needs the current password again.
    await expect(page.getByLabel('Current password')).toBeVisible();
    expect((await (await request.post(`${API}/login`, { data: { emailAddr: email, password: 'remembered-pass' } })).json()).code).toBe(0);
    expect((await request.get(`${API}/member/info`, { headers: { Authorization: token } })).status()).toBe(401);
  });

  test('a wrong code is refused and a new one can be asked for', async ({ page }) => {
    const email = uniqueEmail('wrong-code');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = await readCode(email, since);
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code is incorrect or has expired. Check the latest email or send a new code.',
    );
    // The resend link waits out the server's one-minute pause.
    await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('validation messages (docs/product-spec.md §5)', () => {
  for (const locale of LOCALES) {
    test(`every message in ${locale}`, async ({ page, request }) => {
      const t = texts(locale);
      const withPassword = await signInByApi(request);
      await request.put(`${API}/member`, { headers: { Authorization: withPassword.token }, data: { password: 'secret-pass' } });
      await useLocale(page, locale);
      await page.goto('/login');
      const email = page.getByLabel(text(t, 'auth.login.email'));
      const next = page.getByRole('button', { name: text(t, 'auth.login.continue') });

      await next.click();
      await expect(page.getByText(text(t, 'validation.emailRequired'))).toBeVisible();
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute('aria-invalid', 'true');

      await email.fill('not-an-address');
      await expect(page.getByText(text(t, 'validation.emailInvalid', { email: 'not-an-address' }))).toBeVisible();
      if (locale === 'enUS') await expect(page.getByText('not-an-address is not a valid email address.')).toBeVisible();

      // The code step.
      await email.fill(uniqueEmail(`validate-${locale}`));
      await next.click();
      const code = page.getByLabel(text(t, 'auth.login.code'));
      await code.fill('123');
      await next.click();
      await expect(page.getByText(text(t, 'validation.codeRequired'))).toBeVisible();

      // The password step.
      await email.fill(withPassword.email);
      await next.click();
      await page.getByLabel(text(t, 'auth.login.password')).fill('12345');
      await next.click();
      await expect(page.getByText(text(t, 'validation.passwordShort'))).toBeVisible();

      // The profile's nickname and new password.
      const member = await loginAs(page, request);
      expect(member.user.hasPassword).toBe(false);
      await page.goto('/mine');
      await page.getByLabel(text(t, 'account.home.nickname')).fill('ab');
      await page.getByLabel(text(t, 'account.home.newPassword')).fill('123');
      await page.getByRole('button', { name: text(t, 'account.home.save') }).click();
      await expect(page.locator('p').filter({ hasText: text(t, 'validation.nicknameLength') })).toBeVisible();
      await expect(page.getByText(text(t, 'validation.passwordShort'))).toBeVisible();

      if (locale === 'enUS') {
        expect(text(t, 'validation.emailRequired')).toBe('Email is required.');
        expect(text(t, 'validation.codeRequired')).toBe('6 digit one-time password is required.');
        expect(text(t, 'validation.passwordShort')).toBe('Password must be at least 6 characters long.');
        expect(text(t, 'validation.nicknameLength')).toBe('Enter nickname (3-20 characters)');
      }
    });
  }
});

test.describe('the Google callback page', () => {
  test('posts {type, code, state} to its opener, to its own origin only, and closes', async ({ page }) => {
    await page.goto('/login');
    const received = page.evaluate(
      () =>
        new Promise<{ data: unknown; origin: string; fromPopup: boolean; closed: boolean }>((resolve) => {
          const popup = window.open('/callback?code=code-1&state=state-1', 'oauth-test', 'popup=yes,width=500,height=600');
          window.addEventListener('message', (event) => {
            const fromPopup = event.source === popup;
            // Give the popup a moment to close itself after posting.
            setTimeout(() => resolve({ data: event.data, origin: event.origin, fromPopup, closed: popup?.closed ?? false }), 500);
          });
        }),
    );
    const result = await received;
    expect(result.data).toEqual({ type: 'oauth-success', code: 'code-1', state: 'state-1' });
    expect(result.origin).toBe(new URL(page.url()).origin);
    expect(result.fromPopup).toBe(true);
    expect(result.closed).toBe(true);
  });

  test('says it is logging in, and offers the way back when the sign-in cannot complete', async ({ page }) => {
    await page.goto('/callback?code=unknown&state=unknown');
    await expect(page.getByRole('heading', { name: 'Sign-in could not be completed.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    await page.route('**/ui/c-api/v1/oauth-call**', () => {}); // never answers: the page keeps waiting
    await page.goto('/callback?code=slow&state=slow');
    await expect(page.getByRole('heading', { name: 'Logging in, please wait...' })).toBeVisible();
  });
});

test.describe('the avatar menu', () => {
  test('works by keyboard, closes on Esc and on an outside click, and logs out', async ({ page, request }) => {
    await loginAs(page, request);
    await page.goto('/app');
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Free plan' })).toBeFocused();
    for (const name of ['My Collection', 'Contact Support', 'Insights', 'Settings', 'Log out']) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'My Collection' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { level: 1 }).first().click();
    await expect(menu).toBeHidden();

    // Settings → the profile.
    await trigger.focus();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mine$/);

    await trigger.focus();
    await page.keyboard.press('ArrowUp');
    const logout = page.waitForRequest((req) => req.url().endsWith(`${API}/logout`));
    await page.keyboard.press('Enter');
    await logout;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
  });
});

test.describe('accessibility (axe-core)', () => {
  test('the login page, both steps', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(uniqueEmail('axe'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('6 digit one-time password is required.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the account pages', async ({ page, request }) => {
    await loginAs(page, request);
    await page.goto('/mine');
    await expect(page.getByLabel('Nickname')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/mine/sub');
    await expect(page.getByText('Not subscribed')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/mine/sup');
    await expect(page.getByRole('link', { name: /@/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
