import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type KeyboardSensorProps,
  type Over,
  type PointerSensorOptions,
  type SensorInstance,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { boardStore, t } from '@taskflow/shared';
import {
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import type { Column } from '../hooks/use-board-columns';
import { landing, storedIndex } from '../lib/drop-target';
import { focusTile } from '../lib/tile-focus';
import { KeyboardCarryContext, useKeyboardCarry } from '../hooks/use-keyboard-carry';
import { previewColumns, type Preview } from '../lib/preview';
import { CardTileOverlay, type TileLookups } from './card-tile';

// Rationale (dnd-kit's MultipleContainers story, docs/style.md): a drag is a transaction. On start
// the board as stored is the snapshot; while dragging, only a local preview moves (the card
// changes column in `preview`, SortableContext shifts its neighbours by CSS transform); Escape
// drops the preview, which restores the snapshot; the drop writes once through the store,
// whose optimistic patch shows the result in the same frame the preview ends. Nothing is sent
// while dragging, and a tile not involved keeps its props, so it does not render again.

type Kind = 'card' | 'list' | 'column';
const kindOf = (entry: Active | Over | null | undefined): Kind | undefined =>
  (entry?.data.current as { type?: Kind } | undefined)?.type;

/** The list a card or column droppable belongs to (the preview's list for the dragged card). */
const listOf = (entry: Active | Over | null | undefined): string | undefined =>
  (entry?.data.current as { listId?: string } | undefined)?.listId;

/** Whether the dragged card's top is past the middle of the card it is over. */
const isBelow = (active: Active, over: Over): boolean =>
  (active.rect.current.translated?.top ?? 0) > over.rect.top + over.rect.height / 2;

/**
 * Cards collide with cards and list bodies, lists with lists. The pointer decides first (it is
 * where the user looks): the list body under it, then the closest of that list's cards; only a
 * pointer outside every list (a keyboard drag, or beside the lists) falls back to the dragged
 * card's overlap with everything. Looking at the five bodies first keeps this cheap: it runs on
 * every pointer move, and each droppable's rect is read through its scroll containers.
 */
const collisions: CollisionDetection = (args) => {
  const kind = kindOf(args.active);
  const ofType = (...types: Kind[]) =>
    args.droppableContainers.filter((c) => types.includes(c.data.current?.type as Kind));
  if (kind === 'list') {
    return closestCenter({ ...args, droppableContainers: ofType('list') });
  }
  const bodies = ofType('column');
  const [underPointer] = args.pointerCoordinates
    ? pointerWithin({ ...args, droppableContainers: bodies })
    : [];
  const body = underPointer ? bodies.find((c) => c.id === underPointer.id) : undefined;
  if (!body) {
    const first = getFirstCollision(
      rectIntersection({ ...args, droppableContainers: ofType('card', 'column') }),
    );
    return first ? [first] : [];
  }
  const listId = body.data.current?.listId as string;
  const inList = args.droppableContainers.filter(
    (c) => c.data.current?.type === 'card' && c.data.current.listId === listId,
  );
  if (inList.length === 0) return [{ id: body.id }];
  const onCard = getFirstCollision(pointerWithin({ ...args, droppableContainers: inList }));
  return onCard ? [onCard] : closestCenter({ ...args, droppableContainers: inList });
};

/**
 * The arrow keys move a list among lists: dnd-kit's sortable keyboard steps, offered only the
 * lists' droppables (else a step could aim at a card). Cards are carried by the keyboard on
 * their own (hooks/use-keyboard-carry.ts).
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { droppableContainers } = args.context;
  const lists = droppableContainers
    .getEnabled()
    .filter((entry) => entry.data.current?.type === 'list');
  const narrowed = {
    getEnabled: () => lists,
    get: (id: UniqueIdentifier) => droppableContainers.get(id),
  } as unknown as typeof droppableContainers;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: narrowed },
  });
};

/**
 * The pointer sensor for mouse and pen only: a finger goes through the TouchSensor, whose long
 * press leaves a swipe to scroll the board (the pointer sensor would start a drag after 6 px).
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (
        { nativeEvent: event }: ReactPointerEvent,
        { onActivation }: PointerSensorOptions,
      ) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/**
 * dnd-kit's keyboard sensor, without its deaf moment. It starts listening for arrow keys one
 * timer task after the pick-up (so the Space that picked the item up does not also drop it). On
 * a busy page the browser runs input ahead of timers, so an arrow pressed as soon as the pick-up
 * was announced could arrive before that and be lost: the card did not move and no step was
 * announced. Keys that arrive in that moment are held and handed over, in order, once it
 * listens.
 */
class PromptKeyboardSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;
  private readonly inner: KeyboardSensor;

  constructor(props: KeyboardSensorProps) {
    const target = props.event.target as Node | null;
    const doc = target?.ownerDocument ?? document;
    const held: KeyboardEvent[] = [];
    const hold = (event: KeyboardEvent) => {
      if (event === props.event || !event.isTrusted) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(event);
    };
    doc.addEventListener('keydown', hold, true);
    this.inner = new KeyboardSensor(props);
    // Timers run in order: this one runs right after the sensor's own, which attached it.
    setTimeout(() => {
      doc.removeEventListener('keydown', hold, true);
      for (const event of held) {
        doc.dispatchEvent(new KeyboardEvent('keydown', event));
      }
    });
  }

  get autoScrollEnabled(): boolean {
    return this.inner.autoScrollEnabled;
  }
}

