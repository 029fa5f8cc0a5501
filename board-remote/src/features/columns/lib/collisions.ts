import {
  closestCenter,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
} from '@dnd-kit/core';
import { kindOf, type Kind } from './drag-data';

/**
 * Cards collide with cards and list bodies, lists with lists. The pointer decides first (it is
 * where the user looks): the list body under it, then the closest of that list's cards; only a
 * pointer outside every list (a keyboard drag, or beside the lists) falls back to the dragged
 * card's overlap with everything. Looking at the five bodies first keeps this cheap: it runs on
 * every pointer move, and each droppable's rect is read through its scroll containers.
 */
export const collisions: CollisionDetection = (args) => {
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
