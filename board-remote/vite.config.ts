import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { devPorts } from '@taskflow/shared/federation';
import { remoteViteConfig } from '@taskflow/shared/federation/remote';

export default defineConfig(
  remoteViteConfig({
    name: 'board-remote',
    exposes: { './BoardColumns': './src/board-columns.tsx' },
    port: devPorts.board,
    plugins: [react(), tailwindcss()],
  }),
);
