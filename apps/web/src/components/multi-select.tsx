import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, CloseIcon, SearchIcon } from './icons';
import { filterOptions, toggleValue, type SelectOption } from './multi-select-filter';
import styles from './multi-select.module.css';

type MultiSelectProps<K extends string | number> = {
  /**
   * The control's id on the page (its panel's and count's ids derive from it). Given, not from `useId`: the toolbars
   * holding it are taken over after the rest of a server-rendered page (lib/take-over.tsx), and `useId` counts in
   * render order.
   */
  id: string;
  /** What is chosen, e.g. 'Category'; the trigger shows it with the selected count. */
  label: string;
  options: readonly SelectOption<K>[];
  value: readonly K[];
  onChange: (next: K[]) => void;
  /** Placeholder and accessible name of the search field. */
  searchLabel: string;
  /** Shown instead of the list when nothing matches (default: 'Category not found'). */
  emptyText?: string;
  loading?: boolean;
  /** Which edge of the button the panel lines up with (end: for a control at the right of a row). */
  align?: 'start' | 'end';
  className?: string;
  /** The button that opens the list (e.g. to give focus back to it). */
  ref?: Ref<HTMLButtonElement>;
};

/**
 * The category multi-select of docs/product-spec.md §2: a button with the label and the selected count opens a
 * panel with a search field (filters labels containing the text), a checkbox list, 'Category not
 * found' when nothing matches, and a clear button. Opens on click; ↓ ↑ move between the search
 * field and the boxes, Space ticks, Esc and a click outside close it, and focus returns to the button.
 */
export function MultiSelect<K extends string | number>({
  id,
  label,
  options,
  value,
  onChange,
  searchLabel,
  emptyText,
  loading = false,
  align = 'start',
  className,
  ref,
}: MultiSelectProps<K>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useImperativeHandle(ref, () => triggerRef.current!, []); // set by the time handles are read
  const searchRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = `${id}-panel`;
  const countId = `${id}-count`;

  const visible = filterOptions(options, text);
  const count = value.length;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setText('');
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  // A press outside closes the panel, leaving focus where the person put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setText('');
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const stops = [searchRef.current, ...(panelRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])].filter(
      (el): el is HTMLInputElement => el !== null,
    );
    const at = stops.indexOf(document.activeElement as HTMLInputElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, stops.length - 1) : Math.max(at - 1, 0);
    event.preventDefault();
    stops[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className={[styles.root, className].filter(Boolean).join(' ')}
      onBlur={(event) => {
        // Tabbing out of the whole control closes it.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <div className={styles.triggerRow}>
        <button
          ref={triggerRef}
          type="button"
          className={styles.trigger}
          data-active={count > 0 || undefined}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-describedby={countId}
          onClick={() => (open ? close(false) : setOpen(true))}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          <span>{label}</span>
          {count > 0 && (
            <span className={styles.count} aria-hidden="true">
              {count}
            </span>
          )}
          <ChevronDownIcon size={16} className={styles.chevron} />
        </button>
        <span id={countId} className="visually-hidden">
          {t('multiSelect.selected', { count })}
        </span>
        {count > 0 && (
          <button
            type="button"
            className={styles.clearTrigger}
            aria-label={t('multiSelect.clearNamed', { label })}
            onClick={() => {
              onChange([]);
              triggerRef.current?.focus(); // this button goes away with the selection
            }}
          >
            <CloseIcon size={14} />
          </button>
        )}
      </div>

      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className={`${styles.panel} ${align === 'end' ? styles.alignEnd : ''}`}
          role="group"
          aria-label={label}
          onKeyDown={onPanelKeyDown}
        >
          <div className={styles.searchRow}>
            <SearchIcon size={16} className={styles.searchIcon} />
            <input
              ref={searchRef}
              type="search"
              className={styles.search}
              value={text}
              placeholder={searchLabel}
              aria-label={searchLabel}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                // Esc in a search field would clear it; here it closes the panel (the panel handles it).
                if (event.key === 'Escape') event.preventDefault();
              }}
            />
          </div>
          {loading && options.length === 0 ? (
            <p className={styles.empty} role="status">
              {t('common.loading')}
            </p>
          ) : visible.length === 0 ? (
            <p className={styles.empty} role="status">
              {emptyText ?? t('common.categoryNotFound')}
            </p>
          ) : (
            <ul role="list" className={styles.list}>
              {visible.map((option) => {
                const checked = value.includes(option.key);
                return (
                  <li key={option.key}>
                    <label
                      className={styles.option}
                      data-checked={checked || undefined}
                      // Pressing the name must not take focus out of the panel (which closes it
                      // before the click lands); the click still ticks the box.
                      onMouseDown={(event) => {
                        if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
                      }}
                    >
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        checked={checked}
                        onChange={() => onChange(toggleValue(options, value, option.key))}
                      />
                      <span className={styles.optionLabel}>{option.label}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          <div className={styles.footer}>
            <span className={styles.footerCount} aria-live="polite">
              {t('multiSelect.selected', { count })}
            </span>
            <button type="button" className={styles.clear} disabled={count === 0} onClick={() => onChange([])}>
              {t('multiSelect.clear')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
