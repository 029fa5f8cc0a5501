import { Button, t, type Card } from '@taskflow/shared';
import { lazy, Suspense, useState } from 'react';
import type { TransferMode } from './card-transfer-dialog';

// The dialog loads when it is opened, like the label modal: opening a card is part of a first
// visit, whose JavaScript budget (README: Delivery) has no room for it.
const CardTransferDialog = lazy(() =>
  import('./card-transfer-dialog').then(({ CardTransferDialog }) => ({
    default: CardTransferDialog,
  })),
);

/** 'Verschieben nach …' and 'Kopieren nach …' in the card detail's footer. */
export const CardTransferActions = ({
  boardId,
  card,
  onCardGone,
}: {
  boardId: string;
  card: Card;
  onCardGone: () => void;
}) => {
  const [mode, setMode] = useState<TransferMode | null>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setMode('move')}>
        {t('cardTransfer.move')}
      </Button>
      <Button variant="secondary" onClick={() => setMode('copy')}>
        {t('cardTransfer.copy')}
      </Button>
      {mode ? (
        <Suspense fallback={null}>
          <CardTransferDialog
            mode={mode}
            boardId={boardId}
            card={card}
            onClose={() => setMode(null)}
            onCardGone={onCardGone}
          />
        </Suspense>
      ) : null}
    </>
  );
};
