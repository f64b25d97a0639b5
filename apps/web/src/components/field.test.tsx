import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, ReadonlyField } from './field';

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('names the input by its label and passes the rest to it', () => {
    render(<Field label="Nickname" type="text" autoComplete="nickname" defaultValue="Ada" />);
    const input = screen.getByLabelText('Nickname') as HTMLInputElement;
    expect(input.value).toBe('Ada');
    expect(input.getAttribute('autocomplete')).toBe('nickname');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('reads the error first, then the hint, and marks the input invalid only while there is an error', () => {
    const { rerender } = render(<Field label="Verification code" hint="We sent it to ada@example.com." error="6 digit one-time password is required." />);
    const input = screen.getByLabelText('Verification code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['6 digit one-time password is required.', 'We sent it to ada@example.com.']);

    rerender(<Field label="Verification code" hint="We sent it to ada@example.com." error={false} />);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['We sent it to ada@example.com.']);
    expect(screen.queryByText('6 digit one-time password is required.')).toBeNull();
  });

  it('keeps an action beside the label out of the label', () => {
    render(<Field label="Password" labelAction={<button type="button">Forgot password?</button>} type="password" />);
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
  });
});

describe('ReadonlyField', () => {
  it('names its value by its label', () => {
    render(<ReadonlyField label="Email">ada@example.com</ReadonlyField>);
    const value = screen.getByText('ada@example.com');
    expect(document.getElementById(value.getAttribute('aria-labelledby')!)?.textContent).toBe('Email');
  });
});
