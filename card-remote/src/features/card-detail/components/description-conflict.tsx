import '../../../components/on-demand-texts';
import { Button, t, useCardViewers } from '@taskflow/shared';

/**
 * Another member saved a different description while this user edited it. Who did it: the one
 * other member who has the card open (presence), else 'Ein anderes Mitglied'.
 */
export const DescriptionConflict = ({
  boardId,
  cardId,
  theirs,
  onKeepMine,
  onTakeTheirs,
}: {
  boardId: string;
  cardId: string;
  theirs: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) => {
  const viewers = useCardViewers(boardId, cardId);
  const name = viewers.length === 1 ? viewers[0]!.name : t('descriptionConflict.someone');
  return (
    <div role="alert" className="mt-2 space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">{t('descriptionConflict.changed', { name })}</p>
      <p className="text-xs text-amber-900">{t('descriptionConflict.theirs')}</p>
      <div className="max-h-40 overflow-y-auto rounded-md bg-white px-3 py-2 whitespace-pre-wrap text-slate-800 ring-1 ring-amber-200">
        {theirs || t('descriptionConflict.empty')}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onKeepMine}>
          {t('descriptionConflict.keepMine')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onTakeTheirs}>
          {t('descriptionConflict.takeTheirs')}
        </Button>
      </div>
    </div>
  );
};
