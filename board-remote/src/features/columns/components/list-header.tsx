import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import {
  ConfirmDialog,
  Message,
  TextInput,
  boardStore,
  dismissToast,
  showToast,
  t,
  type BoardList,
} from '@taskflow/shared';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

interface ListHeaderProps {
  list: BoardList;
  /** Cards shown / cards in the list (search and filters may hide some). */
  shown: number;
  total: number;
  /** The list's sortable handle: the header drags it, the grip button also by keyboard. */
  handle: {
    attributes: DraggableAttributes;
    listeners: DraggableSyntheticListeners;
    setActivatorNodeRef: (node: HTMLElement | null) => void;
  };
}

/**
 * A list's header: drag it to reorder the list; click the title to rename it (Enter saves,
 * Escape cancels, blank is refused); the menu renames, archives (with undo) or deletes after a
 * confirmation that names the list and its card count.
 */
export const ListHeader = ({ list, shown, total, handle }: ListHeaderProps) => {
  const [editing, setEditing] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const titleButton = useRef<HTMLButtonElement>(null);

  const stopEditing = () => {
    setEditing(false);
    // Back to the title, so the keyboard user stays where they were.
    requestAnimationFrame(() => titleButton.current?.focus());
  };

  return (
    <header className="flex items-center gap-1 px-1 pt-1 pb-2" {...handle.listeners}>
      <button
        type="button"
        ref={handle.setActivatorNodeRef}
        {...handle.attributes}
        aria-label={t('lists.dragList', { title: list.title })}
        className="flex h-10 w-6 shrink-0 cursor-grab items-center justify-center rounded-md text-slate-400 hover:bg-white hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <svg viewBox="0 0 8 14" className="h-3.5 w-2" fill="currentColor" aria-hidden="true">
          {[2, 7, 12].flatMap((y) => [
            <circle key={`a${y}`} cx="2" cy={y} r="1.2" />,
            <circle key={`b${y}`} cx="6" cy={y} r="1.2" />,
          ])}
        </svg>
      </button>
      {editing ? (
        <TitleEditor list={list} onDone={stopEditing} />
      ) : (
        <h3 className="min-w-0 flex-1">
          <button
            type="button"
            ref={titleButton}
            onClick={() => setEditing(true)}
            className="w-full cursor-text rounded-md px-1 py-1 text-left text-sm font-semibold break-words text-slate-800 hover:bg-white/70 focus-visible:outline-2 focus-visible:outline-indigo-500 max-sm:min-h-10"
          >
            {list.title}
          </button>
        </h3>
      )}
      <span
        className="rounded-full bg-white px-2 text-xs font-medium text-slate-500"
        data-testid="list-count"
      >
        {shown === total ? total : `${shown}/${total}`}
      </span>
      <ListMenu
        title={list.title}
        open={menuOpen}
        onToggle={setMenuOpen}
        onRename={() => setEditing(true)}
        onArchive={() => archiveWithUndo(list)}
        onDelete={() => setConfirming(true)}
      />
      {confirming ? (
        // The dialog is portalled, but React events still bubble here: keep them off the drag.
        <div onPointerDown={stop} onKeyDown={stop}>
          <DeleteListDialog
            list={list}
            count={total}
            onConfirm={() => void boardStore.deleteList(list.id)}
            onClose={() => setConfirming(false)}
          />
        </div>
      ) : null}
    </header>
  );
};

/**
 * Archives the list with its cards: off the board for everyone at once, with 'Rückgängig' in a
 * toast that takes the focus (the menu that had it is gone with the list), and 'Wiederherstellen'
 * in the board's 'Archiv' for 30 days.
 */
const archiveWithUndo = (list: BoardList) => {
  const toastId = showToast(t('archive.listArchived', { title: list.title }), 'info', {
    action: { label: t('card.undo'), run: () => void boardStore.setListArchived(list.id, false) },
    focus: true,
  });
  void boardStore.setListArchived(list.id, true).then((archived) => {
    if (!archived) dismissToast(toastId);
  });
};

