-- Label colours and board backgrounds are class names the app puts on its elements, so any
-- string a member stored laid itself over the board for everyone (a class covering the whole
-- page, say). Now the database accepts only the values the app offers: the eight label colours
-- of shared/src/domain/label-colors.ts (docs/product-spec.md §3) and the eight gradients of
-- shared/src/domain/board-backgrounds.ts. Anything else is refused with 23514 (HTTP 400), from
-- the app, a script or an import. A value added to either list in the app needs its migration
-- here too.
--
-- Existing rows with another value take the default (blue; the first gradient), which is also
-- what the app showed for a label colour it did not know.

update public.board_labels set color = 'bg-blue-100 text-blue-800'
where color not in (
  'bg-blue-100 text-blue-800', 'bg-green-100 text-green-800', 'bg-yellow-100 text-yellow-800',
  'bg-red-100 text-red-800', 'bg-purple-100 text-purple-800', 'bg-pink-100 text-pink-800',
  'bg-indigo-100 text-indigo-800', 'bg-gray-100 text-gray-800'
);

alter table public.board_labels add constraint board_labels_color_check check (color in (
  'bg-blue-100 text-blue-800', 'bg-green-100 text-green-800', 'bg-yellow-100 text-yellow-800',
  'bg-red-100 text-red-800', 'bg-purple-100 text-purple-800', 'bg-pink-100 text-pink-800',
  'bg-indigo-100 text-indigo-800', 'bg-gray-100 text-gray-800'
));

comment on column public.board_labels.color is
  'The label''s colour as the class pair the app renders: one of the eight in shared/src/domain/label-colors.ts (check constraint).';

update public.boards set background = 'bg-gradient-to-br from-blue-500 to-indigo-600'
where background not in (
  'bg-gradient-to-br from-blue-500 to-indigo-600',
  'bg-gradient-to-br from-emerald-500 to-teal-600',
  'bg-gradient-to-br from-purple-500 to-pink-500',
  'bg-gradient-to-br from-orange-400 to-rose-500',
  'bg-gradient-to-br from-sky-400 to-blue-600',
  'bg-gradient-to-br from-slate-600 to-slate-800',
  'bg-gradient-to-br from-amber-400 to-orange-600',
  'bg-gradient-to-br from-fuchsia-500 to-violet-600'
);

alter table public.boards add constraint boards_background_check check (background in (
  'bg-gradient-to-br from-blue-500 to-indigo-600',
  'bg-gradient-to-br from-emerald-500 to-teal-600',
  'bg-gradient-to-br from-purple-500 to-pink-500',
  'bg-gradient-to-br from-orange-400 to-rose-500',
  'bg-gradient-to-br from-sky-400 to-blue-600',
  'bg-gradient-to-br from-slate-600 to-slate-800',
  'bg-gradient-to-br from-amber-400 to-orange-600',
  'bg-gradient-to-br from-fuchsia-500 to-violet-600'
));

comment on column public.boards.background is
  'The board''s gradient as the class string the app renders: one of the eight in shared/src/domain/board-backgrounds.ts (check constraint).';
