import { boardStore, t } from '@taskflow/shared';
import { useState } from 'react';
import { InlineAddForm } from './inline-add-form';

export const AddListColumn = () => {
  const [adding, setAdding] = useState(false);
  return (
    <div className="w-72 shrink-0 snap-start">
      {adding ? (
        <div className="rounded-2xl bg-white/90 p-2 shadow-sm ring-1 ring-slate-200">
          <InlineAddForm
            placeholder={t('lists.listTitlePlaceholder')}
            submitLabel={t('lists.addList')}
            onSubmit={async (title) => (await boardStore.addList(title)) !== null}
            onClose={() => setAdding(false)}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="w-full rounded-2xl border-2 border-dashed border-slate-300 bg-white/50 px-4 py-3 text-left text-sm font-medium text-slate-600 hover:border-indigo-300 hover:bg-white hover:text-indigo-700"
        >
          + {t('lists.addList')}
        </button>
      )}
    </div>
  );
};
