import { useDroppable } from '@dnd-kit/core';
import { Button, boardStore, t } from '@taskflow/shared';
import { useState } from 'react';
import type { Column } from '../hooks/use-board-columns';
import { CardTile, type TileLookups } from './card-tile';
import { InlineAddForm } from './inline-add-form';

/** Spec §4: the detail of a new card opens after about 100 ms. */
const OPEN_NEW_CARD_DELAY_MS = 100;

interface ListColumnProps extends TileLookups {
  column: Column;
  onOpenCard: (cardId: string) => void;
}

export const ListColumn = ({ column, labels, profiles, onOpenCard }: ListColumnProps) => {
  const { list, cards, total } = column;
  const [adding, setAdding] = useState(false);
  const { setNodeRef, isOver } = useDroppable({ id: list.id, data: { title: list.title } });

  const addCard = async (title: string): Promise<boolean> => {
    const cardId = await boardStore.addCard(list.id, title);
    if (!cardId) return false;
    setAdding(false);
    setTimeout(() => onOpenCard(cardId), OPEN_NEW_CARD_DELAY_MS);
    return true;
  };

  return (
    <section
      ref={setNodeRef}
      aria-label={list.title}
      className={`flex max-h-full w-72 shrink-0 snap-start flex-col rounded-2xl bg-slate-100/90 p-2 ring-1 transition ${
        isOver ? 'ring-2 ring-indigo-400' : 'ring-slate-200'
      }`}
    >
      <header className="flex items-center gap-2 px-2 pb-2 pt-1">
        <h3 className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-800">
          {list.title}
        </h3>
        <span className="rounded-full bg-white px-2 text-xs font-medium text-slate-500">
          {cards.length === total ? total : `${cards.length}/${total}`}
        </span>
      </header>
      <ul className="flex min-h-8 flex-col gap-2 overflow-y-auto px-0.5 pb-1">
        {cards.map((card) => (
          <CardTile
            key={card.id}
            card={card}
            labels={labels}
            profiles={profiles}
            onOpen={onOpenCard}
          />
        ))}
      </ul>
      <div className="px-0.5 pt-2">
        {adding ? (
          <InlineAddForm
            placeholder={t('lists.cardTitlePlaceholder')}
            submitLabel={t('lists.add')}
            onSubmit={addCard}
            onClose={() => setAdding(false)}
          />
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="min-h-10 w-full justify-start"
            onClick={() => setAdding(true)}
          >
            + {t('lists.addCard')}
          </Button>
        )}
      </div>
    </section>
  );
};
