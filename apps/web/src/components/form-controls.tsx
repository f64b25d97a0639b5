import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './field.module.css';
import controls from './form-controls.module.css';

type Described = { label: ReactNode; hint?: ReactNode; error?: ReactNode };

/** The ids that describe a control: its error first, then its hint (as Field does). */
function useDescription({ hint, error }: Omit<Described, 'label'>) {
  const id = useId();
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
  return { id, invalid, describedBy, notes };
}

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & Described;

/** A labelled select in the shared field's look; the error and the hint describe it. */
export function SelectField({ label, hint, error, children, ...select }: SelectFieldProps) {
  const { id, invalid, describedBy, notes } = useDescription({ hint, error });
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select {...select} id={id} className={controls.select} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        {children}
      </select>
      {notes}
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & Described;

/** A labelled textarea in the shared field's look; the error and the hint describe it. */
export function TextAreaField({ label, hint, error, ...textarea }: TextAreaFieldProps) {
  const { id, invalid, describedBy, notes } = useDescription({ hint, error });
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea {...textarea} id={id} className={controls.textarea} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
      {notes}
    </div>
  );
}
