import type { ComponentPropsWithRef } from 'react';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** The browser's own checkbox in the app's accent colour; name it with a label or aria-label. */
export const Checkbox = ({ className = '', ...input }: CheckboxProps) => (
  <input
    type="checkbox"
    className={`h-4 w-4 accent-indigo-600 ${className}`.trimEnd()}
    {...input}
  />
);
