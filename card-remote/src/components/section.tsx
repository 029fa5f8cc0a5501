import type { ReactNode } from 'react';

/** A titled block of the card detail, with an optional action or note beside the title. */
export const Section = ({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) => (
  <section className="space-y-2">
    <div className="flex items-center justify-between gap-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {aside}
    </div>
    {children}
  </section>
);
