import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTheme } from '@taskflow/shared';
import { StandaloneHarness } from './standalone-harness';

/**
 * A remote's standalone page in one call: its main.tsx names the remote and renders its
 * component for the chosen board, and the root, StrictMode and the harness stay the same in
 * every remote.
 */
export const renderStandalone = (name: string, render: (boardId: string) => ReactNode) => {
  // The page's boot script set the theme before the first paint; this keeps it current.
  startTheme();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <StandaloneHarness name={name}>{render}</StandaloneHarness>
    </StrictMode>,
  );
};
