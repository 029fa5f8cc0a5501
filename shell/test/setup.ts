import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Views are rendered directly here, not through lazyView: their part of the catalogue is added
// as the page adds it when the first of them loads.
import '../src/features/loading/on-demand-texts';

// Testing Library cleans up on its own only with Vitest globals, which this project leaves off.
afterEach(cleanup);
