import {
  Button,
  Modal,
  boardsStore,
  fetchArchive,
  formatDate,
  localDateKey,
  restoreArchived,
  showToast,
  t,
  type Board,
  type BoardArchive,
} from '@taskflow/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DeleteBoardDialog } from '../../boards/components/delete-board-dialog';

interface ArchiveDialogProps {
  /** The board whose archived cards and lists are shown; null shows the boards only. */
  boardId: string | null;
  userId: string;
  onClose: () => void;
}

type Loaded =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; archive: BoardArchive };

const archivedOn = (at: string | null) =>
  at ? t('archive.archivedOn', { date: formatDate(localDateKey(new Date(at))) }) : '';

const Row = ({ title, meta, children }: { title: string; meta: string; children: ReactNode }) => (
  <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
    <span className="min-w-0 flex-1">
      <span className="block font-medium break-words text-slate-800">{title}</span>
      <span className="block text-xs text-slate-500">{meta}</span>
    </span>
    <span className="flex gap-2">{children}</span>
  </li>
);

const Section = ({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
}) => (
  <section aria-label={title}>
    <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
    {empty ? (
      <p className="py-2 text-sm text-slate-500">{t('archive.empty')}</p>
    ) : (
      <ul className="divide-y divide-slate-100">{children}</ul>
    )}
  </section>
);

/**
 * 'Archiv': the open board's archived cards and lists, and the user's archived boards, each
 * with 'Wiederherstellen' (boards: the owner's, with 'Endgültig löschen' after typing the
 * name). Read when opened; what is restored leaves the list, and the focus moves to the next
 * entry rather than falling to the page.
 */
export const ArchiveDialog = ({ boardId, userId, onClose }: ArchiveDialogProps) => {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [destroying, setDestroying] = useState<Board | null>(null);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    fetchArchive(boardId).then(
      (archive) => current && setLoaded({ status: 'ready', archive }),
      () => current && setLoaded({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [boardId]);

  /** Drops an entry from the view, and keeps the focus in the dialog. */
  const without = (kind: 'cards' | 'lists' | 'boards', id: string) => {
    setLoaded((state) =>
      state.status === 'ready'
        ? {
            ...state,
            archive: {
              ...state.archive,
              [kind]: (state.archive[kind] as { id: string }[]).filter((row) => row.id !== id),
            },
          }
        : state,
    );
    requestAnimationFrame(() => {
      const next = content.current?.querySelector<HTMLElement>('li button');
      (next ?? content.current)?.focus();
    });
  };

  const restore = async (kind: 'cards' | 'lists', id: string, title: string) => {
    try {
      await restoreArchived(kind, id);
    } catch {
      showToast(t('archive.restoreFailed'), 'error');
      return;
    }
    showToast(t('archive.restored', { title }), 'success');
    without(kind, id);
  };

  const restoreLabel = (title: string) => t('archive.restoreNamed', { title });

  return (
    <Modal title={t('archive.open')} onClose={onClose} size="md" cancelLabel={t('boards.done')}>
      <div ref={content} tabIndex={-1} className="space-y-5 outline-none">
        <p className="text-sm text-slate-500">{t('archive.hint')}</p>
        {loaded.status === 'loading' ? (
          <p className="text-sm text-slate-500">{t('archive.loading')}</p>
        ) : null}
        {loaded.status === 'error' ? (
          <p className="text-sm text-rose-700" role="alert">
            {t('archive.loadFailed')}
          </p>
        ) : null}
        {loaded.status === 'ready' ? (
          <>
            {boardId ? (
              <>
                <Section title={t('archive.cards')} empty={loaded.archive.cards.length === 0}>
                  {loaded.archive.cards.map((card) => (
                    <Row
                      key={card.id}
                      title={card.title}
                      meta={[
                        t('archive.inList', {
                          list: loaded.archive.listTitles[card.list_id] ?? '',
                        }),
                        archivedOn(card.archived_at),
                      ].join(' · ')}
                    >
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={restoreLabel(card.title)}
                        onClick={() => void restore('cards', card.id, card.title)}
                      >
                        {t('archive.restore')}
                      </Button>
                    </Row>
                  ))}
                </Section>
                <Section title={t('archive.lists')} empty={loaded.archive.lists.length === 0}>
                  {loaded.archive.lists.map((list) => (
                    <Row key={list.id} title={list.title} meta={archivedOn(list.archived_at)}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={restoreLabel(list.title)}
                        onClick={() => void restore('lists', list.id, list.title)}
                      >
                        {t('archive.restore')}
                      </Button>
                    </Row>
                  ))}
                </Section>
              </>
            ) : null}
            <Section title={t('archive.boards')} empty={loaded.archive.boards.length === 0}>
              {loaded.archive.boards.map((board) => (
                <Row
                  key={board.id}
                  title={board.title}
                  meta={
                    board.owner_id === userId
                      ? archivedOn(board.archived_at)
                      : `${archivedOn(board.archived_at)} · ${t('archive.ownerOnly')}`
                  }
                >
                  {board.owner_id === userId ? (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={restoreLabel(board.title)}
                        onClick={() => {
                          void boardsStore.restore(board).then((done) => done && onClose());
                        }}
                      >
                        {t('archive.restore')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={t('archive.destroyButton', { title: board.title })}
                        onClick={() => setDestroying(board)}
                      >
                        {t('archive.destroy')}
                      </Button>
                    </>
                  ) : null}
                </Row>
              ))}
            </Section>
          </>
        ) : null}
      </div>
      {destroying ? (
        <DeleteBoardDialog
          board={destroying}
          onConfirm={() => {
            const board = destroying;
            void boardsStore.remove(board).then((done) => done && without('boards', board.id));
          }}
          onClose={() => setDestroying(null)}
        />
      ) : null}
    </Modal>
  );
};
