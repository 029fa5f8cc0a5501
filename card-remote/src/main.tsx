import './index.css';
import { Button, selectCardsByList, selectLists, useBoard, type BoardData } from '@taskflow/shared';
import { renderStandalone } from '@taskflow/shared/dev';
import { useState } from 'react';
import CardDetail from './card-detail';

const allCards = (data: BoardData) =>
  selectLists(data).flatMap((list) => selectCardsByList(data)[list.id] ?? []);

/** Standalone mode: pick a card of the first board and open its detail. */
const CardPicker = ({ boardId }: { boardId: string }) => {
  const board = useBoard(boardId);
  const [cardId, setCardId] = useState<string | null>(null);
  const cards = board.data ? allCards(board.data) : [];
  return (
    <div className="flex flex-wrap gap-2 p-6">
      {cards.map((card) => (
        <Button key={card.id} variant="secondary" onClick={() => setCardId(card.id)}>
          {card.title}
        </Button>
      ))}
      {cardId ? (
        <CardDetail boardId={boardId} cardId={cardId} onClose={() => setCardId(null)} />
      ) : null}
    </div>
  );
};

renderStandalone('card-remote', (boardId) => <CardPicker boardId={boardId} />);
