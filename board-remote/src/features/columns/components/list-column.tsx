import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, boardStore, t, type Card } from '@taskflow/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef } from 'react';
import type { Column } from '../hooks/use-board-columns';
import type { DraggedCard } from '../lib/drag-data';
import { windowLayout } from '../lib/window-layout';
import { CardTile, type TileLookups } from './card-tile';
import { InlineAddForm } from './inline-add-form';
import { ListHeader } from './list-header';

/** Spec §4: the detail of a new card opens after about 100 ms. */
const OPEN_NEW_CARD_DELAY_MS = 100;

/**
 * Lists longer than this are windowed: only the cards in view (and a few around them) are
 * mounted. Shorter lists render whole, which keeps them simple for tests and assistive tech.
 */
export const WINDOW_FROM = 60;
// A list is at most as tall as the board's area (max-h-full): the shell's page is as tall as
// the screen and gives the board what is left below the top bar, filters and board header, so
// a long list's cards scroll inside it and the page does not scroll as well. A list without a
// bounded height would also mount every card of a windowed list.

/** The space between two cards: the list's `gap-2`, which the windowing must know too. */
const GAP_PX = 8;
/** A tile's height before it is measured (title on one line, badges below). */
const ESTIMATED_TILE_PX = 92;

/** What a drag of a list carries. */
export interface ListDragData {
  type: 'list';
  title: string;
}

/** The droppable body of a list: where a card lands in a list that shows no cards. */
export interface ColumnDropData {
  type: 'column';
  listId: string;
  title: string;
}

export const columnDropId = (listId: string) => `cards-of:${listId}`;

interface ListColumnProps extends TileLookups {
  column: Column;
  onOpenCard: (cardId: string) => void;
  /**
   * The card being dragged, kept mounted even when windowed out (keyboard dragging needs it);
   * one the keyboard carries is also kept in view.
   */
  dragged: DraggedCard | null;
  /** Whether its card composer is open: one list's at a time, so the board holds which. */
  composing: boolean;
  /** Opens or closes the card composer of a list. Stable. */
  onCompose: (listId: string, open: boolean) => void;
}

/**
 * A list: sortable by its header among the lists, and a sortable column of cards. Memoised on
 * its column object, which the board keeps while the list and its cards are unchanged.
 */
export const ListColumn = memo(function ListColumn({
  column,
  onOpenCard,
  dragged,
  composing,
  onCompose,
  ...lookups
}: ListColumnProps) {
  const { list, cards, total } = column;
  const composer = useRef<HTMLDivElement>(null);
  const listData: ListDragData = { type: 'list', title: list.title };
  const sortable = useSortable({ id: list.id, data: listData });
  const dropData: ColumnDropData = { type: 'column', listId: list.id, title: list.title };
  const { setNodeRef: setDropRef, isOver } = useDroppable({
    id: columnDropId(list.id),
    data: dropData,
  });

  const addCard = async (title: string): Promise<boolean> => {
    const cardId = await boardStore.addCard(list.id, title);
    if (!cardId) return false;
    onCompose(list.id, false);
    setTimeout(() => onOpenCard(cardId), OPEN_NEW_CARD_DELAY_MS);
    return true;
  };
  // Quick entry: the composer stays open for the next title.
  const addAnother = async (title: string) => (await boardStore.addCard(list.id, title)) !== null;
  // One card per pasted line. Started together, in order: each goes to the end of the list as
  // the store shows it, the ones before included, so the cards keep the lines' order.
  const addEach = async (titles: string[]) => {
    const ids = await Promise.all(titles.map((title) => boardStore.addCard(list.id, title)));
    return titles.filter((_, index) => ids[index] === null);
  };
  // Closed without adding: the focus goes to the list's 'Karte hinzufügen', not to the page.
  const close = () => {
    onCompose(list.id, false);
    requestAnimationFrame(() => composer.current?.querySelector('button')?.focus());
  };

  return (
    <section
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      aria-label={list.title}
      data-list-id={list.id}
      className={`flex max-h-full w-72 shrink-0 snap-start flex-col rounded-2xl bg-slate-100/90 p-2 ring-1 transition ${
        sortable.isDragging
          ? 'opacity-50 ring-2 ring-indigo-400 ring-dashed'
          : isOver
            ? 'ring-2 ring-indigo-400'
            : 'ring-slate-200'
      }`}
    >
      <ListHeader
        list={list}
        shown={cards.length}
        total={total}
        handle={{
          attributes: sortable.attributes,
          listeners: sortable.listeners,
          setActivatorNodeRef: sortable.setActivatorNodeRef,
        }}
      />
      <CardList
        column={column}
        onOpenCard={onOpenCard}
        dragged={dragged}
        dropRef={setDropRef}
        {...lookups}
      />
      <div ref={composer} className="px-0.5 pt-2">
        {composing ? (
          <InlineAddForm
            placeholder={t('lists.cardTitlePlaceholder')}
            submitLabel={t('lists.add')}
            onSubmit={addCard}
            more={{ label: t('lists.addAndMore'), onSubmit: addAnother }}
            onSubmitEach={addEach}
            onClose={close}
          />
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="min-h-10 w-full justify-start"
            aria-keyshortcuts="N"
            onClick={() => onCompose(list.id, true)}
          >
            + {t('lists.addCard')}
          </Button>
        )}
      </div>
    </section>
  );
});

