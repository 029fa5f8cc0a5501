import { avatarColor, avatarInitials } from '../domain/avatar';
import { t } from '../kernel/i18n/t';

export interface AvatarProps {
  name: string | null | undefined;
  /** The profile's index in the board's member list; picks one of six colours. */
  index: number;
  size?: 'sm' | 'md';
  /** Shown as tooltip and read by screen readers; defaults to the name. */
  label?: string;
}

// Two capitals in bold are wider than one: 'MM' needs about 16 px of a small avatar's 24, so the
// letters keep their natural width (no wrapping) and the avatars of a stack do not overlap: each
// one's white ring (2 px outside it) is what separates it from the one before, and it stays
// clear of that one's letters (AVATAR_STACK_OVERLAP).
const sizes = {
  sm: 'h-6 w-6 text-[10px]',
  md: 'h-8 w-8 text-xs',
} as const;

const circle = 'inline-flex shrink-0 select-none items-center justify-center rounded-full';

export const Avatar = ({ name, index, size = 'md', label }: AvatarProps) => (
  <span
    role="img"
    aria-label={label ?? name ?? '?'}
    title={label ?? name ?? undefined}
    className={`${circle} whitespace-nowrap font-semibold leading-none text-white ring-2 ring-white ${avatarColor(index)} ${sizes[size]}`}
  >
    {avatarInitials(name)}
  </span>
);

/** How far the avatars of a stack overlap: not at all, their rings touch the one before. */
const AVATAR_STACK_OVERLAP = 'space-x-0';

export interface AvatarStackProps {
  people: readonly { id: string; name: string; index: number }[];
  /** At most this many avatars; the rest are counted in a '+N' after them. */
  max?: number;
  size?: AvatarProps['size'];
  className?: string;
}

/** Avatars side by side, slightly overlapping, and '+N' for the people beyond `max`. */
export const AvatarStack = ({ people, max = 5, size = 'sm', className = '' }: AvatarStackProps) => {
  const hidden = people.length - max;
  return (
    <span className={`flex items-center ${AVATAR_STACK_OVERLAP} ${className}`}>
      {people.slice(0, max).map((person) => (
        <Avatar key={person.id} name={person.name} index={person.index} size={size} />
      ))}
      {hidden > 0 ? (
        <span
          role="img"
          aria-label={t('avatars.more', { count: hidden })}
          title={t('avatars.more', { count: hidden })}
          className={`${circle} whitespace-nowrap bg-slate-200 font-semibold leading-none text-slate-700 ring-2 ring-white ${sizes[size]}`}
        >
          +{hidden}
        </span>
      ) : null}
    </span>
  );
};
