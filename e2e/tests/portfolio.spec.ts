import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAs, loginAsAdmin, loginAsVip, outboxDir, test, uniqueEmail, type SignedIn } from '../fixtures';
import { mailsTo } from '../mail';

const API = '/ui/c-api/v1';

/** A small but real PDF (the server checks the %PDF- signature). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A page of its own (its own storage, so its own session) in the same browser. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The mails to `email` since `since` (ms) whose subject or text matches, waiting up to 10 s for at least one. */
async function waitForMail(email: string, since: number, match: RegExp) {
  for (let tries = 0; tries < 100; tries++) {
    const mails = (await mailsTo(outboxDir, email, since)).filter((mail) => match.test(mail.subject) || match.test(mail.text));
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} matching ${match} in ${outboxDir}`);
}

/** `POST /portfolio` with a link, straight through the API, as `session`. */
async function requestByApi(request: APIRequestContext, session: SignedIn, role: string) {
  const reply = await request.post(`${API}/portfolio`, {
    headers: { Authorization: session.token },
    data: { link: 'https://example.com/portfolio', role, level: 'senior', questions: 'Is my case study order convincing for a senior role?', locale: 'enUS', consent: true },
  });
  return (await reply.json()) as { code: number; message: string; data: { id: number } };
}

test.describe('portfolio guidance', () => {
  // Several accounts, a payment, several pages scanned with axe: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test('a member who is not subscribed sees the benefit and the way to subscribe', async ({ page, request }) => {
    await loginAs(page, request);
    await page.goto('/mine');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Portfolio guidance' }).click();
    await expect(page).toHaveURL(/\/mine\/portfolio$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Portfolio guidance' })).toBeVisible();
    await expect(page.getByText('A subscriber benefit')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Ask for a review' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Subscribe to ask for a review' }).click();
    await expect(page).toHaveURL(/\/sub$/);
    await expect(page.getByRole('rowheader', { name: 'Portfolio guidance' })).toBeVisible();
  });

  test('a member who is not a reviewer cannot use the reviewer pages', async ({ page, request }) => {
    const member = await loginAs(page, request);
    await page.goto('/review');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviewers only' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const reply = await (await request.get(`${API}/review`, { headers: { Authorization: member.token } })).json();
    expect(reply.code).not.toBe(0);
  });

  test('a subscriber asks with a PDF, an admin assigns, the reviewer answers, the subscriber reads and rates; others cannot see it', async ({ page, request, browser }) => {
    // The console: a new reviewer, added by e-mail address.
    const reviewerEmail = uniqueEmail('reviewer');
    const reviewerName = `Rae Viewer ${Date.now().toString(36)}`;
    await loginAsAdmin(page, request);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reviewers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviewers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a reviewer' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(reviewerEmail);
    await page.getByLabel('Name', { exact: true }).fill(reviewerName);
    await page.getByLabel('Company', { exact: true }).fill('Big Design Co');
    await page.getByLabel('Bio').fill('Design lead, hiring product designers for ten years.');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('form', { name: 'New reviewer' }).getByRole('button', { name: 'Add a reviewer' }).click();
    await expect(page.getByText('The reviewer is added.')).toBeVisible();

    // The subscriber: two reviews a year, asks for one with a PDF.
    const vipPage = await newPage(browser);
    const vip = await loginAsVip(vipPage, request);
    await vipPage.goto('/mine/portfolio');
    await expect(vipPage.getByText('2 of 2 left')).toBeVisible();
    await expect(vipPage.getByText(/Your reviews renew on/)).toBeVisible();
    const form = vipPage.getByRole('form', { name: 'Ask for a review' });
    await form.getByRole('radio', { name: 'A PDF file' }).check();
    await form.getByLabel('Portfolio PDF').setInputFiles({ name: 'my-portfolio.pdf', mimeType: 'application/pdf', buffer: PDF });
    const role = `Senior product designer ${Date.now().toString(36)}`;
    await form.getByLabel('Role you are aiming at').fill(role);
    await form.getByLabel('Level').selectOption('senior');
    await form.getByLabel('Your questions').fill('Does my fintech case study show enough research for a senior role?');
    await expect(form.getByLabel('Feedback language')).toHaveValue('enUS');
    await expectNoSeriousA11yViolations(vipPage);
    // Without the consent, nothing is sent.
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Agree to share your portfolio to send the request.')).toBeVisible();
    await form.getByRole('checkbox', { name: 'I agree to share my portfolio with the reviewer.' }).check();
    const sent = Date.now();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(vipPage).toHaveURL(/\/mine\/portfolio\/\d+$/);
    const id = Number(/\/(\d+)$/.exec(vipPage.url())![1]);
    await expect(vipPage.getByRole('heading', { level: 2, name: `Review for ${role}` })).toBeVisible();
    await expect(vipPage.getByText('Waiting for a reviewer')).toBeVisible();
    await expect(vipPage.getByRole('button', { name: /Download my-portfolio\.pdf/ })).toBeVisible();
    await expectNoSeriousA11yViolations(vipPage);
    await vipPage.getByRole('link', { name: 'All requests' }).click();
    await expect(vipPage.getByText('1 of 2 left')).toBeVisible();
    await expect(vipPage.getByRole('table', { name: 'Your portfolio review requests, newest first' }).getByRole('link', { name: role })).toBeVisible();

    // Another member can neither open it nor download its PDF.
    const otherPage = await newPage(browser);
    const other = await loginAs(otherPage, request);
    await otherPage.goto(`/mine/portfolio/${id}`);
    await expect(otherPage.getByRole('heading', { name: 'Request not found' }).first()).toBeVisible();
    const otherRead = await (await request.get(`${API}/portfolio/${id}`, { headers: { Authorization: other.token } })).json();
    expect(otherRead.code).not.toBe(0);
    const otherPdf = await request.get(`${API}/portfolio/${id}/pdf`, { headers: { Authorization: other.token } });
    expect(otherPdf.headers()['content-type'] ?? '').not.toContain('application/pdf');
    expect((await otherPdf.body()).subarray(0, 5).toString()).not.toBe('%PDF-');
    // Nor can someone signed out.
    const anonymousPdf = await request.get(`${API}/portfolio/${id}/pdf`);
    expect(anonymousPdf.status()).toBe(401);

    // The console's queue: assign it to the reviewer.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Portfolio requests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio requests' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByRole('table', { name: 'Portfolio requests, oldest waiting first' })).toBeVisible();
    // Straight to it: on a data dir kept between runs, older waiting requests may fill the first page.
    await page.goto(`/admin/portfolio/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: role })).toBeVisible();
    await expect(page.getByText(vip.email)).toBeVisible();
    const assignForm = page.getByRole('form', { name: 'Assign to a reviewer' });
    const option = assignForm.getByRole('option', { name: new RegExp(reviewerName) });
    await assignForm.getByLabel('Reviewer').selectOption((await option.getAttribute('value'))!);
    await expectNoSeriousA11yViolations(page);
    await assignForm.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('The request is assigned.')).toBeVisible();
    await expect(page.getByText('With a reviewer')).toBeVisible();
    await waitForMail(vip.email, sent, /A reviewer is looking at your portfolio/);
    await waitForMail(reviewerEmail, sent, /A portfolio to review/);

    // The reviewer: signs in with a code, finds it under Portfolio reviews, downloads the PDF, answers.
    const reviewerPage = await newPage(browser);
    await loginAs(reviewerPage, request, reviewerEmail);
    await reviewerPage.goto('/app');
    await reviewerPage.getByRole('button', { name: 'Account menu' }).click();
    await reviewerPage.getByRole('menuitem', { name: 'Portfolio reviews' }).click();
    await expect(reviewerPage).toHaveURL(/\/review$/);
    await expect(reviewerPage.getByRole('heading', { level: 1, name: 'Portfolio reviews' })).toBeVisible();
    await expectNoSeriousA11yViolations(reviewerPage);
    await reviewerPage.getByRole('table', { name: 'Portfolio requests assigned to you' }).getByRole('link', { name: role }).click();
    await expect(reviewerPage.getByRole('heading', { level: 1, name: role })).toBeVisible();
    const download = reviewerPage.waitForEvent('download');
    await reviewerPage.getByRole('button', { name: /Download my-portfolio\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('my-portfolio.pdf');
    const feedback = reviewerPage.getByRole('form', { name: 'Your feedback' });
    await feedback.getByLabel('Feedback', { exact: true }).fill('<p>Lead with the <strong>research</strong>.</p><script>alert(1)</script>');
    await feedback.getByRole('button', { name: 'Preview' }).click();
    await expect(feedback.frameLocator('iframe[title="Preview of the feedback"]').getByText('research')).toBeVisible();
    await feedback.getByRole('button', { name: 'Preview' }).click();
    await feedback.getByLabel('Call link (optional)').fill('https://meet.example.com/rae');
    await expectNoSeriousA11yViolations(reviewerPage);
    const answered = Date.now();
    await feedback.getByRole('button', { name: 'Send feedback' }).click();
    await expect(reviewerPage.getByText('Your feedback is sent.')).toBeVisible();
    await expect(reviewerPage.getByRole('form', { name: 'Your feedback' })).toHaveCount(0);
    await waitForMail(vip.email, answered, /Your portfolio feedback is ready/);

    // The subscriber reads the answer (sanitised: no script) and rates it.
    await vipPage.goto(`/mine/portfolio/${id}`);
    await expect(vipPage.getByText('Answered', { exact: true })).toBeVisible();
    const answer = vipPage.getByRole('region', { name: 'Feedback' });
    await expect(answer.locator('strong', { hasText: 'research' })).toBeVisible();
    await expect(answer.locator('script')).toHaveCount(0);
    await expect(answer.getByRole('link', { name: 'Join the call with your reviewer' })).toHaveAttribute('href', 'https://meet.example.com/rae');
    const rating = vipPage.getByRole('form', { name: 'Rate the feedback' });
    await rating.getByRole('radio', { name: '5 stars' }).check();
    await rating.getByLabel('Comment (optional)').fill('Clear and kind.');
    await expectNoSeriousA11yViolations(vipPage);
    await rating.getByRole('button', { name: 'Send rating' }).click();
    await expect(vipPage.getByText('Thank you for your rating.')).toBeVisible();
    await expect(vipPage.getByText('You rated it 5 stars.')).toBeVisible();

    // Two a year: the second goes through, the third is refused by the server, and the page says none are left.
    expect((await requestByApi(request, vip, 'Second try')).code).toBe(0);
    const third = await requestByApi(request, vip, 'Third try');
    expect(third.code).not.toBe(0);
    expect(third.message).toBe('You have used every portfolio review of this subscription year. More come when it renews.');
    await vipPage.goto('/mine/portfolio');
    await expect(vipPage.getByText('0 of 2 left')).toBeVisible();
    await expect(vipPage.getByRole('form', { name: 'Ask for a review' })).toHaveCount(0);

    await Promise.all([vipPage.context().close(), otherPage.context().close(), reviewerPage.context().close()]);
  });
});
