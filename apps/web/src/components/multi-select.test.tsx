import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { MultiSelect } from './multi-select';

const options = [
  { key: 12, label: 'Finance' },
  { key: 13, label: 'Social' },
  { key: 16, label: 'Health & Fitness' },
];

function Harness({ onChange }: { onChange?: (next: number[]) => void }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <MultiSelect
      id="categories"
      label="Category"
      options={options}
      value={value}
      searchLabel="Search categories"
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const trigger = () => screen.getByRole('button', { name: /^Category/ });
const boxes = () => screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);

describe('MultiSelect', () => {
  it('opens a searchable checkbox list, filters by label, and says so when nothing matches', () => {
    render(<Harness />);
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    expect(document.activeElement).toBe(search);
    expect(boxes()).toEqual(['Finance', 'Social', 'Health & Fitness']);

    fireEvent.input(search, { target: { value: 'fi' } });
    expect(boxes()).toEqual(['Finance', 'Health & Fitness']);

    fireEvent.input(search, { target: { value: 'xyz' } });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('Category not found')).toBeTruthy();
  });

  it('shows the selected count on the button, and clears', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Social' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Finance' }));
    expect(onChange).toHaveBeenLastCalledWith([12, 13]);
    expect(trigger().textContent).toContain('2');
    expect(trigger().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(trigger().getAttribute('aria-describedby')!)?.textContent).toBe('2 selected');

    const panel = screen.getByRole('group', { name: 'Category' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(trigger().textContent).not.toContain('2');
  });

  it('moves by arrow keys, closes on Escape and gives focus back to the button', () => {
    render(<Harness />);
    fireEvent.click(trigger());
    const search = screen.getByRole('searchbox');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Finance' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Social' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(search);

    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('closes on a press outside', () => {
    render(
      <div>
        <Harness />
        <p>outside</p>
      </div>,
    );
    fireEvent.click(trigger());
    act(() => {
      screen.getByText('outside').dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    });
    expect(screen.queryByRole('group')).toBeNull();
  });
});
