// Gradients a board can carry in boards.background. The database sets a default (see
// supabase/migrations); every string here is also written out in full so that Tailwind
// generates its classes, and the apps' CSS safelists the same family with @source inline().
export const boardBackgrounds = [
  'bg-gradient-to-br from-blue-500 to-indigo-600',
  'bg-gradient-to-br from-emerald-500 to-teal-600',
  'bg-gradient-to-br from-purple-500 to-pink-500',
  'bg-gradient-to-br from-orange-400 to-rose-500',
  'bg-gradient-to-br from-sky-400 to-blue-600',
  'bg-gradient-to-br from-slate-600 to-slate-800',
  'bg-gradient-to-br from-amber-400 to-orange-600',
  'bg-gradient-to-br from-fuchsia-500 to-violet-600',
] as const;

export const defaultBoardBackground = boardBackgrounds[0];
