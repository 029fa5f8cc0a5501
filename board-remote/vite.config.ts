import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { remoteViteConfig } from '@taskflow/shared/federation/remote';

// Name, exposed module, port and build folder: the 'board' entry of shared/federation/remotes.json.
export default defineConfig(remoteViteConfig('board', [react(), tailwindcss()]));
