import type { ReactNode } from 'react';

export interface StrokeIconProps {
  /** Size and placement; 16 px by default, the size next to a button's text. */
  className?: string;
  /** The icon's paths, drawn in the text colour on a 20 × 20 grid. */
  children: ReactNode;
}

/** The frame of the apps' outline icons: decoration only, the button around it names it. */
export const StrokeIcon = ({ className = 'h-4 w-4', children }: StrokeIconProps) => (
  <svg
    viewBox="0 0 20 20"
    className={className}
    fill="none"
    stroke="currentColor"
    aria-hidden="true"
  >
    {children}
  </svg>
);

/** "Edit": the board's title and a card's labels offer renaming with it. */
export const PencilIcon = ({ className }: { className?: string }) => (
  <StrokeIcon className={className}>
    <path
      d="m13.5 3.5 3 3L7 16H4v-3l9.5-9.5Z"
      strokeWidth="1.5"
      strokeLinejoin="round"
      strokeLinecap="round"
    />
  </StrokeIcon>
);
