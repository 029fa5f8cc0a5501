import { AvatarStack, displayName, selectMembers, t, type BoardData } from '@taskflow/shared';
import { useState } from 'react';
import { ActivityButton } from '../../activity/components/activity-button';
import { BoardWatchButton } from '../../notifications/components/board-watch-button';
import { PresenceAvatars } from '../../presence/components/presence-avatars';
import { lazyView } from '../../loading/lazy-view';
import { LazyExportDialog } from '../../transfer/lazy';
import { BoardTitle } from './board-title';

// Opened by a click, so loaded then (features/loading/lazy-view.tsx).
const BoardSettingsDialog = lazyView(
  () => import('./board-settings-dialog'),
  'BoardSettingsDialog',
);

interface BoardHeaderProps {
  data: BoardData;
  isOwner: boolean;
  onOpenTeam: () => void;
  /** 'Board löschen': into the archive, with undo (main-screen.tsx). */
  onDelete: () => void;
  /** 'Archiv' (every member's); without it, no button. */
  onOpenArchive?: () => void;
}

const headerButton =
  'rounded-lg bg-white/20 px-3 py-1.5 text-sm font-medium whitespace-nowrap backdrop-blur hover:bg-white/30 max-sm:min-h-10';

export const BoardHeader = ({
  data,
  isOwner,
  onOpenTeam,
  onDelete,
  onOpenArchive,
}: BoardHeaderProps) => {
  const members = selectMembers(data);
  const [dialog, setDialog] = useState<'none' | 'settings' | 'export'>('none');
  const close = () => setDialog('none');
  return (
    // board-background: veiled so its white text stays legible (board-backgrounds.css).
    <div
      className={`board-background ${data.board.background} px-3 py-2 text-white shadow-inner sm:px-6 sm:py-4`}
    >
      {/* The title, then the actions as one group: a long title takes the row and the group
          moves below it whole, its buttons wrapping among themselves. On a phone the group is
          one row that scrolls sideways, so the header stays two rows high. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <BoardTitle key={data.board.id} title={data.board.title} editable={isOwner} />
        <div className="flex items-center gap-2 max-sm:-mx-3 max-sm:basis-[calc(100%+1.5rem)] max-sm:overflow-x-auto max-sm:px-3 max-sm:pb-0.5 sm:flex-wrap sm:gap-3 [&>*]:shrink-0">
          <span className="max-sm:hidden" aria-hidden="true">
            <AvatarStack
              people={members.map((member, index) => ({
                id: member.id,
                name: displayName(member.profile ?? undefined),
                index,
              }))}
            />
          </span>
          <button type="button" onClick={onOpenTeam} className={headerButton}>
            {t('boards.team', { count: members.length })}
          </button>
          <PresenceAvatars data={data} />
          <ActivityButton data={data} className={headerButton} />
          <BoardWatchButton boardId={data.board.id} className={headerButton} />
          <button type="button" onClick={() => setDialog('export')} className={headerButton}>
            {t('transfer.export')}
          </button>
          {onOpenArchive ? (
            <button type="button" onClick={onOpenArchive} className={headerButton}>
              {t('archive.open')}
            </button>
          ) : null}
          {isOwner ? (
            <>
              <button type="button" onClick={() => setDialog('settings')} className={headerButton}>
                {t('boards.settings')}
              </button>
              <button
                type="button"
                onClick={onDelete}
                className="rounded-lg bg-white/10 px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ring-white/40 hover:bg-rose-600 hover:ring-rose-600 max-sm:min-h-10"
              >
                {t('boards.delete')}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {dialog === 'export' ? <LazyExportDialog board={data.board} onClose={close} /> : null}
      {dialog === 'settings' ? <BoardSettingsDialog board={data.board} onClose={close} /> : null}
    </div>
  );
};