const TitleEditor = ({ list, onDone }: { list: BoardList; onDone: () => void }) => {
  const [title, setTitle] = useState(list.title);
  const [blank, setBlank] = useState(false);

  const save = () => {
    const name = title.trim();
    if (!name) {
      setBlank(true);
      return;
    }
    if (name !== list.title) void boardStore.renameList(list.id, name);
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys typed here are the title's, not the board's (no drag, no shortcut).
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <div className="min-w-0 flex-1" onPointerDown={(event) => event.stopPropagation()}>
      <TextInput
        autoFocus
        size="sm"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setBlank(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => (title.trim() ? save() : onDone())}
        onFocus={(event) => event.target.select()}
        aria-label={t('lists.titleLabel', { title: list.title })}
        aria-invalid={blank || undefined}
      />
      {blank ? <Message>{t('lists.blankTitle')}</Message> : null}
    </div>
  );
};

interface ListMenuProps {
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  onRename: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

/** A small menu: a button that opens its actions; Escape or a click elsewhere closes it. */
const ListMenu = ({ title, open, onToggle, onRename, onArchive, onDelete }: ListMenuProps) => {
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onToggle(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onToggle]);

  const close = () => {
    onToggle(false);
    toggle.current?.focus();
  };

  const choose = (action: () => void) => () => {
    onToggle(false);
    action();
  };

  return (
    <div
      ref={root}
      className="relative"
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
        if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
          event.preventDefault();
          const items = [
            ...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
          ];
          const at = items.indexOf(document.activeElement as HTMLElement);
          const step = event.key === 'ArrowDown' ? 1 : -1;
          items[(at + step + items.length) % items.length]?.focus();
        }
      }}
    >
      <button
        type="button"
        ref={toggle}
        aria-label={t('lists.listMenu', { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => onToggle(!open)}
        className="flex h-10 w-10 items-center justify-center rounded-md text-slate-500 hover:bg-white hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <svg viewBox="0 0 16 16" className="h-4 w-4" fill="currentColor" aria-hidden="true">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
      </button>
      {open ? (
        <div
          role="menu"
          aria-label={t('lists.listMenu', { title })}
          className="absolute top-full right-0 z-30 mt-1 w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <MenuItem
            onClick={choose(onRename)}
            tone="text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100"
          >
            {t('lists.renameList')}
          </MenuItem>
          <MenuItem
            onClick={choose(onArchive)}
            tone="text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100"
          >
            {t('archive.archiveList')}
          </MenuItem>
          <MenuItem
            onClick={choose(onDelete)}
            tone="text-rose-700 hover:bg-rose-50 focus-visible:bg-rose-50"
          >
            {t('lists.deleteList')}
          </MenuItem>
        </div>
      ) : null}
    </div>
  );
};

interface DeleteListDialogProps {
  list: BoardList;
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}

const DeleteListDialog = ({ list, count, onConfirm, onClose }: DeleteListDialogProps) => (
  <ConfirmDialog
    title={t('lists.deleteList')}
    message={
      count === 1
        ? t('lists.confirmDeleteOne', { title: list.title })
        : t('lists.confirmDelete', { title: list.title, count })
    }
    hint={t('lists.confirmDeleteHint')}
    confirmLabel={t('lists.deleteList')}
    cancelLabel={t('lists.cancel')}
    onConfirm={onConfirm}
    onClose={onClose}
  />
);

/** One entry of the list menu; `tone` is its text and highlight colour. */
const MenuItem = ({
  onClick,
  tone,
  children,
}: {
  onClick: () => void;
  tone: string;
  children: ReactNode;
}) => (
  <button
    type="button"
    role="menuitem"
    onClick={onClick}
    className={`block min-h-10 w-full rounded-lg px-3 text-left text-sm focus-visible:outline-none ${tone}`}
  >
    {children}
  </button>
);
