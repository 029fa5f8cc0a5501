import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  AvatarStack,
  displayName,
  formatDate,
  isOverdue,
  priorityBadge,
  priorityName,
  subtaskProgress,
  t,
  type BoardLabel,
  type Card,
  type MemberProfile,
} from '@taskflow/shared';
import { Fragment, memo, useCallback, useContext, type ReactNode } from 'react';
import { KeyboardCarryContext } from '../hooks/use-keyboard-carry';
import { TileCover } from './tile-cover';

/** A small line icon beside a count on the tile; the spoken text says what the count is. */
const TileIcon = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 16 16"
    className="h-3.5 w-3.5"
    fill="none"
    stroke="currentColor"
    aria-hidden="true"
  >
    {children}
  </svg>
);

const ChecklistIcon = () => (
  <TileIcon>
    <rect x="2" y="2" width="12" height="12" rx="3" strokeWidth="1.5" />
    <path d="m5 8.5 2 2 4-4.5" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
  </TileIcon>
);

const AttachmentIcon = () => (
  <TileIcon>
    <path
      d="M10.5 4.5 5.25 9.75a1.5 1.5 0 0 0 2.12 2.12l5.66-5.65a3 3 0 0 0-4.25-4.25L3.1 7.65a4.5 4.5 0 0 0 6.36 6.36l4.04-4.03"
      strokeWidth="1.5"
      strokeLinecap="round"
    />
  </TileIcon>
);

const CommentIcon = () => (
  <TileIcon>
    <path
      d="M3 3.5h10a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H7l-3 2.5v-2.5H3a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1Z"
      strokeWidth="1.5"
      strokeLinejoin="round"
    />
  </TileIcon>
);

/** What a tile looks up by id: the board's labels and its members' profiles. */
export interface TileLookups {
  labels: Record<string, BoardLabel>;
  profiles: Record<string, MemberProfile>;
}

/** What a drag of a card carries: its kind, title and list, for collisions and announcements. */
export interface CardDragData {
  type: 'card';
  listId: string;
  title: string;
}

interface CardTileProps extends TileLookups {
  card: Card;
  /** The list it is shown in: while dragged across lists, not yet the stored one. */
  listId: string;
  onOpen: (cardId: string) => void;
  /** Whether the keyboard carries it (it is shown lifted, at the place it would land). */
  carried?: boolean;
  /** Its index in the column and the windowing's measuring ref, when the list is windowed. */
  index?: number;
  measure?: (node: Element | null) => void;
}

const NO_RESIZE_OBSERVER = { disabled: true };

// dnd-kit's own role description is the English 'sortable'. One object for every tile: the
// hook's attributes are memoised on it.
const SORTABLE_ATTRIBUTES = { roleDescription: t('tile.roleDescription') };

/**
 * A card on the board, sortable in and across lists. The hook re-runs when the drag's target
 * changes; the tile's content (CardFace) is memoised on the card object, so it renders again
 * only when the card itself changed.
 */
export const CardTile = memo(function CardTile({
  card,
  listId,
  labels,
  profiles,
  onOpen,
  carried = false,
  index,
  measure,
}: CardTileProps) {
  const { pickUp } = useContext(KeyboardCarryContext);
  const data: CardDragData = { type: 'card', listId, title: card.title };
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    data,
    // dnd-kit would start a ResizeObserver on every mounted tile when a drag begins, to measure
    // again a tile whose size changes. Tiles keep their size while dragging (neighbours move by
    // transforms), and one that mounts or leaves the window re-measures them all anyway.
    resizeObserverConfig: NO_RESIZE_OBSERVER,
    attributes: SORTABLE_ATTRIBUTES,
  });
  // dnd-kit's keyboard sensor is for lists only; a card is carried by index (see above).
  const { onKeyDown: _keyboardViaDndKit, ...pointerListeners } = listeners ?? {};
  // One ref for the tile's life: a new callback each render would make React detach and
  // re-attach it, and the windowing would measure (force a layout of) every tile on every
  // drag step.
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      // Measured once React has finished committing, not inside the commit: the windowing
      // re-renders when a size differs from its estimate, and a re-render started inside a
      // commit is nested in it. Many cards mounting in a row (a scroll, a burst of realtime
      // inserts) nested past React's limit ('Maximum update depth exceeded').
      if (node && measure) queueMicrotask(() => measure(node));
    },
    [setNodeRef, measure],
  );
  return (
    <li
      ref={ref}
      data-index={index}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className="shrink-0 list-none"
      data-card-id={card.id}
    >
      <button
        type="button"
        {...attributes}
        {...pointerListeners}
        // Space picks the card up for the keyboard (hooks/use-keyboard-carry.ts); Enter stays
        // the button's click and opens the card.
        onKeyDown={(event) => {
          if (event.code !== 'Space' || event.repeat) return;
          event.preventDefault();
          pickUp(card.id);
        }}
        onClick={() => onOpen(card.id)}
        className={`flex w-full cursor-pointer flex-col rounded-xl border bg-white p-3 text-left shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-indigo-500 ${
          // The card's place while it is dragged: a dashed outline where it will land.
          isDragging
            ? 'border-dashed border-indigo-400 bg-indigo-50 opacity-60 [&>*]:invisible'
            : carried
              ? 'border-indigo-400 shadow-lg ring-2 ring-indigo-400'
              : 'border-slate-200'
        }`}
      >
        <CardFace card={card} labels={labels} profiles={profiles} />
      </button>
    </li>
  );
});

