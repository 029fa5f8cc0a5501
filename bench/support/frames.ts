/**
 * Frame times in the page, as a user feels them: the gaps between requestAnimationFrame callbacks
 * while the bench drags, scrolls or types.
 */
import type { Page } from 'playwright-core';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * Starts recording the gaps between animation frames in the page. A string, not a function:
 * tsx names inner functions with a helper that does not exist in the page.
 */
export const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    let last = performance.now();
    function tick(now) {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(tick);
    }
    requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  })()`);

export const stopFrames = async (page: Page) => {
  const frames = await page.evaluate(async () => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    w.__recording = false;
    return w.__frames;
  });
  return {
    max: Math.max(...frames),
    p95: percentile(frames, 95),
    over50: frames.filter((f) => f > 50).length,
    each: frames.map(Math.round).join(' '),
    frames: frames.length,
  };
};
