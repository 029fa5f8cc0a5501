import {
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type KeyboardCoordinateGetter,
  type KeyboardSensorProps,
  type PointerSensorOptions,
  type SensorInstance,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { PointerEvent as ReactPointerEvent } from 'react';

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

/** The board's sensors: mouse and pen, touch, and the keyboard (which moves lists only). */
export const useBoardSensors = () =>
  useSensors(
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
