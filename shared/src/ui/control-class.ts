/*
 * The look of every form control (input, select, textarea) in one place. Size and variant never
 * set the same property twice, so a caller's className can only add (a width, a text colour for
 * the toolbar size), never fight a class set here: Tailwind orders utilities by itself, not by
 * their order in the string.
 */
export type ControlSize = 'sm' | 'md' | 'lg' | 'xl';
export type ControlVariant = 'outlined' | 'filled' | 'inline';

const focus =
  'rounded-lg border focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20';

const variants: Record<ControlVariant, string> = {
  outlined: 'border-slate-300 bg-white shadow-sm',
  /** A search box in a toolbar: tinted until it has the focus. */
  filled: 'border-slate-300 bg-slate-50 placeholder:text-slate-400 focus:bg-white',
  /** Reads as text until hovered or focused, e.g. a heading that can be edited in place. */
  inline: 'border-transparent hover:border-slate-200',
};

const sizes: Record<ControlSize, string> = {
  /** Toolbars: the caller sets the width and the text colour. */
  sm: 'px-3 py-1.5 text-sm max-sm:min-h-10',
  md: 'block w-full px-3 py-2 text-sm text-slate-900 max-sm:min-h-10',
  /** A form's main fields (sign-in, new board). */
  lg: 'block w-full px-3 py-2 text-base text-slate-900',
  xl: 'block w-full px-2 py-1 text-xl font-semibold text-slate-900',
};

export interface ControlStyleProps {
  size?: ControlSize;
  variant?: ControlVariant;
}

export const controlClass = (
  { size = 'md', variant = 'outlined' }: ControlStyleProps,
  className = '',
) => `${focus} ${variants[variant]} ${sizes[size]} ${className}`.trimEnd();
