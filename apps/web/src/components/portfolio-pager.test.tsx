import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { loadNamespace } from '../i18n/i18n';
import { PortfolioPager, PortfolioPdfButton } from './portfolio-request';

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

describe('PortfolioPdfButton', () => {
  beforeAll(() => loadNamespace('portfolio'));
  afterAll(() => i18n.changeLanguage('enUS'));

  it('names the size in a unit that fits it: a 37 KB PDF is not "0.0 MB" (issue 29)', async () => {
    const { rerender } = render(<PortfolioPdfButton id={1} name="work.pdf" size={37 * 1024} />);
    expect(screen.getByRole('button', { name: 'Download work.pdf (37 KB)' })).toBeTruthy();
    rerender(<PortfolioPdfButton id={1} name="work.pdf" size={3.5 * 1024 * 1024} />);
    expect(screen.getByRole('button', { name: 'Download work.pdf (3.5 MB)' })).toBeTruthy();
    await i18n.changeLanguage('zhCN');
    rerender(<PortfolioPdfButton id={1} name="work.pdf" size={37 * 1024} />);
    expect(screen.getByRole('button', { name: '下载 work.pdf（37 KB）' })).toBeTruthy();
  });
});
