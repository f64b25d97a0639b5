import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../i18n/i18n';
import { PortfolioPager } from './portfolio-request';

describe('PortfolioPager', () => {
  beforeAll(() => loadNamespace('portfolio'));

  it('is shown only past one page, and its buttons stop at the first and the last', () => {
    const onPage = vi.fn();
    const { rerender } = render(<PortfolioPager page={1} pages={1} onPage={onPage} label="Requests pages" />);
    expect(screen.queryByRole('navigation')).toBeNull();

    rerender(<PortfolioPager page={1} pages={3} onPage={onPage} label="Requests pages" />);
    const nav = screen.getByRole('navigation', { name: 'Requests pages' });
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(nav.contains(previous) && nav.contains(next)).toBe(true);
    expect([previous.disabled, next.disabled]).toEqual([true, false]);
    fireEvent.click(next);
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<PortfolioPager page={3} pages={3} onPage={onPage} label="Requests pages" />);
    expect([previous.disabled, next.disabled]).toEqual([false, true]);
    fireEvent.click(previous);
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});
