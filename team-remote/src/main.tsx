import './index.css';
import { Button, t } from '@taskflow/shared';
import { StandaloneHarness } from '@taskflow/shared/dev';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import TeamManagement from './team-management';

/** Standalone mode: the team modal of the first board, reopened with the button. */
const TeamHarness = ({ boardId }: { boardId: string }) => {
  const [open, setOpen] = useState(true);
  return (
    <div className="p-6">
      <Button onClick={() => setOpen(true)}>{t('team.title')}</Button>
      {open ? <TeamManagement boardId={boardId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StandaloneHarness name="team-remote">
      {(boardId) => <TeamHarness boardId={boardId} />}
    </StandaloneHarness>
  </StrictMode>,
);
