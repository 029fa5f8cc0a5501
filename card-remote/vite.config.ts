import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { remoteViteConfig } from '@taskflow/shared/federation/remote';

// Name, exposed module, port and build folder: the 'card' entry of shared/federation/remotes.json.
export default defineConfig(remoteViteConfig('card', [react(), tailwindcss()]));
