// Talking to the product's API outside the load runs: one call with its envelope checked, and a
// subscriber's session obtained the way a person gets one (e-mailed code, then the sandbox
// checkout), as the browser tests' fixtures do (e2e/fixtures.ts: signInByApi, buyPlanByApi).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API, sleep } from './processes.mjs';

/**
 * One API call: the HTTP status and the parsed envelope (null if the reply is not JSON). A call
 * whose connection fails (a kept-alive socket closed under it) is sent again, up to twice.
 */
export async function request(origin, method, route, { body, token } = {}) {
  let response;
  let text;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(`${origin}${API}${route}`, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      text = await response.text();
      break;
    } catch (err) {
      const what = `${method} ${route}${body !== undefined ? ` ${JSON.stringify(body)}` : ''}: ${err.message} (${err.cause?.message ?? 'no cause'})`;
      if (attempt === 3) throw new Error(what, { cause: err });
      console.warn(`  ${what}; trying again`);
      await sleep(200);
    }
  }
  try {
    return { status: response.status, envelope: JSON.parse(text), text };
  } catch {
    return { status: response.status, envelope: null, text };
  }
}

/** One API call; returns the envelope's data, throws on a non-2xx status or a code ≠ 0. */
export async function call(origin, method, route, options = {}) {
  const { status, envelope, text } = await request(origin, method, route, options);
  if (status < 200 || status > 299 || envelope?.code !== 0) throw new Error(`${method} ${route}: HTTP ${status} ${text.slice(0, 200)}`);
  return envelope.data;
}

/** The one-time code e-mailed to `email`: the server without SMTP writes .eml files to DATA_DIR/outbox. */
async function readCode(outbox, email) {
  for (let tries = 0; tries < 100; tries++) {
    const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const raw = await readFile(path.join(outbox, name), 'utf8');
      // The English code mail: "Subject: 123456 is your Shotlib verification code".
      const code = /^Subject: (\d{6}) is your Shotlib/m.exec(raw)?.[1];
      if (code && raw.includes(email)) return code;
    }
    await sleep(100);
  }
  throw new Error(`no code mail for ${email} in ${outbox}`);
}

/** Sign `email` in with an e-mailed code (the account is made on first use): returns the token. */
export async function signIn(origin, dataDir, email) {
  const step = await call(origin, 'POST', '/sign', { body: { emailAddr: email, locale: 'enUS' } });
  if (step.next !== true) throw new Error(`${email} unexpectedly has a password`);
  const code = await readCode(path.join(dataDir, 'outbox'), email);
  const { token } = await call(origin, 'POST', '/login', { body: { emailAddr: email, code } });
  return token;
}

/**
 * A new member who has bought the month plan through the sandbox provider: returns their token.
 * A new address on every run (an address may receive only a few codes an hour).
 */
export async function signInAsSubscriber(origin, dataDir) {
  const email = `bench.${Date.now().toString(36)}.${process.pid}@bench.example`;
  const token = await signIn(origin, dataDir, email);

  // The sandbox's checkout page stands where a real provider's would; its Pay button posts the form.
  const pay = await call(origin, 'GET', '/pay?way=paypal&grade=3', { token });
  if (!pay.sandbox) throw new Error(`GET /pay is not on the sandbox: ${pay.url}`);
  const paid = await fetch(pay.url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
  if (paid.status >= 400) throw new Error(`the sandbox page refused Pay: HTTP ${paid.status}`);
  const member = await call(origin, 'GET', '/member/info', { token });
  if (!member.expired || Date.parse(member.expired) <= Date.now()) throw new Error(`${email} is not a subscriber after paying`);
  return token;
}
