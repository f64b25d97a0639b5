import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { useToastStore } from '../../lib/toast';
import { LoginForm } from './login-form';

/** The network, played by the test. */
const fetchMock = vi.fn<typeof fetch>();
const reply = (data: unknown, code = 0, message = 'ok') =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code, message, data }), { headers: { 'Content-Type': 'application/json' } }));
const sentBody = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as Record<string, unknown>;

const onToken = vi.fn(async () => {});
function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoginForm onToken={onToken} />
    </QueryClientProvider>,
  );
  const email = () => screen.getByLabelText('Email');
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return {
    email,
    submit,
    /** Continue with an address whose account has a password: the password field. */
    async toPasswordStep(address = 'ada@example.com') {
      fireEvent.input(email(), { target: { value: address } });
      reply({ next: false });
      submit();
      return screen.findByLabelText('Password');
    },
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  onToken.mockClear();
});

describe('LoginForm', () => {
  it('asks for the e-mail first, with the spec messages', async () => {
    const form = renderForm();
    form.submit();
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    fireEvent.input(form.email(), { target: { value: 'ada@' } });
    expect(screen.getByText('ada@ is not a valid email address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('next=true: shows the code field and says a code was sent; the code signs in', async () => {
    const form = renderForm();
    fireEvent.input(form.email(), { target: { value: ' ada@example.com ' } });
    reply({ next: true });
    form.submit();
    const code = await screen.findByLabelText('Verification code');
    expect(fetchMock.mock.calls[0]![0]).toBe('/ui/c-api/v1/sign');
    expect(sentBody(0)).toEqual({ emailAddr: 'ada@example.com', locale: 'enUS' });
    expect(useToastStore.getState().toasts.map((t) => [t.type, t.message])).toEqual([['info', 'We’ve sent a verification code to your email.']]);
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.input(code, { target: { value: '12 3' } });
    expect((code as HTMLInputElement).value).toBe('123');
    form.submit();
    expect(await screen.findByText('6 digit one-time password is required.')).toBeTruthy();

    fireEvent.input(code, { target: { value: '123456' } });
    reply({ token: 'tok-9' });
    form.submit();
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok-9'));
    expect(sentBody(1)).toEqual({ emailAddr: 'ada@example.com', code: '123456', locale: 'enUS' });
  });

  it('next=false: shows the password field; clearing the e-mail returns to step 1 and clears it', async () => {
    const form = renderForm();
    fireEvent.input(form.email(), { target: { value: 'ada@example.com' } });
    reply({ next: false });
    form.submit();
    const password = await screen.findByLabelText('Password');
    expect(useToastStore.getState().toasts).toEqual([]);
    fireEvent.input(password, { target: { value: 'secret-1' } });
    fireEvent.input(form.email(), { target: { value: '' } });
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.input(form.email(), { target: { value: 'ada@example.com' } });
    reply({ next: false });
    form.submit();
    expect(((await screen.findByLabelText('Password')) as HTMLInputElement).value).toBe('');
  });

  it('Forgot password? asks for a code instead, signs in with it, and says where to set a new password', async () => {
    const form = renderForm();
    fireEvent.input(await form.toPasswordStep(), { target: { value: 'half-remembered' } });

    reply({ next: true });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const code = await screen.findByLabelText('Verification code');
    expect(sentBody(1)).toEqual({ emailAddr: 'ada@example.com', locale: 'enUS', via: 'code' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['We’ve sent a verification code to your email.']);

    fireEvent.input(code, { target: { value: '654321' } });
    reply({ token: 'tok-reset' });
    form.submit();
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok-reset'));
    expect(sentBody(2)).toEqual({ emailAddr: 'ada@example.com', code: '654321', locale: 'enUS' });
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => [t.type, t.message])).toContainEqual([
        'info',
        'You’re signed in. You can now choose a new password in your profile.',
      ]),
    );
  });

  it('after Forgot password?, Send a new code asks for a code again, not for the password step', async () => {
    const form = renderForm();
    await form.toPasswordStep();
    // The resend link waits out the server's one-minute pause: the test moves the clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      reply({ next: true });
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      await screen.findByLabelText('Verification code');
      expect(screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toHaveProperty('disabled', true);
      for (let second = 0; second < 60; second++) act(() => vi.advanceTimersByTime(1000));

      reply({ next: true });
      fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    } finally {
      vi.useRealTimers();
    }
    expect(sentBody(2)).toEqual({ emailAddr: 'ada@example.com', locale: 'enUS', via: 'code' });
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
  });

  it('explains a refused password without saying whether the account exists', async () => {
    const form = renderForm();
    fireEvent.input(await form.toPasswordStep(), { target: { value: 'wrong-one' } });
    reply(null, 1001, 'The e-mail address or password is incorrect.');
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    expect(onToken).not.toHaveBeenCalled();
  });
});
