import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { createBoard, refreshBoards, setOnBoard, toastBoardRefusal, useBoardEntry, useBoards, type BoardTarget } from '../lib/boards';
import { loginPath } from '../lib/routes';
import { useSessionStore } from '../lib/session-store';
import { toast } from '../lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { BoardNameForm } from './board-name-form';
import { BookmarkIcon, ChevronDownIcon } from './icons';
import { MenuButton, type MenuEntry } from './menu-button';
import styles from './save-to-board.module.css';

type SaveToBoardProps = {
  target: BoardTarget;
  /** The menu's id on the page (its trigger's and panel's ids derive from it). */
  id: string;
  triggerClassName?: string;
  /** Where the panel lines up with the trigger. */
  align?: 'start' | 'end';
  /** Open above the trigger (a toolbar at the bottom of the screen). */
  above?: boolean;
};

/**
 * "Save to board" (issue 29): a menu of the member's boards, a checkmark on each the screen or flow is on (choosing
 * one puts it on or takes it off), and "New board…", which opens a small form in place: the new board is made and
 * the screen or flow put on it. Keyboard as every menu (MenuButton); Esc on the form returns to the trigger. A
 * visitor is sent to sign in and comes back here.
 */
export function SaveToBoard({ target, id, triggerClassName, align = 'end', above = false }: SaveToBoardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  const mark = useSessionStore((state) => state.toggleCollected);
  const boards = useBoards(memberId, target);
  const entry = useBoardEntry();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // The trigger's name begins with its visible words ('Save to board: this screen'), as a voice user says them (WCAG 2.5.3).
  const label = t(target.kind === 'screen' ? 'boards.saveScreen' : 'boards.saveFlow');

  const focusTrigger = () => rootRef.current?.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')?.focus();

  if (memberId === null) {
    return (
      <button
        type="button"
        className={triggerClassName}
        onClick={() => void navigate(loginPath(`${location.pathname}${location.search}${location.hash}`))}
      >
        <BookmarkIcon size={16} />
        <span>{t('boards.saveToBoard')}</span>
      </button>
    );
  }

  const items: MenuEntry[] = [
    ...(boards.data?.arr ?? []).map(
      (board): MenuEntry => ({
        type: 'checkbox',
        id: `board-${board.id}`,
        label: board.name,
        checked: board.contains === true,
        onSelect: () => entry.mutate({ boardId: board.id, target, on: board.contains !== true, name: board.name }),
      }),
    ),
    ...(boards.data && boards.data.arr.length > 0 ? [{ type: 'separator', id: 'separator' } as const] : []),
    { type: 'action', id: 'new-board', label: t('boards.newBoardEllipsis'), onSelect: () => setCreating(true) },
  ];

  const createAndSave = async (name: string) => {
    setBusy(true);
    try {
      const board = await createBoard(name);
      const reply = await setOnBoard(board.id, target, true);
      if (target.kind === 'screen' && reply.collected) mark(target.id, true);
      toast.success(t('boards.savedTo', { name: board.name }));
      setCreating(false);
      focusTrigger();
    } catch (error) {
      toastBoardRefusal(error);
    } finally {
      setBusy(false);
      void refreshBoards(queryClient, target.kind);
    }
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <MenuButton id={id} label={label} items={items} align={align} triggerClassName={triggerClassName} panelClassName={above ? styles.above : undefined}>
        <BookmarkIcon size={16} />
        <span>{t('boards.saveToBoard')}</span>
        <ChevronDownIcon size={14} />
      </MenuButton>
      {creating && (
        <div className={[styles.panel, align === 'end' ? styles.alignEnd : styles.alignStart, above && styles.above].filter(Boolean).join(' ')} role="group" aria-label={t('boards.newBoard')}>
          <BoardNameForm
            submitLabel={t('boards.createAndSave')}
            busy={busy}
            onSubmit={(name) => void createAndSave(name)}
            onCancel={() => {
              setCreating(false);
              focusTrigger();
            }}
          />
        </div>
      )}
    </div>
  );
}