interface BoardDndContextProps extends TileLookups {
  columns: Column[];
  children: (view: {
    columns: Column[];
    activeCardId: string | null;
    /** Whether that card is carried by the keyboard: its list keeps it in view. */
    carriedByKeyboard: boolean;
  }) => ReactNode;
}

/**
 * The board's drag and drop: cards sortable in and across lists, lists sortable by their
 * header, with mouse, touch and keyboard, every step announced in German.
 */
export const BoardDndContext = ({ columns, labels, profiles, children }: BoardDndContextProps) => {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [activeKind, setActiveKind] = useState<Kind | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const keyboard = useKeyboardCarry(columns);
  const pointerView = useMemo(() => previewColumns(columns, preview), [columns, preview]);
  // A card carried by the keyboard, or one dragged by a pointer, is shown where it would land.
  const view = keyboard.carry ? keyboard.view : pointerView;
  // Announcements and handlers read the latest view without being recreated on every change.
  const viewRef = useRef(view);
  viewRef.current = view;
  /** Whether the dragged item has been over anything but itself yet. */
  const movedRef = useRef(false);

  const sensors = useSensors(
    // Mouse and pen: a few pixels of movement before a drag, so a click stays a click.
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    // Touch: a long press picks up, a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    // Space only: Enter opens the card (a button's click), it never starts a drag.
    useSensor(PromptKeyboardSensor, {
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
      coordinateGetter: keyboardCoordinates,
    }),
  );

  /** Where the card lands if dropped now, in the view as shown (preview included). */
  const landingOf = (active: Active, over: Over) =>
    landing(
      viewRef.current,
      String(active.id),
      { id: String(over.id), listId: listOf(over) },
      isBelow(active, over),
    );

  const listWhere = (id: string) => {
    const index = viewRef.current.findIndex((c) => c.list.id === id);
    return {
      index,
      count: viewRef.current.length,
      title: viewRef.current[index]?.list.title ?? '',
    };
  };

  const cardTitle = (id: string) => {
    for (const column of columns) {
      const card = column.cards.find((c) => c.id === id);
      if (card) return card.title;
    }
    return '';
  };

  /** A spoken step names the place the card lands on (not the one it left): every step. */
  const cardStep = (
    key: 'dnd.pickedUp' | 'dnd.over' | 'dnd.dropped',
    active: Active,
    over: Over | null,
  ) => {
    const self = { id: String(active.id), listId: listOf(active) };
    const at = over ? landingOf(active, over) : landing(viewRef.current, self.id, self, false);
    return at
      ? t(key, {
          title: cardTitle(self.id),
          position: at.index + 1,
          count: at.order.length,
          list: at.column.list.title,
        })
      : undefined;
  };

  const listStep = (
    key: 'dnd.listPickedUp' | 'dnd.listOver' | 'dnd.listDropped',
    id: string,
    overId?: string,
  ) => {
    const self = listWhere(id);
    const position = overId ? listWhere(overId).index : self.index;
    return t(key, { title: self.title, position: position + 1, count: self.count });
  };

  // dnd-kit speaks to screen readers; its words come from the German catalogue too.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      kindOf(active) === 'list'
        ? listStep('dnd.listPickedUp', String(active.id))
        : cardStep('dnd.pickedUp', active, null),
    onDragOver: ({ active, over }) => {
      // Over itself before it has moved: 'picked up' says it all (one live region, last wins).
      if (!over || (over.id === active.id && !movedRef.current)) return undefined;
      movedRef.current = true;
      return kindOf(active) === 'list'
        ? listStep('dnd.listOver', String(active.id), String(over.id))
        : cardStep('dnd.over', active, over);
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return undefined;
      return kindOf(active) === 'list'
        ? listStep('dnd.listDropped', String(active.id), String(over.id))
        : cardStep('dnd.dropped', active, over);
    },
    onDragCancel: ({ active }) => {
      if (kindOf(active) === 'list') {
        return t('dnd.listCancelled', { title: listWhere(String(active.id)).title });
      }
      const home = columns.find((c) => c.cards.some((card) => card.id === active.id));
      return t('dnd.cancelled', {
        title: cardTitle(String(active.id)),
        list: home?.list.title ?? '',
      });
    },
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    movedRef.current = false;
    setActiveId(String(active.id));
    setActiveKind(kindOf(active) ?? null);
  };

  /** Across lists, the card moves into the preview of the list it is over. */
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (kindOf(active) !== 'card' || !over) return;
    const at = landingOf(active, over);
    if (!at || at.column.cards.some((c) => c.id === active.id)) return;
    setPreview({ cardId: String(active.id), listId: at.column.list.id, index: at.index });
  };

  const finish = () => {
    setActiveId(null);
    setActiveKind(null);
    setPreview(null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const id = String(active.id);
    if (!over) {
      finish();
      return;
    }
    if (kindOf(active) === 'list') {
      const order = viewRef.current.map((c) => c.list.id);
      const from = order.indexOf(id);
      const to = order.indexOf(String(over.id));
      finish();
      if (from >= 0 && to >= 0 && from !== to) void boardStore.moveList(id, to);
      return;
    }
    const at = landingOf(active, over);
    if (!at) {
      finish();
      return;
    }
    const listId = at.column.list.id;
    const index = storedIndex(columns, listId, id, at.order);
    finish();
    // The store writes nothing when the card lands where it lies.
    void boardStore.moveCard(id, listId, index);
    // Focus back on the moved card (it may have remounted in another list).
    requestAnimationFrame(() => focusTile(id));
  };

  const activeCard =
    activeKind === 'card' && activeId
      ? columns.flatMap((c) => c.cards).find((c) => c.id === activeId)
      : undefined;
  const activeList =
    activeKind === 'list' && activeId ? columns.find((c) => c.list.id === activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
      autoScroll={{ threshold: { x: 0.15, y: 0.15 }, acceleration: 12 }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('dnd.instructions') },
      }}
    >
      <KeyboardCarryContext.Provider value={keyboard.handle}>
        {children({
          columns: view,
          activeCardId: keyboard.carry?.cardId ?? (activeKind === 'card' ? activeId : null),
          carriedByKeyboard: keyboard.carry !== null,
        })}
      </KeyboardCarryContext.Provider>
      {/* What the keyboard's carrying says (dnd-kit speaks for the pointer and for lists). */}
      <p aria-live="assertive" aria-atomic="true" className="sr-only">
        {keyboard.message}
      </p>
      <DragOverlay dropAnimation={null}>
        {activeCard ? (
          <CardTileOverlay card={activeCard} labels={labels} profiles={profiles} />
        ) : activeList ? (
          <div className="w-72 rotate-1 rounded-2xl bg-slate-100 p-3 text-sm font-semibold text-slate-800 shadow-xl ring-1 ring-indigo-300">
            {activeList.list.title}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};
