import {
  closestCenter,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type ClientRect,
  type CollisionDetection,
  type DroppableContainer,
} from '@dnd-kit/core';
import { kindOf, type Kind } from './drag-data';

/**
 * Cards collide with cards and list bodies, lists with lists. The pointer alone decides the list
 * (it is where the user looks): the list body under it, or, between two lists or beside them, the
 * list nearest to it; then the closest of that list's cards. Only a drag without a pointer falls
 * back to the dragged card's overlap with everything. Looking at the five bodies first keeps this
 * cheap: it runs on every pointer move, and each droppable's rect is read through its scroll
 * containers.
 *
 * Why never the dragged card's overlap while a pointer is known: the card is previewed in the
 * list it is over, and the preview moves that list's cards. In the gap between two lists the
 * card's overlap with their cards then changed with every preview, so the answer flipped between
 * the two lists on each render; each flip rendered the board again within the same commit until
 * React gave up ('Maximum update depth exceeded', the board replaced by its fallback), or the
 * drop landed in the list the last flip chose. The bodies' left and right edges do not move when
 * a card is previewed, so the list chosen by the pointer's distance to them is stable.
 */
export const collisions: CollisionDetection = (args) => {
  const kind = kindOf(args.active);
  const ofType = (...types: Kind[]) =>
    args.droppableContainers.filter((c) => types.includes(c.data.current?.type as Kind));
  if (kind === 'list') {
    return closestCenter({ ...args, droppableContainers: ofType('list') });
  }
  const bodies = ofType('column');
  const pointer = args.pointerCoordinates;
  if (!pointer) {
    const first = getFirstCollision(
      rectIntersection({ ...args, droppableContainers: ofType('card', 'column') }),
    );
    return first ? [first] : [];
  }
  const body = nearestBody(bodies, pointer, (id) => args.droppableRects.get(id));
  if (!body) return [];
  const listId = body.data.current?.listId as string;
  const inList = args.droppableContainers.filter(
    (c) => c.data.current?.type === 'card' && c.data.current.listId === listId,
  );
  if (inList.length === 0) return [{ id: body.id }];
  const onCard = getFirstCollision(pointerWithin({ ...args, droppableContainers: inList }));
  return onCard ? [onCard] : closestCenter({ ...args, droppableContainers: inList });
};

/** How far a value lies outside [from, to]: 0 inside. */
const outside = (value: number, from: number, to: number) =>
  value < from ? from - value : value > to ? value - to : 0;

/**
 * The list body under the pointer, else the one nearest to it: by horizontal distance first (the
 * lists stand side by side, so the pointer's x says which one the user aims at), then vertical.
 */
export const nearestBody = (
  bodies: readonly DroppableContainer[],
  pointer: { x: number; y: number },
  rectOf: (id: DroppableContainer['id']) => ClientRect | undefined,
): DroppableContainer | undefined => {
  let best: DroppableContainer | undefined;
  let bestDistance: [number, number] = [Infinity, Infinity];
  for (const body of bodies) {
    const rect = rectOf(body.id);
    if (!rect) continue;
    const distance: [number, number] = [
      outside(pointer.x, rect.left, rect.right),
      outside(pointer.y, rect.top, rect.bottom),
    ];
    if (
      distance[0] < bestDistance[0] ||
      (distance[0] === bestDistance[0] && distance[1] < bestDistance[1])
    ) {
      best = body;
      bestDistance = distance;
    }
  }
  return best;
};
