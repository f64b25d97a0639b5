import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextAreaField, type ControlLook } from './form-controls';

const LOOK: ControlLook = { field: 'f', label: 'l', hint: 'h', error: 'e', select: 's', textarea: 't' };

const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('SelectField and TextAreaField', () => {
  it('are named by their label and described by the error first, then the hint', () => {
    render(<TextAreaField label="Reason" hint="Shown to the member." error="A reason is needed." defaultValue="x" />);
    const area = screen.getByLabelText('Reason');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(area)).toEqual(['A reason is needed.', 'Shown to the member.']);
  });

  it('draw with the look they are given, and a select takes aria-invalid without an error', () => {
    render(
      <>
        <SelectField look={LOOK} label="Reviewer" aria-invalid>
          <option value="">None</option>
        </SelectField>
        <TextAreaField look={LOOK} label="Note" error="Too long." />
      </>,
    );
    const select = screen.getByLabelText('Reviewer');
    expect(select.className).toBe('s');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBeNull();
    const note = screen.getByLabelText('Note');
    expect(note.className).toBe('t');
    expect(screen.getByText('Too long.').className).toBe('e');
    expect(note.closest('div')?.className).toBe('f');
  });
});
