import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { devPorts } from '@taskflow/shared/federation';
import { remoteViteConfig } from '@taskflow/shared/federation/remote';

export default defineConfig(
  remoteViteConfig({
    name: 'card-remote',
    exposes: { './CardDetail': './src/card-detail.tsx' },
    port: devPorts.card,
    plugins: [react(), tailwindcss()],
  }),
);
