import { type Board } from '@shotlib/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BoardNameForm } from '../../components/board-name-form';
import buttons from '../../components/button.module.css';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { Screenshot } from '../../components/screenshot';
import { useBoards, useCreateBoard } from '../../lib/boards';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useBoardChanges } from './api/boards';
import styles from './boards.module.css';

/**
 * The member's boards on the collections page (issue 29): cards with a cover of up to three screens, the name and the
 * counts, each a link to its page; "New board" opens a small form in place; ← → buttons move a board (keyboard
 * first: focus stays on the moved board's button).
 */
export function BoardsSection({ memberId }: { memberId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const boards = useBoards(memberId);
  const create = useCreateBoard();
  const { move } = useBoardChanges();
  const [creating, setCreating] = useState(false);
  const list = boards.data?.arr ?? [];

  const moveBoard = (board: Board, to: number, direction: 'up' | 'down') => {
    move.mutate(
      { id: board.id, position: to },
      {
        onSuccess: () => {
          requestAnimationFrame(() => document.getElementById(`board-move-${direction}-${board.id}`)?.focus());
        },
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.heading}>
          {t('boards.title')}
        </h2>
        <button type="button" className={`${buttons.secondary} ${buttons.small}`} aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {t('boards.newBoard')}
        </button>
      </div>
      {creating && (
        <div className={styles.inlineForm}>
          <BoardNameForm
            submitLabel={t('boards.create')}
            busy={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(name) =>
              create.mutate(name, {
                onSuccess: (board) => {
                  setCreating(false);
                  toast.success(t('common.success'));
                  void navigate(pathTo('CollectBoard', { id: board.id }));
                },
              })
            }
          />
        </div>
      )}
      {boards.isError ? (
        <p className={styles.note}>{t('boards.loadFailed')}</p>
      ) : boards.data && list.length === 0 ? (
        <p className={styles.note}>{t('boards.empty')}</p>
      ) : (
        <ul role="list" className={styles.boardGrid} aria-busy={boards.isFetching}>
          {list.map((board, index) => (
            <li key={board.id} className={styles.card}>
              <Link to={pathTo('CollectBoard', { id: board.id })} className={styles.cardLink}>
                <span className={styles.cover} aria-hidden="true">
                  {Array.from({ length: 3 }, (_, k) => {
                    const shot = board.cover[k];
                    return (
                      <span key={k} className={styles.coverCell}>
                        {shot && <Screenshot path={shot.path} width={shot.width} height={shot.height} sizes="120px" alt="" />}
                      </span>
                    );
                  })}
                </span>
                <span className={styles.cardName}>{board.name}</span>
              </Link>
              <p className={styles.cardMeta}>
                {t('boards.screenCount', { count: board.screens })} · {t('boards.flowCount', { count: board.flows })}
                {board.shareToken && <span className={styles.badge}>{t('boards.shared')}</span>}
              </p>
              <div className={styles.moves}>
                <button
                  id={`board-move-up-${board.id}`}
                  type="button"
                  className={`${buttons.secondary} ${buttons.small} ${buttons.iconOnly}`}
                  aria-label={t('boards.moveUp', { name: board.name })}
                  disabled={index === 0 || move.isPending}
                  onClick={() => moveBoard(board, index - 1, 'up')}
                >
                  <ChevronLeftIcon size={14} />
                </button>
                <button
                  id={`board-move-down-${board.id}`}
                  type="button"
                  className={`${buttons.secondary} ${buttons.small} ${buttons.iconOnly}`}
                  aria-label={t('boards.moveDown', { name: board.name })}
                  disabled={index === list.length - 1 || move.isPending}
                  onClick={() => moveBoard(board, index + 1, 'down')}
                >
                  <ChevronRightIcon size={14} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