/** The card as it follows the pointer or the keys while dragged (dnd-kit's DragOverlay). */
export const CardTileOverlay = ({ card, labels, profiles }: TileLookups & { card: Card }) => (
  <div className="flex rotate-1 cursor-grabbing flex-col rounded-xl border border-indigo-300 bg-white p-3 text-left shadow-xl">
    <CardFace card={card} labels={labels} profiles={profiles} />
  </div>
);

/**
 * What a tile shows, in the order a screen reader reads it: the title first, then the labels
 * (shown above it by flex order), then priority, due date, subtasks, comments and people, each
 * with the words a count or a colour means to the eye ('1 von 6 Unteraufgaben erledigt',
 * 'überfällig'). The spoken words are a few text nodes per tile, kept cheap for big boards. A
 * space after a spoken prefix is a text node of its own: the computed name trims each element.
 */
const CardFace = memo(function CardFace({ card, labels, profiles }: TileLookups & { card: Card }) {
  const done = card.checklist.filter((item) => item.completed).length;
  const overdue = isOverdue(card.due_date);
  const comments = card.comments.length;
  const attachments = card.attachments.length;
  const cover = card.cover_attachment_id
    ? card.attachments.find((attachment) => attachment.id === card.cover_attachment_id)
    : undefined;
  return (
    <>
      {cover ? <TileCover cover={cover} /> : null}
      <span className="block text-sm font-medium break-words text-slate-900">{card.title}</span>
      {card.label_ids.length > 0 ? (
        <span className="order-first mb-2 flex flex-wrap gap-1">
          <span className="sr-only">{t('tile.labels')}</span>
          {/* In the board's label order, as the card detail shows them. */}
          {Object.values(labels)
            .filter((label) => card.label_ids.includes(label.id))
            .map((label) => (
              // A space between the chips, so that their names are read as words.
              <Fragment key={label.id}>
                {' '}
                <span
                  className={`max-w-full rounded-md px-1.5 py-0.5 text-[11px] font-medium break-words ${label.color}`}
                >
                  {label.name}
                </span>
              </Fragment>
            ))}
        </span>
      ) : null}
      <span className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span className={`rounded-md px-1.5 py-0.5 font-medium ${priorityBadge(card.priority)}`}>
          <span className="sr-only">{t('tile.priority')}</span> {priorityName(card.priority)}
        </span>
        {card.due_date ? (
          <span className={overdue ? 'font-medium text-rose-600' : ''}>
            <span className="sr-only">{t('tile.due')}</span> {formatDate(card.due_date)}
            {overdue ? ` ${t('tile.overdue')}` : null}
          </span>
        ) : null}
        {card.checklist.length > 0 ? (
          <span className="flex items-center gap-1" title={`${subtaskProgress(card.checklist)} %`}>
            <ChecklistIcon />
            <span aria-hidden="true">
              {done}/{card.checklist.length}
            </span>
            <span className="sr-only">
              {t('tile.subtasks', { done, total: card.checklist.length })}
            </span>
          </span>
        ) : null}
        {comments > 0 ? (
          <span className="flex items-center gap-1">
            <CommentIcon />
            <span aria-hidden="true">{comments}</span>
            <span className="sr-only">
              {comments === 1 ? t('tile.commentsOne') : t('tile.comments', { count: comments })}
            </span>
          </span>
        ) : null}
        {attachments > 0 ? (
          <span className="flex items-center gap-1">
            <AttachmentIcon />
            <span aria-hidden="true">{attachments}</span>
            <span className="sr-only">
              {attachments === 1
                ? t('tile.attachmentsOne')
                : t('tile.attachments', { count: attachments })}
            </span>
          </span>
        ) : null}
        {card.assignee_ids.length > 0 ? (
          <span className="ml-auto flex">
            <span className="sr-only">{t('tile.assignees')}</span>{' '}
            <AvatarStack
              people={card.assignee_ids.map((userId) => ({
                id: userId,
                name: displayName(profiles[userId]),
                index: profiles[userId]?.index ?? 0,
              }))}
            />
          </span>
        ) : null}
      </span>
    </>
  );
});
