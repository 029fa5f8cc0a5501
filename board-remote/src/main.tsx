import './index.css';
import { boardStore, emptyFilters, showToast, t } from '@taskflow/shared';
import { StandaloneHarness } from '@taskflow/shared/dev';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import BoardColumns from './board-columns';

// Standalone mode: the board columns without the shell, signed in through the dev harness.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StandaloneHarness name="board-remote">
      {(boardId) => (
        <BoardColumns
          boardId={boardId}
          filters={emptyFilters}
          onOpenCard={(cardId) =>
            showToast(
              t('dev.openCard', { title: boardStore.getState().data?.cards[cardId]?.title ?? '' }),
              'info',
            )
          }
        />
      )}
    </StandaloneHarness>
  </StrictMode>,
);
