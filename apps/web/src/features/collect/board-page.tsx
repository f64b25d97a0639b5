import { parseId, sharedBoardPath, type Board } from '@shotlib/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { BoardNameForm } from '../../components/board-name-form';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { Modal } from '../../components/modal';
import { PageHeader } from '../../components/page-header';
import { StatePanel } from '../../components/state-panel';
import { useBoardEntry } from '../../lib/boards';
import { flattenPages } from '../../lib/paging';
import { paths } from '../../lib/routes';
import { useSessionStore } from '../../lib/session-store';
import { toast } from '../../lib/toast';
import { useBoard, useBoardChanges, useBoardFlows, useBoardScreens } from './api/boards';
import { BoardFlows, BoardScreens, LockedNote } from './board-contents';
import styles from './collect.module.css';
import boardStyles from './boards.module.css';

/**
 * Route /collect/board/{id} (issue 29): one of the member's boards: its screens and flows, newest added first;
 * rename in place, share (a dialog with the link, copy, a new link, stop sharing), delete after a confirmation.
 * Another member's board, or a missing one, reads as missing.
 */
export default function BoardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = parseId(params.id) ?? 0;
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  const board = useBoard(memberId, id);
  const screens = useBoardScreens(memberId, id);
  const flows = useBoardFlows(memberId, id);
  const entry = useBoardEntry();
  const { rename, remove } = useBoardChanges();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [renaming, setRenaming] = useState(false);
  const [dialog, setDialog] = useState<'share' | 'delete' | null>(null);
  const titleId = useId();
  const screensId = useId();
  const flowsId = useId();

  if (id === 0 || board.isError) {
    return (
      <section className={styles.page}>
        <StatePanel
          title={t('boards.messages.boardMissing')}
          actions={
            <Link to={paths.Collect} className={buttons.primary}>
              {t('boards.allCollected')}
            </Link>
          }
        />
      </section>
    );
  }
  const data = board.data;
  const shots = flattenPages(screens.data?.pages);
  const flowList = flattenPages(flows.data?.pages);
  const locked = screens.data?.pages[0]?.locked ?? 0;
  const empty = screens.data && flows.data && shots.length === 0 && flowList.length === 0 && locked === 0;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={data?.name ?? t('boards.title')} />
      <BackLink to={paths.Collect}>{t('boards.allCollected')}</BackLink>
      <PageHeader
        title={data?.name ?? '…'}
        titleId={titleId}
        titleRef={headingRef}
        lead={data && `${t('boards.screenCount', { count: data.screens })} · ${t('boards.flowCount', { count: data.flows })}`}
      />
      {data && (
        <div className={boardStyles.toolbar} role="group" aria-label={t('boards.actions')}>
          <button type="button" className={`${buttons.secondary} ${buttons.small}`} aria-expanded={renaming} onClick={() => setRenaming(!renaming)}>
            {t('boards.rename')}
          </button>
          <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={() => setDialog('share')}>
            {t('boards.share')}
          </button>
          <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={() => setDialog('delete')}>
            {t('boards.delete')}
          </button>
        </div>
      )}
      {data && renaming && (
        <div className={boardStyles.inlineForm}>
          <BoardNameForm
            initial={data.name}
            submitLabel={t('boards.save')}
            busy={rename.isPending}
            onCancel={() => setRenaming(false)}
            onSubmit={(name) =>
              rename.mutate(
                { id, name },
                {
                  onSuccess: () => {
                    setRenaming(false);
                    toast.success(t('common.success'));
                    headingRef.current?.focus();
                  },
                },
              )
            }
          />
        </div>
      )}

      {empty ? (
        <StatePanel title={t('boards.emptyBoardTitle')} text={t('boards.emptyBoardBody')} wideText />
      ) : (
        <>
          {(shots.length > 0 || locked > 0) && (
            <section className={boardStyles.section} aria-labelledby={screensId}>
              <h2 id={screensId} className={boardStyles.heading}>
                {t('boards.screens')}
              </h2>
              <BoardScreens
                screens={shots}
                returnFocus={headingRef}
                actions={(screen, index) => (
                  <button
                    type="button"
                    className={`${buttons.secondary} ${buttons.small}`}
                    aria-label={t('boards.removeScreen', { index: index + 1 })}
                    onClick={() => data && entry.mutate({ boardId: id, target: { kind: 'screen', id: screen.id }, on: false, name: data.name })}
                  >
                    ×
                  </button>
                )}
              />
              <LockedNote count={locked} />
            </section>
          )}
          {flowList.length > 0 && (
            <section className={boardStyles.section} aria-labelledby={flowsId}>
              <h2 id={flowsId} className={boardStyles.heading}>
                {t('boards.flows')}
              </h2>
              <BoardFlows
                flows={flowList}
                actions={(flow) => (
                  <button
                    type="button"
                    className={`${buttons.secondary} ${buttons.small}`}
                    aria-label={t('boards.removeFlow', { name: flow.name })}
                    onClick={() => data && entry.mutate({ boardId: id, target: { kind: 'flow', id: flow.id }, on: false, name: data.name })}
                  >
                    ×
                  </button>
                )}
              />
            </section>
          )}
        </>
      )}

      {data && dialog === 'share' && <ShareDialog board={data} onClose={() => setDialog(null)} />}
      {data && dialog === 'delete' && (
        <DeleteDialog
          board={data}
          busy={remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(id, {
              onSuccess: () => {
                toast.success(t('boards.deleted'));
                void navigate(paths.Collect, { replace: true });
              },
            })
          }
        />
      )}
    </section>
  );
}

