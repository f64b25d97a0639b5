import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './controls';

const TREES = [
  { value: 'list', label: 'Apps' },
  { value: 'screen', label: 'Screens' },
  { value: 'flow', label: 'Flow types' },
] as const;

function Harness() {
  const [tree, setTree] = useState<(typeof TREES)[number]['value']>('list');
  return (
    <Tabs label="Category trees" value={tree} options={TREES} onChange={setTree}>
      <p>Tree {tree}</p>
    </Tabs>
  );
}

describe('the console’s tabs', () => {
  it('are one Tab stop, moved by the arrow keys (wrapping), Home and End, and label their panel', () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getByRole('tablist', { name: 'Category trees' })).toBeTruthy();
    expect(tab('Apps').getAttribute('tabindex')).toBe('0');
    expect(tab('Screens').getAttribute('tabindex')).toBe('-1');

    tab('Apps').focus();
    fireEvent.keyDown(tab('Apps'), { key: 'ArrowRight' });
    expect(tab('Screens').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Screens'));
    expect(screen.getByRole('tabpanel', { name: 'Screens' }).textContent).toBe('Tree screen');

    fireEvent.keyDown(tab('Screens'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Flow types'));
    fireEvent.keyDown(tab('Flow types'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Apps'));
    fireEvent.keyDown(tab('Apps'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Flow types'));
    fireEvent.keyDown(tab('Flow types'), { key: 'Home' });
    expect(tab('Apps').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(tab('Flow types'));
    expect(screen.getByRole('tabpanel', { name: 'Flow types' }).textContent).toBe('Tree flow');
  });
});