/**
 * The same array while the ids are the same: SortableContext renders every mounted tile again
 * when its items array changes, and the windowed ids are computed anew on each render.
 */
const useSameIds = (ids: string[]): string[] => {
  const previous = useRef(ids);
  const same =
    previous.current.length === ids.length && previous.current.every((id, i) => id === ids[i]);
  if (!same) previous.current = ids;
  return previous.current;
};

interface CardListProps extends TileLookups {
  column: Column;
  onOpenCard: (cardId: string) => void;
  dragged: DraggedCard | null;
  dropRef: (node: HTMLElement | null) => void;
}

const CardList = ({ column, onOpenCard, dragged, dropRef, ...lookups }: CardListProps) => {
  const { list, cards } = column;
  const scroller = useRef<HTMLUListElement | null>(null);
  const windowed = cards.length > WINDOW_FROM;
  const activeIndex = dragged ? cards.findIndex((c) => c.id === dragged.cardId) : -1;
  const carriedByKeyboard = dragged?.by === 'keyboard';

  const virtualizer = useVirtualizer({
    // React 19: no flushSync from the virtualizer's scroll handling, which can run while React
    // is rendering (TanStack Virtual's advice for React 19).
    useFlushSync: false,
    count: windowed ? cards.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_TILE_PX,
    // A new function would make the virtualizer rebuild every card's measurement on each render.
    getItemKey: useCallback((index: number) => cards[index]?.id ?? index, [cards]),
    // Every mounted tile is a droppable that dnd-kit measures (through all its scroll
    // containers) and renders again when a drag starts or a card crosses lists; one spare tile
    // above and below keeps those steps within a frame or two, and scrolling mounts the next.
    overscan: 1,
    gap: GAP_PX,
    // The dragged card stays mounted wherever the window is: dnd-kit measures and focuses it.
    rangeExtractor: (range) => {
      const indexes: number[] = [];
      const start = Math.max(0, range.startIndex - range.overscan);
      const end = Math.min(range.count - 1, range.endIndex + range.overscan);
      if (activeIndex >= 0 && activeIndex < start) indexes.push(activeIndex);
      for (let i = start; i <= end; i += 1) indexes.push(i);
      if (activeIndex > end) indexes.push(activeIndex);
      return indexes;
    },
  });

  const setRefs = useCallback(
    (node: HTMLUListElement | null) => {
      scroller.current = node;
      dropRef(node);
    },
    [dropRef],
  );

  const items = windowed ? virtualizer.getVirtualItems() : null;
  const cardIds = useSameIds(
    items ? items.map((item) => cards[item.index]?.id ?? '') : cards.map((card) => card.id),
  );
  // One tile for both branches; a windowed one also reports its index and measured height.
  const tile = (card: Card, index?: number) => (
    <CardTile
      key={card.id}
      card={card}
      listId={list.id}
      onOpen={onOpenCard}
      carried={carriedByKeyboard && card.id === dragged?.cardId}
      {...lookups}
      {...(index === undefined ? {} : { index, measure: virtualizer.measureElement })}
    />
  );

  // A card the keyboard carries stays in view: a windowed list scrolls to its index (its tile
  // may not be mounted where it belongs yet), a whole list to its tile. In the next frame, not
  // while React commits the step: the scroll mounts and measures other cards, whose updates
  // would otherwise nest inside this commit.
  useEffect(() => {
    if (!carriedByKeyboard || activeIndex < 0) return undefined;
    const frame = requestAnimationFrame(() => {
      if (windowed) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
      else {
        scroller.current
          ?.querySelector(`[data-card-id="${cards[activeIndex]?.id ?? ''}"]`)
          ?.scrollIntoView({ block: 'nearest' });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [carriedByKeyboard, activeIndex, windowed, virtualizer, cards]);

  // The sortable items are the mounted cards, in order. Why not every card of the list: dnd-kit
  // handles the items as arrays with linear lookups, and when a card crosses lists during a
  // drag it queues both lists' items for measuring with a quadratic merge (items.filter(id =>
  // !queue.includes(id))): 2,000 cards per list at 10,000 cards cost a frame each crossing.
  // Nothing unmounted can be measured, shifted or dropped on anyway; where a card lands is
  // decided by ids (lib/drop-target.ts), and the keyboard carries by the list's own index.
  return (
    <SortableContext id={list.id} items={cardIds} strategy={verticalListSortingStrategy}>
      <ul
        ref={setRefs}
        aria-label={t('lists.cardsOf', { title: list.title })}
        // relative: what a tile places absolutely (its screen-reader-only texts) is clipped by
        // this scroller too; else a long list's hidden texts made the whole page scroll.
        className="relative flex min-h-8 flex-col gap-2 overflow-y-auto px-0.5 pb-1"
        data-testid="card-list"
      >
        {items
          ? windowLayout(items, virtualizer.getTotalSize(), GAP_PX).map((slot) => {
              if (slot.kind === 'spacer') {
                return (
                  <li
                    key={slot.key}
                    aria-hidden="true"
                    className="shrink-0"
                    style={{ height: slot.height }}
                  />
                );
              }
              const card = cards[slot.index];
              return card ? tile(card, slot.index) : null;
            })
          : cards.map((card) => tile(card))}
      </ul>
    </SortableContext>
  );
};
