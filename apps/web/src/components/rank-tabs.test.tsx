import { RANK, type Rank } from '@shotlib/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { RankTabs, rankTabId } from './rank-tabs';

function Ranked({ start = RANK.news }: { start?: Rank }) {
  const [rank, setRank] = useState<Rank>(start);
  return (
    <>
      <RankTabs rank={rank} onRank={setRank} panelId="list" />
      <div id="list" role="tabpanel" aria-labelledby={rankTabId('list', rank)}>
        {rank}
      </div>
    </>
  );
}

describe('RankTabs', () => {
  it('is one Tab stop that labels its panel, and a click chooses the other rank', () => {
    render(<Ranked />);
    const latest = screen.getByRole('tab', { name: 'Latest' });
    const trending = screen.getByRole('tab', { name: 'Trending' });
    expect(screen.getByRole('tablist', { name: 'Sort' })).toBeTruthy();
    expect(latest.getAttribute('aria-selected')).toBe('true');
    expect([latest.tabIndex, trending.tabIndex]).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Latest' }).textContent).toBe(RANK.news);

    fireEvent.click(trending);
    expect(trending.getAttribute('aria-selected')).toBe('true');
    expect([latest.tabIndex, trending.tabIndex]).toEqual([-1, 0]);
    expect(screen.getByRole('tabpanel', { name: 'Trending' }).textContent).toBe(RANK.hot);
  });

  it('switches with the arrow keys, goes to Latest and Trending with Home and End, and moves the focus along', () => {
    render(<Ranked />);
    const latest = screen.getByRole('tab', { name: 'Latest' });
    const trending = screen.getByRole('tab', { name: 'Trending' });
    latest.focus();

    fireEvent.keyDown(latest, { key: 'ArrowRight' });
    expect(trending.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(trending);

    fireEvent.keyDown(trending, { key: 'ArrowLeft' });
    expect(latest.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(latest);

    fireEvent.keyDown(latest, { key: 'End' });
    expect(document.activeElement).toBe(trending);
    fireEvent.keyDown(trending, { key: 'End' });
    expect(trending.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(trending, { key: 'Home' });
    expect(latest.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(latest);

    fireEvent.keyDown(latest, { key: 'a' });
    expect(latest.getAttribute('aria-selected')).toBe('true');
  });
});
