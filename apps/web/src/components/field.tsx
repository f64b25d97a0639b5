import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './field.module.css';

type FieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'size' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
  label: ReactNode;
  /** A small action at the end of the label's row ("Send a new code", "Forgot password?"). */
  labelAction?: ReactNode;
  /** A note under the input, always read with it. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the input, read first, and the input is marked invalid. Nothing when empty. */
  error?: ReactNode;
  /** 'large': the sign-in form's full-width, taller field. */
  size?: 'medium' | 'large';
  /** Spaced digits for a one-time code. */
  code?: boolean;
};

/**
 * A labelled form field: the label names the input, the error (when there is one) and then the
 * hint describe it, and aria-invalid follows the error. Every other prop goes to the input.
 */
export function Field({ label, labelAction, hint, error, size = 'medium', code = false, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const className = [styles.input, size === 'large' && styles.large, code && styles.code].filter(Boolean).join(' ');

  const labelElement = (
    <label htmlFor={id} className={styles.label}>
      {label}
    </label>
  );
  return (
    <div className={styles.field}>
      {labelAction ? (
        <div className={styles.labelRow}>
          {labelElement}
          {labelAction}
        </div>
      ) : (
        labelElement
      )}
      <input {...input} id={id} className={className} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A value shown beside the fields but not edited there (the account's e-mail), named by its label. */
export function ReadonlyField({ label, children }: { label: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <p className={styles.value} aria-labelledby={id}>
        {children}
      </p>
    </div>
  );
}
