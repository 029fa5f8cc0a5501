import './index.css';
import { Button, t } from '@taskflow/shared';
import { renderStandalone } from '@taskflow/shared/dev';
import { useState } from 'react';
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

renderStandalone('team-remote', (boardId) => <TeamHarness boardId={boardId} />);
