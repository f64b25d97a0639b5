import { TOAST_DEFAULT_MS } from '@shotlib/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { toast, useToastStore } from '../lib/toast';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('stack in order, success by default, errors as alerts, each gone after 2000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.show('Saved');
      toast.error('Payment failed');
      toast.info('We’ve sent a verification code to your email.');
      toast.show('Heads up', { type: 'other', duration: 5000 });
    });
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((node) => [node.textContent, node.dataset.type])).toEqual([
      ['Saved', 'success'],
      ['We’ve sent a verification code to your email.', 'info'],
      ['Heads up', 'other'],
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Payment failed');

    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1));
    expect(screen.getAllByRole('status')).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual(['Heads up']);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(5000 - TOAST_DEFAULT_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
