import { t } from '@taskflow/shared';
import { describe, expect, it } from 'vitest';
import page from '../index.html?raw';

describe('the page as it arrives, before any script runs', () => {
  it('shows the loading screen in the app root, in the catalogue words', () => {
    document.documentElement.innerHTML = page;
    const root = document.getElementById('root');
    expect(root?.querySelector('[role="status"]')?.textContent?.trim()).toBe(t('app.loading'));
  });
});
