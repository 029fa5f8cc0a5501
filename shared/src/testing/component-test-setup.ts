import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library cleans up on its own only with Vitest globals, which this project leaves off.
afterEach(cleanup);

// jsdom lays nothing out and has no scrollIntoView; components that keep something in view call
// it, and in a test there is nothing to scroll.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
