import type { Profile } from './types';

/** How a person is named on screen: the full name, else the e-mail address. */
export const displayName = (profile: Pick<Profile, 'full_name' | 'email'> | undefined): string =>
  profile?.full_name.trim() || profile?.email || '';

/** At most two initials, uppercase; '?' without a name (docs/product-spec.md §9). */
export const avatarInitials = (name: string | null | undefined): string => {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('de-DE'))
    .join('');
};

// Six colours cycled by the profile's index in the board's member list (docs/product-spec.md §9). The 700
// shades: white initials keep WCAG AA contrast (4.5:1) on each, in both themes; on
// the 500 shades green reached only 2.2:1.
export const avatarColors = [
  'bg-blue-700',
  'bg-green-700',
  'bg-purple-700',
  'bg-orange-700',
  'bg-pink-700',
  'bg-indigo-700',
] as const;

export const avatarColor = (profileIndex: number): string => {
  const index = Math.abs(Math.trunc(profileIndex)) % avatarColors.length;
  return avatarColors[index] as string;
};
