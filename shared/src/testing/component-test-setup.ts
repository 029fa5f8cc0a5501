import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library cleans up on its own only with Vitest globals, which this project leaves off.
afterEach(cleanup);
