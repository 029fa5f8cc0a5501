import { useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts, type Toast } from './toast-store';

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribeToasts, getToasts);
