// The kernel's public file: what every app uses of the backend settings, the session, the
// theme, toasts and the German catalogue. The Supabase client and the raw table helpers stay
// inside shared (features import them by path), so every write goes through a store's command.
export { configureBackend, type BackendSettings } from './backend/backend-config';
export { ApiError, isNetworkError } from './backend/api-error';
export type { ConnectionStatus } from './backend/connection';
export { useConnection } from './backend/use-connection';
export {
  session$,
  signIn,
  signUp,
  signOut,
  updateFullName,
  changePassword,
  resendConfirmation,
  requestPasswordReset,
  setRecoveredPassword,
  takeLinkFailure,
  subscribeLinkFailure,
  currentUser,
  getSessionState,
  type SessionState,
  type SessionUser,
  type AuthResult,
} from './session/session';
export { useSession } from './session/use-session';
export { usePasswordRecovery } from './session/use-password-recovery';
export {
  setThemePreference,
  startTheme,
  theme$,
  themePreferences,
  type ResolvedTheme,
  type ThemePreference,
  type ThemeState,
} from './theme/theme-store';
export { useTheme } from './theme/use-theme';
export { showToast, dismissToast, toasts$, type Toast, type ToastTone } from './toast/toast-store';
export { useToasts } from './toast/use-toasts';
export { addTexts, t, type TextKey, type TextParams } from './i18n/t';
export { de, type Catalogue } from './i18n/de';
