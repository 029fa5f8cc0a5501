// `npm run dev:backend`: the backend for the Vite dev servers, seeded like `npm start`.
import { startBackend } from '../backend/src/server.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { exitWithParent } from './lib/exit-with-parent.ts';
import { loadRepoEnv } from './lib/load-env.ts';
import { seedDemo } from './lib/seed-demo.ts';

loadRepoEnv();

const backend = await startBackend();
const stop = async () => {
  await backend.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
exitWithParent(() => void stop());

try {
  await seedDemo(backend.url, backend.anonKey);
  console.log(
    `Backend ready on ${backend.url}; demo account ${demoAccount.email} / ${demoAccount.password}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await backend.close();
  process.exit(1);
}
