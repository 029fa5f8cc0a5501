// The mocked shared package as the component sees it, plus the toasts it showed.
export { boardStore } from '@taskflow/shared';
import { toasts$, type Toast } from '@taskflow/shared';

let latest: readonly Toast[] = [];
toasts$.subscribe((toasts) => (latest = toasts));

export const getToastsForTest = (): readonly Toast[] => latest;
