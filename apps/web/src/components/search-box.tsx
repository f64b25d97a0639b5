import { filterSearchHistory, SEARCH_DEBOUNCE_MS } from '@shotlib/contract';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isListPath, paths, SEARCH_PARAM } from '../lib/routes';
import { useSearchStore } from '../lib/search-store';
import { CloseIcon, HistoryIcon, SearchIcon, TrashIcon } from './icons';
import styles from './search-box.module.css';

type Option = { kind: 'entry'; value: string } | { kind: 'clear' };

/** The typed text inside an entry, emphasised. */
function Highlight({ text, needle }: { text: string; needle: string }) {
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong>{text.slice(at, at + needle.length)}</strong>
      {text.slice(at + needle.length)}
    </>
  );
}

/** What the server page's search box holds when the app takes it over (text typed before the app ran), or ''. */
function typedBeforeTakeOver(inputId: string): string {
  // Not `instanceof HTMLInputElement`: the server renders this too, where no such class exists.
  const input = typeof document === 'undefined' ? null : document.getElementById(inputId);
  return input?.tagName === 'INPUT' ? (input as HTMLInputElement).value : '';
}

/**
 * The header search (docs/product-spec.md §2). 500 ms after the last keystroke it searches: on /app, /web, /b or
 * /screens (issue 14: there it filters the screens) the page's `?q=` is replaced in place, other filters kept; from
 * anywhere else it goes to /app?q=…. The term joins the
 * history, whose entries (those containing the typed text) show under the box while it has focus.
 * A combobox with a listbox popup (WAI-ARIA APG): ↑ ↓ move, Enter picks or searches now, Esc closes.
 */
export function SearchBox({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const history = useSearchStore((state) => state.history);
  const emitSearch = useSearchStore((state) => state.search);
  const clearHistory = useSearchStore((state) => state.clearHistory);

  // On a list the URL owns the term: back, forward and the tabs (which drop `q`) update the box.
  const urlTerm = isListPath(location.pathname) ? (new URLSearchParams(location.search).get(SEARCH_PARAM) ?? '') : null;
  const inputId = `${id}-input`;
  // Text typed into the server's page before the app took the box over is kept, and searched for (below).
  const [typedEarly] = useState(() => typedBeforeTakeOver(inputId));
  const [text, setText] = useState(typedEarly || (urlTerm ?? ''));
  const [seenTerm, setSeenTerm] = useState(urlTerm);
  if (urlTerm !== seenTerm) {
    setSeenTerm(urlTerm);
    // Our own search lands here too: keep what is typed (a trailing space, say) when it agrees.
    if (urlTerm !== null && text.trim() !== urlTerm) setText(urlTerm);
  }

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Ids from the caller, not `useId`: see MenuButton's `id`.
  const listboxId = `${id}-suggestions`;
  const titleId = `${id}-title`;

  // The debounced search runs after renders; it must see the location of the moment, not of the keystroke.
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (typedEarly) timer.current = setTimeout(() => search(typedEarly), SEARCH_DEBOUNCE_MS);
    // Once, for what was typed before the app ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const matches = filterSearchHistory(history, text);
  const options: Option[] = matches.length ? [...matches.map((value) => ({ kind: 'entry' as const, value })), { kind: 'clear' }] : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-${index}`;

  function search(term: string) {
    clearTimeout(timer.current);
    const { pathname, search: query } = locationRef.current;
    const trimmed = term.trim();
    const stay = isListPath(pathname);
    if (!stay && !trimmed) return; // nothing to look for, and no list to reset
    const params = new URLSearchParams(stay ? query : '');
    if (trimmed) params.set(SEARCH_PARAM, trimmed);
    else params.delete(SEARCH_PARAM);
    const nextQuery = params.toString();
    // Typing on a list refines it in place (one history entry, not one per pause).
    void navigate({ pathname: stay ? pathname : paths.App, search: nextQuery ? `?${nextQuery}` : '' }, { replace: stay });
    emitSearch(trimmed);
  }

  function pick(option: Option) {
    if (option.kind === 'clear') {
      clearHistory();
      setActive(-1);
      return;
    }
    setText(option.value);
    setOpen(false);
    setActive(-1);
    search(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!count) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!expanded) {
          setOpen(true);
          setActive(down ? 0 : count - 1);
        } else {
          setActive((current) => (current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : -1) + count) % count));
        }
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) return pick(option);
        setOpen(false);
        return search(text);
      }
      case 'Escape':
        if (expanded) {
          // Keep the text: Esc closes the list first (a second Esc clears, as search fields do).
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div role="search" className={[styles.root, className].filter(Boolean).join(' ')} onBlur={onBlur}>
      <SearchIcon className={styles.icon} size={18} />
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="search"
        name="q"
        role="combobox"
        aria-label={t('search.placeholder')}
        placeholder={t('search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          setOpen(true);
          setActive(-1);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(value), SEARCH_DEBOUNCE_MS);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {text && (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('search.clear')}
          onClick={() => {
            setText('');
            inputRef.current?.focus();
            search('');
          }}
        >
          <CloseIcon size={16} />
        </button>
      )}
      {expanded && (
        <div className={styles.popup}>
          <div id={titleId} className={styles.popupTitle}>
            {t('search.history')}
          </div>
          <ul role="listbox" id={listboxId} aria-labelledby={titleId} className={styles.listbox}>
            {options.map((option, index) => (
              <li
                key={option.kind === 'entry' ? option.value : '__clear'}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={option.kind === 'clear' ? `${styles.option} ${styles.clearOption}` : styles.option}
                // Keep focus in the box: the click must not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
              >
                {option.kind === 'entry' ? (
                  <>
                    <HistoryIcon size={16} className={styles.optionIcon} />
                    <span className={styles.optionText}>
                      <Highlight text={option.value} needle={text.trim()} />
                    </span>
                  </>
                ) : (
                  <>
                    <TrashIcon size={16} className={styles.optionIcon} />
                    <span className={styles.optionText}>{t('search.clearHistory')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
