import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './field.module.css';
import controls from './form-controls.module.css';

/** The classes a control is drawn with; the shared field's look unless a page (the console) brings its own. */
export type ControlLook = { field: string; label: string; hint: string; error: string; select: string; textarea: string };

const FIELD_LOOK: ControlLook = {
  field: styles.field,
  label: styles.label,
  hint: styles.hint,
  error: styles.error,
  select: controls.select,
  textarea: controls.textarea,
};

type Described = { label: ReactNode; hint?: ReactNode; error?: ReactNode; look?: ControlLook };

/** The ids that describe a control: its error first, then its hint (as Field does). */
function useDescription({ hint, error, look }: { hint?: ReactNode; error?: ReactNode; look: ControlLook }) {
  const id = useId();
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint && (
        <p id={`${id}-hint`} className={look.hint}>
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className={look.error}>
          {error}
        </p>
      )}
    </>
  );
  return { id, invalid, describedBy, notes };
}

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'className' | 'aria-describedby'> & Described;

/** A labelled select in the shared field's look; the error and the hint describe it (an error, or aria-invalid, marks it invalid). */
export function SelectField({ label, hint, error, look = FIELD_LOOK, children, 'aria-invalid': ariaInvalid, ...select }: SelectFieldProps) {
  const { id, invalid, describedBy, notes } = useDescription({ hint, error, look });
  return (
    <div className={look.field}>
      <label htmlFor={id} className={look.label}>
        {label}
      </label>
      <select {...select} id={id} className={look.select} aria-invalid={invalid || ariaInvalid || undefined} aria-describedby={describedBy}>
        {children}
      </select>
      {notes}
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & Described;

/** A labelled textarea in the shared field's look; the error and the hint describe it. */
export function TextAreaField({ label, hint, error, look = FIELD_LOOK, ...textarea }: TextAreaFieldProps) {
  const { id, invalid, describedBy, notes } = useDescription({ hint, error, look });
  return (
    <div className={look.field}>
      <label htmlFor={id} className={look.label}>
        {label}
      </label>
      <textarea {...textarea} id={id} className={look.textarea} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
      {notes}
    </div>
  );
}
