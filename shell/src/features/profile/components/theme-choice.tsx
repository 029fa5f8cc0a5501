import {
  FieldGroup,
  setThemePreference,
  t,
  themePreferences,
  useTheme,
  type ThemePreference,
} from '@taskflow/shared';

const names: Record<ThemePreference, 'theme.light' | 'theme.dark' | 'theme.system'> = {
  light: 'theme.light',
  dark: 'theme.dark',
  system: 'theme.system',
};

/** 'Erscheinungsbild': Hell, Dunkel or System, applied at once and kept on this device. */
export const ThemeChoice = () => {
  const { preference } = useTheme();
  return (
    <FieldGroup legend={t('theme.title')}>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {themePreferences.map((option) => (
          <label
            key={option}
            className={`flex min-h-10 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 sm:min-h-8 ${
              preference === option
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            <input
              type="radio"
              name="theme"
              value={option}
              className="sr-only"
              checked={preference === option}
              onChange={() => setThemePreference(option)}
            />
            {t(names[option])}
          </label>
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-500">{t('theme.systemHint')}</p>
    </FieldGroup>
  );
};
