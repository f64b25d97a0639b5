import { boardNameProblem, BOARD_NAME_MAX } from '@shotlib/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from './button.module.css';
import { Field } from './field';
import styles from './save-to-board.module.css';

type BoardNameFormProps = {
  /** The name to start from (renaming); empty for a new board. */
  initial?: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
};

/**
 * A board's name (1–60 characters once trimmed: the contract's boardNameProblem, BoardNameSchema's rule, as the
 * server checks it):
 * the form of "New board…" and of renaming. Esc cancels.
 */
export function BoardNameForm({ initial = '', submitLabel, busy = false, onSubmit, onCancel }: BoardNameFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = boardNameProblem(name);
    if (problem) {
      setError(problem === 'required' ? t('boards.nameRequired') : t('boards.nameTooLong', { max: BOARD_NAME_MAX }));
      return;
    }
    onSubmit(name.trim());
  };
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <Field
        label={t('boards.nameLabel')}
        value={name}
        maxLength={BOARD_NAME_MAX + 20}
        autoFocus
        autoComplete="off"
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError('');
        }}
      />
      <div className={styles.formActions}>
        <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={onCancel}>
          {t('boards.cancel')}
        </button>
        <button type="submit" className={`${buttons.primary} ${buttons.small}`} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
