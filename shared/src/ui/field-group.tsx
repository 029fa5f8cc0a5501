import type { ReactNode } from 'react';

export interface FieldGroupProps {
  legend: ReactNode;
  children: ReactNode;
}

/** Controls that answer one question together, e.g. a set of radio buttons. */
export const FieldGroup = ({ legend, children }: FieldGroupProps) => (
  <fieldset>
    <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
    {children}
  </fieldset>
);
