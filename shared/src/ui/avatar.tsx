import { avatarColor, avatarInitials } from '../domain/avatar';

export interface AvatarProps {
  name: string | null | undefined;
  /** The profile's index in the board's member list; picks one of six colours. */
  index: number;
  size?: 'sm' | 'md';
  /** Shown as tooltip and read by screen readers; defaults to the name. */
  label?: string;
}

export const Avatar = ({ name, index, size = 'md', label }: AvatarProps) => (
  <span
    role="img"
    aria-label={label ?? name ?? '?'}
    title={label ?? name ?? undefined}
    className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ring-2 ring-white ${avatarColor(index)} ${
      size === 'sm' ? 'h-6 w-6 text-[10px]' : 'h-8 w-8 text-xs'
    }`}
  >
    {avatarInitials(name)}
  </span>
);