function DeleteDialog({ board, busy, onClose, onConfirm }: { board: Board; busy: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} initialFocus={cancelRef}>
      <div className={boardStyles.dialogBody}>
        <h2 id={titleId} className={boardStyles.dialogTitle}>
          {t('boards.deleteTitle', { name: board.name })}
        </h2>
        <p id={textId} className={boardStyles.dialogText}>
          {t('boards.deleteBody')}
        </p>
        <div className={boardStyles.dialogActions}>
          <button ref={cancelRef} type="button" className={buttons.secondary} onClick={onClose}>
            {t('boards.cancel')}
          </button>
          <button type="button" className={buttons.primary} disabled={busy} onClick={onConfirm}>
            {t('boards.delete')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The share dialog: make the link, copy it, replace it (the old one dies), stop sharing. */
function ShareDialog({ board, onClose }: { board: Board; onClose: () => void }) {
  const { t } = useTranslation();
  const { share } = useBoardChanges();
  const titleId = useId();
  const textId = useId();
  const linkId = useId();
  const token = share.data !== undefined ? share.data.shareToken : board.shareToken;
  const link = token ? new URL(sharedBoardPath(token), window.location.origin).toString() : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('boards.copied'));
    } catch {
      toast.error(t('boards.copyFailed'));
    }
  };
  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose}>
      <div className={boardStyles.dialogBody}>
        <h2 id={titleId} className={boardStyles.dialogTitle}>
          {t('boards.shareTitle', { name: board.name })}
        </h2>
        <p id={textId} className={boardStyles.dialogText}>
          {t('boards.shareBody')}
        </p>
        {token ? (
          <>
            <label htmlFor={linkId} className={boardStyles.dialogText}>
              {t('boards.shareLinkLabel')}
            </label>
            <div className={boardStyles.linkRow}>
              <input id={linkId} className={boardStyles.linkInput} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
              <button type="button" className={`${buttons.primary} ${buttons.small}`} onClick={() => void copy()}>
                {t('boards.copyLink')}
              </button>
            </div>
            <p className={boardStyles.dialogText}>{t('boards.regenerateHint')}</p>
            <div className={boardStyles.dialogActions}>
              <button type="button" className={`${buttons.secondary} ${buttons.small}`} disabled={share.isPending} onClick={() => share.mutate({ id: board.id, action: 'regenerate' })}>
                {t('boards.regenerate')}
              </button>
              <button type="button" className={`${buttons.secondary} ${buttons.small}`} disabled={share.isPending} onClick={() => share.mutate({ id: board.id, action: 'stop' })}>
                {t('boards.stopSharing')}
              </button>
              <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={onClose}>
                {t('boards.close')}
              </button>
            </div>
          </>
        ) : (
          <div className={boardStyles.dialogActions}>
            <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={onClose}>
              {t('boards.close')}
            </button>
            <button type="button" className={`${buttons.primary} ${buttons.small}`} disabled={share.isPending} onClick={() => share.mutate({ id: board.id, action: 'share' })}>
              {t('boards.shareEnable')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
