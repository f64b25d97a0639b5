import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from './icons';
import styles from './menu-button.module.css';

/** One row of a menu: a link, an action, a choice among several (radio), or a separator. */
export type MenuEntry =
  | { type: 'link'; id: string; label: ReactNode; to: string; icon?: ReactNode; current?: boolean; className?: string }
  | { type: 'action'; id: string; label: ReactNode; onSelect: () => void; icon?: ReactNode }
  | { type: 'radio'; id: string; label: ReactNode; onSelect: () => void; checked: boolean; lang?: string }
  /** One of several independent choices (a board a screen is on): a checkmark when checked. */
  | { type: 'checkbox'; id: string; label: ReactNode; onSelect: () => void; checked: boolean }
  | { type: 'separator'; id: string };

type MenuButtonProps = {
  /**
   * The menu's id on the page (its trigger and panel ids derive from it). Given, not from `useId`: the header, where
   * every menu lives, is taken over after the rest of a server-rendered page (lib/take-over.tsx), and `useId` counts
   * in render order.
   */
  id: string;
  /** Accessible name of the trigger (include any visible text of the trigger in it). */
  label: string;
  /** What the trigger shows. */
  children: ReactNode;
  items: readonly MenuEntry[];
  /** Non-interactive content above the entries (e.g. who is signed in). */
  header?: ReactNode;
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  triggerClassName?: string;
  panelClassName?: string;
};

type Focusable = Exclude<MenuEntry, { type: 'separator' }>;

/**
 * A menu button (WAI-ARIA APG "menu button" pattern), the one dropdown primitive of the header.
 * Opens on click, Enter, Space or ↓ (focus on the first entry, or the checked one) and ↑ (last);
 * ↑ ↓ Home End and first letters move; Esc closes and returns focus to the trigger, as does
 * choosing an entry; Tab and a click outside close it.
 */
export function MenuButton({ id, label, children, items, header, align = 'end', triggerClassName, panelClassName }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = `${id}-menu`;
  const triggerId = `${id}-trigger`;

  const entries = items.filter((item): item is Focusable => item.type !== 'separator');
  const count = entries.length;

  // Move DOM focus to the active entry whenever the menu is open: focus follows the keyboard (and stays on the
  // active row when entries arrive while it is open: a list that loads, as the boards of "Save to board").
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active, count]);

  // A press anywhere outside closes the menu (focus stays where the person put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setActive(Math.max(0, Math.min(index, count - 1)));
    setOpen(true);
  };
  const firstIndex = () => Math.max(0, entries.findIndex((entry) => entry.type === 'radio' && entry.checked));
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(firstIndex());
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(count - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = (index: number) => {
      event.preventDefault();
      setActive((index + count) % count);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(count - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close();
      case 'Tab':
        return setOpen(false);
      case ' ':
        // Links do not activate on Space by themselves.
        event.preventDefault();
        return itemRefs.current[active]?.click();
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const key = event.key.toLocaleLowerCase();
          const texts = itemRefs.current.map((el) => el?.textContent?.trim().toLocaleLowerCase() ?? '');
          for (let step = 1; step <= count; step++) {
            const index = (active + step) % count;
            if (texts[index]?.startsWith(key)) return move(index);
          }
        }
    }
  };

  const renderEntry = (entry: MenuEntry) => {
    if (entry.type === 'separator') return <li key={entry.id} role="separator" className={styles.separator} />;
    const position = entries.indexOf(entry);
    const ref = (el: HTMLElement | null) => {
      itemRefs.current[position] = el;
    };
    const common = {
      ref,
      tabIndex: -1,
      className: styles.item,
      onMouseEnter: () => setActive(position),
    };
    if (entry.type === 'link') {
      return (
        <li key={entry.id} role="none">
          <Link
            {...common}
            className={entry.className ? `${styles.item} ${entry.className}` : styles.item}
            role="menuitem"
            to={entry.to} aria-current={entry.current ? 'page' : undefined} onClick={close}>
            {entry.icon && <span className={styles.icon}>{entry.icon}</span>}
            <span className={styles.label}>{entry.label}</span>
          </Link>
        </li>
      );
    }
    const select = () => {
      close();
      entry.onSelect();
    };
    if (entry.type === 'radio' || entry.type === 'checkbox') {
      return (
        <li key={entry.id} role="none">
          <button
            {...common}
            type="button"
            role={entry.type === 'radio' ? 'menuitemradio' : 'menuitemcheckbox'}
            aria-checked={entry.checked}
            lang={entry.type === 'radio' ? entry.lang : undefined}
            onClick={select}
          >
            <span className={styles.label}>{entry.label}</span>
            <span className={styles.check}>{entry.checked && <CheckIcon size={16} />}</span>
          </button>
        </li>
      );
    }
    return (
      <li key={entry.id} role="none">
        <button {...common} type="button" role="menuitem" onClick={select}>
          {entry.icon && <span className={styles.icon}>{entry.icon}</span>}
          <span className={styles.label}>{entry.label}</span>
        </button>
      </li>
    );
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(firstIndex()))}
        onKeyDown={onTriggerKeyDown}
      >
        {children}
      </button>
      {open && (
        <div className={[styles.panel, align === 'end' ? styles.alignEnd : styles.alignStart, panelClassName].filter(Boolean).join(' ')}>
          {header}
          <ul role="menu" id={menuId} aria-labelledby={triggerId} className={styles.menu} onKeyDown={onMenuKeyDown}>
            {items.map(renderEntry)}
          </ul>
        </div>
      )}
    </div>
  );
}
