// wouter imports useSyncExternalStore from the `use-sync-external-store` shim, which exists for
// React 16 and 17; React 19 has it built in. vite.config.ts resolves the shim to this module, so
// the first load carries no CommonJS copy (docs/frontend.md, Routes).
export { useSyncExternalStore } from 'react';
